-- Proofs of the laws of spec/supervise.yaml. Hand-written; the statements are generated in
-- generated/lean/Statute/Supervise.lean and must not be restated here.
-- Checked by a Lean kernel as formal/checked.txt records (`statute proofs` says which
-- proofs, by which Lean, when). A `_stmt` is a plain `def`, so a closed one is unfolded before
-- `decide` (instance search does not unfold it).
import Statute.Supervise
import Proofs.Lemmas


namespace Statute.Supervise.Proofs

open Statute.Lemmas

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
  intro p _
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
              (List.filter (fun (t : Nat) => decide (e - t < p.RESTART_WINDOW_MS)) fl)
              ≥ RESTART_MAX_FAILURES) with
          | true =>
            cases hv : decide (List.length
                (List.filter (fun (t : Nat) => decide (e - t < p.RESTART_WINDOW_MS)) fl)
                + 1 > RESTART_MAX_FAILURES) with
            | false => cases hv.symm.trans (succ_gt_of_ge hk)
            | true => exact rfl
          | false =>
            cases hv : decide (List.length
                (List.filter (fun (t : Nat) => decide (e - t < p.RESTART_WINDOW_MS)) fl)
                + 1 > RESTART_MAX_FAILURES) with
            | true => cases hv.symm.trans (succ_gt_false_of_not_ge hk)
            | false => exact rfl

/-- restart_decide_window: as restart_gives_up, the only restart is the last case: the window
  count `k` is below the budget, so the appended list has `k + 1 ≤ MAX` elements and keep_last
  drops none (`len_append_one`, `drop_zero_of`); it holds the filtered failures, each inside the
  window (`all_filter_self`), and this one (`e - e = 0`). -/
theorem restart_decide_window : Statute.Supervise.restart_decide_window_stmt := by
  intro p hp
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
            (List.filter (fun (t : Nat) => decide (e - t < p.RESTART_WINDOW_MS)) fl)
            + 1 > RESTART_MAX_FAILURES) with
        | true => exact rfl
        | false =>
          have hK : List.length
              (List.filter (fun (t : Nat) => decide (e - t < p.RESTART_WINDOW_MS)) fl)
              + 1 ≤ RESTART_MAX_FAILURES :=
            Nat.not_lt.mp (of_decide_eq_false hv)
          have hlen :=
            len_append_one (List.filter (fun (t : Nat) => decide (e - t < p.RESTART_WINDOW_MS)) fl) e
          have hd := Nat.sub_eq_zero_of_le (Nat.le_trans (Nat.le_of_eq hlen) hK)
          have hdrop :=
            drop_zero_of
              ((List.filter (fun (t : Nat) => decide (e - t < p.RESTART_WINDOW_MS)) fl) ++ [e]) hd
          have hin : decide (e - e < p.RESTART_WINDOW_MS) = true :=
            decide_eq_true (Nat.lt_of_le_of_lt (Nat.le_of_eq (Nat.sub_self e)) hp.1)
          have hall := all_append_one (fun (t : Nat) => decide (e - t < p.RESTART_WINDOW_MS))
            (List.filter (fun (t : Nat) => decide (e - t < p.RESTART_WINDOW_MS)) fl) e
            (all_filter_self _ fl) hin
          exact or_right_of (and_true_of
            (and_true_of (decide_eq_true ((congrArg List.length hdrop).trans hlen))
              ((congrArg (fun x => List.all x (fun (t : Nat) => decide (e - t < p.RESTART_WINDOW_MS)))
                hdrop).trans hall))
            (decide_eq_true rfl))

/-! Arithmetic for the pause doubling, stated once and proved by induction with the
  definitional equations of `+`, `*`, `^` on `Nat` (`n + succ m = succ (n + m)`,
  `n * succ m = n * m + n`, `n ^ succ m = n ^ m * n`). Core names relied on: `Nat.le_refl`,
  `Nat.le_trans`, `Nat.le_succ`, `Nat.zero_le`, `Nat.succ_le_succ`, `Nat.le_of_succ_le_succ`,
  `Nat.le_of_lt_succ`, `Nat.lt_irrefl`, `Nat.lt_of_le_of_lt`, `Nat.lt_of_lt_of_le` (Prelude or
  early `Nat.Basic` in both the 2021 build and current Lean), `if_pos`, `if_neg`. -/

/-- `e ≤ k + e`. -/
theorem le_add_l (k e : Nat) : e ≤ k + e := by
  induction e with
  | zero => exact Nat.zero_le _
  | succ n ih => exact Nat.succ_le_succ ih

