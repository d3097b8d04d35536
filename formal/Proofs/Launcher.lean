-- Proofs of the laws of spec/launcher.yaml. Hand-written; the statements are generated in
-- generated/lean/Statute/Launcher.lean and must not be restated here.
import Statute.Launcher

namespace Statute.Launcher.Proofs

/-- idle_shutdown_never_aborts: not yet proved. -/
theorem idle_shutdown_never_aborts : Statute.Launcher.idle_shutdown_never_aborts_stmt := by
  sorry

/-- adopt_same_build: not yet proved. -/
theorem adopt_same_build : Statute.Launcher.adopt_same_build_stmt := by
  sorry

/-- launcher_ffi_answers: not yet proved. -/
theorem launcher_ffi_answers : Statute.Launcher.launcher_ffi_answers_stmt := by
  sorry

/-- launcher_ffi_malformed: not yet proved. -/
theorem launcher_ffi_malformed : Statute.Launcher.launcher_ffi_malformed_stmt := by
  sorry

/-- launcher_ffi_example: not yet proved. -/
theorem launcher_ffi_example : Statute.Launcher.launcher_ffi_example_stmt := by
  sorry

end Statute.Launcher.Proofs
