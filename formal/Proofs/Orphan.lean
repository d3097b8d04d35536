-- Proofs of the laws of spec/orphan.yaml. Hand-written; the statements are generated in
-- generated/lean/Statute/Orphan.lean and must not be restated here.
-- Checked by a Lean kernel as formal/checked.txt records (`statute proofs` says which
-- proofs, by which Lean, when). A `_stmt` is a plain `def`, so a closed one is unfolded before
-- `decide` (instance search does not unfold it).
--
-- The window laws share one method: unfold `decideOrphanExit`, then generalize each Bool atom
-- the decision and the law read (`cases h : decideHasWork ..`, `cases h : decide (a ≥ w)`: the
-- goal has the atom replaced by `true` or `false`), until no free variable is left and `decide`
-- evaluates the closed case. A law that reads the complement of a comparison (`a < w` beside
-- `a ≥ w`) generalizes both; the two inconsistent cases are closed by `cases` on `true = false`,
-- built from the helper lemmas below (`Nat.not_le`, `Nat.not_lt`).
import Statute.Orphan
import Proofs.Lemmas


namespace Statute.Orphan.Proofs

open Statute.Lemmas

/-- `decide (a ≤ b)` true makes `decide (a > b)` false. -/
theorem gt_false_of_le {a b : Nat} (h : decide (a ≤ b) = true) : decide (a > b) = false :=
  decide_eq_false (Nat.not_lt.mpr (of_decide_eq_true h))

/-- orphan_never_aborts_resumable: with work the idle-exit rule is off, so the verdict is Wait or
  ExitBusy in each of the 16 cases of the four atoms. -/
theorem orphan_never_aborts_resumable : Statute.Orphan.orphan_never_aborts_resumable_stmt := by
  intro f _
  unfold decideOrphanExit
  cases hw : decideHasWork ({ work := f.work } : HasWorkFacts) <;>
    cases hc : decide (f.window_ms > Statute.Timeouts.WIRE_MAX_MS) <;>
    cases h1 : decide (f.absent_ms ≥ f.window_ms) <;>
    cases h2 : decide (f.absent_ms ≥ 2 * f.window_ms) <;> decide

/-- orphan_idle_exit_due: `absent ≥ window` and `absent < window` are generalized together; the
  two inconsistent cases are closed by the helpers, the rest evaluated. -/
theorem orphan_idle_exit_due : Statute.Orphan.orphan_idle_exit_due_stmt := by
  intro f _
  unfold decideOrphanExit
  cases h1 : decide (f.absent_ms ≥ f.window_ms) with
  | true =>
    cases h3 : decide (f.absent_ms < f.window_ms) with
    | true => cases h3.symm.trans (lt_false_of_ge h1)
    | false =>
      cases hw : decideHasWork ({ work := f.work } : HasWorkFacts) <;>
        cases hc : decide (f.window_ms > Statute.Timeouts.WIRE_MAX_MS) <;>
        cases h2 : decide (f.absent_ms ≥ 2 * f.window_ms) <;> decide
  | false =>
    cases h3 : decide (f.absent_ms < f.window_ms) with
    | false => cases h3.symm.trans (lt_true_of_not_ge h1)
    | true =>
      cases hw : decideHasWork ({ work := f.work } : HasWorkFacts) <;>
        cases hc : decide (f.window_ms > Statute.Timeouts.WIRE_MAX_MS) <;>
        cases h2 : decide (f.absent_ms ≥ 2 * f.window_ms) <;> decide

/-- orphan_work_exit_due: as the idle law, with `absent ≥ 2 * window` and its complement. -/
theorem orphan_work_exit_due : Statute.Orphan.orphan_work_exit_due_stmt := by
  intro f _
  unfold decideOrphanExit
  cases h2 : decide (f.absent_ms ≥ 2 * f.window_ms) with
  | true =>
    cases h4 : decide (f.absent_ms < 2 * f.window_ms) with
    | true => cases h4.symm.trans (lt_false_of_ge h2)
    | false =>
      cases hw : decideHasWork ({ work := f.work } : HasWorkFacts) <;>
        cases hc : decide (f.window_ms > Statute.Timeouts.WIRE_MAX_MS) <;>
        cases h1 : decide (f.absent_ms ≥ f.window_ms) <;> decide
  | false =>
    cases h4 : decide (f.absent_ms < 2 * f.window_ms) with
    | false => cases h4.symm.trans (lt_true_of_not_ge h2)
    | true =>
      cases hw : decideHasWork ({ work := f.work } : HasWorkFacts) <;>
        cases hc : decide (f.window_ms > Statute.Timeouts.WIRE_MAX_MS) <;>
        cases h1 : decide (f.absent_ms ≥ f.window_ms) <;> decide

/-- orphan_capped_window_never_expires: a window within the wire's range makes the first
  disjunct true (`exact rfl` evaluates `true || _` with the rest free); a window past it is
  capped, so the verdict is Wait whatever the rest. -/
theorem orphan_capped_window_never_expires :
    Statute.Orphan.orphan_capped_window_never_expires_stmt := by
  intro f _
  unfold decideOrphanExit
  cases hl : decide (f.window_ms ≤ Statute.Timeouts.WIRE_MAX_MS) with
  | true => exact rfl
  | false =>
    cases hc : decide (f.window_ms > Statute.Timeouts.WIRE_MAX_MS) with
    | false => cases hc.symm.trans (gt_true_of_not_le hl)
    | true => exact rfl

/-- orphan_exit_by_work: the four atoms of the decision, 16 closed cases. -/
theorem orphan_exit_by_work : Statute.Orphan.orphan_exit_by_work_stmt := by
  intro f _
  unfold decideOrphanExit
  cases hw : decideHasWork ({ work := f.work } : HasWorkFacts) <;>
    cases hc : decide (f.window_ms > Statute.Timeouts.WIRE_MAX_MS) <;>
    cases h1 : decide (f.absent_ms ≥ f.window_ms) <;>
    cases h2 : decide (f.absent_ms ≥ 2 * f.window_ms) <;> decide

/-- orphan_work_set_each_kind: split the eight work fields (256 cases); each case is closed up
  to `withdrawn_input`, which HasWork never reads, so `rfl` evaluates it (`decide` would refuse
  the free variable). -/
theorem orphan_work_set_each_kind : Statute.Orphan.orphan_work_set_each_kind_stmt := by
  intro f
  cases f with
  | mk w =>
    cases w with
    | mk r c q a b u ch wf wd =>
      cases r <;> cases c <;> cases q <;> cases a <;> cases b <;> cases u <;> cases ch <;>
        cases wf <;> rfl

/-- orphan_withdrawn_input_not_work: split the eight work fields (256 cases); HasWork never reads
  `withdrawn_input`, so each case evaluates by `rfl` with it free. -/
theorem orphan_withdrawn_input_not_work :
    Statute.Orphan.orphan_withdrawn_input_not_work_stmt := by
  intro f
  cases f with
  | mk w =>
    cases w with
    | mk r c q a b u ch wf wd =>
      cases r <;> cases c <;> cases q <;> cases a <;> cases b <;> cases u <;> cases ch <;>
        cases wf <;> rfl

end Statute.Orphan.Proofs
