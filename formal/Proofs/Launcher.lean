-- Proofs of the laws of spec/launcher.yaml. Hand-written; the statements are generated in
-- generated/lean/Statute/Launcher.lean and must not be restated here.
-- Checked by a Lean kernel as formal/checked.txt records (`statute proofs` says which
-- proofs, by which Lean, when). A `_stmt` is a plain `def`, so a closed one is unfolded before
-- `decide` (instance search does not unfold it).
import Statute.Launcher
import Proofs.Lemmas


namespace Statute.Launcher.Proofs

open Statute.Lemmas

/-- `false` negated is `true`. -/
theorem not_of_false {b : Bool} (h : b = false) : (!b) = true := by
  cases h
  rfl

/-- The left half of a conjunction under `List.all`. -/
theorem all_and_left {α : Type} {p q : α → Bool} :
    ∀ (l : List α), List.all l (fun x => p x && q x) = true → List.all l p = true := by
  intro l
  induction l with
  | nil => intro _; rfl
  | cons a l ih => intro h; exact and_true_of (and_left (and_left h)) (ih (and_right h))

/-- The right half of a conjunction under `List.all`. -/
theorem all_and_right {α : Type} {p q : α → Bool} :
    ∀ (l : List α), List.all l (fun x => p x && q x) = true → List.all l q = true := by
  intro l
  induction l with
  | nil => intro _; rfl
  | cons a l ih => intro h; exact and_true_of (and_right (and_left h)) (ih (and_right h))

/-- `List.set` keeps `List.all p` when the new element passes. -/
theorem all_set {α : Type} {p : α → Bool} {v : α} :
    ∀ (l : List α) (i : Nat), List.all l p = true → p v = true →
      List.all (List.set l i v) p = true := by
  intro l
  induction l with
  | nil => intro i _ _; cases i <;> rfl
  | cons a l ih =>
    intro i h hv
    cases i with
    | zero => exact and_true_of hv (and_right h)
    | succ i => exact and_true_of (and_left h) (ih i (and_right h) hv)

/-- `List.getD` of a list whose elements all pass, with a passing default, passes. -/
theorem all_getD {α : Type} {p : α → Bool} {d : α} (hd : p d = true) :
    ∀ (l : List α) (i : Nat), List.all l p = true → p (List.getD l i d) = true := by
  intro l
  induction l with
  | nil => intro i _; exact (congrArg p List.getD_nil).trans hd
  | cons a l ih =>
    intro i h
    cases i with
    | zero => exact (congrArg p List.getD_cons_zero).trans (and_left h)
    | succ i => exact (congrArg p List.getD_cons_succ).trans (ih i (and_right h))

/-- The element `List.getD` named (`he`, from generalizing it) passes. -/
theorem all_getD_eq {α : Type} {p : α → Bool} {d x : α} (hd : p d = true) (l : List α) (i : Nat)
    (h : List.all l p = true) (he : List.getD l i d = x) : p x = true :=
  (congrArg p he).symm.trans (all_getD hd l i h)

/-- `List.map` keeps `List.all p` when the map does not change `p`. -/
theorem all_map_same {α : Type} {p : α → Bool} {f : α → α} :
    ∀ (l : List α), List.all l p = true → (∀ x, p (f x) = p x) →
      List.all (List.map f l) p = true := by
  intro l
  induction l with
  | nil => intro _ _; rfl
  | cons a l ih =>
    intro h hf
    exact and_true_of ((hf a).trans (and_left h)) (ih (and_right h) hf)

/-- Every copy of one passing element passes: the initial round of any size (`List.replicate`
  of WORKERS workers), by induction on the count. -/
theorem all_replicate {α : Type} {f : α → Bool} {w : α} (hw : f w = true) :
    ∀ (n : Nat), List.all (List.replicate n w) f = true := by
  intro n
  induction n with
  | zero => rfl
  | succ n ih => exact and_true_of hw ih

