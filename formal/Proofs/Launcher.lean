-- Proofs of the laws of spec/launcher.yaml. Hand-written; the statements are generated in
-- generated/lean/Statute/Launcher.lean and must not be restated here.
-- Written without a Lean toolchain (none on the machine that wrote them): unchecked until
-- `lake build` runs. A `_stmt` is a plain `def`, so a closed one is unfolded before `decide`
-- (instance search does not unfold it).
import Statute.Launcher


namespace Statute.Launcher.Proofs

/-- idle_shutdown_never_aborts: not yet proved (an invariant of the quiesce protocol: induction
  over ReachableQuiesce with a strengthened invariant on gates and answers). -/
theorem idle_shutdown_never_aborts : Statute.Launcher.idle_shutdown_never_aborts_stmt := by
  sorry

/-- adopt_same_build: AdoptFacts is two Bools; each of the four cases is closed and evaluated
  by `decide`. -/
theorem adopt_same_build : Statute.Launcher.adopt_same_build_stmt := by
  intro f
  cases f with
  | mk sv bi => cases sv <;> cases bi <;> decide

/-- quiesce_gate_admits: not yet proved. -/
theorem quiesce_gate_admits : Statute.Launcher.quiesce_gate_admits_stmt := by
  sorry

/-- quiesce_ask_opens_a_round: not yet proved. -/
theorem quiesce_ask_opens_a_round : Statute.Launcher.quiesce_ask_opens_a_round_stmt := by
  sorry

/-- quiesce_answer_only_in_round: not yet proved (one step on a worker list
  of any length: needs `List.getD` / `List.set` lemmas). -/
theorem quiesce_answer_only_in_round : Statute.Launcher.quiesce_answer_only_in_round_stmt := by
  sorry

/-- quiesce_answer_by_work: not yet proved (one step on a worker list
  of any length: needs `List.getD` / `List.set` lemmas). -/
theorem quiesce_answer_by_work : Statute.Launcher.quiesce_answer_by_work_stmt := by
  sorry

/-- quiesce_commit_only_all_quiesced: not yet proved (one step on a worker list
  of any length: needs `List.getD` / `List.set` lemmas). -/
theorem quiesce_commit_only_all_quiesced :
    Statute.Launcher.quiesce_commit_only_all_quiesced_stmt := by
  sorry

/-- quiesce_answer_timeout_ends_the_round: not yet proved. -/
theorem quiesce_answer_timeout_ends_the_round :
    Statute.Launcher.quiesce_answer_timeout_ends_the_round_stmt := by
  sorry

/-- quiesce_answers_belong_to_the_round: not yet proved (an invariant: induction over
  ReachableQuiesce). -/
theorem quiesce_answers_belong_to_the_round :
    Statute.Launcher.quiesce_answers_belong_to_the_round_stmt := by
  sorry

/-- quiesce_stop_only_at_a_closed_gate: not yet proved. -/
theorem quiesce_stop_only_at_a_closed_gate :
    Statute.Launcher.quiesce_stop_only_at_a_closed_gate_stmt := by
  sorry

/-- quiesce_release_reopens: not yet proved (one step on a worker list
  of any length: needs `List.getD` / `List.set` lemmas). -/
theorem quiesce_release_reopens : Statute.Launcher.quiesce_release_reopens_stmt := by
  sorry

/-- quiesce_hold_reopens: not yet proved (one step on a worker list
  of any length: needs `List.getD` / `List.set` lemmas). -/
theorem quiesce_hold_reopens : Statute.Launcher.quiesce_hold_reopens_stmt := by
  sorry

/-- quiesce_supervisor_lost: not yet proved. -/
theorem quiesce_supervisor_lost : Statute.Launcher.quiesce_supervisor_lost_stmt := by
  sorry

/-- quiesce_hold_leads_to_open_gate: not yet proved. -/
theorem quiesce_hold_leads_to_open_gate :
    Statute.Launcher.quiesce_hold_leads_to_open_gate_stmt := by
  sorry

/-- quiesce_round_ends: not yet proved. -/
theorem quiesce_round_ends : Statute.Launcher.quiesce_round_ends_stmt := by
  sorry

/-- quiesce_stop_leads_to_exit: not yet proved. -/
theorem quiesce_stop_leads_to_exit : Statute.Launcher.quiesce_stop_leads_to_exit_stmt := by
  sorry

/-- launcher_retry_under_budget: not yet proved. -/
theorem launcher_retry_under_budget : Statute.Launcher.launcher_retry_under_budget_stmt := by
  sorry

end Statute.Launcher.Proofs
