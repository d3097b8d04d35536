-- Proofs of the laws of spec/park.yaml. Hand-written; the statements are generated in
-- generated/lean/Statute/Park.lean and must not be restated here.
-- Checked by a Lean kernel as formal/checked.txt records (`statute proofs` says which
-- proofs, by which Lean, when).
import Statute.Park
import Proofs.Lemmas


namespace Statute.Park.Proofs

open Statute.Lemmas

/-- The invariants of Parked, in one conjunction: at most MAX_JOBS jobs; jobs only in a running
  or parked session; a closed session has a live kernel and only a child's kernel is released
  (the depth read as `!(depth = 0)`, which evaluates on `n + 1`); a job holds the kernel. -/
def parkedInv (s : ParkedState) : Bool :=
  decide (s.jobs ≤ MAX_JOBS) &&
    (decide (s.jobs = 0) || decide (s.phase = ParkPhase.Running) ||
      decide (s.phase = ParkPhase.Parked)) &&
    ((!decide (s.phase = ParkPhase.Closed) || decide (s.kernel = Kernel.Live)) &&
      (decide (s.kernel = Kernel.Live) || !decide (s.depth = 0))) &&
    (decide (s.jobs = 0) || decide (s.kernel = Kernel.Live))

/-- `parkedInv` survives Open: the state split as far as the step and the invariant read it (the job
  count into 0, 1, 2 and more, the phase, the kernel, the depth into 0 and more), each case by
  evaluation (`imp_eval`: a state that breaks the invariant before the step gives `!false`). -/
theorem inv_open {p : ParkParams} (x : Nat) (s : ParkedState) (ih : parkedInv s = true) :
    parkedInv (stepParked p s (ParkedEvent.Open x)).1 = true := by
  cases s with
  | mk ph d att pl sj jobs k idle =>
    cases jobs with
    | zero => cases ph <;> cases k <;> cases d <;> exact imp_eval ih rfl
    | succ j =>
      cases j with
      | zero => cases ph <;> cases k <;> cases d <;> exact imp_eval ih rfl
      | succ j =>
        cases j with
        | zero => cases ph <;> cases k <;> cases d <;> exact imp_eval ih rfl
        | succ j => cases ph <;> cases k <;> cases d <;> exact imp_eval ih rfl

/-- `parkedInv` survives RunStart: the state split as far as the step and the invariant read it (the job
  count into 0, 1, 2 and more, the phase, the kernel, the depth into 0 and more), each case by
  evaluation (`imp_eval`: a state that breaks the invariant before the step gives `!false`). -/
theorem inv_run_start {p : ParkParams} (s : ParkedState) (ih : parkedInv s = true) :
    parkedInv (stepParked p s ParkedEvent.RunStart).1 = true := by
  cases s with
  | mk ph d att pl sj jobs k idle =>
    cases jobs with
    | zero => cases ph <;> cases k <;> cases d <;> exact imp_eval ih rfl
    | succ j =>
      cases j with
      | zero => cases ph <;> cases k <;> cases d <;> exact imp_eval ih rfl
      | succ j =>
        cases j with
        | zero => cases ph <;> cases k <;> cases d <;> exact imp_eval ih rfl
        | succ j => cases ph <;> cases k <;> cases d <;> exact imp_eval ih rfl

/-- `parkedInv` survives KernelUse: the state split as far as the step and the invariant read it (the job
  count into 0, 1, 2 and more, the phase, the kernel, the depth into 0 and more), each case by
  evaluation (`imp_eval`: a state that breaks the invariant before the step gives `!false`). -/
theorem inv_kernel_use {p : ParkParams} (s : ParkedState) (ih : parkedInv s = true) :
    parkedInv (stepParked p s ParkedEvent.KernelUse).1 = true := by
  cases s with
  | mk ph d att pl sj jobs k idle =>
    cases jobs with
    | zero => cases ph <;> cases k <;> cases d <;> exact imp_eval ih rfl
    | succ j =>
      cases j with
      | zero => cases ph <;> cases k <;> cases d <;> exact imp_eval ih rfl
      | succ j =>
        cases j with
        | zero => cases ph <;> cases k <;> cases d <;> exact imp_eval ih rfl
        | succ j => cases ph <;> cases k <;> cases d <;> exact imp_eval ih rfl

/-- `parkedInv` survives JobStart: the state split as far as the step and the invariant read it (the job
  count into 0, 1, 2 and more, the phase, the kernel, the depth into 0 and more), each case by
  evaluation (`imp_eval`: a state that breaks the invariant before the step gives `!false`). -/
theorem inv_job_start {p : ParkParams} (s : ParkedState) (ih : parkedInv s = true) :
    parkedInv (stepParked p s ParkedEvent.JobStart).1 = true := by
  cases s with
  | mk ph d att pl sj jobs k idle =>
    cases jobs with
    | zero => cases ph <;> cases k <;> cases d <;> exact imp_eval ih rfl
    | succ j =>
      cases j with
      | zero => cases ph <;> cases k <;> cases d <;> exact imp_eval ih rfl
      | succ j =>
        cases j with
        | zero => cases ph <;> cases k <;> cases d <;> exact imp_eval ih rfl
        | succ j => cases ph <;> cases k <;> cases d <;> exact imp_eval ih rfl

