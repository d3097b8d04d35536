-- Proofs of the laws of spec/orphan.yaml. Hand-written; the statements are generated in
-- generated/lean/Statute/Orphan.lean and must not be restated here.
import Statute.Orphan

namespace Statute.Orphan.Proofs

/-- orphan_never_aborts_resumable: not yet proved. -/
theorem orphan_never_aborts_resumable : Statute.Orphan.orphan_never_aborts_resumable_stmt := by
  sorry

/-- orphan_idle_exit_due: not yet proved. -/
theorem orphan_idle_exit_due : Statute.Orphan.orphan_idle_exit_due_stmt := by
  sorry

/-- orphan_work_exit_due: not yet proved. -/
theorem orphan_work_exit_due : Statute.Orphan.orphan_work_exit_due_stmt := by
  sorry

/-- orphan_capped_window_never_expires: not yet proved. -/
theorem orphan_capped_window_never_expires : Statute.Orphan.orphan_capped_window_never_expires_stmt := by
  sorry

/-- orphan_exit_by_work: not yet proved. -/
theorem orphan_exit_by_work : Statute.Orphan.orphan_exit_by_work_stmt := by
  sorry

/-- orphan_wire_*: not yet proved. -/
theorem orphan_wire : Statute.Orphan.orphan_wire_stmt := by
  sorry

/-- orphan_ffi_*: not yet proved. -/
theorem orphan_ffi : Statute.Orphan.orphan_ffi_stmt := by
  sorry

end Statute.Orphan.Proofs
