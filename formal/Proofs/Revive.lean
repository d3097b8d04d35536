-- Proofs of the laws of spec/revive.yaml. Hand-written; the statements are generated in
-- generated/lean/Statute/Revive.lean and must not be restated here.
-- Written without a Lean toolchain (none on the machine that wrote them): unchecked until
-- `lake build` runs. A `_stmt` is a plain `def`, so a closed one is unfolded before `decide`
-- (instance search does not unfold it).
import Statute.Revive


namespace Statute.Revive.Proofs

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

/-- Two decided propositions that hold, as a Bool `&&`. -/
theorem both {p q : Prop} [Decidable p] [Decidable q] (hp : p) (hq : q) :
    (decide p && decide q) = true :=
  and_true_of (decide_eq_true hp) (decide_eq_true hq)

/-- The left disjunct of a Bool `||` is true. -/
theorem or_left_of {a b : Bool} (ha : a = true) : (a || b) = true := by
  cases ha
  rfl

/-- The `then` branch of an `if` is taken and true. -/
theorem on_then {c : Prop} [Decidable c] {x y : Bool} (hc : c) (hx : x = true) :
    (if c then x else y) = true :=
  (if_pos hc).trans hx

/-- The `else` branch of an `if` is taken and true. -/
theorem on_else {c : Prop} [Decidable c] {x y : Bool} (hc : ¬c) (hy : y = true) :
    (if c then x else y) = true :=
  (if_neg hc).trans hy

/-- revive_after_refresh: not yet proved (an invariant of BusyRefresh: induction over
  ReachableBusyRefresh relating the busy record, the due tick and the crash time). -/
theorem revive_after_refresh : Statute.Revive.revive_after_refresh_stmt := by
  sorry

/-- revive_busy_while_working: not yet proved. -/
theorem revive_busy_while_working : Statute.Revive.revive_busy_while_working_stmt := by
  sorry

/-- revive_veto_order: split the facts and unfold the veto (`simp only` with the definition
  only, for its zeta reduction: both comparisons read the `let` stamp), then generalize the two
  comparisons, which the law reads alike, and split the four flags and the stamp: each case is a
  Bool of constants (`exact rfl`, the stamp's value and the clock free). -/
theorem revive_veto_order : Statute.Revive.revive_veto_order_stmt := by
  intro f
  cases f with
  | mk g a l h st now =>
    simp only [decideRevivalVeto]
    cases hF : decide (Option.getD st 0 - now > Statute.Timeouts.REVIVAL_CLOCK_SKEW_MS) <;>
      cases hO : decide (now - Option.getD st 0 > Statute.Timeouts.REVIVAL_MAX_AGE_MS) <;>
      cases g <;> cases a <;> cases l <;> cases h <;> cases st <;> exact rfl

/-- revive_accepted_events: split the event; a work change is the law's fourth disjunct. For a
  tick or a crash unfold the step and generalize what it reads (`crashed`, the clock test, HasWork
  of the work set and the due-tick test): a dead worker's event is Ignored, a late one Refused
  (the first two disjuncts), and an accepted one is the last disjunct, whose record holds by
  evaluation. A boot reads only `crashed` and the clock test. -/
theorem revive_accepted_events : Statute.Revive.revive_accepted_events_stmt := by
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

/-- revive_veto_ages_as_model: not yet proved. The split of revive_veto_order leaves the second
  veto, at `now + 1`, with two comparisons of its own; they need the monotonicity of truncated
  subtraction (`t - (now + 1) ≤ t - now`, `now - t < now + 1 - t` when positive), which is left
  to port without omega. -/
theorem revive_veto_ages_as_model : Statute.Revive.revive_veto_ages_as_model_stmt := by
  sorry

/-- revive_veto_future_as_skew: the split of revive_veto_order; the future veto comes right after
  the unreadable one, so its comparison is the law's, and no arithmetic is needed. -/
theorem revive_veto_future_as_skew : Statute.Revive.revive_veto_future_as_skew_stmt := by
  intro f
  cases f with
  | mk g a l h st now =>
    simp only [decideRevivalVeto]
    cases hF : decide (Option.getD st 0 - now > Statute.Timeouts.REVIVAL_CLOCK_SKEW_MS) <;>
      cases hO : decide (now - Option.getD st 0 > Statute.Timeouts.REVIVAL_MAX_AGE_MS) <;>
      cases g <;> cases a <;> cases l <;> cases h <;> cases st <;> exact rfl

/-- revive_refresh_on_time: not yet proved (one step of BusyRefresh on any event from any state;
  `decide (n = s)` over a free state). -/
theorem revive_refresh_on_time : Statute.Revive.revive_refresh_on_time_stmt := by
  sorry

/-- revive_work_recorded: not yet proved (one Work step from any state, with `HasWork` of two
  free work sets). -/
theorem revive_work_recorded : Statute.Revive.revive_work_recorded_stmt := by
  sorry

end Statute.Revive.Proofs