/-- `parkedInv` survives JobSettle: the state split as far as the step and the invariant read it (the job
  count into 0, 1, 2 and more, the phase, the kernel, the depth into 0 and more), each case by
  evaluation (`imp_eval`: a state that breaks the invariant before the step gives `!false`). -/
theorem inv_job_settle {p : ParkParams} (s : ParkedState) (ih : parkedInv s = true) :
    parkedInv (stepParked p s ParkedEvent.JobSettle).1 = true := by
  cases s with
  | mk ph d att pl sj jobs k idle =>
    cases jobs with
    | zero => cases ph <;> cases k <;> cases d <;> exact imp_eval ih rfl
    | succ j =>
      cases j with
      | zero => cases ph <;> cases k <;> cases d <;> exact imp_eval ih rfl
      | succ j =>
        cases j with
        | zero => cases ph <;> cases k <;> cases d <;> exact imp_eval ih rfl
        | succ j => cases ph <;> cases k <;> cases d <;> exact imp_eval ih rfl

/-- `parkedInv` survives Holds: the state split as far as the step and the invariant read it (the job
  count into 0, 1, 2 and more, the phase, the kernel, the depth into 0 and more), each case by
  evaluation (`imp_eval`: a state that breaks the invariant before the step gives `!false`). -/
theorem inv_holds {p : ParkParams} (a l j : Bool) (s : ParkedState) (ih : parkedInv s = true) :
    parkedInv (stepParked p s (ParkedEvent.Holds a l j)).1 = true := by
  cases s with
  | mk ph d att pl sj jobs k idle =>
    cases jobs with
    | zero => cases ph <;> cases k <;> cases d <;> exact imp_eval ih rfl
    | succ j =>
      cases j with
      | zero => cases ph <;> cases k <;> cases d <;> exact imp_eval ih rfl
      | succ j =>
        cases j with
        | zero => cases ph <;> cases k <;> cases d <;> exact imp_eval ih rfl
        | succ j => cases ph <;> cases k <;> cases d <;> exact imp_eval ih rfl

/-- `parkedInv` survives Elapse: the state split as far as the step and the invariant read it (the job
  count into 0, 1, 2 and more, the phase, the kernel, the depth into 0 and more), each case by
  evaluation (`imp_eval`: a state that breaks the invariant before the step gives `!false`). -/
theorem inv_elapse {p : ParkParams} (ms : Nat) (s : ParkedState) (ih : parkedInv s = true) :
    parkedInv (stepParked p s (ParkedEvent.Elapse ms)).1 = true := by
  cases s with
  | mk ph d att pl sj jobs k idle =>
    cases jobs with
    | zero => cases ph <;> cases k <;> cases d <;> exact imp_eval ih rfl
    | succ j =>
      cases j with
      | zero => cases ph <;> cases k <;> cases d <;> exact imp_eval ih rfl
      | succ j =>
        cases j with
        | zero => cases ph <;> cases k <;> cases d <;> exact imp_eval ih rfl
        | succ j => cases ph <;> cases k <;> cases d <;> exact imp_eval ih rfl

/-- `parkedInv` survives a run end: outside a run it is ignored; in a run the release decision is
  evaluated where the state fixes it, and for an unattached idle root (the one case where it
  reads the eviction timer) the step, the decision and the timer are unfolded and the timer's two
  comparisons generalized. -/
theorem inv_run_end {p : ParkParams} (s : ParkedState) (ih : parkedInv s = true) :
    parkedInv (stepParked p s ParkedEvent.RunEnd).1 = true := by
  cases s with
  | mk ph d att pl sj jobs k idle =>
    cases ph with
    | Closed => exact ih
    | Parked => exact ih
    | Evicted => exact ih
    | Running =>
      cases jobs with
      | zero =>
        cases d with
        | zero =>
          cases att with
          | true => cases k <;> exact imp_eval ih rfl
          | false =>
            unfold stepParked stepParkedOnRunEnd decideParkRelease decideEvictionIn
            cases hw : decide (p.IDLE_EVICTION_MS ≤ Statute.Timeouts.WIRE_MAX_MS) <;>
              cases hi : decide (idle ≥ p.IDLE_EVICTION_MS) <;> cases k <;>
              exact imp_eval ih rfl
        | succ n => cases pl <;> cases sj <;> cases k <;> exact imp_eval ih rfl
      | succ j =>
        cases j with
        | zero => cases k <;> cases d <;> exact imp_eval ih rfl
        | succ j =>
          cases j with
          | zero => cases k <;> cases d <;> exact imp_eval ih rfl
          | succ j => cases k <;> cases d <;> exact imp_eval ih rfl

