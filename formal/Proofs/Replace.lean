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

/-- `false = true` is refuted by evaluation. -/
theorem ff_ne_tt : ¬ (false = true) := by
  decide

/-- Both conjuncts of a Bool `&&` are true. -/
theorem and_true_of {a b : Bool} (ha : a = true) (hb : b = true) : (a && b) = true := by
  cases ha
  cases hb
  rfl

/-- The taken branch of an `if` is a true conjunction. -/
theorem ite_pos_and {c : Prop} [Decidable c] {a b y : Bool} (hc : c) (ha : a = true)
    (hb : b = true) : (if c then (a && b) else y) = true :=
  (if_pos hc).trans (and_true_of ha hb)

/-- The `else` branch of an `if` is taken and is a true conjunction. -/
theorem ite_neg_and {c : Prop} [Decidable c] {x a b : Bool} (hc : ¬c) (ha : a = true)
    (hb : b = true) : (if c then x else (a && b)) = true :=
  (if_neg hc).trans (and_true_of ha hb)

/-- Every reachable daemon has counted at most as many replacements as its rank: a replacement
  raises the rank strictly (`r > rank`) and counts one; a kept daemon changes nothing. The step
  is unfolded and its two rank comparisons generalized; the kind, capability and busy flags are
  split only where the Replace rule reads them. -/
theorem daemon_replacements_le_rank (s : DaemonState) (h : ReachableDaemon s) :
    s.replacements ≤ s.rank := by
  induction h with
  | init => decide
  | step s e _ ih =>
    cases e with
    | ClientStart r k i b =>
      unfold stepDaemon stepDaemonOnClientStart
      cases h1 : decide (r > s.rank) with
      | false => cases h2 : decide (r < s.rank) <;> exact ih
      | true =>
        have hlt : s.rank < r := of_decide_eq_true h1
        cases k with
        | Background => exact ih
        | Interactive =>
          cases i with
          | false => exact ih
          | true =>
            cases b with
            | false => exact Nat.lt_of_le_of_lt ih hlt
            | true => exact ih

/-- replace_never_downgrades: all 80 closed cases of ReplacementFacts, by `decide`. -/
theorem replace_never_downgrades : Statute.Replace.replace_never_downgrades_stmt := by
  intro f
  cases f with
  | mk r k i b p => cases r <;> cases k <;> cases i <;> cases b <;> cases p <;> decide

/-- replacement_terminates: unfold the step and generalize its two rank comparisons. A client
  that does not rank above the daemon is never a ClientNewer, so the daemon is kept (the output is
  Kept, refuted against Replaced by evaluation, and the rank stays); above it, only an interactive
  client facing an idle daemon with the capability replaces, and the rank becomes the client's,
  strictly above. -/
theorem replacement_terminates : Statute.Replace.replacement_terminates_stmt := by
  intro s e _
  cases e with
  | ClientStart r k i b =>
    unfold stepDaemon stepDaemonOnClientStart
    cases h1 : decide (r > s.rank) with
    | false =>
      cases h2 : decide (r < s.rank) <;>
        exact ⟨fun h => absurd h ff_ne_tt, Nat.le_refl _⟩
    | true =>
      have hlt : s.rank < r := of_decide_eq_true h1
      cases k with
      | Background => exact ⟨fun h => absurd h ff_ne_tt, Nat.le_refl _⟩
      | Interactive =>
        cases i with
        | false => exact ⟨fun h => absurd h ff_ne_tt, Nat.le_refl _⟩
        | true =>
          cases b with
          | false => exact ⟨fun _ => hlt, Nat.le_of_lt hlt⟩
          | true => exact ⟨fun h => absurd h ff_ne_tt, Nat.le_refl _⟩

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

/-- replace_daemon_follows_the_verdict: the same split as replacement_terminates; in each case
  the law's `if` takes the branch the step took (`if_pos` / `if_neg`), and its two conjuncts hold
  by evaluation (`decide_eq_true rfl`: the next state reduces to the state the law names, with the
  rank and the count free). -/
theorem replace_daemon_follows_the_verdict :
    Statute.Replace.replace_daemon_follows_the_verdict_stmt := by
  intro s r k i b _
  unfold stepDaemon stepDaemonOnClientStart
  cases h1 : decide (r > s.rank) with
  | false =>
    cases h2 : decide (r < s.rank) <;>
      exact ite_neg_and ff_ne_tt (decide_eq_true rfl) (decide_eq_true rfl)
  | true =>
    cases k with
    | Background => exact ite_neg_and ff_ne_tt (decide_eq_true rfl) (decide_eq_true rfl)
    | Interactive =>
      cases i with
      | false => exact ite_neg_and ff_ne_tt (decide_eq_true rfl) (decide_eq_true rfl)
      | true =>
        cases b with
        | false => exact ite_pos_and rfl (decide_eq_true rfl) (decide_eq_true rfl)
        | true => exact ite_neg_and ff_ne_tt (decide_eq_true rfl) (decide_eq_true rfl)

/-- replace_at_most_k_minus_one: the invariant `daemon_replacements_le_rank`, as a Bool. -/
theorem replace_at_most_k_minus_one : Statute.Replace.replace_at_most_k_minus_one_stmt := by
  intro s h
  exact decide_eq_true (daemon_replacements_le_rank s h)

/-- replace_message_older_client: not yet proved. The sentence is a String built with `++` from
  free facts (the app name and two versions), so the proof needs String associativity, which
  old and new Lean state differently (a List Char structure then, UTF-8 bytes now). Sketch:
  split the tell; every other tell closes by `rfl`; for OlderClient, `String.append_assoc` to
  right-nest both sides, then the literal pieces agree by evaluation. -/
theorem replace_message_older_client : Statute.Replace.replace_message_older_client_stmt := by
  sorry

/-- replace_message_wording: not yet proved, for the reason and by the sketch above, per tell. -/
theorem replace_message_wording : Statute.Replace.replace_message_wording_stmt := by
  sorry

/-- replace_message_distinct: not yet proved. Beyond associativity it needs two sentences with
  the same free pieces to differ, i.e. a first differing character after a common prefix. -/
theorem replace_message_distinct : Statute.Replace.replace_message_distinct_stmt := by
  sorry

end Statute.Replace.Proofs
