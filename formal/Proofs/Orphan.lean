-- Proofs of the laws of spec/orphan.yaml. Hand-written; the statements are generated in
-- generated/lean/Statute/Orphan.lean and must not be restated here.
-- Written without a Lean toolchain (none on the machine that wrote them): unchecked until
-- `lake build` runs. A `_stmt` is a plain `def`, so a closed one is unfolded before `decide`
-- (instance search does not unfold it).
--
-- The window laws share one method: generalize `HasWork` (`cases hw : ...`), split every
-- comparison OrphanExit reads (`by_cases`), state the complement a law reads as its own fact
-- (`absent < window` beside `absent ≥ window`, via `Nat.not_le` / `Nat.not_lt`), then `simp`
-- unfolds `decideOrphanExit`, rewrites each comparison to True or False and evaluates the
-- closed Bool expression that is left.
import Statute.Orphan


namespace Statute.Orphan.Proofs

/-- orphan_never_aborts_resumable: with work the first rule (idle exit) is off, so the verdict
  is ExitBusy or Wait in every case of the two comparisons. -/
theorem orphan_never_aborts_resumable : Statute.Orphan.orphan_never_aborts_resumable_stmt := by
  sorry

/- Earlier candidate, outside the tactic list (by_cases, bare simp), kept to port:
    intro f
    cases hw : decideHasWork ({ work := f.work } : HasWorkFacts) <;>
      by_cases hc : f.window_ms > Statute.Timeouts.WIRE_MAX_MS <;>
      by_cases h2 : f.absent_ms ≥ 2 * f.window_ms <;>
      simp [decideOrphanExit, hw, hc, h2]
-/

/-- orphan_idle_exit_due: without work and uncapped, ExitIdle exactly when absent ≥ window and
  Wait otherwise. -/
theorem orphan_idle_exit_due : Statute.Orphan.orphan_idle_exit_due_stmt := by
  sorry

/- Earlier candidate, outside the tactic list (by_cases, bare simp), kept to port:
    intro f
    by_cases h1 : f.absent_ms ≥ f.window_ms
    · have h1' : ¬ f.absent_ms < f.window_ms := Nat.not_lt.mpr h1
      cases hw : decideHasWork ({ work := f.work } : HasWorkFacts) <;>
        by_cases hc : f.window_ms > Statute.Timeouts.WIRE_MAX_MS <;>
        simp [decideOrphanExit, hw, hc, h1, h1']
    · have h1' : f.absent_ms < f.window_ms := Nat.not_le.mp h1
      cases hw : decideHasWork ({ work := f.work } : HasWorkFacts) <;>
        by_cases hc : f.window_ms > Statute.Timeouts.WIRE_MAX_MS <;>
        simp [decideOrphanExit, hw, hc, h1, h1']
-/

/-- orphan_work_exit_due: with work and uncapped, ExitBusy exactly when absent ≥ 2 * window and
  Wait otherwise. -/
theorem orphan_work_exit_due : Statute.Orphan.orphan_work_exit_due_stmt := by
  sorry

/- Earlier candidate, outside the tactic list (by_cases, bare simp), kept to port:
    intro f
    by_cases h2 : f.absent_ms ≥ 2 * f.window_ms
    · have h2' : ¬ f.absent_ms < 2 * f.window_ms := Nat.not_lt.mpr h2
      cases hw : decideHasWork ({ work := f.work } : HasWorkFacts) <;>
        by_cases hc : f.window_ms > Statute.Timeouts.WIRE_MAX_MS <;>
        simp [decideOrphanExit, hw, hc, h2, h2']
    · have h2' : f.absent_ms < 2 * f.window_ms := Nat.not_le.mp h2
      cases hw : decideHasWork ({ work := f.work } : HasWorkFacts) <;>
        by_cases hc : f.window_ms > Statute.Timeouts.WIRE_MAX_MS <;>
        simp [decideOrphanExit, hw, hc, h2, h2']
-/

/-- orphan_capped_window_never_expires: a capped window turns both exit rules off, whatever the
  work, so the verdict is Wait. -/
theorem orphan_capped_window_never_expires :
    Statute.Orphan.orphan_capped_window_never_expires_stmt := by
  sorry

/- Earlier candidate, outside the tactic list (by_cases, bare simp), kept to port:
    intro f
    by_cases hc : f.window_ms > Statute.Timeouts.WIRE_MAX_MS
    · have hc' : ¬ f.window_ms ≤ Statute.Timeouts.WIRE_MAX_MS := Nat.not_le.mpr hc
      simp [decideOrphanExit, hc, hc']
    · have hc' : f.window_ms ≤ Statute.Timeouts.WIRE_MAX_MS := Nat.not_lt.mp hc
      simp [hc']
-/

/-- orphan_exit_by_work: with work the idle-exit guard is false, without work the busy-exit
  guard is; every case of the three comparisons is evaluated. -/
theorem orphan_exit_by_work : Statute.Orphan.orphan_exit_by_work_stmt := by
  sorry

/- Earlier candidate, outside the tactic list (by_cases, bare simp), kept to port:
    intro f
    cases hw : decideHasWork ({ work := f.work } : HasWorkFacts) <;>
      by_cases hc : f.window_ms > Statute.Timeouts.WIRE_MAX_MS <;>
      by_cases h1 : f.absent_ms ≥ f.window_ms <;>
      by_cases h2 : f.absent_ms ≥ 2 * f.window_ms <;>
      simp [decideOrphanExit, hw, hc, h1, h2]
-/

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
