-- Proofs of the laws of spec/revive.yaml. Hand-written; the statements are generated in
-- generated/lean/Statute/Revive.lean and must not be restated here.
-- Checked by a Lean kernel as formal/checked.txt records (`statute proofs` says which
-- proofs, by which Lean, when). A `_stmt` is a plain `def`, so a closed one is unfolded before
-- `decide` (instance search does not unfold it).
import Statute.Revive
import Proofs.Lemmas


namespace Statute.Revive.Proofs

open Statute.Lemmas

/-- The left disjunct of a Bool `||` is true. -/
theorem or_left_of {a b : Bool} (ha : a = true) : (a || b) = true := by
  cases ha
  rfl

/-- The `else` branch of an `if` is taken (any type): the step to the next rule of a decision. -/
theorem else_of {α : Type} {c : Prop} [Decidable c] {x y z : α} (hc : ¬c) (h : y = z) :
    (if c then x else y) = z :=
  (if_neg hc).trans h

/-- A decided proposition that fails is not `true`. -/
theorem ne_true_of_not {p : Prop} [Decidable p] (h : ¬p) : ¬ (decide p = true) :=
  fun hc => h (of_decide_eq_true hc)

/-- `none` is no stamp. -/
theorem none_ne_some (r : Nat) : ¬ ((Option.none : Option Nat) = Option.some r) := by
  intro h
  cases h

