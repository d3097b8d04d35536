-- Proofs of the laws of spec/notice.yaml. Hand-written; the statements are generated in
-- generated/lean/Statute/Notice.lean and must not be restated here.
-- Written without a Lean toolchain (none on the machine that wrote them): unchecked until
-- `lake build` runs.
import Statute.Notice


namespace Statute.Notice.Proofs

/-- notice_shown_once: not yet proved (an invariant: induction over ReachableNotices). -/
theorem notice_shown_once : Statute.Notice.notice_shown_once_stmt := by
  sorry

/-- notice_per_restore: not yet proved (an invariant: induction over ReachableNotices). -/
theorem notice_per_restore : Statute.Notice.notice_per_restore_stmt := by
  sorry

/-- notice_restore_stores_one: not yet proved. -/
theorem notice_restore_stores_one : Statute.Notice.notice_restore_stores_one_stmt := by
  sorry

end Statute.Notice.Proofs
