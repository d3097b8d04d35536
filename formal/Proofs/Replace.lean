-- Proofs of the laws of spec/replace.yaml. Hand-written; the statements are generated in
-- generated/lean/Statute/Replace.lean and must not be restated here.
import Statute.Replace

namespace Statute.Replace.Proofs

/-- replace_never_downgrades: not yet proved. -/
theorem replace_never_downgrades : Statute.Replace.replace_never_downgrades_stmt := by
  sorry

/-- replacement_terminates: not yet proved. -/
theorem replacement_terminates : Statute.Replace.replacement_terminates_stmt := by
  sorry

/-- background_never_replaces: not yet proved. -/
theorem background_never_replaces : Statute.Replace.background_never_replaces_stmt := by
  sorry

/-- replace_rank_reads_semver: not yet proved. -/
theorem replace_rank_reads_semver : Statute.Replace.replace_rank_reads_semver_stmt := by
  sorry

/-- replace_relation_exact: not yet proved. -/
theorem replace_relation_exact : Statute.Replace.replace_relation_exact_stmt := by
  sorry

/-- replace_verdict_exact: not yet proved. -/
theorem replace_verdict_exact : Statute.Replace.replace_verdict_exact_stmt := by
  sorry

/-- replace_ffi_relation: not yet proved. -/
theorem replace_ffi_relation : Statute.Replace.replace_ffi_relation_stmt := by
  sorry

/-- replace_ffi_verdict: not yet proved. -/
theorem replace_ffi_verdict : Statute.Replace.replace_ffi_verdict_stmt := by
  sorry

/-- replace_rank_cut: not yet proved. -/
theorem replace_rank_cut : Statute.Replace.replace_rank_cut_stmt := by
  sorry

end Statute.Replace.Proofs
