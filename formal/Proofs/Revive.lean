-- Proofs of the laws of spec/revive.yaml. Hand-written; the statements are generated in
-- generated/lean/Statute/Revive.lean and must not be restated here.
-- Written without a Lean toolchain (none on the machine that wrote them): unchecked until
-- `lake build` runs. A `_stmt` is a plain `def`, so a closed one is unfolded before `decide`
-- (instance search does not unfold it).
import Statute.Revive

namespace Statute.Revive.Proofs

/-- revive_after_refresh: not yet proved (an invariant of BusyRefresh: induction over
  ReachableBusyRefresh relating the busy record, the due tick and the crash time). -/
theorem revive_after_refresh : Statute.Revive.revive_after_refresh_stmt := by
  sorry

/-- revive_veto_ages_as_model: not yet proved. A candidate follows the theorem, unchecked and
  below the confidence this file asks for (it relies on `simp` closing 16 cases per branch). -/
theorem revive_veto_ages_as_model : Statute.Revive.revive_veto_ages_as_model_stmt := by
  sorry

/- Candidate proof of revive_veto_ages_as_model. Past the earlier vetoes the stamp is `some t`;
   a future stamp (t - now > skew) forces now < t, so the age now - t is 0, never too old; a
   too-old stamp forces t < now, so one ms later it is still not future and still too old.

  intro f
  cases f with
  | mk g a l h st now =>
    cases st with
    | none => cases g <;> cases a <;> cases l <;> cases h <;> simp [decideRevivalVeto]
    | some t =>
      by_cases hF : t - now > Statute.Timeouts.REVIVAL_CLOCK_SKEW_MS
      · have hlt : now < t := Nat.lt_of_sub_pos (Nat.lt_of_le_of_lt (Nat.zero_le _) hF)
        have h0 : now - t = 0 := Nat.sub_eq_zero_of_le (Nat.le_of_lt hlt)
        have hO : ¬ now - t > Statute.Timeouts.REVIVAL_MAX_AGE_MS := by
          intro hc; rw [h0] at hc; exact Nat.not_lt_zero _ hc
        cases g <;> cases a <;> cases l <;> cases h <;> simp [decideRevivalVeto, hF, hO]
      · by_cases hO : now - t > Statute.Timeouts.REVIVAL_MAX_AGE_MS
        · have hlt : t < now := Nat.lt_of_sub_pos (Nat.lt_of_le_of_lt (Nat.zero_le _) hO)
          have hle : t ≤ now + 1 := Nat.le_succ_of_le (Nat.le_of_lt hlt)
          have h0 : t - (now + 1) = 0 := Nat.sub_eq_zero_of_le hle
          have hF1 : ¬ t - (now + 1) > Statute.Timeouts.REVIVAL_CLOCK_SKEW_MS := by
            intro hc; rw [h0] at hc; exact Nat.not_lt_zero _ hc
          have hstep : now ≤ now + 1 := Nat.le_succ now
          have hO1 : now + 1 - t > Statute.Timeouts.REVIVAL_MAX_AGE_MS :=
            Nat.lt_of_lt_of_le hO (Nat.sub_le_sub_right hstep t)
          cases g <;> cases a <;> cases l <;> cases h <;>
            simp [decideRevivalVeto, hF, hO, hF1, hO1]
        · cases g <;> cases a <;> cases l <;> cases h <;> simp [decideRevivalVeto, hF, hO]
-/

/-- revive_veto_future_as_skew: the future veto comes right after the unreadable one, so no
  arithmetic is needed: split the four veto flags and the stamp, then both comparisons
  RevivalVeto reads (`by_cases`), and `simp` evaluates each closed case. -/
theorem revive_veto_future_as_skew : Statute.Revive.revive_veto_future_as_skew_stmt := by
  intro f
  cases f with
  | mk g a l h st now =>
    cases st with
    | none => cases g <;> cases a <;> cases l <;> cases h <;> simp [decideRevivalVeto]
    | some t =>
      by_cases hF : t - now > Statute.Timeouts.REVIVAL_CLOCK_SKEW_MS <;>
        by_cases hO : now - t > Statute.Timeouts.REVIVAL_MAX_AGE_MS <;>
        cases g <;> cases a <;> cases l <;> cases h <;> simp [decideRevivalVeto, hF, hO]

/-- revive_refresh_on_time: not yet proved (one step of BusyRefresh on any event from any state;
  `decide (n = s)` over a free state). -/
theorem revive_refresh_on_time : Statute.Revive.revive_refresh_on_time_stmt := by
  sorry

/-- revive_work_recorded: not yet proved (one Work step from any state, with `HasWork` of two
  free work sets). -/
theorem revive_work_recorded : Statute.Revive.revive_work_recorded_stmt := by
  sorry

end Statute.Revive.Proofs
