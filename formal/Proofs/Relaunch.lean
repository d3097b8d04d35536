-- Proofs of the laws of spec/relaunch.yaml. Hand-written; the statements are generated in
-- generated/lean/Statute/Relaunch.lean and must not be restated here.
-- Checked by a Lean kernel as formal/checked.txt records (`statute proofs` says which
-- proofs, by which Lean, when).
import Statute.Relaunch
import Proofs.Lemmas


namespace Statute.Relaunch.Proofs

open Statute.Lemmas

/-- relaunch_never_replaces: unfold the decision, then generalize each fact it and the law read
  (`cases h : e` replaces `e` in the goal): the window comparison and four Bools leave 32 closed
  cases, each evaluated by `decide`. Connect is the first rule, so it matches `listening` whatever
  the rest; Relaunch is the last, behind `launch_held`. The range hypotheses are not needed. -/
theorem relaunch_never_replaces : Statute.Relaunch.relaunch_never_replaces_stmt := by
  intro f _ _
  unfold decideRelaunchDecide
  cases hw : decide (f.lost_ms ≤ f.window_ms) <;> cases hl : f.listening <;>
    cases hh : f.launch_held <;> cases ha : f.attached <;> cases ho : f.own_build <;> decide

/-- relaunch_lost_supervisor: with the window within the wire's range the law's window test is
  the decision's (`lost ≤ window`), and the 32 cases are evaluated. Past the wire's range the
  bound `lost_ms ≤ WIRE_MAX_MS < window_ms` (the range hypothesis of `lost_ms`) makes
  `lost ≤ window` true, so the other case is closed by `cases` on `false = true`. -/
theorem relaunch_lost_supervisor : Statute.Relaunch.relaunch_lost_supervisor_stmt := by
  intro f _ hl
  unfold decideRelaunchDecide
  cases hc : decide (f.window_ms > Statute.Timeouts.WIRE_MAX_MS) with
  | false =>
    cases hw : decide (f.lost_ms ≤ f.window_ms) <;> cases hs : f.listening <;>
      cases hh : f.launch_held <;> cases ha : f.attached <;> cases ho : f.own_build <;> decide
  | true =>
    have hle : decide (f.lost_ms ≤ f.window_ms) = true :=
      decide_eq_true (Nat.le_trans hl (Nat.le_of_lt (of_decide_eq_true hc)))
    cases hw : decide (f.lost_ms ≤ f.window_ms) with
    | false => cases hw.symm.trans hle
    | true =>
      cases hs : f.listening <;> cases hh : f.launch_held <;> cases ha : f.attached <;>
        cases ho : f.own_build <;> decide

/-- relaunch_leaves_when_not_its_own: the same split as relaunch_lost_supervisor. -/
theorem relaunch_leaves_when_not_its_own :
    Statute.Relaunch.relaunch_leaves_when_not_its_own_stmt := by
  intro f _ hl
  unfold decideRelaunchDecide
  cases hc : decide (f.window_ms > Statute.Timeouts.WIRE_MAX_MS) with
  | false =>
    cases hw : decide (f.lost_ms ≤ f.window_ms) <;> cases hs : f.listening <;>
      cases hh : f.launch_held <;> cases ha : f.attached <;> cases ho : f.own_build <;> decide
  | true =>
    have hle : decide (f.lost_ms ≤ f.window_ms) = true :=
      decide_eq_true (Nat.le_trans hl (Nat.le_of_lt (of_decide_eq_true hc)))
    cases hw : decide (f.lost_ms ≤ f.window_ms) with
    | false => cases hw.symm.trans hle
    | true =>
      cases hs : f.listening <;> cases hh : f.launch_held <;> cases ha : f.attached <;>
        cases ho : f.own_build <;> decide

/-- relaunch_takes_only_a_free_socket: split the event and the fields its step reads (for a probe,
  after unfolding it and generalizing its clock comparison), and `socket_mine`; each case is a
  Bool of constants, evaluated by `exact rfl` with the other fields free. Only the probe's
  relaunch sets `socket_mine`, and it runs only with nothing on the socket. -/
