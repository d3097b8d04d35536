-- Proofs of the laws of spec/timeouts.yaml. Hand-written; the statements are generated in
-- generated/lean/Statute/Timeouts.lean and must not be restated here.
import Statute.Timeouts

namespace Statute.Timeouts.Proofs

/-- timeouts_ordered: not yet proved. -/
theorem timeouts_ordered : Statute.Timeouts.timeouts_ordered_stmt := by
  sorry

/-- timeouts_ffi_*: not yet proved. -/
theorem timeouts_ffi : Statute.Timeouts.timeouts_ffi_stmt := by
  sorry

end Statute.Timeouts.Proofs
