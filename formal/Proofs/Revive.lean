-- Proofs of the laws of spec/revive.yaml. Hand-written; the statements are generated in
-- generated/lean/Statute/Revive.lean and must not be restated here.
import Statute.Revive

namespace Statute.Revive.Proofs

/-- revive_after_refresh: not yet proved. -/
theorem revive_after_refresh : Statute.Revive.revive_after_refresh_stmt := by
  sorry

/-- revive_veto_ages_as_model: not yet proved. -/
theorem revive_veto_ages_as_model : Statute.Revive.revive_veto_ages_as_model_stmt := by
  sorry

/-- revive_ffi_*: not yet proved. -/
theorem revive_ffi : Statute.Revive.revive_ffi_stmt := by
  sorry

end Statute.Revive.Proofs