/-- `parkedInv` survives a park, as a run end (`inv_run_end`), for a parked session. -/
theorem inv_park {p : ParkParams} (s : ParkedState) (ih : parkedInv s = true) :
    parkedInv (stepParked p s ParkedEvent.Park).1 = true := by
  cases s with
  | mk ph d att pl sj jobs k idle =>
    cases ph with
    | Closed => exact ih
    | Running => exact ih
    | Evicted => exact ih
    | Parked =>
      cases jobs with
      | zero =>
        cases d with
        | zero =>
          cases att with
          | true => cases k <;> exact imp_eval ih rfl
          | false =>
            unfold stepParked stepParkedOnPark decideParkRelease decideEvictionIn
            cases hw : decide (p.IDLE_EVICTION_MS ≤ Statute.Timeouts.WIRE_MAX_MS) <;>
              cases hi : decide (idle ≥ p.IDLE_EVICTION_MS) <;> cases k <;>
              exact imp_eval ih rfl
        | succ n => cases pl <;> cases sj <;> cases k <;> exact imp_eval ih rfl
      | succ j =>
        cases j with
        | zero => cases k <;> cases d <;> exact imp_eval ih rfl
        | succ j =>
          cases j with
          | zero => cases k <;> cases d <;> exact imp_eval ih rfl
          | succ j => cases k <;> cases d <;> exact imp_eval ih rfl

/-- The invariants of Parked hold in every reachable state: induction on the reachability
  derivation, one lemma per event. -/
theorem parked_inv {p : ParkParams} (s : ParkedState) (h : ReachableParked p s) :
    parkedInv s = true := by
  induction h with
  | init => rfl
  | step s e _ ih =>
    cases e with
    | Open x => exact inv_open x s ih
    | RunStart => exact inv_run_start s ih
    | RunEnd => exact inv_run_end s ih
    | KernelUse => exact inv_kernel_use s ih
    | JobStart => exact inv_job_start s ih
    | JobSettle => exact inv_job_settle s ih
    | Park => exact inv_park s ih
    | Holds a l j => exact inv_holds a l j s ih
    | Elapse ms => exact inv_elapse ms s ih

/-- A run end of an unattached idle root: it parks, whatever the eviction timer says (a run end
  never evicts). The one place the run end reads the timer, unfolded here once. -/
theorem run_end_root {p : ParkParams} (pl sj : Bool) (k : Kernel) (idle : Nat) :
    stepParked p ⟨ParkPhase.Running, 0, false, pl, sj, 0, k, idle⟩ ParkedEvent.RunEnd =
      (⟨ParkPhase.Parked, 0, false, pl, sj, 0, k, idle⟩, ParkOutput.Parked) := by
  unfold stepParked stepParkedOnRunEnd decideParkRelease decideEvictionIn
  cases hw : decide (p.IDLE_EVICTION_MS ≤ Statute.Timeouts.WIRE_MAX_MS) <;>
    cases hi : decide (idle ≥ p.IDLE_EVICTION_MS) <;> rfl

