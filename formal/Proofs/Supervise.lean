-- Proofs of the laws of spec/supervise.yaml. Hand-written; the statements are generated in
-- generated/lean/Statute/Supervise.lean and must not be restated here.
import Statute.Supervise

namespace Statute.Supervise.Proofs

/-- restart_gives_up: not yet proved. -/
theorem restart_gives_up : Statute.Supervise.restart_gives_up_stmt := by
  sorry

/-- restart_decide_window: not yet proved. -/
theorem restart_decide_window : Statute.Supervise.restart_decide_window_stmt := by
  sorry

/-- restart_decide_verdict: not yet proved. -/
theorem restart_decide_verdict : Statute.Supervise.restart_decide_verdict_stmt := by
  sorry

/-- restart_wire_*: not yet proved. -/
theorem restart_wire : Statute.Supervise.restart_wire_stmt := by
  sorry

/-- restart_ffi_*: not yet proved. -/
theorem restart_ffi : Statute.Supervise.restart_ffi_stmt := by
  sorry

/-- restart_pause_ordered: not yet proved. -/
theorem restart_pause_ordered : Statute.Supervise.restart_pause_ordered_stmt := by
  sorry

/-- restart_clock_backwards_rejected: not yet proved. -/
theorem restart_clock_backwards_rejected :
    Statute.Supervise.restart_clock_backwards_rejected_stmt := by
  sorry

end Statute.Supervise.Proofs
