-- Proofs of the laws of spec/launcher.yaml. Hand-written; the statements are generated in
-- generated/lean/Statute/Launcher.lean and must not be restated here.
-- Written without a Lean toolchain (none on the machine that wrote them): unchecked until
-- `lake build` runs. A `_stmt` is a plain `def`, so a closed one is unfolded before `decide`
-- (instance search does not unfold it).
import Statute.Launcher


namespace Statute.Launcher.Proofs

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

/-- The `then` branch of an `if` is taken and true. -/
theorem on_then {c : Prop} [Decidable c] {x y : Bool} (hc : c) (hx : x = true) :
    (if c then x else y) = true :=
  (if_pos hc).trans hx

/-- The `else` branch of an `if` is taken and true. -/
theorem on_else {c : Prop} [Decidable c] {x y : Bool} (hc : ¬c) (hy : y = true) :
    (if c then x else y) = true :=
  (if_neg hc).trans hy

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

/-- quiesce_gate_admits: generalize the addressed worker and HasWork of the new work set; a
  stopped worker, or a closed gate with work, refuses the change and keeps the state, any other
  change is taken whole; each case by evaluation with the lists free. -/
theorem quiesce_gate_admits : Statute.Launcher.quiesce_gate_admits_stmt := by
  intro s w work _
  unfold stepQuiesce stepQuiesceOnWork
  cases hm : List.getD s.workers w
      ({ gate := Gate.Open,
            answer := Answer.Unasked,
            work := ({ run := false, compaction := false, queued_input := false,
                       admitted_run_start := false, background_job := false, user_bash := false,
                       unsettled_child := false, workflow_run := false, withdrawn_input := false
                     } : Statute.Orphan.WorkSet),
            stopped := false } : Worker) with
  | mk g a wk st =>
    cases hw : Statute.Orphan.decideHasWork ({ work := work } : Statute.Orphan.HasWorkFacts) with
    | false => cases st with
      | true => exact and_true_of rfl (on_then rfl (decide_eq_true rfl))
      | false => cases g <;> exact and_true_of rfl (on_else ff_ne_tt (both rfl rfl))
    | true => cases st with
      | true => exact and_true_of rfl (on_then rfl (decide_eq_true rfl))
      | false => cases g with
        | Open => exact and_true_of rfl (on_else ff_ne_tt (both rfl rfl))
        | Closed => exact and_true_of rfl (on_then rfl (decide_eq_true rfl))

/-- quiesce_ask_opens_a_round: generalize the phase; only a serving supervisor opens a
  round, and the law's record is the step's, by evaluation with the workers free. -/
theorem quiesce_ask_opens_a_round : Statute.Launcher.quiesce_ask_opens_a_round_stmt := by
  intro s _
  unfold stepQuiesce stepQuiesceOnAsk
  cases hp : s.phase with
  | Serving => exact on_then rfl (both rfl rfl)
  | Asking => exact on_else ff_ne_tt (both rfl rfl)
  | Stopping => exact on_else ff_ne_tt (both rfl rfl)
  | Lost => exact on_else ff_ne_tt (both rfl rfl)

/-- quiesce_answer_only_in_round: generalize the phase and the addressed worker; an answer out
  of a round, a repeated one or one of a stopped worker is ignored with the state kept (the
  second conjunct by `decide_eq_true rfl`); an accepted one is not ignored, whichever way
  HasWork of the worker's set goes, so its fields are split until the case is constant. -/