/-- A work set without work has no run (HasWork's first rule is the run). -/
theorem run_of_idle (x : Statute.Orphan.WorkSet)
    (h : Statute.Orphan.decideHasWork ({ work := x } : Statute.Orphan.HasWorkFacts) = false) :
    x.run = false := by
  cases x with
  | mk r c q a b u ch wf wi =>
    cases r with
    | false => rfl
    | true => exact absurd h.symm ff_ne_tt

/-! Arithmetic on `Nat`, stated once and proved by induction with the definitional equations of
  `+` and `-` (`n + succ m = succ (n + m)`, `n - succ m = pred (n - m)`). Core names relied on:
  `Nat.le_refl`, `Nat.le_trans`, `Nat.le_succ`, `Nat.le_of_lt`, `Nat.zero_le`,
  `Nat.succ_le_succ`, `Nat.le_of_succ_le_succ`, `Nat.pred_le`, `Nat.pred_le_pred`,
  `Nat.lt_irrefl`, `Nat.lt_of_le_of_lt`, `Nat.lt_of_lt_of_le` (Prelude or early `Nat.Basic` in
  both the 2021 build and current Lean), `if_pos`, `if_neg`, `of_decide_eq_true/false`. -/

/-- Nothing is below a number at most 0. -/
theorem lt_zero_false {a b : Nat} (h1 : a < b) (h2 : b ≤ 0) : False :=
  not_lt_of_le' (Nat.le_trans h2 (Nat.zero_le a)) h1

/-- The step's clock test `t < now`, false: `now ≤ t`. -/
theorem le_of_lt_false {a b : Nat} (h : decide (a < b) = false) : b ≤ a :=
  le_of_not_lt' b a (of_decide_eq_false h)

/-- The step's due test `t > due`, false: `t ≤ due`. -/
theorem le_of_gt_false {a b : Nat} (h : decide (a > b) = false) : a ≤ b :=
  le_of_not_lt' a b (of_decide_eq_false h)

/-- `0 + n = n`. -/
theorem zero_add' (n : Nat) : 0 + n = n := by
  induction n with
  | zero => rfl
  | succ k ih => exact congrArg Nat.succ ih

/-- `succ n + m = succ (n + m)`. -/
theorem succ_add' (n m : Nat) : Nat.succ n + m = Nat.succ (n + m) := by
  induction m with
  | zero => rfl
  | succ k ih => exact congrArg Nat.succ ih

/-- `n + m = m + n`. -/
theorem add_comm' (n m : Nat) : n + m = m + n := by
  induction m with
  | zero => exact (zero_add' n).symm
  | succ k ih => exact (congrArg Nat.succ ih).trans (succ_add' k n).symm

/-- `a + b + c = a + (b + c)`. -/
theorem add_assoc' (a b c : Nat) : a + b + c = a + (b + c) := by
  induction c with
  | zero => rfl
  | succ k ih => exact congrArg Nat.succ ih

/-- `pred n ≤ c` gives `n ≤ succ c`. -/
theorem le_succ_of_pred_le (n c : Nat) (h : Nat.pred n ≤ c) : n ≤ Nat.succ c := by
  cases n with
  | zero => exact Nat.zero_le _
  | succ m => exact Nat.succ_le_succ h

/-- Truncated subtraction below a sum: `a ≤ c + b → a - b ≤ c` (induction on `b`). -/
theorem sub_le_of_le_add' (b : Nat) : ∀ (a c : Nat), a ≤ c + b → a - b ≤ c := by
  induction b with
  | zero =>
    intro a c h
    exact h
  | succ k ih =>
    intro a c h
    have h2 : a - k ≤ Nat.succ c :=
      ih a (Nat.succ c) (Nat.le_trans h (le_of_eq' (succ_add' c k).symm))
    have h3 : Nat.pred (a - k) ≤ Nat.pred (Nat.succ c) := Nat.pred_le_pred h2
    exact h3

/-- Back from truncated subtraction: `a - b ≤ c → a ≤ c + b` (induction on `b`). -/
theorem le_add_of_sub_le' (b : Nat) : ∀ (a c : Nat), a - b ≤ c → a ≤ c + b := by
  induction b with
  | zero =>
    intro a c h
    exact h
  | succ k ih =>
    intro a c h
    exact Nat.le_trans (ih a (Nat.succ c) (le_succ_of_pred_le (a - k) c h))
      (le_of_eq' (succ_add' c k))

/-- `a ≤ b` makes `a - b` zero (as `≤ 0`). -/
theorem sub_le_zero {a b : Nat} (h : a ≤ b) : a - b ≤ 0 :=
  sub_le_of_le_add' b a 0 (Nat.le_trans h (le_of_eq' (zero_add' b).symm))

/-- One more on the subtrahend takes at most one off: `x - (y + 1) ≤ x - y`. -/
theorem sub_succ_le (x y : Nat) : x - (y + 1) ≤ x - y :=
  Nat.pred_le (x - y)

/-- One more on the minuend adds at most one: `n - m ≤ n + 1 - m` (induction on `m`). -/
theorem sub_le_succ_sub (n m : Nat) : n - m ≤ n + 1 - m := by
  induction m with
  | zero => exact Nat.le_succ n
  | succ k ih =>
    have h3 : Nat.pred (n - k) ≤ Nat.pred (n + 1 - k) := Nat.pred_le_pred ih
    exact h3

/-- `min a b ≤ a`, from `min` as `if a ≤ b then a else b` (its definition in old and new core;
  current core proves `Nat.min_eq_left` by `if_pos` the same way). -/
theorem min_le_l (a b : Nat) : min a b ≤ a :=
  (bool_split (decide (a ≤ b))).elim
    (fun h => le_of_eq' (if_pos (of_decide_eq_true h)))
    (fun h => Nat.le_trans (le_of_eq' (if_neg (of_decide_eq_false h)))
      (Nat.le_trans (Nat.le_succ b)
        (le_of_not_lt' (Nat.succ b) a
          (fun h' => of_decide_eq_false h (Nat.le_of_succ_le_succ h')))))

/-! RevivalVeto's arithmetic. -/

/-- A stamp at most the booting clock is never in the future. -/
theorem not_future_of_le {p : ReviveParams} {r e : Nat} (h : r ≤ e) :
    ¬ (r - e > p.REVIVAL_CLOCK_SKEW_MS) :=
  not_lt_of_le' (Nat.le_trans (sub_le_zero h) (Nat.zero_le _))

/-- A boot within REVIVE_WITHIN_MS of a crash at most one refresh after the stamp finds the stamp
  at most REVIVAL_MAX_AGE_MS = REVIVE_WITHIN_MS + BUSY_REFRESH_MS old. -/
theorem not_old_of_window {p : ReviveParams} {e c r : Nat} (hw : e - c ≤ p.REVIVE_WITHIN_MS)
    (hc : c ≤ r + p.BUSY_REFRESH_MS) :
    ¬ (e - r > p.REVIVAL_MAX_AGE_MS) := by
  have hk : p.BUSY_REFRESH_MS + p.REVIVE_WITHIN_MS =
      p.REVIVAL_MAX_AGE_MS :=
    add_comm' p.BUSY_REFRESH_MS p.REVIVE_WITHIN_MS
  have h1 : e ≤ p.REVIVE_WITHIN_MS + c :=
    le_add_of_sub_le' c e p.REVIVE_WITHIN_MS hw
  have h2 : p.REVIVE_WITHIN_MS + c ≤
      (r + p.BUSY_REFRESH_MS) + p.REVIVE_WITHIN_MS :=
    Nat.le_trans (le_of_eq' (add_comm' p.REVIVE_WITHIN_MS c))
      (add_le_add_r p.REVIVE_WITHIN_MS hc)
  have h3 : r + p.BUSY_REFRESH_MS + p.REVIVE_WITHIN_MS =
      p.REVIVAL_MAX_AGE_MS + r :=
    (add_assoc' r p.BUSY_REFRESH_MS p.REVIVE_WITHIN_MS).trans
      ((add_comm' r (p.BUSY_REFRESH_MS + p.REVIVE_WITHIN_MS)).trans
        (congrArg (fun x => x + r) hk))
  exact not_lt_of_le' (sub_le_of_le_add' r e p.REVIVAL_MAX_AGE_MS
    (Nat.le_trans h1 (Nat.le_trans h2 (le_of_eq' h3))))

/-- A stamp in the future (`x - y > skew`, so `y < x`) is not too old (`y - x = 0`). -/
theorem not_old_of_future {p : ReviveParams} {x y : Nat} (hF : x - y > p.REVIVAL_CLOCK_SKEW_MS) :
    ¬ (y - x > p.REVIVAL_MAX_AGE_MS) :=
  fun hO => lt_zero_false hO (sub_le_zero (le_of_not_lt' y x
    (fun hxy => lt_zero_false hF (sub_le_zero (Nat.le_of_lt hxy)))))

/-- A stamp not in the future stays so one millisecond later. -/
theorem not_future_succ {p : ReviveParams} {x y : Nat} (hF : ¬ (x - y > p.REVIVAL_CLOCK_SKEW_MS)) :
    ¬ (x - (y + 1) > p.REVIVAL_CLOCK_SKEW_MS) :=
  fun h => hF (Nat.lt_of_lt_of_le h (sub_succ_le x y))

/-- A stamp too old stays too old one millisecond later. -/
theorem old_succ {p : ReviveParams} {x y : Nat} (hO : y - x > p.REVIVAL_MAX_AGE_MS) :
    y + 1 - x > p.REVIVAL_MAX_AGE_MS :=
  Nat.lt_of_lt_of_le hO (sub_le_succ_sub y x)

/-- RevivalVeto revives a readable busy stamp of a worker neither given up, archived nor leased,
  neither in the future nor too old: the seven rules' `else` branches in order (`else_of`, the
  unifier unfolding the decision to its `if` chain; the first five conditions reduce to
  `false = true`). -/
theorem veto_revive {p : ReviveParams} (r e : Nat)
    (hF : ¬ (r - e > p.REVIVAL_CLOCK_SKEW_MS))
    (hO : ¬ (e - r > p.REVIVAL_MAX_AGE_MS)) :
    decideRevivalVeto p
        ({ given_up := false,
           archived := false,
           live_lease := false,
           has_busy_time := Option.isSome (Option.some r),
           stamp_ms := Option.some r,
           now_ms := e } : RevivalVetoFacts) =
      Veto.Revive :=
  else_of ff_ne_tt (else_of ff_ne_tt (else_of ff_ne_tt (else_of ff_ne_tt (else_of ff_ne_tt
    (else_of (ne_true_of_not hF) (else_of (ne_true_of_not hO) rfl))))))

/-! The invariant of BusyRefresh. -/

/-- A later clock keeps every stamp at most the clock. -/
theorem stamp_later {p : ReviveParams} {record : Option Nat} {now t due : Nat}
    (h : ∀ r : Nat, record = Option.some r →
      r ≤ now ∧ due ≤ r + p.BUSY_REFRESH_MS)
    (ht : now ≤ t) :
    ∀ r : Nat, record = Option.some r → r ≤ t ∧ due ≤ r + p.BUSY_REFRESH_MS :=
  fun r hr => ⟨Nat.le_trans (h r hr).1 ht, (h r hr).2⟩

/-- A fresh busy record at `t`, the next tick due at most one refresh later. -/
theorem some_stamp {p : ReviveParams} {t now due : Nat} (h1 : t ≤ now)
    (h2 : due ≤ t + p.BUSY_REFRESH_MS) :
    ∀ r : Nat, Option.some t = Option.some r →
      r ≤ now ∧ due ≤ r + p.BUSY_REFRESH_MS := by
  intro r hr
  cases hr
  exact ⟨h1, h2⟩

/-- With a busy record, the due tick is at most one refresh after any later clock. -/
theorem due_bound {p : ReviveParams} {record : Option Nat} {now due t : Nat}
    (hb : Option.isSome record = true)
    (hs : ∀ r : Nat, record = Option.some r →
      r ≤ now ∧ due ≤ r + p.BUSY_REFRESH_MS)
    (ht : now ≤ t) : due ≤ t + p.BUSY_REFRESH_MS := by
  cases record with
  | none => exact absurd hb ff_ne_tt
  | some r0 =>
    exact Nat.le_trans (hs r0 rfl).2
      (add_le_add_r p.BUSY_REFRESH_MS (Nat.le_trans (hs r0 rfl).1 ht))

/-- The invariant of BusyRefresh behind revive_after_refresh and revive_busy_while_working: the
  latest record is busy exactly while there is work; a busy stamp is at most the clock and the
  due tick at most one refresh after it; a crashed worker crashed at its clock, and with work it
  crashed no later than its due tick (the step refuses an event past it). Induction on the
  reachability derivation; in a step the state is split into its fields, the step unfolded
  (`simp only` with its definitions, for the zeta reduction of its `let`s), and each condition it
  reads generalized (`cases h : e`) in the order it reads them, so that the state after the step
  reduces to a record literal; each case then gives the three facts for that literal, by
  evaluation (`rfl`, `absurd _ ff_ne_tt`) and the arithmetic above. An ignored or refused event
  leaves the state, so the hypothesis itself (`exact ih`). -/
theorem fresh_inv {p : ReviveParams} (s : BusyRefreshState) (h : ReachableBusyRefresh p s) :
    Option.isSome s.record =
        Statute.Orphan.decideHasWork ({ work := s.work } : Statute.Orphan.HasWorkFacts) ∧
      (∀ r : Nat, s.record = Option.some r →
        r ≤ s.now_ms ∧ s.due_ms ≤ r + p.BUSY_REFRESH_MS) ∧
      (s.crashed = true →
        s.crash_ms = s.now_ms ∧
          (Statute.Orphan.decideHasWork ({ work := s.work } : Statute.Orphan.HasWorkFacts) = true →
            s.now_ms ≤ s.due_ms)) := by
  induction h with
  | init => exact ⟨rfl, fun r hr => absurd hr (none_ne_some r), fun hc => absurd hc ff_ne_tt⟩
  | step s e _ ih =>
    cases s with
    | mk now work record due crashed crash =>
      cases e with
      | Work t w =>
        simp only [stepBusyRefresh, stepBusyRefreshOnWork]
        cases crashed with
        | true => exact ih
        | false =>
          cases hlt : decide (t < now) with
          | true => exact ih
          | false =>
            cases hw : Statute.Orphan.decideHasWork
                ({ work := work } : Statute.Orphan.HasWorkFacts) with
            | true =>
              cases hgt : decide (t > due) with
              | true => exact ih
              | false =>
                cases hv : Statute.Orphan.decideHasWork
                    ({ work := w } : Statute.Orphan.HasWorkFacts) with
                | false =>
                  exact ⟨hv.symm, fun r hr => absurd hr (none_ne_some r),
                    fun hc => absurd hc ff_ne_tt⟩
                | true =>
                  cases hr : decide (work.run ≠ w.run) with
                  | true =>
                    exact ⟨hv.symm,
                      some_stamp (Nat.le_refl t)
                        (due_bound (ih.1.trans hw) ih.2.1 (le_of_lt_false hlt)),
                      fun hc => absurd hc ff_ne_tt⟩
                  | false =>
                    exact ⟨ih.1.trans (hw.trans hv.symm), stamp_later ih.2.1 (le_of_lt_false hlt),
                      fun hc => absurd hc ff_ne_tt⟩
            | false =>
              cases hv : Statute.Orphan.decideHasWork
                  ({ work := w } : Statute.Orphan.HasWorkFacts) with
              | true =>
                exact ⟨hv.symm,
                  some_stamp (Nat.le_refl t)
                    (min_le_l (t + p.BUSY_REFRESH_MS) Statute.Timeouts.WIRE_MAX_MS),
                  fun hc => absurd hc ff_ne_tt⟩
              | false =>
                cases hr : decide (work.run ≠ w.run) with
                | true =>
                  exact absurd ((run_of_idle work hw).trans (run_of_idle w hv).symm)
                    (of_decide_eq_true hr)
                | false =>
                  exact ⟨ih.1.trans (hw.trans hv.symm), stamp_later ih.2.1 (le_of_lt_false hlt),
                    fun hc => absurd hc ff_ne_tt⟩
      | Tick t =>
        simp only [stepBusyRefresh, stepBusyRefreshOnTick]
        cases crashed with
        | true => exact ih
        | false =>
          cases hlt : decide (t < now) with
          | true => exact ih
          | false =>
            cases hw : Statute.Orphan.decideHasWork
                ({ work := work } : Statute.Orphan.HasWorkFacts) with
            | true =>
              cases hgt : decide (t > due) with
              | true => exact ih
              | false =>
                exact ⟨hw.symm,
                  some_stamp (Nat.le_refl t)
                    (min_le_l (t + p.BUSY_REFRESH_MS) Statute.Timeouts.WIRE_MAX_MS),
                  fun hc => absurd hc ff_ne_tt⟩
            | false =>
              exact ⟨ih.1, stamp_later ih.2.1 (le_of_lt_false hlt), fun hc => absurd hc ff_ne_tt⟩
      | Crash t =>
        simp only [stepBusyRefresh, stepBusyRefreshOnCrash]
        cases crashed with
        | true => exact ih
        | false =>
          cases hlt : decide (t < now) with
          | true => exact ih
          | false =>
            cases hw : Statute.Orphan.decideHasWork
                ({ work := work } : Statute.Orphan.HasWorkFacts) with
            | true =>
              cases hgt : decide (t > due) with
              | true => exact ih
              | false =>
                exact ⟨ih.1, stamp_later ih.2.1 (le_of_lt_false hlt),
                  fun _ => ⟨rfl, fun _ => le_of_gt_false hgt⟩⟩
            | false =>
              exact ⟨ih.1, stamp_later ih.2.1 (le_of_lt_false hlt),
                fun _ => ⟨rfl, fun hh => absurd (hw.symm.trans hh) ff_ne_tt⟩⟩
      | Boot t =>
        simp only [stepBusyRefresh, stepBusyRefreshOnBoot]
        cases crashed with
        | false => exact ih
        | true =>
          cases hlt : decide (t < now) with
          | true => exact ih
          | false => exact ih

/-- revive_after_refresh: the invariant `fresh_inv`. Generalize the law's four premises
  (`s.crashed`, HasWork, the clock test and the window test; each false case is a Bool of
  constants) and the record: none contradicts HasWork (the busy record is there while there is
  work); `some r` is revived by `veto_revive`: `r ≤ now ≤ e`, so not in the future; the crash
  was at the clock, no later than the due tick, at most one refresh after `r`, and the boot at
  most REVIVE_WITHIN_MS after the crash, so `e - r ≤ REVIVE_WITHIN_MS + BUSY_REFRESH_MS`. -/
theorem revive_after_refresh : Statute.Revive.revive_after_refresh_stmt := by
  intro p _
  intro s e h
  have hi := fresh_inv s h
  cases hc : s.crashed with
  | false => exact rfl
  | true =>
    cases hw : Statute.Orphan.decideHasWork
        ({ work := s.work } : Statute.Orphan.HasWorkFacts) with
    | false => exact rfl
    | true =>
      cases hge : decide (e ≥ s.now_ms) with
      | false => exact rfl
      | true =>
        cases hin : decide (e - s.crash_ms ≤ p.REVIVE_WITHIN_MS) with
        | false => exact rfl
        | true =>
          cases hr : s.record with
          | none =>
            exact absurd ((congrArg Option.isSome hr).symm.trans (hi.1.trans hw)) ff_ne_tt
          | some r =>
            have hst := hi.2.1 r hr
            have hcr := hi.2.2 hc
            have hnd : s.now_ms ≤ s.due_ms := hcr.2 hw
            have hen : s.now_ms ≤ e := of_decide_eq_true hge
            have hcb : s.crash_ms ≤ r + p.BUSY_REFRESH_MS :=
              Nat.le_trans (le_of_eq' hcr.1) (Nat.le_trans hnd hst.2)
            exact or_right_of (decide_eq_true (veto_revive r e
              (not_future_of_le (Nat.le_trans hst.1 hen))
              (not_old_of_window (of_decide_eq_true hin) hcb)))

/-- revive_busy_while_working: the invariant `fresh_inv`, its first two facts, with the record
  generalized (none: the idle case is true by evaluation; `some r`: `both` facts of the stamp). -/
theorem revive_busy_while_working : Statute.Revive.revive_busy_while_working_stmt := by
  intro p _
  intro s h
  have hi := fresh_inv s h
  cases hr : s.record with
  | none => exact and_true_of (decide_eq_true ((congrArg Option.isSome hr).symm.trans hi.1)) rfl
  | some r =>
    exact and_true_of (decide_eq_true ((congrArg Option.isSome hr).symm.trans hi.1))
      (or_right_of (both (hi.2.1 r hr).1 (hi.2.1 r hr).2))

/-- revive_veto_order: split the facts and unfold the veto (`simp only` with the definition
  only, for its zeta reduction: both comparisons read the `let` stamp), then generalize the two
  comparisons, which the law reads alike, and split the four flags and the stamp: each case is a
  Bool of constants (`exact rfl`, the stamp's value and the clock free). -/
theorem revive_veto_order : Statute.Revive.revive_veto_order_stmt := by
  intro p _
  intro f
  cases f with
  | mk g a l h st now =>
    simp only [decideRevivalVeto]
    cases hF : decide (Option.getD st 0 - now > p.REVIVAL_CLOCK_SKEW_MS) <;>
      cases hO : decide (now - Option.getD st 0 > p.REVIVAL_MAX_AGE_MS) <;>
      cases g <;> cases a <;> cases l <;> cases h <;> cases st <;> exact rfl

/-- revive_accepted_events: split the event; a work change is the law's fourth disjunct. For a
  tick or a crash unfold the step and generalize what it reads (`crashed`, the clock test, HasWork
  of the work set and the due-tick test): a dead worker's event is Ignored, a late one Refused
  (the first two disjuncts), and an accepted one is the last disjunct, whose record holds by
  evaluation. A boot reads only `crashed` and the clock test. -/
theorem revive_accepted_events : Statute.Revive.revive_accepted_events_stmt := by
  intro p _
  intro s e _
  cases e with
  | Work t w => exact or_left_of (or_right_of rfl)
  | Tick t =>
    unfold stepBusyRefresh stepBusyRefreshOnTick
    cases hc : s.crashed with
    | true => exact or_left_of (or_left_of (or_left_of (or_left_of (decide_eq_true rfl))))
    | false =>
      cases hlt : decide (t < s.now_ms) with
      | true => exact or_left_of (or_left_of (or_left_of (or_right_of (decide_eq_true rfl))))
      | false =>
        cases hw : Statute.Orphan.decideHasWork
            ({ work := s.work } : Statute.Orphan.HasWorkFacts) with
        | false => exact or_right_of (on_else ff_ne_tt (both rfl rfl))
        | true =>
          cases hgt : decide (t > s.due_ms) with
          | true => exact or_left_of (or_left_of (or_left_of (or_right_of (decide_eq_true rfl))))
          | false => exact or_right_of (on_then rfl (both rfl rfl))
  | Crash t =>
    unfold stepBusyRefresh stepBusyRefreshOnCrash
    cases hc : s.crashed with
    | true => exact or_left_of (or_left_of (or_left_of (or_left_of (decide_eq_true rfl))))
    | false =>
      cases hlt : decide (t < s.now_ms) with
      | true => exact or_left_of (or_left_of (or_left_of (or_right_of (decide_eq_true rfl))))
      | false =>
        cases hw : Statute.Orphan.decideHasWork
            ({ work := s.work } : Statute.Orphan.HasWorkFacts) with
        | false => exact or_right_of (both rfl rfl)
        | true =>
          cases hgt : decide (t > s.due_ms) with
          | true => exact or_left_of (or_left_of (or_left_of (or_right_of (decide_eq_true rfl))))
          | false => exact or_right_of (both rfl rfl)
  | Boot t =>
    unfold stepBusyRefresh stepBusyRefreshOnBoot
    cases hc : s.crashed with
    | false => exact or_left_of (or_left_of (or_left_of (or_left_of (decide_eq_true rfl))))
    | true =>
      cases hlt : decide (t < s.now_ms) with
      | true => exact or_left_of (or_left_of (or_left_of (or_right_of (decide_eq_true rfl))))
      | false => exact or_right_of (both rfl rfl)

/-- revive_veto_ages_as_model: split the facts and unfold both vetoes (`simp only` with the
  definition, for the zeta reduction of the `let` stamp), then generalize the comparisons: the
  future and too-old tests at the clock and, where the first veto is TooOld, at the clock + 1.
  The inconsistent combinations are refuted by arithmetic: a stamp in the future is not too old
  (`not_old_of_future`), one not in the future stays so a millisecond later (`not_future_succ`),
  one too old stays too old (`old_succ`). Every other case, the four flags and the stamp split, is
  a Bool of constants (`exact rfl`); where the first veto is not TooOld the second is never read. -/
theorem revive_veto_ages_as_model : Statute.Revive.revive_veto_ages_as_model_stmt := by
  intro p _
  intro f
  cases f with
  | mk g a l h st now =>
    simp only [decideRevivalVeto]
    cases hF : decide (Option.getD st 0 - now > p.REVIVAL_CLOCK_SKEW_MS) with
    | true =>
      cases hO : decide (now - Option.getD st 0 > p.REVIVAL_MAX_AGE_MS) with
      | true => exact absurd (of_decide_eq_true hO) (not_old_of_future (of_decide_eq_true hF))
      | false => cases g <;> cases a <;> cases l <;> cases h <;> cases st <;> exact rfl
    | false =>
      cases hO : decide (now - Option.getD st 0 > p.REVIVAL_MAX_AGE_MS) with
      | false => cases g <;> cases a <;> cases l <;> cases h <;> cases st <;> exact rfl
      | true =>
        cases hF1 : decide (Option.getD st 0 - (now + 1) >
            p.REVIVAL_CLOCK_SKEW_MS) with
        | true => exact absurd (of_decide_eq_true hF1) (not_future_succ (of_decide_eq_false hF))
        | false =>
          cases hO1 : decide (now + 1 - Option.getD st 0 >
              p.REVIVAL_MAX_AGE_MS) with
          | false => exact absurd (old_succ (of_decide_eq_true hO)) (of_decide_eq_false hO1)
          | true => cases g <;> cases a <;> cases l <;> cases h <;> cases st <;> exact rfl

/-- revive_veto_future_as_skew: the split of revive_veto_order; the future veto comes right after
  the unreadable one, so its comparison is the law's, and no arithmetic is needed. -/
theorem revive_veto_future_as_skew : Statute.Revive.revive_veto_future_as_skew_stmt := by
  intro p _
  intro f
  cases f with
  | mk g a l h st now =>
    simp only [decideRevivalVeto]
    cases hF : decide (Option.getD st 0 - now > p.REVIVAL_CLOCK_SKEW_MS) <;>
      cases hO : decide (now - Option.getD st 0 > p.REVIVAL_MAX_AGE_MS) <;>
      cases g <;> cases a <;> cases l <;> cases h <;> cases st <;> exact rfl

/-- revive_refresh_on_time: split the state and the event, unfold the step (`simp only` with its
  definitions, for the zeta reduction of the law's and the step's `let`s), and generalize what
  the step reads in its order (`crashed`, the clock test, HasWork, the due test, and for a work
  change HasWork of the new set and the run test). An ignored or refused event: the two verdict
  tests are Bools of constants (`rfl`) and the state is unchanged (`decide_eq_true rfl`, the
  step's state reducing to the same record); any other event: the whole law is a Bool of
  constants (`exact rfl`). -/
theorem revive_refresh_on_time : Statute.Revive.revive_refresh_on_time_stmt := by
  intro p _
  intro s e _
  cases s with
  | mk now work record due crashed crash =>
    cases e with
    | Work t w =>
      simp only [stepBusyRefresh, stepBusyRefreshOnWork]
      cases crashed with
      | true => exact and_true_of (and_true_of rfl rfl) (or_right_of (decide_eq_true rfl))
      | false =>
        cases hlt : decide (t < now) with
        | true => exact and_true_of (and_true_of rfl rfl) (or_right_of (decide_eq_true rfl))
        | false =>
          cases hw : Statute.Orphan.decideHasWork ({ work := work } : Statute.Orphan.HasWorkFacts) with
          | true =>
            cases hgt : decide (t > due) with
            | true => exact and_true_of (and_true_of rfl rfl) (or_right_of (decide_eq_true rfl))
            | false =>
              cases hv : Statute.Orphan.decideHasWork ({ work := w } : Statute.Orphan.HasWorkFacts) <;> cases hr : decide (work.run ≠ w.run) <;> exact rfl
          | false =>
            cases hv : Statute.Orphan.decideHasWork ({ work := w } : Statute.Orphan.HasWorkFacts) <;> cases hr : decide (work.run ≠ w.run) <;> exact rfl
    | Tick t =>
      simp only [stepBusyRefresh, stepBusyRefreshOnTick]
      cases crashed with
      | true => exact and_true_of (and_true_of rfl rfl) (or_right_of (decide_eq_true rfl))
      | false =>
        cases hlt : decide (t < now) with
        | true => exact and_true_of (and_true_of rfl rfl) (or_right_of (decide_eq_true rfl))
        | false =>
          cases hw : Statute.Orphan.decideHasWork ({ work := work } : Statute.Orphan.HasWorkFacts) with
          | true =>
            cases hgt : decide (t > due) with
            | true => exact and_true_of (and_true_of rfl rfl) (or_right_of (decide_eq_true rfl))
            | false => exact rfl
          | false => exact rfl
    | Crash t =>
      simp only [stepBusyRefresh, stepBusyRefreshOnCrash]
      cases crashed with
      | true => exact and_true_of (and_true_of rfl rfl) (or_right_of (decide_eq_true rfl))
      | false =>
        cases hlt : decide (t < now) with
        | true => exact and_true_of (and_true_of rfl rfl) (or_right_of (decide_eq_true rfl))
        | false =>
          cases hw : Statute.Orphan.decideHasWork ({ work := work } : Statute.Orphan.HasWorkFacts) with
          | true =>
            cases hgt : decide (t > due) with
            | true => exact and_true_of (and_true_of rfl rfl) (or_right_of (decide_eq_true rfl))
            | false => exact rfl
          | false => exact rfl
    | Boot t =>
      simp only [stepBusyRefresh, stepBusyRefreshOnBoot]
      cases crashed with
      | false => exact and_true_of (and_true_of rfl rfl) (or_right_of (decide_eq_true rfl))
      | true =>
        cases hlt : decide (t < now) with
        | true => exact and_true_of (and_true_of rfl rfl) (or_right_of (decide_eq_true rfl))
        | false => exact rfl

/-- revive_work_recorded: as revive_refresh_on_time for a work change. Ignored and refused
  changes make the first disjuncts true by evaluation (`exact rfl`); for an accepted change the
  law's `starts`, `stops` and `busy` read the same generalized HasWork and run tests as the step,
  so its record literal and verdict reduce to the step's (`decide_eq_true rfl`, `rfl`). -/
theorem revive_work_recorded : Statute.Revive.revive_work_recorded_stmt := by
  intro p _
  intro s t w _
  cases s with
  | mk now work record due crashed crash =>
    simp only [stepBusyRefresh, stepBusyRefreshOnWork]
    cases crashed with
    | true => exact rfl
    | false =>
      cases hlt : decide (t < now) with
      | true => exact rfl
      | false =>
        cases hw : Statute.Orphan.decideHasWork ({ work := work } : Statute.Orphan.HasWorkFacts) with
        | true =>
          cases hgt : decide (t > due) with
          | true => exact rfl
          | false =>
            cases hv : Statute.Orphan.decideHasWork ({ work := w } : Statute.Orphan.HasWorkFacts) <;> cases hr : decide (work.run ≠ w.run) <;>
              exact or_right_of (and_true_of (decide_eq_true rfl) rfl)
        | false =>
          cases hv : Statute.Orphan.decideHasWork ({ work := w } : Statute.Orphan.HasWorkFacts) <;> cases hr : decide (work.run ≠ w.run) <;>
            exact or_right_of (and_true_of (decide_eq_true rfl) rfl)

end Statute.Revive.Proofs