theorem relaunch_takes_only_a_free_socket :
    Statute.Relaunch.relaunch_takes_only_a_free_socket_stmt := by
  intro p _
  intro s e _
  cases s with
  | mk sock own mine ph att peer lost wk wown =>
    cases e with
    | Crash => cases sock <;> cases mine <;> exact rfl
    | Probe =>
      unfold stepRelaunch stepRelaunchOnProbe decideRelaunchDecide
      cases hw : decide (lost ≤ p.CLIENT_RELAUNCH_WITHIN_MS) <;> cases sock <;>
        cases mine <;> cases ph <;> cases att <;> cases peer <;> exact rfl
    | OtherLaunch b => cases sock <;> cases mine <;> exact rfl
    | Listen => cases sock <;> cases mine <;> cases own <;> cases wown <;> exact rfl
    | Elapse ms => cases ph <;> cases mine <;> exact rfl
    | Attachment b => cases mine <;> exact rfl

/-- relaunch_connected_to_a_listening_daemon: as relaunch_workers_follow_the_daemon; the lost
  clock is split into `0` and `n + 1`, which is all `lost = 0` reads (an elapse past a loss sets
  a clock only a lost client has, so its sum is never read). A probe changes only a lost client:
  any other is the state before (`ih`); a lost one reconnects only to a listening socket, setting
  the three fields the law reads, and otherwise leaves or stays lost, so the law holds after it by
  evaluation whatever held before (split as far as the decision reads). -/
theorem relaunch_connected_to_a_listening_daemon :
    Statute.Relaunch.relaunch_connected_to_a_listening_daemon_stmt := by
  intro p _
  intro s h
  induction h with
  | init => decide
  | step s e _ ih =>
    cases s with
    | mk sock own mine ph att peer lost wk wown =>
      cases e with
      | Crash =>
        cases lost <;> cases sock <;> cases ph <;> cases peer <;> cases own <;>
          exact imp_eval ih rfl
      | Probe =>
        cases ph with
        | Connected => exact ih
        | Left => exact ih
        | Lost =>
          unfold stepRelaunch stepRelaunchOnProbe decideRelaunchDecide
          cases sock with
          | Listening => cases own <;> exact rfl
          | Starting =>
            cases hw : decide (lost ≤ p.CLIENT_RELAUNCH_WITHIN_MS) <;> cases att <;> cases peer <;>
              exact rfl
          | Down =>
            cases hw : decide (lost ≤ p.CLIENT_RELAUNCH_WITHIN_MS) <;> cases att <;> cases peer <;>
              exact rfl
      | OtherLaunch b =>
        cases lost <;> cases sock <;> cases ph <;> cases peer <;> cases own <;>
          exact imp_eval ih rfl
      | Listen =>
        cases lost <;> cases sock <;> cases ph <;> cases peer <;> cases own <;> cases wown <;>
          exact imp_eval ih rfl
      | Elapse ms =>
        cases lost <;> cases sock <;> cases ph <;> cases peer <;> cases own <;>
          exact imp_eval ih rfl
      | Attachment b =>
        cases lost <;> cases sock <;> cases ph <;> cases peer <;> cases own <;>
          exact imp_eval ih rfl

