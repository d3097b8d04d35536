-- Proofs of the laws of spec/supervise.yaml. Hand-written; the statements are generated in
-- generated/lean/Statute/Supervise.lean and must not be restated here.
-- Written without a Lean toolchain (none on the machine that wrote them): unchecked until
-- `lake build` runs. A `_stmt` is a plain `def`, so a closed one is unfolded before `decide`
-- (instance search does not unfold it).
import Statute.Supervise


namespace Statute.Supervise.Proofs

/-- `false = true` is refuted by evaluation. -/
theorem ff_ne_tt : ¬ (false = true) := by
  decide

/-- Both conjuncts of a Bool `&&` are true. -/
theorem and_true_of {a b : Bool} (ha : a = true) (hb : b = true) : (a && b) = true := by
  cases ha
  cases hb
  rfl

/-- The right disjunct of a Bool `||` is true. -/
theorem or_right_of {a b : Bool} (hb : b = true) : (a || b) = true := by
  cases a with
  | false => exact hb
  | true => rfl

/-- The `then` branch of an `if` is taken and true. -/
theorem on_then {c : Prop} [Decidable c] {x y : Bool} (hc : c) (hx : x = true) :
    (if c then x else y) = true :=
  (if_pos hc).trans hx

/-- The `else` branch of an `if` is taken and true. -/
theorem on_else {c : Prop} [Decidable c] {x y : Bool} (hc : ¬c) (hy : y = true) :
    (if c then x else y) = true :=
  (if_neg hc).trans hy

/-- The left conjunct of a true Bool `&&`. -/
theorem and_left {a b : Bool} (h : (a && b) = true) : a = true := by
  cases a with
  | false => exact absurd h ff_ne_tt
  | true => rfl

/-- The right conjunct of a true Bool `&&`. -/
theorem and_right {a b : Bool} (h : (a && b) = true) : b = true := by
  cases a with
  | false => exact absurd h ff_ne_tt
  | true => exact h

/-- `decide (a < b)` true makes `decide (a ≥ b)` false. -/
theorem ge_false_of_lt {a b : Nat} (h : decide (a < b) = true) : decide (a ≥ b) = false :=
  decide_eq_false (Nat.not_le.mpr (of_decide_eq_true h))

/-- `decide (a < b)` false makes `decide (a ≥ b)` true. -/
theorem ge_true_of_not_lt {a b : Nat} (h : decide (a < b) = false) : decide (a ≥ b) = true :=
  decide_eq_true (Nat.not_lt.mp (of_decide_eq_false h))

/-- `decide (a ≥ b)` false makes `decide (a < b)` true. -/
theorem lt_true_of_not_ge {a b : Nat} (h : decide (a ≥ b) = false) : decide (a < b) = true :=
  decide_eq_true (Nat.not_le.mp (of_decide_eq_false h))

/-- The budget test of RestartDecide (`k + 1 > b`) agrees with the laws' (`k ≥ b`): true. -/
theorem succ_gt_of_ge {k b : Nat} (h : decide (k ≥ b) = true) : decide (k + 1 > b) = true :=
  decide_eq_true (Nat.lt_succ_of_le (of_decide_eq_true h))

/-- The budget test of RestartDecide (`k + 1 > b`) agrees with the laws' (`k ≥ b`): false. -/
theorem succ_gt_false_of_not_ge {k b : Nat} (h : decide (k ≥ b) = false) :
    decide (k + 1 > b) = false :=
  decide_eq_false (fun hc => of_decide_eq_false h (Nat.le_of_lt_succ hc))

/-- keep_last of a list one longer than it: `length (l ++ [x]) = length l + 1`. -/
theorem len_append_one (l : List Nat) (x : Nat) : List.length (l ++ [x]) = List.length l + 1 := by
  induction l with
  | nil => rfl
  | cons a l ih => exact congrArg (fun n => n + 1) ih

/-- Dropping nothing keeps the list (keep_last below its bound). -/
theorem drop_zero_of {n : Nat} (l : List Nat) (h : n = 0) : List.drop n l = l := by
  cases h
  rfl

/-- Every element a filter keeps passes the filter. -/
theorem all_filter_self (p : Nat → Bool) (l : List Nat) : List.all (List.filter p l) p = true := by
  induction l with
  | nil => rfl
  | cons a l ih =>
    unfold List.filter
    cases h : p a with
    | true => exact and_true_of h ih
    | false => exact ih