theorem quiesce_answer_only_in_round : Statute.Launcher.quiesce_answer_only_in_round_stmt := by
  intro s w _
  unfold stepQuiesce stepQuiesceOnAnswer
  cases hm : List.getD s.workers w
      ({ gate := Gate.Open,
            answer := Answer.Unasked,
            work := ({ run := false, compaction := false, queued_input := false,
                       admitted_run_start := false, background_job := false, user_bash := false,
                       unsettled_child := false, workflow_run := false, withdrawn_input := false
                     } : Statute.Orphan.WorkSet),
            stopped := false } : Worker) with
  | mk g a wk st =>
    cases hp : s.phase with
    | Serving => exact and_true_of rfl (or_right_of (decide_eq_true rfl))
    | Stopping => exact and_true_of rfl (or_right_of (decide_eq_true rfl))
    | Lost => exact and_true_of rfl (or_right_of (decide_eq_true rfl))
    | Asking =>
      cases a with
      | Quiesced => exact and_true_of rfl (or_right_of (decide_eq_true rfl))
      | Busy => exact and_true_of rfl (or_right_of (decide_eq_true rfl))
      | Unasked =>
        cases st with
        | true => exact and_true_of rfl (or_right_of (decide_eq_true rfl))
        | false =>
          cases wk with
          | mk r c q ar b u ch wf wd =>
            cases r <;> cases c <;> cases q <;> cases ar <;> cases b <;> cases u <;> cases ch <;>
              cases wf <;> exact rfl

/-- quiesce_answer_by_work: not yet proved (one step on a worker list
  of any length: needs `List.getD` / `List.set` lemmas). -/
theorem quiesce_answer_by_work : Statute.Launcher.quiesce_answer_by_work_stmt := by
  sorry

/-- quiesce_commit_only_all_quiesced: generalize the phase and whether every answer is
  Quiesced; the five conjuncts are constants but the one naming the step's record, which holds by
  evaluation with the workers free. -/
theorem quiesce_commit_only_all_quiesced :
    Statute.Launcher.quiesce_commit_only_all_quiesced_stmt := by
  intro s _
  unfold stepQuiesce stepQuiesceOnCommit
  cases hq : List.all s.workers (fun (x : Worker) => decide (x.answer = Answer.Quiesced)) with
  | true =>
    cases hp : s.phase with
    | Asking =>
      exact and_true_of
        (and_true_of (and_true_of (and_true_of rfl rfl) rfl) (or_right_of (decide_eq_true rfl))) rfl
    | Serving =>
      exact and_true_of
        (and_true_of (and_true_of (and_true_of rfl rfl) (or_right_of (decide_eq_true rfl))) rfl) rfl
    | Stopping =>
      exact and_true_of
        (and_true_of (and_true_of (and_true_of rfl rfl) (or_right_of (decide_eq_true rfl))) rfl) rfl
    | Lost =>
      exact and_true_of
        (and_true_of (and_true_of (and_true_of rfl rfl) (or_right_of (decide_eq_true rfl))) rfl) rfl
  | false =>
    cases hp : s.phase with
    | Asking =>
      exact and_true_of
        (and_true_of (and_true_of (and_true_of rfl rfl) rfl) rfl) (or_right_of (decide_eq_true rfl))
    | Serving =>
      exact and_true_of
        (and_true_of (and_true_of (and_true_of rfl rfl) (or_right_of (decide_eq_true rfl))) rfl) rfl
    | Stopping =>
      exact and_true_of
        (and_true_of (and_true_of (and_true_of rfl rfl) (or_right_of (decide_eq_true rfl))) rfl) rfl
    | Lost =>
      exact and_true_of
        (and_true_of (and_true_of (and_true_of rfl rfl) (or_right_of (decide_eq_true rfl))) rfl) rfl

/-- quiesce_answer_timeout_ends_the_round: generalize the phase; only an asking supervisor ends
  its round on the timeout. -/
theorem quiesce_answer_timeout_ends_the_round :
    Statute.Launcher.quiesce_answer_timeout_ends_the_round_stmt := by
  intro s _
  unfold stepQuiesce stepQuiesceOnAnswerTimeout
  cases hp : s.phase with
  | Serving => exact on_else ff_ne_tt (both rfl rfl)
  | Asking => exact on_then rfl (both rfl rfl)
  | Stopping => exact on_else ff_ne_tt (both rfl rfl)
  | Lost => exact on_else ff_ne_tt (both rfl rfl)

