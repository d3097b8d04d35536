-- Proofs of the laws of spec/notice.yaml. Hand-written; the statements are generated in
-- generated/lean/Statute/Notice.lean and must not be restated here.
import Statute.Notice

namespace Statute.Notice.Proofs

/-- notice_shown_once: not yet proved. -/
theorem notice_shown_once : Statute.Notice.notice_shown_once_stmt := by
  sorry

/-- notice_per_restore: not yet proved. -/
theorem notice_per_restore : Statute.Notice.notice_per_restore_stmt := by
  sorry

end Statute.Notice.Proofs