/-- The invariant behind idle_shutdown_never_aborts, worker by worker: a stopped worker, and one
  behind a closed gate, has no work. Induction on the reachability derivation; a step that maps
  the answers keeps it (`all_map_same`: the answer is not read), a step that rewrites worker `w`
  keeps it when the new worker passes (`all_set`), whose facts come from the old one
  (`all_getD`, then its fields split as far as the new worker's test needs). -/
theorem quiesce_workers_safe {p : LauncherParams} (s : QuiesceState) (h : ReachableQuiesce p s) :
    List.all s.workers (fun (x : Worker) => (!x.stopped || !Statute.Orphan.decideHasWork
              ({ work := x.work } : Statute.Orphan.HasWorkFacts)) &&
            (decide (x.gate = Gate.Open) || !Statute.Orphan.decideHasWork
              ({ work := x.work } : Statute.Orphan.HasWorkFacts))) = true := by
  induction h with
  | init => exact all_replicate (by decide) p.WORKERS
  | step s e _ ih =>
    cases e with
    | Ask =>
      unfold stepQuiesce stepQuiesceOnAsk
      cases hp : s.phase with
      | Serving => exact all_map_same s.workers ih (by intro x; rfl)
      | Asking => exact ih
      | Stopping => exact ih
      | Lost => exact ih
    | AnswerTimeout =>
      unfold stepQuiesce stepQuiesceOnAnswerTimeout
      cases hp : s.phase with
      | Asking => exact all_map_same s.workers ih (by intro x; rfl)
      | Serving => exact ih
      | Stopping => exact ih
      | Lost => exact ih
    | SupervisorLost =>
      unfold stepQuiesce stepQuiesceOnSupervisorLost
      cases hp : s.phase with
      | Lost => exact ih
      | Serving => exact all_map_same s.workers ih (by intro x; rfl)
      | Asking => exact all_map_same s.workers ih (by intro x; rfl)
      | Stopping => exact all_map_same s.workers ih (by intro x; rfl)
    | Commit =>
      unfold stepQuiesce stepQuiesceOnCommit
      cases hp : s.phase with
      | Asking =>
        cases hq : List.all s.workers
            (fun (x : Worker) => decide (x.answer = Answer.Quiesced)) with
        | true => exact ih
        | false => exact all_map_same s.workers ih (by intro x; rfl)
      | Serving => exact ih
      | Stopping => exact ih
      | Lost => exact ih
    | Work w work =>
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
        have hq := all_getD_eq (by rfl) s.workers w ih hm
        cases hw : Statute.Orphan.decideHasWork
            ({ work := work } : Statute.Orphan.HasWorkFacts) with
        | false =>
          cases st with
          | true => exact ih
          | false =>
            cases g with
            | Open => exact all_set s.workers w ih (by rfl)
            | Closed =>
              exact all_set s.workers w ih
                (by exact and_true_of rfl (or_right_of (not_of_false hw)))
        | true =>
          cases st with
          | true => exact ih
          | false =>
            cases g with
            | Open => exact all_set s.workers w ih (by rfl)
            | Closed => exact ih
    | Answer w =>
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
        have hq := all_getD_eq (by rfl) s.workers w ih hm
        cases hp : s.phase with
        | Serving => exact ih
        | Stopping => exact ih
        | Lost => exact ih
        | Asking =>
          cases a with
          | Quiesced => exact ih
          | Busy => exact ih
          | Unasked =>
            cases st with
            | true => exact ih
            | false =>
              cases hh : Statute.Orphan.decideHasWork
                  ({ work := wk } : Statute.Orphan.HasWorkFacts) with
              | true => exact all_set s.workers w ih (by exact and_true_of rfl (and_right hq))
              | false =>
                exact all_set s.workers w ih
                  (by exact and_true_of rfl (or_right_of (not_of_false hh)))
    | Stop w =>
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
        have hq := all_getD_eq (by rfl) s.workers w ih hm
        cases hp : s.phase with
        | Serving => exact ih
        | Asking => exact ih
        | Lost => exact ih
        | Stopping =>
          cases st with
          | true => exact ih
          | false =>
            cases g with
            | Open => exact ih
            | Closed =>
              exact all_set s.workers w ih (by exact and_true_of (and_right hq) (and_right hq))
    | Release w =>
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
        have hq := all_getD_eq (by rfl) s.workers w ih hm
        cases hp : s.phase with
        | Lost => exact ih
        | Serving =>
          cases st with
          | true => exact ih
          | false =>
            cases g with
            | Open => exact ih
            | Closed =>
              exact all_set s.workers w ih (by exact and_true_of (and_left hq) rfl)
        | Asking =>
          cases st with
          | true => exact ih
          | false =>
            cases g with
            | Open => exact ih
            | Closed =>
              exact all_set s.workers w ih (by exact and_true_of (and_left hq) rfl)
        | Stopping =>
          cases st with
          | true => exact ih
          | false =>
            cases g with
            | Open => exact ih
            | Closed =>
              exact all_set s.workers w ih (by exact and_true_of (and_left hq) rfl)
    | HoldExpiry w =>
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
        have hq := all_getD_eq (by rfl) s.workers w ih hm
        cases st with
        | true => exact ih
        | false =>
          cases g with
          | Open => exact ih
          | Closed =>
            exact all_set s.workers w ih (by exact and_true_of (and_left hq) rfl)

/-- idle_shutdown_never_aborts: the two halves of `quiesce_workers_safe`. -/
theorem idle_shutdown_never_aborts : Statute.Launcher.idle_shutdown_never_aborts_stmt := by
  intro p _
  intro s h
  exact and_true_of (all_and_left s.workers (quiesce_workers_safe s h))
    (all_and_right s.workers (quiesce_workers_safe s h))

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
  intro p _
  intro s w work _ _
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
  intro p _
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
  intro p _
  intro s w _ _
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

/-- Every reachable round has WORKERS workers: a step keeps the list, maps it, or sets one
  element (`len_map`, `len_set`); the step's guards are split as far as it needs to reduce
  (the phase, the worker it reads, generalized with its fields, and HasWork where it reads it). -/
theorem quiesce_len {p : LauncherParams} (s : QuiesceState) (h : ReachableQuiesce p s) :
    List.length s.workers = p.WORKERS := by
  induction h with
  | init => exact len_replicate _ p.WORKERS
  | step s e _ ih =>
    cases e with
    | Ask =>
      unfold stepQuiesce stepQuiesceOnAsk
      cases hp : s.phase with
      | Serving => exact (len_map _ s.workers).trans ih
      | Asking => exact ih
      | Stopping => exact ih
      | Lost => exact ih
    | AnswerTimeout =>
      unfold stepQuiesce stepQuiesceOnAnswerTimeout
      cases hp : s.phase with
      | Asking => exact (len_map _ s.workers).trans ih
      | Serving => exact ih
      | Stopping => exact ih
      | Lost => exact ih
    | SupervisorLost =>
      unfold stepQuiesce stepQuiesceOnSupervisorLost
      cases hp : s.phase with
      | Lost => exact ih
      | Serving => exact (len_map _ s.workers).trans ih
      | Asking => exact (len_map _ s.workers).trans ih
      | Stopping => exact (len_map _ s.workers).trans ih
    | Commit =>
      unfold stepQuiesce stepQuiesceOnCommit
      cases hp : s.phase with
      | Asking =>
        cases hq : List.all s.workers
            (fun (x : Worker) => decide (x.answer = Answer.Quiesced)) with
        | true => exact ih
        | false => exact (len_map _ s.workers).trans ih
      | Serving => exact ih
      | Stopping => exact ih
      | Lost => exact ih
    | Work w work =>
      unfold stepQuiesce stepQuiesceOnWork
      cases hm : List.getD s.workers w
          ({ gate := Gate.Open,
             answer := Answer.Unasked,
             work := ({ run := false, compaction := false, queued_input := false,
                        admitted_run_start := false, background_job := false,
                        user_bash := false, unsettled_child := false, workflow_run := false,
                        withdrawn_input := false } : Statute.Orphan.WorkSet),
             stopped := false } : Worker) with
      | mk g a wk st =>
        cases st with
        | true => exact ih
        | false =>
          cases g with
          | Open => exact (len_set _ _ _).trans ih
          | Closed =>
            cases hw : Statute.Orphan.decideHasWork
                ({ work := work } : Statute.Orphan.HasWorkFacts) with
            | true => exact ih
            | false => exact (len_set _ _ _).trans ih
    | Answer w =>
      unfold stepQuiesce stepQuiesceOnAnswer
      cases hm : List.getD s.workers w
          ({ gate := Gate.Open,
             answer := Answer.Unasked,
             work := ({ run := false, compaction := false, queued_input := false,
                        admitted_run_start := false, background_job := false,
                        user_bash := false, unsettled_child := false, workflow_run := false,
                        withdrawn_input := false } : Statute.Orphan.WorkSet),
             stopped := false } : Worker) with
      | mk g a wk st =>
        cases hp : s.phase with
        | Serving => exact ih
        | Stopping => exact ih
        | Lost => exact ih
        | Asking =>
          cases a with
          | Quiesced => exact ih
          | Busy => exact ih
          | Unasked =>
            cases st with
            | true => exact ih
            | false =>
              cases hw : Statute.Orphan.decideHasWork
                  ({ work := wk } : Statute.Orphan.HasWorkFacts) <;>
                exact (len_set _ _ _).trans ih
    | Stop w =>
      unfold stepQuiesce stepQuiesceOnStop
      cases hm : List.getD s.workers w
          ({ gate := Gate.Open,
             answer := Answer.Unasked,
             work := ({ run := false, compaction := false, queued_input := false,
                        admitted_run_start := false, background_job := false,
                        user_bash := false, unsettled_child := false, workflow_run := false,
                        withdrawn_input := false } : Statute.Orphan.WorkSet),
             stopped := false } : Worker) with
      | mk g a wk st =>
        cases hp : s.phase with
        | Serving => exact ih
        | Asking => exact ih
        | Lost => exact ih
        | Stopping =>
          cases st with
          | true => exact ih
          | false =>
            cases g with
            | Open => exact ih
            | Closed => exact (len_set _ _ _).trans ih
    | Release w =>
      unfold stepQuiesce stepQuiesceOnRelease
      cases hm : List.getD s.workers w
          ({ gate := Gate.Open,
             answer := Answer.Unasked,
             work := ({ run := false, compaction := false, queued_input := false,
                        admitted_run_start := false, background_job := false,
                        user_bash := false, unsettled_child := false, workflow_run := false,
                        withdrawn_input := false } : Statute.Orphan.WorkSet),
             stopped := false } : Worker) with
      | mk g a wk st =>
        cases hp : s.phase with
        | Lost => exact ih
        | Serving =>
          cases st with
          | true => exact ih
          | false => cases g with
            | Open => exact ih
            | Closed => exact (len_set _ _ _).trans ih
        | Asking =>
          cases st with
          | true => exact ih
          | false => cases g with
            | Open => exact ih
            | Closed => exact (len_set _ _ _).trans ih
        | Stopping =>
          cases st with
          | true => exact ih
          | false => cases g with
            | Open => exact ih
            | Closed => exact (len_set _ _ _).trans ih
    | HoldExpiry w =>
      unfold stepQuiesce stepQuiesceOnHoldExpiry
      cases hm : List.getD s.workers w
          ({ gate := Gate.Open,
             answer := Answer.Unasked,
             work := ({ run := false, compaction := false, queued_input := false,
                        admitted_run_start := false, background_job := false,
                        user_bash := false, unsettled_child := false, workflow_run := false,
                        withdrawn_input := false } : Statute.Orphan.WorkSet),
             stopped := false } : Worker) with
      | mk g a wk st =>
        cases st with
        | true => exact ih
        | false =>
          cases g with
          | Open => exact ih
          | Closed => exact (len_set _ _ _).trans ih

/-- quiesce_answer_by_work: the round has WORKERS workers (`quiesce_len`), so the index the wire
  admits (`e_w ≤ WORKERS - 1`) is in range. The state is split (phase, workers) and the step
  unfolded; the worker read is generalized with its fields (`hm`), then the phase, its answer,
  its stopped flag and HasWork of its work are split as the step reads them. Ignored: the state
  is unchanged and setting the worker read back is the list itself (`set_getD`). Busy or
  quiesced: the worker read back after the step is the one set (`getD_set_self`, the index in
  range), and setting the old worker over the new one gives the list back (`set_set`, then
  `set_getD`). -/
theorem quiesce_answer_by_work : Statute.Launcher.quiesce_answer_by_work_stmt := by
  intro p hp
  intro s w h hw
  have hlt : w < List.length s.workers :=
    Nat.lt_of_lt_of_le (lt_of_le_pred hp.1 hw) (le_of_eq' (quiesce_len s h).symm)
  cases s with
  | mk ph ws =>
    unfold stepQuiesce stepQuiesceOnAnswer
    cases hm : List.getD ws w
        ({ gate := Gate.Open,
           answer := Answer.Unasked,
           work := ({ run := false, compaction := false, queued_input := false,
                      admitted_run_start := false, background_job := false,
                      user_bash := false, unsettled_child := false, workflow_run := false,
                      withdrawn_input := false } : Statute.Orphan.WorkSet),
           stopped := false } : Worker) with
    | mk g a wk st =>
      have hback : List.set ws w (Worker.mk g a wk st) = ws :=
        (congrArg (fun y => List.set ws w y) hm).symm.trans (set_getD ws w)
      cases ph with
      | Serving => exact and_true_of rfl (decide_eq_true hback)
      | Stopping => exact and_true_of rfl (decide_eq_true hback)
      | Lost => exact and_true_of rfl (decide_eq_true hback)
      | Asking =>
        cases a with
        | Quiesced => exact and_true_of rfl (decide_eq_true hback)
        | Busy => exact and_true_of rfl (decide_eq_true hback)
        | Unasked =>
          cases st with
          | true => exact and_true_of rfl (decide_eq_true hback)
          | false =>
            cases hh : Statute.Orphan.decideHasWork
                ({ work := wk } : Statute.Orphan.HasWorkFacts) with
            | true =>
              exact and_true_of
                (and_true_of
                  (and_true_of
                    (and_true_of rfl
                      (or_right_of (and_true_of rfl (decide_eq_true (getD_set_self ws w hlt)))))
                    rfl)
                  rfl)
                (decide_eq_true ((set_set ws w).trans hback))
            | false =>
              exact and_true_of
                (and_true_of
                  (and_true_of rfl
                    (or_right_of (and_true_of rfl (decide_eq_true (getD_set_self ws w hlt)))))
                  rfl)
                (decide_eq_true ((set_set ws w).trans hback))

/-- quiesce_commit_only_all_quiesced: generalize the phase and whether every answer is
  Quiesced; the five conjuncts are constants but the one naming the step's record, which holds by
  evaluation with the workers free. -/
theorem quiesce_commit_only_all_quiesced :
    Statute.Launcher.quiesce_commit_only_all_quiesced_stmt := by
  intro p _
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
  intro p _
  intro s _
  unfold stepQuiesce stepQuiesceOnAnswerTimeout
  cases hp : s.phase with
  | Serving => exact on_else ff_ne_tt (both rfl rfl)
  | Asking => exact on_then rfl (both rfl rfl)
  | Stopping => exact on_else ff_ne_tt (both rfl rfl)
  | Lost => exact on_else ff_ne_tt (both rfl rfl)

/-- Resetting every answer leaves every answer Unasked. -/
theorem all_unasked_map (l : List Worker) :
    List.all (List.map (fun (x : Worker) => { x with answer := Answer.Unasked }) l)
      (fun (x : Worker) => decide (x.answer = Answer.Unasked)) = true := by
  induction l with
  | nil => rfl
  | cons a l ih => exact and_true_of rfl ih

/-- `List.set` keeps `List.all p` when the new element passes if the old one (`List.getD` at the
  same index, named `x` by generalizing it) does: out of range the list is unchanged, so the
  default need not pass. -/
theorem all_set_of_eq' {α : Type} {p : α → Bool} {d x v : α} :
    ∀ (l : List α) (i : Nat), List.all l p = true → List.getD l i d = x →
      (p x = true → p v = true) → List.all (List.set l i v) p = true := by
  intro l
  induction l with
  | nil => intro i _ _ _; cases i <;> rfl
  | cons a l ih =>
    intro i h hm hv
    cases i with
    | zero =>
      exact and_true_of (hv ((congrArg p (List.getD_cons_zero.symm.trans hm)).symm.trans
        (and_left h))) (and_right h)
    | succ i =>
      exact and_true_of (and_left h) (ih i (and_right h) (List.getD_cons_succ.symm.trans hm) hv)

/-- `all_set_of_eq'` with the list and index implicit, so that the expected type (the law on the
  state after the step) fixes the new element before `hv` is elaborated. -/
theorem all_set_of_eq {α : Type} {p : α → Bool} {d x v : α} {l : List α} {i : Nat}
    (hl : List.all l p = true) (hm : List.getD l i d = x) (hv : p x = true → p v = true) :
    List.all (List.set l i v) p = true :=
  all_set_of_eq' l i hl hm hv

/-- quiesce_answers_belong_to_the_round: induction on the reachability derivation. In a step the
  state is split (phase and workers) and the step unfolded (`simp only` with its definitions, for
  the zeta reduction of `me`); then the phase and the addressed worker (`List.getD`, generalized
  and split into its fields) are split as far as the step reads them. A step that stays in or
  enters Asking makes the law a Bool of constants (`exact rfl`); one that resets the answers
  gives all Unasked (`all_unasked_map`); a commit into Stopping keeps the workers whose answers
  it just checked (`hq`); a step that rewrites worker `w` keeps its answer, so the phase's
  `List.all` of the hypothesis carries over (`all_set_of_eq`, the hypothesis's `List.all` read
  by `or_resolve` once the phase is known); an ignored event leaves the state (`exact ih`). -/
theorem quiesce_answers_belong_to_the_round :
    Statute.Launcher.quiesce_answers_belong_to_the_round_stmt := by
  intro p _
  intro s h
  induction h with
  | init =>
    exact and_true_of
      (all_replicate (f := fun (x : Worker) => decide (x.answer = Answer.Unasked)) (by rfl) p.WORKERS)
      rfl
  | step s e _ ih =>
    cases s with
    | mk ph ws =>
      cases e with
      | Ask =>
        simp only [stepQuiesce, stepQuiesceOnAsk]
        cases ph with
        | Serving => exact rfl
        | Asking => exact ih
        | Stopping => exact ih
        | Lost => exact ih
      | AnswerTimeout =>
        simp only [stepQuiesce, stepQuiesceOnAnswerTimeout]
        cases ph with
        | Asking => exact and_true_of (or_right_of (all_unasked_map ws)) rfl
        | Serving => exact ih
        | Stopping => exact ih
        | Lost => exact ih
      | SupervisorLost =>
        simp only [stepQuiesce, stepQuiesceOnSupervisorLost]
        cases ph with
        | Lost => exact ih
        | Serving => exact and_true_of (or_right_of (all_unasked_map ws)) rfl
        | Asking => exact and_true_of (or_right_of (all_unasked_map ws)) rfl
        | Stopping => exact and_true_of (or_right_of (all_unasked_map ws)) rfl
      | Commit =>
        simp only [stepQuiesce, stepQuiesceOnCommit]
        cases ph with
        | Asking =>
          cases hq : List.all ws (fun (x : Worker) => decide (x.answer = Answer.Quiesced)) with
          | true => exact and_true_of rfl (or_right_of hq)
          | false => exact and_true_of (or_right_of (all_unasked_map ws)) rfl
        | Serving => exact ih
        | Stopping => exact ih
        | Lost => exact ih
      | Work w wk' =>
        simp only [stepQuiesce, stepQuiesceOnWork]
        cases hm : List.getD ws w
            ({ gate := Gate.Open,
                  answer := Answer.Unasked,
                  work := ({ run := false, compaction := false, queued_input := false,
                             admitted_run_start := false, background_job := false, user_bash := false,
                             unsettled_child := false, workflow_run := false, withdrawn_input := false
                           } : Statute.Orphan.WorkSet),
                  stopped := false } : Worker) with
        | mk g a wk st =>
          cases st with
          | true => exact ih
          | false =>
            cases g with
            | Open =>
              cases ph with
              | Serving =>
                exact and_true_of
                  (or_right_of (all_set_of_eq (or_resolve (and_left ih) rfl) hm
                    (by exact fun h' => h'))) rfl
              | Lost =>
                exact and_true_of
                  (or_right_of (all_set_of_eq (or_resolve (and_left ih) rfl) hm
                    (by exact fun h' => h'))) rfl
              | Stopping =>
                exact and_true_of rfl
                  (or_right_of (all_set_of_eq (or_resolve (and_right ih) rfl) hm
                    (by exact fun h' => h')))
              | Asking => exact rfl
            | Closed =>
              cases hw : Statute.Orphan.decideHasWork
                  ({ work := wk' } : Statute.Orphan.HasWorkFacts) with
              | true => exact ih
              | false =>
                cases ph with
                | Serving =>
                  exact and_true_of
                    (or_right_of (all_set_of_eq (or_resolve (and_left ih) rfl) hm
                      (by exact fun h' => h'))) rfl
                | Lost =>
                  exact and_true_of
                    (or_right_of (all_set_of_eq (or_resolve (and_left ih) rfl) hm
                      (by exact fun h' => h'))) rfl
                | Stopping =>
                  exact and_true_of rfl
                    (or_right_of (all_set_of_eq (or_resolve (and_right ih) rfl) hm
                      (by exact fun h' => h')))
                | Asking => exact rfl
      | Answer w =>
        simp only [stepQuiesce, stepQuiesceOnAnswer]
        cases ph with
        | Serving => exact ih
        | Stopping => exact ih
        | Lost => exact ih
        | Asking =>
          cases hm : List.getD ws w
              ({ gate := Gate.Open,
                    answer := Answer.Unasked,
                    work := ({ run := false, compaction := false, queued_input := false,
                               admitted_run_start := false, background_job := false, user_bash := false,
                               unsettled_child := false, workflow_run := false, withdrawn_input := false
                             } : Statute.Orphan.WorkSet),
                    stopped := false } : Worker) with
          | mk g a wk st =>
            cases a with
            | Quiesced => exact ih
            | Busy => exact ih
            | Unasked =>
              cases st with
              | true => exact ih
              | false =>
                cases wk with
                | mk r c q ar b u ch wf wd =>
                  cases r <;> cases c <;> cases q <;> cases ar <;> cases b <;> cases u <;>
                    cases ch <;> cases wf <;> exact rfl
      | Stop w =>
        simp only [stepQuiesce, stepQuiesceOnStop]
        cases ph with
        | Serving => exact ih
        | Asking => exact ih
        | Lost => exact ih
        | Stopping =>
          cases hm : List.getD ws w
              ({ gate := Gate.Open,
                    answer := Answer.Unasked,
                    work := ({ run := false, compaction := false, queued_input := false,
                               admitted_run_start := false, background_job := false, user_bash := false,
                               unsettled_child := false, workflow_run := false, withdrawn_input := false
                             } : Statute.Orphan.WorkSet),
                    stopped := false } : Worker) with
          | mk g a wk st =>
            cases st with
            | true => exact ih
            | false =>
              cases g with
              | Open => exact ih
              | Closed =>
                exact and_true_of rfl
                  (or_right_of (all_set_of_eq (or_resolve (and_right ih) rfl) hm
                    (by exact fun h' => h')))
      | Release w =>
        simp only [stepQuiesce, stepQuiesceOnRelease]
        cases ph with
        | Lost => exact ih
        | Serving =>
          cases hm : List.getD ws w
              ({ gate := Gate.Open,
                    answer := Answer.Unasked,
                    work := ({ run := false, compaction := false, queued_input := false,
                               admitted_run_start := false, background_job := false, user_bash := false,
                               unsettled_child := false, workflow_run := false, withdrawn_input := false
                             } : Statute.Orphan.WorkSet),
                    stopped := false } : Worker) with
          | mk g a wk st =>
            cases st with
            | true => exact ih
            | false =>
              cases g with
              | Open => exact ih
              | Closed =>
                exact and_true_of
                  (or_right_of (all_set_of_eq (or_resolve (and_left ih) rfl) hm
                    (by exact fun h' => h'))) rfl
        | Asking =>
          cases hm : List.getD ws w
              ({ gate := Gate.Open,
                    answer := Answer.Unasked,
                    work := ({ run := false, compaction := false, queued_input := false,
                               admitted_run_start := false, background_job := false, user_bash := false,
                               unsettled_child := false, workflow_run := false, withdrawn_input := false
                             } : Statute.Orphan.WorkSet),
                    stopped := false } : Worker) with
          | mk g a wk st =>
            cases st with
            | true => exact ih
            | false =>
              cases g with
              | Open => exact ih
              | Closed => exact rfl
        | Stopping =>
          cases hm : List.getD ws w
              ({ gate := Gate.Open,
                    answer := Answer.Unasked,
                    work := ({ run := false, compaction := false, queued_input := false,
                               admitted_run_start := false, background_job := false, user_bash := false,
                               unsettled_child := false, workflow_run := false, withdrawn_input := false
                             } : Statute.Orphan.WorkSet),
                    stopped := false } : Worker) with
          | mk g a wk st =>
            cases st with
            | true => exact ih
            | false =>
              cases g with
              | Open => exact ih
              | Closed =>
                exact and_true_of rfl
                  (or_right_of (all_set_of_eq (or_resolve (and_right ih) rfl) hm
                    (by exact fun h' => h')))
      | HoldExpiry w =>
        simp only [stepQuiesce, stepQuiesceOnHoldExpiry]
        cases hm : List.getD ws w
            ({ gate := Gate.Open,
                  answer := Answer.Unasked,
                  work := ({ run := false, compaction := false, queued_input := false,
                             admitted_run_start := false, background_job := false, user_bash := false,
                             unsettled_child := false, workflow_run := false, withdrawn_input := false
                           } : Statute.Orphan.WorkSet),
                  stopped := false } : Worker) with
        | mk g a wk st =>
          cases st with
          | true => exact ih
          | false =>
            cases g with
            | Open => exact ih
            | Closed =>
              cases ph with
              | Serving =>
                exact and_true_of
                  (or_right_of (all_set_of_eq (or_resolve (and_left ih) rfl) hm
                    (by exact fun h' => h'))) rfl
              | Lost =>
                exact and_true_of
                  (or_right_of (all_set_of_eq (or_resolve (and_left ih) rfl) hm
                    (by exact fun h' => h'))) rfl
              | Stopping =>
                exact and_true_of rfl
                  (or_right_of (all_set_of_eq (or_resolve (and_right ih) rfl) hm
                    (by exact fun h' => h')))
              | Asking => exact rfl

/-- quiesce_stop_only_at_a_closed_gate: generalize the addressed worker (the `List.getD` both
  the step and the law bind as `me`, split into its fields) and the phase, then the worker's stop
  flag and gate; the law's `if` takes the step's branch and both conjuncts hold by evaluation,
  with the worker list and the worker's other fields free. -/
theorem quiesce_stop_only_at_a_closed_gate :
    Statute.Launcher.quiesce_stop_only_at_a_closed_gate_stmt := by
  intro p _
  intro s w _ _
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
  intro p _
  intro s w _ _
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
  intro p _
  intro s w _ _
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
  intro p _
  intro s _
  unfold stepQuiesce stepQuiesceOnSupervisorLost
  cases hp : s.phase with
  | Serving => exact on_else ff_ne_tt (both rfl rfl)
  | Asking => exact on_else ff_ne_tt (both rfl rfl)
  | Stopping => exact on_else ff_ne_tt (both rfl rfl)
  | Lost => exact on_then rfl (both rfl rfl)

/-- quiesce_hold_leads_to_open_gate: split the state: the workers into empty and a first worker
  with its fields, and that worker's gate and stopped flag (nothing else is read). An empty list
  or a stopped worker refutes the premise (`absurd _ ff_ne_tt`, the premise a Bool of constants);
  an open gate is the target at once; a closed gate of a live worker is opened by its hold expiry
  (`List.set` at 0 of a non-empty list, then `List.getD` at 0), whatever the phase and the rest:
  `leads 1` is a Bool that evaluates to `true` with the rest free (`exact rfl`). -/
theorem quiesce_hold_leads_to_open_gate :
    Statute.Launcher.quiesce_hold_leads_to_open_gate_stmt := by
  intro p _
  intro s _ hf
  cases s with
  | mk ph ws =>
    cases ws with
    | nil => exact absurd hf ff_ne_tt
    | cons w0 rest =>
      cases w0 with
      | mk g a wk st =>
        cases g with
        | Open => exact rfl
        | Closed =>
          cases st with
          | false => exact rfl
          | true => exact absurd hf ff_ne_tt

/-- quiesce_round_ends: split the state. Out of a round `leads 1` holds at once; in a round the
  answer timeout serves again, and so does a commit whether or not every answer is Quiesced
  (`hy`: the commit's test generalized), so both events reach a phase other than Asking. -/
theorem quiesce_round_ends : Statute.Launcher.quiesce_round_ends_stmt := by
  intro p _
  intro s _ _
  cases s with
  | mk ph ws =>
    cases ph with
    | Asking =>
      have hy : quiesce_round_ends_leads p 0
          (stepQuiesce ⟨Phase.Asking, ws⟩ QuiesceEvent.Commit).1 = true := by
        unfold quiesce_round_ends_leads stepQuiesce stepQuiesceOnCommit
        cases hq : List.all ws (fun (x : Worker) => decide (x.answer = Answer.Quiesced)) <;>
          exact rfl
      exact or_right_of (and_true_of rfl (and_true_of hy rfl))
    | Serving => exact rfl
    | Stopping => exact rfl
    | Lost => exact rfl

/-- quiesce_stop_leads_to_exit: as quiesce_hold_leads_to_open_gate, with the phase split too: a
  stopped first worker is the target at once; a stop in the Stopping phase reaching a live worker
  behind a closed gate stops it (`exact rfl`); any other case refutes the premise. -/
theorem quiesce_stop_leads_to_exit : Statute.Launcher.quiesce_stop_leads_to_exit_stmt := by
  intro p _
  intro s _ hf
  cases s with
  | mk ph ws =>
    cases ws with
    | nil => cases ph <;> exact absurd hf ff_ne_tt
    | cons w0 rest =>
      cases w0 with
      | mk g a wk st =>
        cases st with
        | true => exact rfl
        | false =>
          cases g with
          | Open => cases ph <;> exact absurd hf ff_ne_tt
          | Closed =>
            cases ph with
            | Stopping => exact rfl
            | Serving => exact absurd hf ff_ne_tt
            | Asking => exact absurd hf ff_ne_tt
            | Lost => exact absurd hf ff_ne_tt

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