/-- A park of an unattached idle root whose idle time has reached the eviction time asks to stop,
  for a valid record (the eviction time within the wire's range). -/
theorem park_root_due {p : ParkParams} (hp : p.valid) (pl sj : Bool) (k : Kernel) (idle : Nat)
    (hi : decide (idle ≥ p.IDLE_EVICTION_MS) = true) :
    stepParked p ⟨ParkPhase.Parked, 0, false, pl, sj, 0, k, idle⟩ ParkedEvent.Park =
      (⟨ParkPhase.Evicted, 0, false, pl, sj, 0, k, idle⟩, ParkOutput.AskedStop) := by
  unfold stepParked stepParkedOnPark decideParkRelease decideEvictionIn
  cases hw : decide (p.IDLE_EVICTION_MS ≤ Statute.Timeouts.WIRE_MAX_MS) with
  | false => exact absurd (hw.symm.trans (decide_eq_true hp)) ff_ne_tt
  | true =>
    cases hi' : decide (idle ≥ p.IDLE_EVICTION_MS) with
    | false => cases hi'.symm.trans hi
    | true => rfl

/-- A park of an unattached idle root before the eviction time only parks. -/
theorem park_root_wait {p : ParkParams} (pl sj : Bool) (k : Kernel) (idle : Nat)
    (hi : decide (idle ≥ p.IDLE_EVICTION_MS) = false) :
    stepParked p ⟨ParkPhase.Parked, 0, false, pl, sj, 0, k, idle⟩ ParkedEvent.Park =
      (⟨ParkPhase.Parked, 0, false, pl, sj, 0, k, idle⟩, ParkOutput.Parked) := by
  unfold stepParked stepParkedOnPark decideParkRelease decideEvictionIn
  cases hw : decide (p.IDLE_EVICTION_MS ≤ Statute.Timeouts.WIRE_MAX_MS) with
  | false => rfl
  | true =>
    cases hi' : decide (idle ≥ p.IDLE_EVICTION_MS) with
    | true => cases hi'.symm.trans hi
    | false => rfl

/-- park_evicts_idle_root: unfold the release decision and the eviction timer it reads, then
  generalize every guard (`cases h : e` replaces `e` in the goal, through the projections of the
  timer's facts): HasWork, the depth test, attached, the two eviction comparisons, the lease and
  the job leave cases closed up to the timer's `After (eviction - idle)`, which the evict rule's
  match sends to `false` unread; each is evaluated by `rfl` (`decide` refuses the free terms). -/
theorem park_evicts_idle_root : Statute.Park.park_evicts_idle_root_stmt := by
  intro f _
  unfold decideParkRelease decideEvictionIn
  cases hw : Statute.Orphan.decideHasWork ({ work := f.work } : Statute.Orphan.HasWorkFacts) <;>
    cases hd : decide (f.depth = 0) <;> cases ha : f.attached <;>
    cases hc : decide (f.eviction_ms ≤ Statute.Timeouts.WIRE_MAX_MS) <;>
    cases hi : decide (f.idle_ms ≥ f.eviction_ms) <;> cases hp : f.pause_lease <;>
    cases hs : f.scheduled_job <;> rfl

/-- park_releases_free_child: as park_evicts_idle_root, with the law's `depth > 0` read as
  `!(depth = 0)` first (`dec_pos_eq`), so one generalized depth test serves the law and the rules
  (`n + 1 > 0` does not evaluate with a free `n`); every case is closed, by `rfl`. -/
theorem park_releases_free_child : Statute.Park.park_releases_free_child_stmt := by
  intro f _
  simp only [dec_pos_eq]
  unfold decideParkRelease decideEvictionIn
  cases hw : Statute.Orphan.decideHasWork ({ work := f.work } : Statute.Orphan.HasWorkFacts) <;>
    cases hd : decide (f.depth = 0) <;> cases ha : f.attached <;>
    cases hc : decide (f.eviction_ms ≤ Statute.Timeouts.WIRE_MAX_MS) <;>
    cases hi : decide (f.idle_ms ≥ f.eviction_ms) <;> cases hp : f.pause_lease <;>
    cases hs : f.scheduled_job <;> rfl

/-- park_eviction_time_left: unfold the timer and generalize its two comparisons. Past the wire's
  range the timer is Never and the law's `eviction > WIRE_MAX_MS` is the complement; a reached
  eviction time is Due; otherwise the timer is After `eviction - idle`, which with `idle <
  eviction` adds up to the eviction time (`Nat.add_sub_of_le`). -/
theorem park_eviction_time_left : Statute.Park.park_eviction_time_left_stmt := by
  intro f _
  unfold decideEvictionIn
  cases hle : decide (f.eviction_ms ≤ Statute.Timeouts.WIRE_MAX_MS) with
  | false =>
    cases hgt : decide (f.eviction_ms > Statute.Timeouts.WIRE_MAX_MS) with
    | false => cases hgt.symm.trans (gt_true_of_not_le hle)
    | true => exact rfl
  | true =>
    cases hge : decide (f.idle_ms ≥ f.eviction_ms) with
    | true => exact rfl
    | false =>
      have hlt : f.idle_ms < f.eviction_ms := Nat.not_le.mp (of_decide_eq_false hge)
      exact and_true_of (and_true_of rfl (decide_eq_true hlt))
        (decide_eq_true (Nat.add_sub_of_le (Nat.le_of_lt hlt)))

/-- park_job_holds_kernel: the last conjunct of `parked_inv` (a release needs no work). -/
theorem park_job_holds_kernel : Statute.Park.park_job_holds_kernel_stmt := by
  intro p _
  intro s h
  exact and_right (parked_inv s h)

/-- park_evicted_was_idle_root: induction on the reachability derivation. In a step the state is
  split into its fields and the event; the phase is split (after unfolding the step with `simp
  only` where a comparison must be generalized). An evicted worker ignores every event, so the
  hypothesis carries over (`exact ih`), but for a job settling, which the hypothesis refutes (it
  says no job: `or_resolve`, then the job conjunct, false by evaluation). Out of Evicted, only a
  park that asks to stop enters it: the release decision and the eviction timer are unfolded, the
  idle comparison generalized (`hi`) and the fields it reads split; the AskStop case is a root
  worker, unattached, without jobs, idle past the eviction time (`hi`), and its kernel is live
  (a released one contradicts `parked_inv`); every other case leaves the phase out of Evicted,
  and the law is a Bool of constants (`exact rfl`). -/
theorem park_evicted_was_idle_root : Statute.Park.park_evicted_was_idle_root_stmt := by
  intro p hp
  intro s h
  induction h with
  | init => rfl
  | step s e hs ih =>
    cases s with
    | mk ph d att pl sj jobs k idle =>
      cases e with
      | Open x =>
        cases ph with
        | Evicted => exact ih
        | Closed => exact rfl
        | Running => exact rfl
        | Parked => exact rfl
      | RunStart =>
        cases ph with
        | Evicted => exact ih
        | Closed => exact rfl
        | Running => exact rfl
        | Parked => exact rfl
      | KernelUse =>
        cases ph with
        | Evicted => exact ih
        | Closed => exact rfl
        | Parked => exact rfl
        | Running => cases k <;> exact rfl
      | JobStart =>
        simp only [stepParked, stepParkedOnJobStart]
        cases ph with
        | Evicted => exact ih
        | Closed => exact rfl
        | Parked => exact rfl
        | Running => cases hj : decide (jobs ≥ MAX_JOBS) <;> exact rfl
      | JobSettle =>
        cases jobs with
        | zero =>
          cases ph with
          | Evicted => exact ih
          | Closed => exact rfl
          | Running => exact rfl
          | Parked => exact rfl
        | succ j =>
          cases ph with
          | Evicted => exact absurd (and_right (and_left (and_left (or_resolve ih rfl)))) ff_ne_tt
          | Closed => exact rfl
          | Running => exact rfl
          | Parked => exact rfl
      | RunEnd =>
        cases ph with
        | Evicted => exact ih
        | Closed => exact rfl
        | Parked => exact rfl
        | Running =>
          cases jobs with
          | zero =>
            cases d with
            | zero =>
              cases att with
              | true => cases k <;> exact rfl
              | false =>
                cases hq : stepParked p ⟨ParkPhase.Running, 0, false, pl, sj, 0, k, idle⟩ ParkedEvent.RunEnd with
                | mk r o =>
                  cases hq.symm.trans (run_end_root pl sj k idle)
                  exact rfl
            | succ n => cases pl <;> cases sj <;> cases k <;> exact rfl
          | succ j => cases j <;> cases k <;> exact rfl
      | Park =>
        cases ph with
        | Evicted => exact ih
        | Closed => exact rfl
        | Running => exact rfl
        | Parked =>
          cases jobs with
          | zero =>
            cases d with
            | zero =>
              cases att with
              | true => cases k <;> exact rfl
              | false =>
                cases hi : decide (idle ≥ p.IDLE_EVICTION_MS) with
                | false =>
                  cases hq : stepParked p ⟨ParkPhase.Parked, 0, false, pl, sj, 0, k, idle⟩ ParkedEvent.Park with
                  | mk r o =>
                    cases hq.symm.trans (park_root_wait pl sj k idle hi)
                    exact rfl
                | true =>
                  cases hq : stepParked p ⟨ParkPhase.Parked, 0, false, pl, sj, 0, k, idle⟩ ParkedEvent.Park with
                  | mk r o =>
                    cases hq.symm.trans (park_root_due hp pl sj k idle hi)
                    cases k with
                    | Live =>
                      exact or_right_of
                        (and_true_of (and_true_of (and_true_of (and_true_of rfl rfl) rfl) hi) rfl)
                    | Released => exact absurd (parked_inv _ hs) ff_ne_tt
            | succ n => cases pl <;> cases sj <;> cases k <;> exact rfl
          | succ j => cases j <;> cases k <;> exact rfl
      | Holds a p q =>
        cases ph with
        | Evicted => exact ih
        | Closed => exact rfl
        | Running => exact rfl
        | Parked => exact rfl
      | Elapse ms =>
        cases ph with
        | Evicted => exact ih
        | Closed => exact rfl
        | Running => exact rfl
        | Parked => cases jobs <;> exact rfl

/-- park_root_keeps_kernel: three conjuncts of `parked_inv`. -/
theorem park_root_keeps_kernel : Statute.Park.park_root_keeps_kernel_stmt := by
  intro p _
  intro s h
  have hi := parked_inv s h
  exact and_true_of
    (and_true_of (or_pos_of_ne (and_right (and_right (and_left hi))))
      (and_left (and_left (and_left hi))))
    (and_right (and_left (and_left hi)))

/-- A Bool invariant `a && c` carried over a step that keeps `c` (the same term on both sides up
  to evaluation): `!a || b` is a Bool of constants once the state is split. -/
theorem carry {a b c : Bool} (h : (a && c) = true) (hab : (!a || b) = true) : (b && c) = true := by
  cases a with
  | false => exact absurd h ff_ne_tt
  | true => exact and_true_of hab (and_right h)

/-- park_idle_clock: induction on the reachability derivation, the state split into its fields.
  Only a run start (the clock to 0) and time passing while parked with no job (the clock to
  `min (idle + ms) WIRE_MAX_MS`, at most WIRE_MAX_MS by `min_le_r`) move the clock; every other
  step keeps it, so the law's bound `idle ≤ WIRE_MAX_MS` is the hypothesis's (`carry`), and its
  first conjunct is carried by evaluation once the phase, the job count (0 or more, one level
  more where a job settles) and the clock (0 or more) are split, with the step's other guards
  (the release decision at a run end or park, the job limit) generalized or split as far as the
  step needs to reduce. An ignored event leaves the state (`exact ih`). -/
theorem park_idle_clock : Statute.Park.park_idle_clock_stmt := by
  intro p hp
  intro s h
  induction h with
  | init => decide
  | step s e _ ih =>
    cases s with
    | mk ph d att pl sj jobs k idle =>
      cases e with
      | Open x =>
        cases ph with
        | Closed => cases jobs <;> cases idle <;> exact carry ih rfl
        | Running => exact ih
        | Parked => exact ih
        | Evicted => exact ih
      | RunStart =>
        cases ph with
        | Parked => cases jobs <;> exact rfl
        | Closed => exact ih
        | Running => exact ih
        | Evicted => exact ih
      | KernelUse =>
        cases ph with
        | Running => cases k <;> exact ih
        | Closed => exact ih
        | Parked => exact ih
        | Evicted => exact ih
      | JobStart =>
        simp only [stepParked, stepParkedOnJobStart]
        cases ph with
        | Running =>
          cases hj : decide (jobs ≥ MAX_JOBS) <;> cases jobs <;> cases idle <;>
            exact carry ih rfl
        | Closed => exact ih
        | Parked => exact ih
        | Evicted => exact ih
      | JobSettle =>
        cases jobs with
        | zero => exact ih
        | succ j => cases ph <;> cases j <;> cases idle <;> exact carry ih rfl
      | RunEnd =>
        cases ph with
        | Running =>
          cases jobs with
          | zero =>
            cases d with
            | zero =>
              cases att with
              | true => cases k <;> cases idle <;> exact carry ih rfl
              | false =>
                cases hq : stepParked p ⟨ParkPhase.Running, 0, false, pl, sj, 0, k, idle⟩ ParkedEvent.RunEnd with
                | mk r o =>
                  cases hq.symm.trans (run_end_root pl sj k idle)
                  cases idle <;> exact carry ih rfl
            | succ n => cases pl <;> cases sj <;> cases k <;> cases idle <;> exact carry ih rfl
          | succ j => cases j <;> cases k <;> cases idle <;> exact carry ih rfl
        | Closed => exact ih
        | Parked => exact ih
        | Evicted => exact ih
      | Park =>
        cases ph with
        | Parked =>
          cases jobs with
          | zero =>
            cases d with
            | zero =>
              cases att with
              | true => cases k <;> cases idle <;> exact carry ih rfl
              | false =>
                cases hi : decide (idle ≥ p.IDLE_EVICTION_MS) with
                | false =>
                  cases hq : stepParked p ⟨ParkPhase.Parked, 0, false, pl, sj, 0, k, idle⟩ ParkedEvent.Park with
                  | mk r o =>
                    cases hq.symm.trans (park_root_wait pl sj k idle hi)
                    cases idle <;> exact carry ih rfl
                | true =>
                  cases hq : stepParked p ⟨ParkPhase.Parked, 0, false, pl, sj, 0, k, idle⟩ ParkedEvent.Park with
                  | mk r o =>
                    cases hq.symm.trans (park_root_due hp pl sj k idle hi)
                    cases idle <;> exact carry ih rfl
            | succ n => cases pl <;> cases sj <;> cases k <;> cases idle <;> exact carry ih rfl
          | succ j => cases j <;> cases k <;> cases idle <;> exact carry ih rfl
        | Closed => exact ih
        | Running => exact ih
        | Evicted => exact ih
      | Holds a p q => cases ph <;> exact ih
      | Elapse ms =>
        cases ph with
        | Parked =>
          cases jobs with
          | zero =>
            exact and_true_of rfl
              (decide_eq_true (min_le_r (idle + ms) Statute.Timeouts.WIRE_MAX_MS))
          | succ j => exact ih
        | Closed => exact ih
        | Running => exact ih
        | Evicted => exact ih

/-- park_run_end_rechecks: unfold the step, the release decision and its timer; split the phase
  and, in a run, the facts the decision reads (the job count and depth into 0 and more, the holds,
  the kernel, and for a root the idle comparison); the law's `if` takes the step's branch, both
  conjuncts by evaluation with the rest free. -/
theorem park_run_end_rechecks : Statute.Park.park_run_end_rechecks_stmt := by
  intro p _
  intro s _
  cases s with
  | mk ph d att pl sj jobs k idle =>
    cases ph with
    | Closed => exact on_then rfl (both rfl rfl)
    | Parked => exact on_then rfl (both rfl rfl)
    | Evicted => exact on_then rfl (both rfl rfl)
    | Running =>
      cases jobs with
      | succ j => cases j <;> exact on_else ff_ne_tt (on_else ff_ne_tt (both rfl rfl))
      | zero =>
        cases d with
        | zero =>
          cases att with
          | true => exact on_else ff_ne_tt (on_else ff_ne_tt (both rfl rfl))
          | false =>
            cases hq : stepParked p ⟨ParkPhase.Running, 0, false, pl, sj, 0, k, idle⟩ ParkedEvent.RunEnd with
            | mk r o =>
              cases hq.symm.trans (run_end_root pl sj k idle)
              exact on_else ff_ne_tt (on_else ff_ne_tt (both rfl rfl))
        | succ d =>
          cases d <;> cases pl with
          | true =>
            cases sj <;> cases k <;> exact on_else ff_ne_tt (on_else ff_ne_tt (both rfl rfl))
          | false =>
            cases sj with
            | true => cases k <;> exact on_else ff_ne_tt (on_else ff_ne_tt (both rfl rfl))
            | false =>
              cases k with
              | Live => exact on_else ff_ne_tt (on_then rfl (both rfl rfl))
              | Released => exact on_else ff_ne_tt (on_else ff_ne_tt (both rfl rfl))

/-- park_timer_rechecks: as park_run_end_rechecks, for a parked session; the law's eviction
  test reads the timer's own comparison, generalized once for both, and the timer's range test
  holds for a valid record (`p.IDLE_EVICTION_MS ≤ WIRE_MAX_MS`). -/
theorem park_timer_rechecks : Statute.Park.park_timer_rechecks_stmt := by
  intro p hp
  intro s _
  cases s with
  | mk ph d att pl sj jobs k idle =>
    cases ph with
    | Closed => exact on_then rfl (both rfl rfl)
    | Running => exact on_then rfl (both rfl rfl)
    | Evicted => exact on_then rfl (both rfl rfl)
    | Parked =>
      cases jobs with
      | succ j =>
        cases j <;> exact on_else ff_ne_tt (on_else ff_ne_tt (on_else ff_ne_tt (both rfl rfl)))
      | zero =>
        cases d with
        | zero =>
          cases att with
          | true => exact on_else ff_ne_tt (on_else ff_ne_tt (on_else ff_ne_tt (both rfl rfl)))
          | false =>
            cases hi : decide (idle ≥ p.IDLE_EVICTION_MS) with
            | false =>
              cases hq : stepParked p ⟨ParkPhase.Parked, 0, false, pl, sj, 0, k, idle⟩ ParkedEvent.Park with
              | mk r o =>
                cases hq.symm.trans (park_root_wait pl sj k idle hi)
                exact on_else ff_ne_tt (on_else ff_ne_tt (on_else ff_ne_tt (both rfl rfl)))
            | true =>
              cases hq : stepParked p ⟨ParkPhase.Parked, 0, false, pl, sj, 0, k, idle⟩ ParkedEvent.Park with
              | mk r o =>
                cases hq.symm.trans (park_root_due hp pl sj k idle hi)
                exact on_else ff_ne_tt (on_then rfl (both rfl rfl))
        | succ d =>
          cases d <;> cases pl with
          | true =>
            cases sj <;> cases k <;>
              exact on_else ff_ne_tt (on_else ff_ne_tt (on_else ff_ne_tt (both rfl rfl)))
          | false =>
            cases sj with
            | true =>
              cases k <;>
                exact on_else ff_ne_tt (on_else ff_ne_tt (on_else ff_ne_tt (both rfl rfl)))
            | false =>
              cases k with
              | Live => exact on_else ff_ne_tt (on_else ff_ne_tt (on_then rfl (both rfl rfl)))
              | Released =>
                exact on_else ff_ne_tt (on_else ff_ne_tt (on_else ff_ne_tt (both rfl rfl)))

/-- park_settlement_wakes_run: split the job count and the phase; with jobs the session runs or
  is parked (`parked_inv`; the other phases are refuted by evaluation), and a settled job
  wakes a parked session or keeps a run running, one job fewer. -/
theorem park_settlement_wakes_run : Statute.Park.park_settlement_wakes_run_stmt := by
  intro p _
  intro s h
  have hj := and_right (and_left (and_left (parked_inv s h)))
  cases s with
  | mk ph d att pl sj jobs k idle =>
    cases jobs with
    | zero => exact on_then rfl (both rfl rfl)
    | succ j =>
      cases ph with
      | Closed => exact absurd hj ff_ne_tt
      | Evicted => exact absurd hj ff_ne_tt
      | Running => exact on_else ff_ne_tt (and_true_of (decide_eq_true rfl) rfl)
      | Parked => exact on_else ff_ne_tt (and_true_of (decide_eq_true rfl) rfl)

/-- park_jobs_start_in_runs: unfold the step, generalize `jobs < MAX_JOBS` (the law's) and its
  complement `jobs ≥ MAX_JOBS` (the step's) together, closing the two inconsistent cases, and
  split the phase: only a run below the bound starts a job. -/
theorem park_jobs_start_in_runs : Statute.Park.park_jobs_start_in_runs_stmt := by
  intro p _
  intro s _
  cases s with
  | mk ph d att pl sj jobs k idle =>
    unfold stepParked stepParkedOnJobStart
    cases hl : decide (jobs < MAX_JOBS) with
    | true =>
      cases hg : decide (jobs ≥ MAX_JOBS) with
      | true => cases hg.symm.trans (ge_false_of_lt hl)
      | false =>
        cases ph with
        | Running => exact on_then rfl (both rfl rfl)
        | Closed => exact on_else ff_ne_tt (both rfl rfl)
        | Parked => exact on_else ff_ne_tt (both rfl rfl)
        | Evicted => exact on_else ff_ne_tt (both rfl rfl)
    | false =>
      cases hg : decide (jobs ≥ MAX_JOBS) with
      | false => cases hg.symm.trans (ge_true_of_not_lt hl)
      | true => cases ph <;> exact on_else ff_ne_tt (both rfl rfl)

/-- park_kernel_use_revives: split the phase; in a run also the kernel, which the output and (for
  a released one) the next state read. -/
theorem park_kernel_use_revives : Statute.Park.park_kernel_use_revives_stmt := by
  intro p _
  intro s _
  cases s with
  | mk ph d att pl sj jobs k idle =>
    cases ph with
    | Running => cases k <;> exact on_then rfl (both rfl rfl)
    | Closed => exact on_else ff_ne_tt (both rfl rfl)
    | Parked => exact on_else ff_ne_tt (both rfl rfl)
    | Evicted => exact on_else ff_ne_tt (both rfl rfl)

/-- park_run_starts_parked: split the phase; only a parked session starts a run. -/
theorem park_run_starts_parked : Statute.Park.park_run_starts_parked_stmt := by
  intro p _
  intro s _
  cases s with
  | mk ph d att pl sj jobs k idle =>
    cases ph with
    | Closed => exact on_else ff_ne_tt (both rfl rfl)
    | Running => exact on_else ff_ne_tt (both rfl rfl)
    | Parked => exact on_then rfl (both rfl rfl)
    | Evicted => exact on_else ff_ne_tt (both rfl rfl)

/-- park_open_once: split the phase; a closed session opens (the law's `then`), any other
  ignores the open, and both conjuncts hold by evaluation with the other fields free. -/
theorem park_open_once : Statute.Park.park_open_once_stmt := by
  intro p _
  intro s depth _
  cases s with
  | mk ph d att pl sj jobs k idle =>
    cases ph with
    | Closed => exact on_then rfl (both rfl rfl)
    | Running => exact on_else ff_ne_tt (both rfl rfl)
    | Parked => exact on_else ff_ne_tt (both rfl rfl)
    | Evicted => exact on_else ff_ne_tt (both rfl rfl)

/-- park_holds_recorded: split the phase; an evicted session ignores the holds, any other records
  them as they are. -/
theorem park_holds_recorded : Statute.Park.park_holds_recorded_stmt := by
  intro p _
  intro s a p j _
  cases s with
  | mk ph d att pl sj jobs k idle =>
    cases ph with
    | Closed => exact on_else ff_ne_tt (both rfl rfl)
    | Running => exact on_else ff_ne_tt (both rfl rfl)
    | Parked => exact on_else ff_ne_tt (both rfl rfl)
    | Evicted => exact on_then rfl (both rfl rfl)

/-- park_time_passes: unfold the step and generalize the job count's test (`jobs = 0`, read by the
  step and the law alike), split the phase, and both conjuncts hold by evaluation. -/
theorem park_time_passes : Statute.Park.park_time_passes_stmt := by
  intro p _
  intro s ms _
  cases s with
  | mk ph d att pl sj jobs k idle =>
    unfold stepParked stepParkedOnElapse
    cases hj : decide (jobs = 0) <;> cases ph <;> exact both rfl rfl

/-- park_idle_root_leads_to_stop: split the state and read the premise's five conjuncts; the job
  count and the depth are 0 (`cases` on the equations), a case the premise rules out is refuted
  by evaluation, and in the one left the park evicts (`hy`: the step, the release decision and
  its timer unfolded, the idle comparison generalized and fixed by the premise). -/
theorem park_idle_root_leads_to_stop : Statute.Park.park_idle_root_leads_to_stop_stmt := by
  intro p hp
  intro s _ h
  cases s with
  | mk ph d att pl sj jobs k idle =>
    have hI := and_right h
    have hJ := and_right (and_left h)
    have hA := and_right (and_left (and_left h))
    have hD := and_right (and_left (and_left (and_left h)))
    have hP := and_left (and_left (and_left (and_left h)))
    have hj0 : jobs = 0 := of_decide_eq_true hJ
    have hd0 : d = 0 := of_decide_eq_true hD
    cases hj0
    cases hd0
    cases ph with
    | Closed => exact absurd hP ff_ne_tt
    | Running => exact absurd hP ff_ne_tt
    | Evicted => exact absurd hP ff_ne_tt
    | Parked =>
      cases att with
      | true => exact absurd hA ff_ne_tt
      | false =>
        have hy : park_idle_root_leads_to_stop_leads p 0 (stepParked p
            ⟨ParkPhase.Parked, 0, false, pl, sj, 0, k, idle⟩ ParkedEvent.Park).1 = true := by
          unfold park_idle_root_leads_to_stop_leads stepParked stepParkedOnPark
          unfold decideParkRelease decideEvictionIn
          cases hw : decide (p.IDLE_EVICTION_MS ≤ Statute.Timeouts.WIRE_MAX_MS) with
          | false => exact absurd (hw.symm.trans (decide_eq_true hp)) ff_ne_tt
          | true =>
            cases hi : decide (idle ≥ p.IDLE_EVICTION_MS) with
            | false => cases hi.symm.trans hI
            | true => exact rfl
        exact or_right_of (and_true_of hy rfl)

/-- park_settled_child_leads_to_release: read the premise's five conjuncts and bound the job
  count (`parked_inv`): one or two jobs settle (waking the run) and the run's end releases the
  child's kernel, or finds it released; each case evaluates, the idle clock and the holds the
  premise leaves free never read (the depth is above 0, so the eviction rule is off). -/
theorem park_settled_child_leads_to_release :
    Statute.Park.park_settled_child_leads_to_release_stmt := by
  intro p _
  intro s h hf
  have hM := and_left (and_left (and_left (parked_inv s h)))
  cases s with
  | mk ph d att pl sj jobs k idle =>
    have hE := and_right hf
    have hD := and_right (and_left hf)
    have hC := and_right (and_left (and_left hf))
    have hB := and_right (and_left (and_left (and_left hf)))
    have hA := and_left (and_left (and_left (and_left hf)))
    cases ph with
    | Closed => exact absurd hA ff_ne_tt
    | Running => exact absurd hA ff_ne_tt
    | Evicted => exact absurd hA ff_ne_tt
    | Parked =>
      cases d with
      | zero => exact absurd hB ff_ne_tt
      | succ d =>
        cases pl with
        | true => exact absurd hC ff_ne_tt
        | false =>
          cases sj with
          | true => exact absurd hD ff_ne_tt
          | false =>
            cases jobs with
            | zero => exact absurd hE ff_ne_tt
            | succ j =>
              cases j with
              | zero => cases k <;> exact rfl
              | succ j =>
                cases j with
                | zero => cases k <;> exact rfl
                | succ j => exact absurd hM ff_ne_tt

end Statute.Park.Proofs
