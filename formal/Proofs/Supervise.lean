-- Proofs of the laws of spec/supervise.yaml. Hand-written; the statements are generated in
-- generated/lean/Statute/Supervise.lean and must not be restated here.
-- Written without a Lean toolchain (none on the machine that wrote them): unchecked until
-- `lake build` runs. A `_stmt` is a plain `def`, so a closed one is unfolded before `decide`
-- (instance search does not unfold it).
import Statute.Supervise


namespace Statute.Supervise.Proofs

/-- restart_pause_ordered: three comparisons of constants, evaluated by `decide`. -/
theorem restart_pause_ordered : Statute.Supervise.restart_pause_ordered_stmt := by
  unfold Statute.Supervise.restart_pause_ordered_stmt
  decide

/-- restart_gives_up: not yet proved (one step from any reachable state; needs the window
  count's arithmetic, `in_window + 1 > budget` against `length ≥ RESTART_MAX_FAILURES`). -/
theorem restart_gives_up : Statute.Supervise.restart_gives_up_stmt := by
  sorry

/-- restart_decide_window: not yet proved (needs lemmas on `List.filter`, `List.drop` and
  `List.all`). -/
theorem restart_decide_window : Statute.Supervise.restart_decide_window_stmt := by
  sorry

/-- restart_decide_verdict: not yet proved (needs `min` and `2 ^ k` arithmetic without omega). -/
theorem restart_decide_verdict : Statute.Supervise.restart_decide_verdict_stmt := by
  sorry

/-- restart_clock_backwards_rejected: not yet proved (one step from any reachable state). -/
theorem restart_clock_backwards_rejected :
    Statute.Supervise.restart_clock_backwards_rejected_stmt := by
  sorry

/-- restart_within_budget_restarts: not yet proved. -/
theorem restart_within_budget_restarts : Statute.Supervise.restart_within_budget_restarts_stmt := by
  sorry

/-- restart_reboot_carries_only_give_up: not yet proved. Sketch: `intro f; cases f with
  | mk budget same_boot => cases same_boot`, then each branch of `decideCarryBudget` is a record
  literal and the goal closes by `simp only` with the decision, `decide_eq_true_eq`, `and_self`
  and `Bool.and_eq_true` (unchecked: no Lean toolchain where it was written). -/
theorem restart_reboot_carries_only_give_up :
    Statute.Supervise.restart_reboot_carries_only_give_up_stmt := by
  sorry

end Statute.Supervise.Proofs