/-- relaunch_launches_own_build: induction on the reachability derivation. In a step the
  invariant of the state before is split into its two conjuncts (`hM` on the launch, `hL` on the
  clock); the state and the event are split as far as the step reads them (for a probe after
  unfolding it and generalizing its clock comparison), and the next state's invariant is either
  the same conjunct (`hM`, `hL`, equal by evaluation), a constant (a relaunch is of this build and
  starting; a reconnect zeroes the clock), the clock's cap (`Nat.min_le_right`), or refuted
  together with `hM` (this client's launch on a free socket). -/
theorem relaunch_launches_own_build : Statute.Relaunch.relaunch_launches_own_build_stmt := by
  intro p _
  intro s h
  induction h with
  | init => decide
  | step s e _ ih =>
    cases s with
    | mk sock own mine ph att peer lost wk wown =>
      have hM := and_left ih
      have hL := and_right ih
      cases e with
      | Crash =>
        cases sock with
        | Down => exact and_true_of hM hL
        | Starting => exact and_true_of rfl hL
        | Listening => exact and_true_of rfl hL
      | Probe =>
        unfold stepRelaunch stepRelaunchOnProbe decideRelaunchDecide
        cases hw : decide (lost ≤ p.CLIENT_RELAUNCH_WITHIN_MS) with
        | false =>
          cases ph with
          | Connected => exact and_true_of hM hL
          | Left => exact and_true_of hM hL
          | Lost =>
            cases sock with
            | Listening => exact and_true_of hM rfl
            | Starting => cases att <;> cases peer <;> exact and_true_of hM hL
            | Down => cases att <;> cases peer <;> exact and_true_of hM hL
        | true =>
          cases ph with
          | Connected => exact and_true_of hM hL
          | Left => exact and_true_of hM hL
          | Lost =>
            cases sock with
            | Listening => exact and_true_of hM rfl
            | Starting => cases att <;> cases peer <;> exact and_true_of hM hL
            | Down =>
              cases att with
              | false => cases peer <;> exact and_true_of hM hL
              | true =>
                cases peer with
                | false => exact and_true_of hM hL
                | true => exact and_true_of rfl hL
      | OtherLaunch b =>
        cases sock with
        | Listening => exact and_true_of hM hL
        | Starting => exact and_true_of hM hL
        | Down =>
          cases mine with
          | false => exact and_true_of rfl hL
          | true => cases own <;> exact absurd hM ff_ne_tt
      | Listen =>
        cases sock with
        | Listening => exact and_true_of hM hL
        | Down => exact and_true_of hM hL
        | Starting =>
          cases mine with
          | false => cases own <;> cases wown <;> exact and_true_of rfl hL
          | true =>
            cases own with
            | false => exact absurd hM ff_ne_tt
            | true => cases wown <;> exact and_true_of rfl hL
      | Elapse ms =>
        cases ph with
        | Lost =>
          exact and_true_of hM
            (decide_eq_true (Nat.min_le_right (lost + ms) Statute.Timeouts.WIRE_MAX_MS))
        | Connected => exact and_true_of hM hL
        | Left => exact and_true_of hM hL
      | Attachment b => exact and_true_of hM hL

/-- relaunch_workers_follow_the_daemon: induction on the reachability derivation; the invariant
  reads only enumerations and Bools, so each step is split on the fields the invariant and the
  step read, and the invariant before implies the one after by evaluation (`imp_eval`). A probe
  moves the socket or the workers only in its relaunch (a lost client, nothing on the socket,
  eligible): every other probe leaves the fields the law reads as they were (`ih`), split only as
  far as its branch is known (after unfolding it and generalizing its clock comparison). -/
theorem relaunch_workers_follow_the_daemon :
    Statute.Relaunch.relaunch_workers_follow_the_daemon_stmt := by
  intro p _
  intro s h
  induction h with
  | init => decide
  | step s e _ ih =>
    cases s with
    | mk sock own mine ph att peer lost wk wown =>
      cases e with
      | Crash => cases sock <;> cases wk <;> cases own <;> cases wown <;> exact imp_eval ih rfl
      | Probe =>
        cases ph with
        | Connected => exact ih
        | Left => exact ih
        | Lost =>
          unfold stepRelaunch stepRelaunchOnProbe decideRelaunchDecide
          cases sock with
          | Listening => exact ih
          | Starting =>
            cases hw : decide (lost ≤ p.CLIENT_RELAUNCH_WITHIN_MS) <;> cases att <;> cases peer <;>
              exact ih
          | Down =>
            cases hw : decide (lost ≤ p.CLIENT_RELAUNCH_WITHIN_MS) with
            | false => cases att <;> cases peer <;> exact ih
            | true =>
              cases att with
              | false => cases peer <;> exact ih
              | true =>
                cases peer with
                | false => exact ih
                | true => cases wk <;> cases wown <;> exact imp_eval ih rfl
      | OtherLaunch b =>
        cases sock <;> cases b <;> cases wk <;> cases own <;> cases wown <;> exact imp_eval ih rfl
      | Listen => cases sock <;> cases wk <;> cases own <;> cases wown <;> exact imp_eval ih rfl
      | Elapse ms =>
        cases ph <;> cases sock <;> cases wk <;> cases own <;> cases wown <;>
          exact imp_eval ih rfl
      | Attachment b =>
        cases sock <;> cases wk <;> cases own <;> cases wown <;>
          exact imp_eval ih rfl

/-- relaunch_probe_acts: split the phase first; a connected or left client is evaluated as it is.
  For a lost client the socket is split, and the one comparison the probe and the law's
  `eligible` read, `lost ≤ CLIENT_RELAUNCH_WITHIN_MS`, generalized, with `attached` and `peer_own`;
  then `simp only` unfolds the step and its decision with that comparison known, takes each `if`
  of the law and the step on the constant it has become, and closes what is left (`decide` of
  `True` and of a value equal to itself), the other fields and the clock free. (`unfold` of the
  three definitions here cost more than the default heartbeats: the goal holds the step twice
  and the decision in four places.) -/
theorem relaunch_probe_acts : Statute.Relaunch.relaunch_probe_acts_stmt := by
  intro p _
  intro s _
  cases s with
  | mk sock own mine ph att peer lost wk wown =>
    cases ph with
    | Connected => exact on_then rfl (both rfl rfl)
    | Left => exact on_then rfl (both rfl rfl)
    | Lost =>
      cases sock <;> cases hw : decide (lost ≤ p.CLIENT_RELAUNCH_WITHIN_MS) <;> cases att <;>
        cases peer <;>
        simp only [stepRelaunch, stepRelaunchOnProbe, decideRelaunchDecide, hw, if_const_true,
          if_const_false, decide_const_true, decide_self_eq, true_band]

/-- relaunch_adopts_live_workers: split the socket; a starting one also splits the two builds, so
  Adopt is evaluated (adopted exactly when the workers' build is the daemon's, and then
  `workers_own` already equals `socket_own`). -/
theorem relaunch_adopts_live_workers : Statute.Relaunch.relaunch_adopts_live_workers_stmt := by
  intro p _
  intro s _
  cases s with
  | mk sock own mine ph att peer lost wk wown =>
    cases sock with
    | Listening => exact on_then rfl (both rfl rfl)
    | Down => exact on_then rfl (both rfl rfl)
    | Starting =>
      cases own <;> cases wown <;> exact on_else ff_ne_tt (both rfl rfl)

/-- relaunch_crash_orphans: split the socket; the law's `if` takes the step's branch
  (`on_then` / `on_else`), whose two conjuncts hold by evaluation. -/
theorem relaunch_crash_orphans : Statute.Relaunch.relaunch_crash_orphans_stmt := by
  intro p _
  intro s _
  cases s with
  | mk sock own mine ph att peer lost wk wown =>
    cases sock with
    | Down => exact on_then rfl (both rfl rfl)
    | Starting => exact on_else ff_ne_tt (on_then rfl (both rfl rfl))
    | Listening => exact on_else ff_ne_tt (on_else ff_ne_tt (both rfl rfl))

/-- relaunch_other_launch: split the socket; with nothing on it, this client's flag is already
  off by relaunch_launches_own_build (a launch of its own never leaves the socket down), so the
  step's record is the law's. -/
theorem relaunch_other_launch : Statute.Relaunch.relaunch_other_launch_stmt := by
  intro p hp
  intro s b h
  have hM := and_left (relaunch_launches_own_build p hp s h)
  cases s with
  | mk sock own mine ph att peer lost wk wown =>
    cases sock with
    | Listening => exact on_else ff_ne_tt (both rfl rfl)
    | Starting => exact on_else ff_ne_tt (both rfl rfl)
    | Down =>
      cases mine with
      | false => exact on_then rfl (both rfl rfl)
      | true => cases own <;> exact absurd hM ff_ne_tt

/-- relaunch_lost_clock: split the phase; in each case the step and the law's record agree by
  evaluation (the lost clock itself stays free). -/
theorem relaunch_lost_clock : Statute.Relaunch.relaunch_lost_clock_stmt := by
  intro p _
  intro s ms _
  cases s with
  | mk sock own mine ph att peer lost wk wown =>
    cases ph <;> exact both rfl rfl

/-- relaunch_attachment: the step is one record update, so both conjuncts hold by evaluation
  (`decide_eq_true rfl`; the state stays free). -/
theorem relaunch_attachment : Statute.Relaunch.relaunch_attachment_stmt := by
  intro p _
  intro s b _
  exact both rfl rfl

/-- relaunch_lost_leads_to_launch: split the state and read the five conjuncts of the premise
  (`and_left` / `and_right`); a case the premise rules out is refuted by evaluation. In the one
  left (lost, attached, own build, nothing on the socket) the probe relaunches (`hy`: the probe
  unfolded, its clock comparison generalized and fixed by the premise), so the socket is this
  client's starting launch after one step. -/
theorem relaunch_lost_leads_to_launch : Statute.Relaunch.relaunch_lost_leads_to_launch_stmt := by
  intro p _
  intro s _ h
  cases s with
  | mk sock own mine ph att peer lost wk wown =>
    have hE := and_right h
    have hD := and_right (and_left h)
    have hC := and_right (and_left (and_left h))
    have hB := and_right (and_left (and_left (and_left h)))
    have hA := and_left (and_left (and_left (and_left h)))
    cases sock with
    | Listening => exact absurd hE ff_ne_tt
    | Starting => exact absurd hE ff_ne_tt
    | Down =>
      cases ph with
      | Connected => exact absurd hA ff_ne_tt
      | Left => exact absurd hA ff_ne_tt
      | Lost =>
        cases att with
        | false => exact absurd hB ff_ne_tt
        | true =>
          cases peer with
          | false => exact absurd hC ff_ne_tt
          | true =>
            have hy : relaunch_lost_leads_to_launch_leads p 0 (stepRelaunch p
                ⟨Socket.Down, own, mine, ClientPhase.Lost, true, true, lost, wk, wown⟩
                RelaunchEvent.Probe).1 = true := by
              unfold relaunch_lost_leads_to_launch_leads stepRelaunch stepRelaunchOnProbe
              unfold decideRelaunchDecide
              cases hw : decide (lost ≤ p.CLIENT_RELAUNCH_WITHIN_MS) with
              | false => cases hw.symm.trans hD
              | true => exact rfl
            exact or_right_of (and_true_of hy rfl)

/-- relaunch_launch_leads_to_adoption: the launch is this client's, so of its build
  (relaunch_launches_own_build); split the state as the premise fixes it (a case it rules out is
  refuted by evaluation), and the listen (which serves the workers) and the probe (which connects
  to the daemon that now listens, never reading the clock) evaluate to the target. -/
theorem relaunch_launch_leads_to_adoption :
    Statute.Relaunch.relaunch_launch_leads_to_adoption_stmt := by
  intro p hp
  intro s h hf
  have hM := and_left (relaunch_launches_own_build p hp s h)
  cases s with
  | mk sock own mine ph att peer lost wk wown =>
    have hC := and_right hf
    have hB := and_right (and_left hf)
    have hA := and_left (and_left hf)
    cases ph with
    | Connected => exact absurd hA ff_ne_tt
    | Left => exact absurd hA ff_ne_tt
    | Lost =>
      cases sock with
      | Listening => exact absurd hB ff_ne_tt
      | Down => exact absurd hB ff_ne_tt
      | Starting =>
        cases mine with
        | false => exact absurd hC ff_ne_tt
        | true =>
          cases own with
          | false => exact absurd hM ff_ne_tt
          | true => cases wown <;> exact rfl

end Statute.Relaunch.Proofs
