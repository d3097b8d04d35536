-- Proofs of the laws of spec/park.yaml. Hand-written; the statements are generated in
-- generated/lean/Statute/Park.lean and must not be restated here.
-- Written without a Lean toolchain: every proof is an unchecked candidate until `lake build`.
import Statute.Park


namespace Statute.Park.Proofs

/-- park_evicts_idle_root: unfold the release decision and the eviction timer it reads, then
  generalize every guard (`cases h : e` replaces `e` in the goal, through the projections of the
  timer's facts): HasWork, the depth test, attached, the two eviction comparisons, the lease, the
  job and the child test leave closed cases, each evaluated by `decide`. The evict rule comes
  right after the work rule, so AskStop reads only guards the law names. -/
theorem park_evicts_idle_root : Statute.Park.park_evicts_idle_root_stmt := by
  intro f
  unfold decideParkRelease decideEvictionIn
  cases hw : Statute.Orphan.decideHasWork ({ work := f.work } : Statute.Orphan.HasWorkFacts) <;>
    cases hd : decide (f.depth = 0) <;> cases ha : f.attached <;>
    cases hc : decide (f.eviction_ms ≤ Statute.Timeouts.WIRE_MAX_MS) <;>
    cases hi : decide (f.idle_ms ≥ f.eviction_ms) <;> cases hp : f.pause_lease <;>
    cases hs : f.scheduled_job <;> cases hk : decide (f.depth > 0) <;> decide

/-- park_releases_free_child: as park_evicts_idle_root, but the depth is split itself (`0` or
  `n + 1`), since the law's `depth > 0` and the rules' `depth = 0` must agree; the cases keep the
  free `n`, so each is evaluated by `rfl` (kernel reduction of `Nat.beq`/`Nat.ble` on `n + 1`),
  not by `decide`, which refuses a free variable. -/
theorem park_releases_free_child : Statute.Park.park_releases_free_child_stmt := by
  intro f
  unfold decideParkRelease decideEvictionIn
  cases hw : Statute.Orphan.decideHasWork ({ work := f.work } : Statute.Orphan.HasWorkFacts) <;>
    cases hd : f.depth <;> cases ha : f.attached <;>
    cases hc : decide (f.eviction_ms ≤ Statute.Timeouts.WIRE_MAX_MS) <;>
    cases hi : decide (f.idle_ms ≥ f.eviction_ms) <;> cases hp : f.pause_lease <;>
    cases hs : f.scheduled_job <;> rfl

/-- park_eviction_time_left: not yet proved. -/
theorem park_eviction_time_left : Statute.Park.park_eviction_time_left_stmt := by
  sorry

/-- park_job_holds_kernel: not yet proved. -/
theorem park_job_holds_kernel : Statute.Park.park_job_holds_kernel_stmt := by
  sorry

/-- park_evicted_was_idle_root: not yet proved. -/
theorem park_evicted_was_idle_root : Statute.Park.park_evicted_was_idle_root_stmt := by
  sorry

/-- park_root_keeps_kernel: not yet proved. -/
theorem park_root_keeps_kernel : Statute.Park.park_root_keeps_kernel_stmt := by
  sorry

/-- park_idle_clock: not yet proved. -/
theorem park_idle_clock : Statute.Park.park_idle_clock_stmt := by
  sorry

/-- park_run_end_rechecks: not yet proved. -/
theorem park_run_end_rechecks : Statute.Park.park_run_end_rechecks_stmt := by
  sorry

/-- park_timer_rechecks: not yet proved. -/
theorem park_timer_rechecks : Statute.Park.park_timer_rechecks_stmt := by
  sorry

/-- park_settlement_wakes_run: not yet proved. -/
theorem park_settlement_wakes_run : Statute.Park.park_settlement_wakes_run_stmt := by
  sorry

/-- park_jobs_start_in_runs: not yet proved. -/
theorem park_jobs_start_in_runs : Statute.Park.park_jobs_start_in_runs_stmt := by
  sorry

/-- park_kernel_use_revives: not yet proved. -/
theorem park_kernel_use_revives : Statute.Park.park_kernel_use_revives_stmt := by
  sorry

/-- park_run_starts_parked: not yet proved. -/
theorem park_run_starts_parked : Statute.Park.park_run_starts_parked_stmt := by
  sorry

/-- park_open_once: not yet proved. -/
theorem park_open_once : Statute.Park.park_open_once_stmt := by
  sorry

/-- park_holds_recorded: not yet proved. -/
theorem park_holds_recorded : Statute.Park.park_holds_recorded_stmt := by
  sorry

/-- park_time_passes: not yet proved. -/
theorem park_time_passes : Statute.Park.park_time_passes_stmt := by
  sorry

/-- park_idle_root_leads_to_stop: not yet proved. -/
theorem park_idle_root_leads_to_stop : Statute.Park.park_idle_root_leads_to_stop_stmt := by
  sorry

/-- park_settled_child_leads_to_release: not yet proved. -/
theorem park_settled_child_leads_to_release :
    Statute.Park.park_settled_child_leads_to_release_stmt := by
  sorry

end Statute.Park.Proofs
