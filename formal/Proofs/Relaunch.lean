-- Proofs of the laws of spec/relaunch.yaml. Hand-written; the statements are generated in
-- generated/lean/Statute/Relaunch.lean and must not be restated here.
-- Written without a Lean toolchain: every proof is an unchecked candidate until `lake build`.
import Statute.Relaunch


namespace Statute.Relaunch.Proofs

/-- relaunch_never_replaces: unfold the decision, then generalize each fact it and the law read
  (`cases h : e` replaces `e` in the goal): the window comparison and four Bools leave 32 closed
  cases, each evaluated by `decide`. Connect is the first rule, so it matches `listening` whatever
  the rest; Relaunch is the last, behind `launch_held`. The range hypotheses are not needed. -/
theorem relaunch_never_replaces : Statute.Relaunch.relaunch_never_replaces_stmt := by
  intro f _ _
  unfold decideRelaunchDecide
  cases hw : decide (f.lost_ms ≤ f.window_ms) <;> cases hl : f.listening <;>
    cases hh : f.launch_held <;> cases ha : f.attached <;> cases ho : f.own_build <;> decide

/-- relaunch_lost_supervisor: with the window within the wire's range the law's window test is
  the decision's (`lost ≤ window`), and the 32 cases are evaluated. Past the wire's range the
  bound `lost_ms ≤ WIRE_MAX_MS < window_ms` (the range hypothesis of `lost_ms`) makes
  `lost ≤ window` true, so the other case is closed by `cases` on `false = true`. -/
theorem relaunch_lost_supervisor : Statute.Relaunch.relaunch_lost_supervisor_stmt := by
  intro f _ hl
  unfold decideRelaunchDecide
  cases hc : decide (f.window_ms > Statute.Timeouts.WIRE_MAX_MS) with
  | false =>
    cases hw : decide (f.lost_ms ≤ f.window_ms) <;> cases hs : f.listening <;>
      cases hh : f.launch_held <;> cases ha : f.attached <;> cases ho : f.own_build <;> decide
  | true =>
    have hle : decide (f.lost_ms ≤ f.window_ms) = true :=
      decide_eq_true (Nat.le_trans hl (Nat.le_of_lt (of_decide_eq_true hc)))
    cases hw : decide (f.lost_ms ≤ f.window_ms) with
    | false => cases hw.symm.trans hle
    | true =>
      cases hs : f.listening <;> cases hh : f.launch_held <;> cases ha : f.attached <;>
        cases ho : f.own_build <;> decide

/-- relaunch_leaves_when_not_its_own: the same split as relaunch_lost_supervisor. -/
theorem relaunch_leaves_when_not_its_own :
    Statute.Relaunch.relaunch_leaves_when_not_its_own_stmt := by
  intro f _ hl
  unfold decideRelaunchDecide
  cases hc : decide (f.window_ms > Statute.Timeouts.WIRE_MAX_MS) with
  | false =>
    cases hw : decide (f.lost_ms ≤ f.window_ms) <;> cases hs : f.listening <;>
      cases hh : f.launch_held <;> cases ha : f.attached <;> cases ho : f.own_build <;> decide
  | true =>
    have hle : decide (f.lost_ms ≤ f.window_ms) = true :=
      decide_eq_true (Nat.le_trans hl (Nat.le_of_lt (of_decide_eq_true hc)))
    cases hw : decide (f.lost_ms ≤ f.window_ms) with
    | false => cases hw.symm.trans hle
    | true =>
      cases hs : f.listening <;> cases hh : f.launch_held <;> cases ha : f.attached <;>
        cases ho : f.own_build <;> decide

/-- relaunch_takes_only_a_free_socket: not yet proved. -/
theorem relaunch_takes_only_a_free_socket :
    Statute.Relaunch.relaunch_takes_only_a_free_socket_stmt := by
  sorry

/-- relaunch_connected_to_a_listening_daemon: not yet proved. -/
theorem relaunch_connected_to_a_listening_daemon :
    Statute.Relaunch.relaunch_connected_to_a_listening_daemon_stmt := by
  sorry

/-- relaunch_launches_own_build: not yet proved. -/
theorem relaunch_launches_own_build : Statute.Relaunch.relaunch_launches_own_build_stmt := by
  sorry

/-- relaunch_workers_follow_the_daemon: not yet proved. -/
theorem relaunch_workers_follow_the_daemon :
    Statute.Relaunch.relaunch_workers_follow_the_daemon_stmt := by
  sorry

/-- relaunch_probe_acts: not yet proved. -/
theorem relaunch_probe_acts : Statute.Relaunch.relaunch_probe_acts_stmt := by
  sorry

/-- relaunch_adopts_live_workers: not yet proved. -/
theorem relaunch_adopts_live_workers : Statute.Relaunch.relaunch_adopts_live_workers_stmt := by
  sorry

/-- relaunch_crash_orphans: not yet proved. -/
theorem relaunch_crash_orphans : Statute.Relaunch.relaunch_crash_orphans_stmt := by
  sorry

/-- relaunch_other_launch: not yet proved. -/
theorem relaunch_other_launch : Statute.Relaunch.relaunch_other_launch_stmt := by
  sorry

/-- relaunch_lost_clock: not yet proved. -/
theorem relaunch_lost_clock : Statute.Relaunch.relaunch_lost_clock_stmt := by
  sorry

/-- relaunch_attachment: not yet proved. -/
theorem relaunch_attachment : Statute.Relaunch.relaunch_attachment_stmt := by
  sorry

/-- relaunch_lost_leads_to_launch: not yet proved. -/
theorem relaunch_lost_leads_to_launch : Statute.Relaunch.relaunch_lost_leads_to_launch_stmt := by
  sorry

/-- relaunch_launch_leads_to_adoption: not yet proved. -/
theorem relaunch_launch_leads_to_adoption :
    Statute.Relaunch.relaunch_launch_leads_to_adoption_stmt := by
  sorry

end Statute.Relaunch.Proofs