/-- Appending one passing element keeps a list whose elements all pass. -/
theorem all_append_one (p : Nat → Bool) (l : List Nat) (x : Nat) (hl : List.all l p = true)
    (hx : p x = true) : List.all (l ++ [x]) p = true := by
  induction l with
  | nil => exact and_true_of hx rfl
  | cons a l ih => exact and_true_of (and_left hl) (ih (and_right hl))

/-- restart_pause_ordered: three comparisons of constants, evaluated by `decide`. -/
theorem restart_pause_ordered : Statute.Supervise.restart_pause_ordered_stmt := by
  unfold Statute.Supervise.restart_pause_ordered_stmt
  decide

/-- restart_gives_up: split the state, unfold the step and RestartDecide (`simp only` with the
  definitions only, for its zeta reduction: the comparisons sit under the step's `let`s), and
  generalize the comparisons the step and the law read, each beside its complement (`e < last`
  / `e ≥ last`; the budget `k + 1 > MAX` / `k ≥ MAX`), closing the inconsistent cases. A given-up
  worker stays given up and unchanged; otherwise the case is a Bool of constants (`exact rfl`),
  the window count `k` staying free. -/
theorem restart_gives_up : Statute.Supervise.restart_gives_up_stmt := by
  intro s e _
  cases s with
  | mk fl g l =>
    simp only [stepRestartBudget, stepRestartBudgetOnFailure, decideRestartDecide]
    cases g with
    | true => exact and_true_of (and_true_of rfl rfl) (or_right_of (decide_eq_true rfl))
    | false =>
      cases hl : decide (e < l) with
      | true =>
        cases hge : decide (e ≥ l) with
        | true => cases hge.symm.trans (ge_false_of_lt hl)
        | false => exact rfl
      | false =>
        cases hge : decide (e ≥ l) with
        | false => cases hge.symm.trans (ge_true_of_not_lt hl)
        | true =>
          cases hk : decide (List.length
              (List.filter (fun (t : Nat) => decide (e - t < RESTART_WINDOW_MS)) fl)
              ≥ RESTART_MAX_FAILURES) with
          | true =>
            cases hv : decide (List.length
                (List.filter (fun (t : Nat) => decide (e - t < RESTART_WINDOW_MS)) fl)
                + 1 > RESTART_MAX_FAILURES) with
            | false => cases hv.symm.trans (succ_gt_of_ge hk)
            | true => exact rfl
          | false =>
            cases hv : decide (List.length
                (List.filter (fun (t : Nat) => decide (e - t < RESTART_WINDOW_MS)) fl)
                + 1 > RESTART_MAX_FAILURES) with
            | true => cases hv.symm.trans (succ_gt_false_of_not_ge hk)
            | false => exact rfl

/-- restart_decide_window: as restart_gives_up, the only restart is the last case: the window
  count `k` is below the budget, so the appended list has `k + 1 ≤ MAX` elements and keep_last
  drops none (`len_append_one`, `drop_zero_of`); it holds the filtered failures, each inside the
  window (`all_filter_self`), and this one (`e - e = 0`). -/
theorem restart_decide_window : Statute.Supervise.restart_decide_window_stmt := by
  intro s e _
  cases s with
  | mk fl g l =>
    simp only [stepRestartBudget, stepRestartBudgetOnFailure, decideRestartDecide]
    cases g with
    | true => exact rfl
    | false =>
      cases hl : decide (e < l) with
      | true => exact rfl
      | false =>
        cases hv : decide (List.length
            (List.filter (fun (t : Nat) => decide (e - t < RESTART_WINDOW_MS)) fl)
            + 1 > RESTART_MAX_FAILURES) with
        | true => exact rfl
        | false =>
          have hK : List.length
              (List.filter (fun (t : Nat) => decide (e - t < RESTART_WINDOW_MS)) fl)
              + 1 ≤ RESTART_MAX_FAILURES :=
            Nat.not_lt.mp (of_decide_eq_false hv)
          have hlen :=
            len_append_one (List.filter (fun (t : Nat) => decide (e - t < RESTART_WINDOW_MS)) fl) e
          have hd := Nat.sub_eq_zero_of_le (Nat.le_trans (Nat.le_of_eq hlen) hK)
          have hdrop :=
            drop_zero_of
              ((List.filter (fun (t : Nat) => decide (e - t < RESTART_WINDOW_MS)) fl) ++ [e]) hd
          have hin : decide (e - e < RESTART_WINDOW_MS) = true :=
            decide_eq_true (Nat.lt_of_le_of_lt (Nat.le_of_eq (Nat.sub_self e)) (by decide))
          have hall := all_append_one (fun (t : Nat) => decide (e - t < RESTART_WINDOW_MS))
            (List.filter (fun (t : Nat) => decide (e - t < RESTART_WINDOW_MS)) fl) e
            (all_filter_self _ fl) hin
          exact or_right_of (and_true_of
            (and_true_of (decide_eq_true ((congrArg List.length hdrop).trans hlen))
              ((congrArg (fun x => List.all x (fun (t : Nat) => decide (e - t < RESTART_WINDOW_MS)))
                hdrop).trans hall))
            (decide_eq_true rfl))

/-- restart_decide_verdict: not yet proved (needs `min` and `2 ^ k` arithmetic without omega). -/
theorem restart_decide_verdict : Statute.Supervise.restart_decide_verdict_stmt := by
  sorry

/-- restart_clock_backwards_rejected: unfold the step and generalize `given_up` and the two
  comparisons of the failure time with the latest one (each beside its complement); a failure
  before the latest is answered ClockBackwards with the state unchanged, by evaluation. -/
theorem restart_clock_backwards_rejected :
    Statute.Supervise.restart_clock_backwards_rejected_stmt := by
  intro s e _
  unfold stepRestartBudget stepRestartBudgetOnFailure
  cases hg : s.given_up with
  | true => exact rfl
  | false =>
    cases hge : decide (e ≥ s.last_ms) with
    | true => exact rfl
    | false =>
      cases hl : decide (e < s.last_ms) with
      | false => cases hl.symm.trans (lt_true_of_not_ge hge)
      | true => exact or_right_of (and_true_of (decide_eq_true rfl) (decide_eq_true rfl))

/-- restart_within_budget_restarts: the split of restart_gives_up; below the budget the step's
  verdict is the law's RestartDecide of the same count, the same term on both sides
  (`decide_eq_true rfl`, the count free). -/
theorem restart_within_budget_restarts :
    Statute.Supervise.restart_within_budget_restarts_stmt := by
  intro s e _
  cases s with
  | mk fl g l =>
    simp only [stepRestartBudget, stepRestartBudgetOnFailure, decideRestartDecide]
    cases g with
    | true => exact rfl
    | false =>
      cases hl : decide (e < l) with
      | true => exact rfl
      | false =>
        cases hk : decide (List.length
            (List.filter (fun (t : Nat) => decide (e - t < RESTART_WINDOW_MS)) fl)
            ≥ RESTART_MAX_FAILURES) with
        | true => exact rfl
        | false =>
          cases hv : decide (List.length
              (List.filter (fun (t : Nat) => decide (e - t < RESTART_WINDOW_MS)) fl)
              + 1 > RESTART_MAX_FAILURES) with
          | true => cases hv.symm.trans (succ_gt_false_of_not_ge hk)
          | false => exact or_right_of (decide_eq_true rfl)

/-- restart_reboot_carries_only_give_up: split the boot flag. On the same boot the verdict is the
  budget itself, so both comparisons are `x = x`; after a reboot the verdict is the record literal
  with the budget's give-up, no failures and the clock at 0, and each comparison reduces to
  `x = x` once the decision is unfolded by the unifier (no simp set involved). -/
theorem restart_reboot_carries_only_give_up :
    Statute.Supervise.restart_reboot_carries_only_give_up_stmt := by
  intro f
  cases f with
  | mk budget same_boot =>
    cases same_boot with
    | true => exact and_true_of (decide_eq_true rfl) (on_then rfl (decide_eq_true rfl))
    | false =>
      exact and_true_of (decide_eq_true rfl)
        (on_else ff_ne_tt (and_true_of (decide_eq_true rfl) (decide_eq_true rfl)))

end Statute.Supervise.Proofs
