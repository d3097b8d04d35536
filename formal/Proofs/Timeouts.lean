-- Proofs of the laws of spec/timeouts.yaml. Hand-written; the statements are generated in
-- generated/lean/Statute/Timeouts.lean and must not be restated here.
-- Written without a Lean toolchain (none on the machine that wrote them): unchecked until
-- `lake build` runs. A `_stmt` is a plain `def`, so a closed one is unfolded before `decide`
-- (instance search does not unfold it).
import Statute.Timeouts

namespace Statute.Timeouts.Proofs

/-- timeouts_ordered: every relation is a comparison of constant sums, evaluated by `decide`. -/
theorem timeouts_ordered : Statute.Timeouts.timeouts_ordered_stmt := by
  unfold Statute.Timeouts.timeouts_ordered_stmt
  decide

set_option maxHeartbeats 1000000 in
/-- timeouts_ffi_*: the conjunction of CheckTimeouts' closed examples, evaluated by `decide`. -/
theorem timeouts_ffi : Statute.Timeouts.timeouts_ffi_stmt := by
  unfold Statute.Timeouts.timeouts_ffi_stmt
  decide

end Statute.Timeouts.Proofs