/-- quiesce_answers_belong_to_the_round: not yet proved (an invariant: induction over
  ReachableQuiesce). -/
theorem quiesce_answers_belong_to_the_round :
    Statute.Launcher.quiesce_answers_belong_to_the_round_stmt := by
  sorry

/-- quiesce_stop_only_at_a_closed_gate: generalize the addressed worker (the `List.getD` both
  the step and the law bind as `me`, split into its fields) and the phase, then the worker's stop
  flag and gate; the law's `if` takes the step's branch and both conjuncts hold by evaluation,
  with the worker list and the worker's other fields free. -/
theorem quiesce_stop_only_at_a_closed_gate :
    Statute.Launcher.quiesce_stop_only_at_a_closed_gate_stmt := by
  intro s w _
  unfold stepQuiesce stepQuiesceOnStop
  cases hm : List.getD s.workers w
      ({ gate := Gate.Open,
            answer := Answer.Unasked,
            work := ({ run := false, compaction := false, queued_input := false,
                       admitted_run_start := false, background_job := false, user_bash := false,
                       unsettled_child := false, workflow_run := false, withdrawn_input := false
                     } : Statute.Orphan.WorkSet),
            stopped := false } : Worker) with
  | mk g a wk st =>
    cases hp : s.phase with
    | Serving => exact on_then rfl (both rfl rfl)
    | Asking => exact on_then rfl (both rfl rfl)
    | Lost => exact on_then rfl (both rfl rfl)
    | Stopping =>
      cases st with
      | true => exact on_then rfl (both rfl rfl)
      | false =>
        cases g with
        | Open => exact on_else ff_ne_tt (on_then rfl (both rfl rfl))
        | Closed => exact on_else ff_ne_tt (on_else ff_ne_tt (both rfl rfl))

/-- quiesce_release_reopens: as quiesce_stop_only_at_a_closed_gate: a release reopens
  the gate of a live worker whose gate is closed, unless the supervisor is lost. -/
theorem quiesce_release_reopens : Statute.Launcher.quiesce_release_reopens_stmt := by
  intro s w _
  unfold stepQuiesce stepQuiesceOnRelease
  cases hm : List.getD s.workers w
      ({ gate := Gate.Open,
            answer := Answer.Unasked,
            work := ({ run := false, compaction := false, queued_input := false,
                       admitted_run_start := false, background_job := false, user_bash := false,
                       unsettled_child := false, workflow_run := false, withdrawn_input := false
                     } : Statute.Orphan.WorkSet),
            stopped := false } : Worker) with
  | mk g a wk st =>
    cases hp : s.phase with
    | Lost => exact on_then rfl (both rfl rfl)
    | Serving =>
      cases st with
      | true => exact on_then rfl (both rfl rfl)
      | false =>
        cases g with
        | Open => exact on_then rfl (both rfl rfl)
        | Closed => exact on_else ff_ne_tt (both rfl rfl)
    | Asking =>
      cases st with
      | true => exact on_then rfl (both rfl rfl)
      | false =>
        cases g with
        | Open => exact on_then rfl (both rfl rfl)
        | Closed => exact on_else ff_ne_tt (both rfl rfl)
    | Stopping =>
      cases st with
      | true => exact on_then rfl (both rfl rfl)
      | false =>
        cases g with
        | Open => exact on_then rfl (both rfl rfl)
        | Closed => exact on_else ff_ne_tt (both rfl rfl)

/-- quiesce_hold_reopens: as quiesce_release_reopens, without the phase: an expired
  hold reopens a closed gate of a live worker. -/
