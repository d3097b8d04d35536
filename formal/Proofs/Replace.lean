-- Proofs of the laws of spec/replace.yaml. Hand-written; the statements are generated in
-- generated/lean/Statute/Replace.lean and must not be restated here.
-- Written without a Lean toolchain (none on the machine that wrote them): unchecked until
-- `lake build` runs. A `_stmt` is a plain `def`, so a closed one is unfolded before `decide`
-- (instance search does not unfold it).
--
-- ReplacementFacts is finite (5 relations, 2 kinds, 3 Bools: 80 cases): the laws of the
-- Replacement verdict split every field with `cases` and evaluate each closed case by `decide`.
import Statute.Replace


namespace Statute.Replace.Proofs

/-- replace_never_downgrades: all 80 closed cases of ReplacementFacts, by `decide`. -/
theorem replace_never_downgrades : Statute.Replace.replace_never_downgrades_stmt := by
  intro f
  cases f with
  | mk r k i b p => cases r <;> cases k <;> cases i <;> cases b <;> cases p <;> decide

/-- replacement_terminates: not yet proved. Candidate, unchecked and below the confidence this
  file asks for (it relies on `simp` closing every case after unfolding the step):
  `intro s e _; cases e with | ClientStart r k i b => ?_`, then `by_cases h : r > s.rank`;
  with `hle : s.rank ≤ r := Nat.le_of_lt h`, `cases k <;> cases i <;> cases b <;> simp
  [stepDaemon, stepDaemonOnClientStart, decideReplacement, h, hle, Nat.le_refl]`; otherwise
  `by_cases h2 : r < s.rank` and the same `simp` with `h`, `h2`, `Nat.le_refl`. -/
theorem replacement_terminates : Statute.Replace.replacement_terminates_stmt := by
  sorry

/-- background_never_replaces: all 80 closed cases of ReplacementFacts, by `decide`. -/
theorem background_never_replaces : Statute.Replace.background_never_replaces_stmt := by
  intro f
  cases f with
  | mk r k i b p => cases r <;> cases k <;> cases i <;> cases b <;> cases p <;> decide

/-- replace_rank_reads_semver: not yet proved (three levels of Nat order on unbounded series). -/
theorem replace_rank_reads_semver : Statute.Replace.replace_rank_reads_semver_stmt := by
  sorry

/-- replace_rank_cut: not yet proved (equal series on unbounded Nats; the cut itself is one
  rule). -/
theorem replace_rank_cut : Statute.Replace.replace_rank_cut_stmt := by
  sorry

/-- replace_relation_exact: not yet proved (the swap needs `decide (a = b) = decide (b = a)` and
  the lexicographic order on unbounded series). -/
theorem replace_relation_exact : Statute.Replace.replace_relation_exact_stmt := by
  sorry

/-- replace_verdict_exact: all 80 closed cases of ReplacementFacts, by `decide`. -/
theorem replace_verdict_exact : Statute.Replace.replace_verdict_exact_stmt := by
  intro f
  cases f with
  | mk r k i b p => cases r <;> cases k <;> cases i <;> cases b <;> cases p <;> decide

/-- replace_tell_exact: all 80 closed cases of ReplacementFacts, by `decide`. -/
theorem replace_tell_exact : Statute.Replace.replace_tell_exact_stmt := by
  intro f
  cases f with
  | mk r k i b p => cases r <;> cases k <;> cases i <;> cases b <;> cases p <;> decide

/-- replace_same_series: not yet proved. -/
theorem replace_same_series : Statute.Replace.replace_same_series_stmt := by
  sorry

/-- replace_daemon_follows_the_verdict: not yet proved. -/
theorem replace_daemon_follows_the_verdict :
    Statute.Replace.replace_daemon_follows_the_verdict_stmt := by
  sorry

/-- replace_at_most_k_minus_one: not yet proved. -/
theorem replace_at_most_k_minus_one : Statute.Replace.replace_at_most_k_minus_one_stmt := by
  sorry

end Statute.Replace.Proofs
