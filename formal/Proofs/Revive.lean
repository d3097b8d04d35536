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

/-- revive_busy_while_working: not yet proved. -/
theorem revive_busy_while_working : Statute.Revive.revive_busy_while_working_stmt := by
  sorry

/-- revive_veto_order: not yet proved. -/
theorem revive_veto_order : Statute.Revive.revive_veto_order_stmt := by
  sorry

/-- revive_accepted_events: not yet proved. -/
theorem revive_accepted_events : Statute.Revive.revive_accepted_events_stmt := by
  sorry

/-- revive_veto_ages_as_model: not yet proved. A candidate follows the theorem, unchecked and
  below the confidence this file asks for (it relies on `simp` closing 16 cases per branch). -/
theorem revive_veto_ages_as_model : Statute.Revive.revive_veto_ages_as_model_stmt := by
  sorry

/-- revive_veto_future_as_skew: the future veto comes right after the unreadable one, so no
  arithmetic is needed: split the four veto flags and the stamp, then both comparisons
  RevivalVeto reads (`by_cases`), and `simp` evaluates each closed case. -/
theorem revive_veto_future_as_skew : Statute.Revive.revive_veto_future_as_skew_stmt := by
  sorry

/- Earlier candidate, outside the tactic list (by_cases, bare simp), kept to port:
    intro f
    cases f with
    | mk g a l h st now =>
      cases st with
      | none => cases g <;> cases a <;> cases l <;> cases h <;> simp [decideRevivalVeto]
      | some t =>
        by_cases hF : t - now > Statute.Timeouts.REVIVAL_CLOCK_SKEW_MS <;>
          by_cases hO : now - t > Statute.Timeouts.REVIVAL_MAX_AGE_MS <;>
          cases g <;> cases a <;> cases l <;> cases h <;> simp [decideRevivalVeto, hF, hO]
-/

/-- revive_refresh_on_time: not yet proved (one step of BusyRefresh on any event from any state;
  `decide (n = s)` over a free state). -/
theorem revive_refresh_on_time : Statute.Revive.revive_refresh_on_time_stmt := by
  sorry

/-- revive_work_recorded: not yet proved (one Work step from any state, with `HasWork` of two
  free work sets). -/
theorem revive_work_recorded : Statute.Revive.revive_work_recorded_stmt := by
  sorry

end Statute.Revive.Proofs
