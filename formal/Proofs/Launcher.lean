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

/-- quiesce_answers_belong_to_the_round: not yet proved (an invariant: induction over
  ReachableQuiesce). -/
theorem quiesce_answers_belong_to_the_round :
    Statute.Launcher.quiesce_answers_belong_to_the_round_stmt := by
  sorry

/-- quiesce_release_reopens: not yet proved (one step on a worker list
  of any length: needs `List.getD` / `List.set` lemmas). -/
theorem quiesce_release_reopens : Statute.Launcher.quiesce_release_reopens_stmt := by
  sorry

/-- quiesce_hold_reopens: not yet proved (one step on a worker list
  of any length: needs `List.getD` / `List.set` lemmas). -/
theorem quiesce_hold_reopens : Statute.Launcher.quiesce_hold_reopens_stmt := by
  sorry

end Statute.Launcher.Proofs
