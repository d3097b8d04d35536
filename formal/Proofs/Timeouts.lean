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

/-- timeouts_check_first_violated: the rules are tried in Relation's order, so split the guards
  one by one. A guard that holds (`x < y`) gives that verdict, and its relation is false
  (`Nat.not_le`); one that fails gives the relation (`Nat.not_lt`) and the next rule is tried.
  Each case unfolds the decision and evaluates the law by `simp`; the last has every relation. -/
theorem timeouts_check_first_violated :
    Statute.Timeouts.timeouts_check_first_violated_stmt := by
  sorry

/- Earlier candidate, outside the tactic list (by_cases, bare simp), kept to port:
    intro f
    by_cases h1 : f.worker_lost_exit_ms <
        min (f.client_relaunch_within_ms + f.daemon_startup_ms + f.reregistration_ms) WIRE_MAX_MS
    · simp [decideCheckTimeouts, h1, Nat.not_le.mpr h1]
    have g1 := Nat.not_lt.mp h1
    by_cases h2 : f.restart_window_ms <
        min ((f.restart_max_failures + 1) * f.crash_loop_step_ms) WIRE_MAX_MS
    · simp [decideCheckTimeouts, h1, g1, h2, Nat.not_le.mpr h2]
    have g2 := Nat.not_lt.mp h2
    by_cases h3 : f.worker_connect_ms < f.worker_auth_floor_ms
    · simp [decideCheckTimeouts, h1, g1, h2, g2, h3, Nat.not_le.mpr h3]
    have g3 := Nat.not_lt.mp h3
    by_cases h4 : f.registration_backoff_max_ms < f.registration_backoff_base_ms
    · simp [decideCheckTimeouts, h1, g1, h2, g2, h3, g3, h4, Nat.not_le.mpr h4]
    have g4 := Nat.not_lt.mp h4
    by_cases h5 : f.registration_backoff_base_ms < 1
    · simp [decideCheckTimeouts, h1, g1, h2, g2, h3, g3, h4, g4, h5, Nat.not_le.mpr h5]
    have g5 := Nat.not_lt.mp h5
    by_cases h6 : f.busy_refresh_ms < 1
    · simp [decideCheckTimeouts, h1, g1, h2, g2, h3, g3, h4, g4, h5, g5, h6, Nat.not_le.mpr h6]
    have g6 := Nat.not_lt.mp h6
    simp [decideCheckTimeouts, h1, g1, h2, g2, h3, g3, h4, g4, h5, g5, h6, g6]
-/

end Statute.Timeouts.Proofs
