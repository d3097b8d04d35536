-- Proofs of the laws of spec/timeouts.yaml. Hand-written; the statements are generated in
-- generated/lean/Statute/Timeouts.lean and must not be restated here.
-- Checked by a Lean kernel as formal/checked.txt records (`statute proofs` says which
-- proofs, by which Lean, when). A `_stmt` is a plain `def`, so a closed one is unfolded before
-- `decide` (instance search does not unfold it).
import Statute.Timeouts
import Proofs.Lemmas


namespace Statute.Timeouts.Proofs

open Statute.Lemmas

/-- The five conjuncts of timeouts_ordered that hold for every parameters record: each left side
  is derived as the sum on its right (the derived constant unfolds, by `Nat.le_refl`; the
  launcher's wait adds a forced stop to the drain, `le_add_r'`). The other six are CheckTimeouts'
  relations, which the ranges alone do not give: `valid` assumes the check's acceptance. -/
theorem timeouts_ordered_by_definition (p : TimeoutsParams) :
    (decide (p.STOP_GRACE_MS ≥ p.KERNEL_TEARDOWN_MS + p.HARNESS_CLOSE_MS) &&
     decide (p.LAUNCHER_WAIT_MS ≥ p.SUPERVISOR_DRAIN_MS) &&
     decide (p.PARENT_KILL_MS ≥ p.ROUTE_TIMEOUT_MS + p.WORKER_STOP_MS) &&
     decide (p.REVIVAL_MAX_AGE_MS ≥ p.REVIVE_WITHIN_MS + p.BUSY_REFRESH_MS) &&
     decide (p.QUIESCE_HOLD_MS ≥ p.QUIESCE_ANSWER_MS + p.QUIESCE_COMMIT_MS)) = true :=
  and_true_of
    (and_true_of
      (and_true_of
        (and_true_of (decide_eq_true (Nat.le_refl _))
          (decide_eq_true (le_add_r' p.SUPERVISOR_DRAIN_MS p.FORCED_STOP_MS)))
        (decide_eq_true (Nat.le_refl _)))
      (decide_eq_true (Nat.le_refl _)))
    (decide_eq_true (Nat.le_refl _))

/-- timeouts_check_first_violated: unfold the decision and take its rules in order. Each relation
  is generalized as the law reads it (`a ≥ b`) and as the rule reads it (`a < b`), the two
  inconsistent cases closed by the helpers; where the rule fires the verdict names that relation
  and the law's arm reads only relations already generalized, so `exact rfl` evaluates it with
  the later ones free; past the last rule every relation holds and the verdict is Ordered. The
  range hypothesis is not needed. -/
theorem timeouts_check_first_violated :
    Statute.Timeouts.timeouts_check_first_violated_stmt := by
  intro f _
  unfold decideCheckTimeouts
  cases h1 : decide (f.worker_lost_exit_ms ≥
      min (f.client_relaunch_within_ms + f.daemon_startup_ms +
        f.reregistration_ms) WIRE_MAX_MS) with
  | false =>
    cases g1 : decide (f.worker_lost_exit_ms <
        min (f.client_relaunch_within_ms + f.daemon_startup_ms +
          f.reregistration_ms) WIRE_MAX_MS) with
    | false => cases g1.symm.trans (lt_true_of_not_ge h1)
    | true => exact rfl
  | true =>
    cases g1 : decide (f.worker_lost_exit_ms <
        min (f.client_relaunch_within_ms + f.daemon_startup_ms +
          f.reregistration_ms) WIRE_MAX_MS) with
    | true => cases g1.symm.trans (lt_false_of_ge h1)
    | false =>
      cases h2 : decide (f.restart_window_ms ≥
          min ((f.restart_max_failures + 1) * f.crash_loop_step_ms) WIRE_MAX_MS) with
      | false =>
        cases g2 : decide (f.restart_window_ms <
            min ((f.restart_max_failures + 1) * f.crash_loop_step_ms) WIRE_MAX_MS) with
        | false => cases g2.symm.trans (lt_true_of_not_ge h2)
        | true => exact rfl
      | true =>
        cases g2 : decide (f.restart_window_ms <
            min ((f.restart_max_failures + 1) * f.crash_loop_step_ms) WIRE_MAX_MS) with
        | true => cases g2.symm.trans (lt_false_of_ge h2)
        | false =>
          cases h3 : decide (f.worker_connect_ms ≥
              f.worker_auth_floor_ms) with
          | false =>
            cases g3 : decide (f.worker_connect_ms <
                f.worker_auth_floor_ms) with
            | false => cases g3.symm.trans (lt_true_of_not_ge h3)
            | true => exact rfl
          | true =>
            cases g3 : decide (f.worker_connect_ms <
                f.worker_auth_floor_ms) with
            | true => cases g3.symm.trans (lt_false_of_ge h3)
            | false =>
              cases h4 : decide (f.registration_backoff_max_ms ≥
                  f.registration_backoff_base_ms) with
              | false =>
                cases g4 : decide (f.registration_backoff_max_ms <
                    f.registration_backoff_base_ms) with
                | false => cases g4.symm.trans (lt_true_of_not_ge h4)
                | true => exact rfl
              | true =>
                cases g4 : decide (f.registration_backoff_max_ms <
                    f.registration_backoff_base_ms) with
                | true => cases g4.symm.trans (lt_false_of_ge h4)
                | false =>
                  cases h5 : decide (f.registration_backoff_base_ms ≥
                      1) with
                  | false =>
                    cases g5 : decide (f.registration_backoff_base_ms <
                        1) with
                    | false => cases g5.symm.trans (lt_true_of_not_ge h5)
                    | true => exact rfl
                  | true =>
                    cases g5 : decide (f.registration_backoff_base_ms <
                        1) with
                    | true => cases g5.symm.trans (lt_false_of_ge h5)
                    | false =>
                      cases h6 : decide (f.busy_refresh_ms ≥
                          1) with
                      | false =>
                        cases g6 : decide (f.busy_refresh_ms <
                            1) with
                        | false => cases g6.symm.trans (lt_true_of_not_ge h6)
                        | true => exact rfl
                      | true =>
                        cases g6 : decide (f.busy_refresh_ms <
                            1) with
                        | true => cases g6.symm.trans (lt_false_of_ge h6)
                        | false =>
                          exact rfl

/-- The six relations CheckTimeouts checks hold on any facts it accepts: timeouts_check_first_violated
  at those facts, its verdict split (Ordered gives the relations; a Violated verdict is not
  Ordered). -/
theorem accepted_relations {f : CheckTimeoutsFacts} (hle : f.restart_max_failures ≤ 64)
    (h : decideCheckTimeouts f = TimeoutsVerdict.Ordered) :
    (decide (f.worker_lost_exit_ms ≥
       min (f.client_relaunch_within_ms + f.daemon_startup_ms + f.reregistration_ms) WIRE_MAX_MS) &&
     decide (f.restart_window_ms ≥
       min ((f.restart_max_failures + 1) * f.crash_loop_step_ms) WIRE_MAX_MS) &&
     decide (f.worker_connect_ms ≥ f.worker_auth_floor_ms) &&
     decide (f.registration_backoff_max_ms ≥ f.registration_backoff_base_ms) &&
     decide (f.registration_backoff_base_ms ≥ 1) &&
     decide (f.busy_refresh_ms ≥ 1)) = true := by
  have k := timeouts_check_first_violated f hle
  exact match decideCheckTimeouts f, h, k with
    | TimeoutsVerdict.Ordered, _, k => by exact k
    | TimeoutsVerdict.Violated _, h, _ => by cases h

/-- timeouts_ordered, for every valid parameters record: the five derived relations by definition
  (timeouts_ordered_by_definition), the other six from the start-up check's acceptance, which
  `valid` assumes (`hp.2`: the runtime refuses to start on a record the check does not accept). -/
theorem timeouts_ordered : Statute.Timeouts.timeouts_ordered_stmt := by
  intro p hp
  have r := accepted_relations (by decide : Statute.Supervise.RESTART_MAX_FAILURES ≤ 64) hp.2
  exact and_true_of (and_true_of (and_true_of (and_true_of (and_true_of (and_true_of
    (timeouts_ordered_by_definition p)
    (and_left (and_left (and_left (and_left (and_left r))))))
    (and_right (and_left (and_left (and_left (and_left r))))))
    (and_right (and_left (and_left (and_left r)))))
    (and_right (and_left (and_left r))))
    (and_right (and_left r)))
    (and_right r)

end Statute.Timeouts.Proofs