/-- `x ≤ x * 2` (`x * 2` is `0 + x + x` by definition). -/
theorem le_mul_two (x : Nat) : x ≤ x * 2 :=
  Nat.le_trans (le_add_l 0 x) (le_add_r' (0 + x) x)

/-- `a ≤ a * n` for `n ≥ 1`. -/
theorem le_mul_of_pos (a n : Nat) (h : 1 ≤ n) : a ≤ a * n := by
  cases n with
  | zero => exact absurd h (not_lt_of_le' (Nat.le_refl 0))
  | succ m => exact le_add_l (a * m) a

/-- `1 ≤ 2 ^ n`. -/
theorem pow_pos' (n : Nat) : 1 ≤ 2 ^ n := by
  induction n with
  | zero => exact Nat.le_refl 1
  | succ n ih => exact Nat.le_trans ih (le_mul_two (2 ^ n))

/-- `2 ^ (n + 1) = 2 ^ n * 2`: the definition of `^` (modern core states it as `Nat.pow_succ`;
  the 2021 checker has no such name, and its unifier does not find this step inside a larger
  application, so it is named here). -/
theorem pow_two_succ (n : Nat) : 2 ^ (n + 1) = 2 ^ n * 2 := rfl

/-- Below both, below the `min`. -/
theorem le_min' {a x y : Nat} (h1 : a ≤ x) (h2 : a ≤ y) : a ≤ min x y :=
  (bool_split (decide (x ≤ y))).elim
    (fun h => Nat.le_trans h1 (le_of_eq' (if_pos (of_decide_eq_true h)).symm))
    (fun h => Nat.le_trans h2 (le_of_eq' (if_neg (of_decide_eq_false h)).symm))

/-- A value past the cap is capped: `min x cap = cap`. -/
theorem min_of_gt {x cap : Nat} (h : cap < x) : min x cap = cap :=
  if_neg (fun hx => Nat.lt_irrefl cap (Nat.lt_of_lt_of_le h hx))

/-- The pause is at least the base: `BASE ≤ min (BASE * 2 ^ k) MAX`. -/
theorem base_le_pause (k : Nat) :
    RESTART_PAUSE_BASE_MS ≤ min (RESTART_PAUSE_BASE_MS * 2 ^ k) RESTART_PAUSE_MAX_MS :=
  le_min' (le_mul_of_pos RESTART_PAUSE_BASE_MS (2 ^ k) (pow_pos' k))
    (by decide : RESTART_PAUSE_BASE_MS ≤ RESTART_PAUSE_MAX_MS)

/-- `2 * n = n + n` (induction; the step is `Nat.succ_add`). -/
theorem two_mul' (n : Nat) : 2 * n = n + n := by
  induction n with
  | zero => exact rfl
  | succ n ih => exact (congrArg (fun t => t + 2) ih).trans (congrArg Nat.succ (Nat.succ_add n n).symm)

/-- `(x + y) + z = x + (y + z)` (induction on `z`). -/
theorem add_assoc' (x y : Nat) : ∀ (z : Nat), x + y + z = x + (y + z) := by
  intro z
  induction z with
  | zero => exact rfl
  | succ z ih => exact congrArg Nat.succ ih

/-- `a * (b + c) = a * b + a * c` (induction on `c`). -/
theorem mul_add' (a b : Nat) : ∀ (c : Nat), a * (b + c) = a * b + a * c := by
  intro c
  induction c with
  | zero => exact rfl
  | succ c ih => exact (congrArg (fun t => t + a) ih).trans (add_assoc' (a * b) (a * c) a)

/-- `a * (y * 2) = 2 * (a * y)`: `y * 2` is `(0 + y) + y` by definition. -/
theorem mul_double (a y : Nat) : a * (y * 2) = 2 * (a * y) := by
  have h : y * 2 = y + y := congrArg (fun t => t + y) (Nat.zero_add y)
  exact (congrArg (fun t => a * t) h).trans ((mul_add' a y y).trans (two_mul' (a * y)).symm)

/-- Doubling then capping does not see an earlier cap: `min (2 * x) M = min (2 * min x M) M`
  (below the cap both sides are the same term; past it both are `M`). -/
theorem double_min (x M : Nat) : min (2 * x) M = min (2 * min x M) M := by
  cases hx : decide (x ≤ M) with
  | true =>
    have e : min x M = x := if_pos (of_decide_eq_true hx)
    exact congrArg (fun t => min (2 * t) M) e.symm
  | false =>
    have hlt : M < x := of_decide_eq_true (gt_true_of_not_le hx)
    have e : min x M = M := min_of_gt hlt
    have l : min (2 * x) M = M :=
      min_of_gt (Nat.lt_of_lt_of_le hlt (Nat.le_trans (le_add_r' x x) (le_of_eq' (two_mul' x).symm)))
    have r : min (2 * M) M = M := by
      cases M with
      | zero => exact rfl
      | succ m =>
        exact min_of_gt (Nat.le_trans (Nat.succ_le_succ (le_add_r' (Nat.succ m) m))
          (le_of_eq' (two_mul' (Nat.succ m)).symm))
    exact l.trans (r.symm.trans (congrArg (fun t => min (2 * t) M) e.symm))

/-- One more failure doubles the pause, capped: the pause at `j + 1` failures is twice the pause
  at `j`, capped (`2 ^ (j + 1)` is `2 ^ j * 2` by definition, `mul_double`, `double_min`). -/
theorem pause_step (j : Nat) :
    min (RESTART_PAUSE_BASE_MS * 2 ^ (j + 1)) RESTART_PAUSE_MAX_MS =
      min (2 * min (RESTART_PAUSE_BASE_MS * 2 ^ j) RESTART_PAUSE_MAX_MS) RESTART_PAUSE_MAX_MS :=
  (congrArg (fun x => min x RESTART_PAUSE_MAX_MS) (mul_double RESTART_PAUSE_BASE_MS (2 ^ j))).trans
    (double_min _ _)

/-- RestartDecide over its budget gives up. -/
theorem decide_give_up {k b : Nat} (h : decide (k + 1 > b) = true) :
    decideRestartDecide ⟨k, b⟩ = Verdict.GiveUp := by
  unfold decideRestartDecide
  exact if_pos h

/-- RestartDecide within its budget restarts after the doubled pause, capped. -/
theorem decide_restart {k b : Nat} (h : decide (k + 1 > b) = false) :
    decideRestartDecide ⟨k, b⟩ =
      Verdict.Restart (min (RESTART_PAUSE_BASE_MS * 2 ^ k) RESTART_PAUSE_MAX_MS) := by
  unfold decideRestartDecide
  exact if_neg (fun hc => ff_ne_tt (h.symm.trans hc))

/-- restart_decide_verdict: split the facts and name the two decisions the law reads (at the
  count and at the count one lower) by generalizing each application (`cases hq : ...`) and
  fixing its value with `decide_give_up` / `decide_restart` (the decision is never unfolded in
  the law's goal: the generalization of a comparison inside it ran past the heartbeats). Over the
  budget: GiveUp, with `k ≥ b` from `k + 1 > b`. Within it: Restart, `k < b` is the test's
  complement, the pause is at least the base (`base_le_pause`) and at most the cap (`min_le_r`),
  and the last conjunct is split on the count: no failure is a closed case (`exact rfl`), and
  from one on the pause is the previous one doubled, capped (`pause_step`, for every count: no
  case is evaluated). The range hypotheses (`≤ 40`) are not needed. -/
theorem restart_decide_verdict : Statute.Supervise.restart_decide_verdict_stmt := by
  intro f _ _
  cases f with
  | mk k b =>
    -- The test is split without generalizing it in the goal (`cases hg : decide ..` would also
    -- rewrite the law's `decide (k ≥ b)`, the same `Nat.ble b k` by definition, in one Lean
    -- and not in another).
    refine Or.elim (bool_split (decide (k + 1 > b))) (fun hg => ?_) (fun hg => ?_)
    · cases hq : decideRestartDecide ⟨k, b⟩ with
      | GiveUp => exact decide_eq_true (Nat.le_of_lt_succ (of_decide_eq_true hg))
      | Restart q => cases hq.symm.trans (decide_give_up hg)
      | ClockBackwards x y => cases hq.symm.trans (decide_give_up hg)
    · have hkb : k + 1 ≤ b := le_of_not_lt' (k + 1) b (of_decide_eq_false hg)
      have hlt : k < b := hkb
      cases hq : decideRestartDecide ⟨k, b⟩ with
      | GiveUp => cases hq.symm.trans (decide_restart hg)
      | ClockBackwards x y => cases hq.symm.trans (decide_restart hg)
      | Restart q =>
        cases hq.symm.trans (decide_restart hg)
        refine and_true_of (and_true_of (and_true_of (decide_eq_true hlt)
          (decide_eq_true (base_le_pause k))) (decide_eq_true (min_le_r _ _))) ?_
        cases k with
        | zero => exact rfl
        | succ j =>
          have hj : decide (j + 1 - 1 + 1 > b) = false :=
            decide_eq_false (not_lt_of_le' (Nat.le_trans (Nat.le_succ (j + 1)) hkb))
          cases hr : decideRestartDecide ⟨j + 1 - 1, b⟩ with
          | GiveUp => cases hr.symm.trans (decide_restart hj)
          | ClockBackwards x y => cases hr.symm.trans (decide_restart hj)
          | Restart r =>
            cases hr.symm.trans (decide_restart hj)
            exact decide_eq_true (pause_step j)

/-- restart_clock_backwards_rejected: unfold the step and generalize `given_up` and the two
  comparisons of the failure time with the latest one (each beside its complement); a failure
  before the latest is answered ClockBackwards with the state unchanged, by evaluation. -/
theorem restart_clock_backwards_rejected :
    Statute.Supervise.restart_clock_backwards_rejected_stmt := by
  intro p _
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
  intro p _
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
            (List.filter (fun (t : Nat) => decide (e - t < p.RESTART_WINDOW_MS)) fl)
            ≥ RESTART_MAX_FAILURES) with
        | true => exact rfl
        | false =>
          cases hv : decide (List.length
              (List.filter (fun (t : Nat) => decide (e - t < p.RESTART_WINDOW_MS)) fl)
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