theorem quiesce_hold_reopens : Statute.Launcher.quiesce_hold_reopens_stmt := by
  intro s w _
  unfold stepQuiesce stepQuiesceOnHoldExpiry
  cases hm : List.getD s.workers w
      ({ gate := Gate.Open,
            answer := Answer.Unasked,
            work := ({ run := false, compaction := false, queued_input := false,
                       admitted_run_start := false, background_job := false, user_bash := false,
                       unsettled_child := false, workflow_run := false, withdrawn_input := false
                     } : Statute.Orphan.WorkSet),
            stopped := false } : Worker) with
  | mk g a wk st =>
    cases st with
    | true => exact on_then rfl (both rfl rfl)
    | false =>
      cases g with
      | Open => exact on_then rfl (both rfl rfl)
      | Closed => exact on_else ff_ne_tt (both rfl rfl)

/-- quiesce_supervisor_lost: generalize the phase; a supervisor already lost ignores
  the loss, any other clears the answers and is lost. -/
theorem quiesce_supervisor_lost : Statute.Launcher.quiesce_supervisor_lost_stmt := by
  intro s _
  unfold stepQuiesce stepQuiesceOnSupervisorLost
  cases hp : s.phase with
  | Serving => exact on_else ff_ne_tt (both rfl rfl)
  | Asking => exact on_else ff_ne_tt (both rfl rfl)
  | Stopping => exact on_else ff_ne_tt (both rfl rfl)
  | Lost => exact on_then rfl (both rfl rfl)

/-- quiesce_hold_leads_to_open_gate: not yet proved. -/
theorem quiesce_hold_leads_to_open_gate :
    Statute.Launcher.quiesce_hold_leads_to_open_gate_stmt := by
  sorry

/-- quiesce_round_ends: split the state. Out of a round `leads 1` holds at once; in a round the
  answer timeout serves again, and so does a commit whether or not every answer is Quiesced
  (`hy`: the commit's test generalized), so both events reach a phase other than Asking. -/
theorem quiesce_round_ends : Statute.Launcher.quiesce_round_ends_stmt := by
  intro s _ _
  cases s with
  | mk ph ws =>
    cases ph with
    | Asking =>
      have hy : quiesce_round_ends_leads 0
          (stepQuiesce ⟨Phase.Asking, ws⟩ QuiesceEvent.Commit).1 = true := by
        unfold quiesce_round_ends_leads stepQuiesce stepQuiesceOnCommit
        cases hq : List.all ws (fun (x : Worker) => decide (x.answer = Answer.Quiesced)) <;>
          exact rfl
      exact or_right_of (and_true_of rfl (and_true_of hy rfl))
    | Serving => exact rfl
    | Stopping => exact rfl
    | Lost => exact rfl

/-- quiesce_stop_leads_to_exit: not yet proved. -/
theorem quiesce_stop_leads_to_exit : Statute.Launcher.quiesce_stop_leads_to_exit_stmt := by
  sorry

/-- launcher_retry_under_budget: split the facts (the budget verdict, the survivor's two flags
  and the stop flag); each case is a Bool of constants (`exact rfl`) but a launch, whose pause
  must equal the budget's (`decide_eq_true rfl`, the pause free). -/
theorem launcher_retry_under_budget : Statute.Launcher.launcher_retry_under_budget_stmt := by
  intro f
  cases f with
  | mk b ea im ss =>
    cases b with
    | GiveUp => cases ea <;> cases im <;> cases ss <;> exact rfl
    | ClockBackwards x y => cases ea <;> cases im <;> cases ss <;> exact rfl
    | Restart p =>
      cases ea with
      | false =>
        cases im <;> cases ss <;>
          exact and_true_of (and_true_of (and_true_of rfl rfl) rfl)
            (and_true_of (decide_eq_true rfl) rfl)
      | true =>
        cases im with
        | false =>
          cases ss <;>
            exact and_true_of (and_true_of (and_true_of rfl rfl) rfl)
            (and_true_of (decide_eq_true rfl) rfl)
        | true => cases ss <;> exact rfl

end Statute.Launcher.Proofs
