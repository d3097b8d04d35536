-- Proofs of the laws of spec/replace.yaml. Hand-written; the statements are generated in
-- generated/lean/Statute/Replace.lean and must not be restated here.
-- Checked by a Lean kernel as formal/checked.txt records (`statute proofs` says which
-- proofs, by which Lean, when). A `_stmt` is a plain `def`, so a closed one is unfolded before
-- `decide` (instance search does not unfold it).
--
-- ReplacementFacts is finite (5 relations, 2 kinds, 3 Bools: 80 cases): the laws of the
-- Replacement verdict split every field with `cases` and evaluate each closed case by `decide`.
import Statute.Replace
import Proofs.Lemmas


namespace Statute.Replace.Proofs

open Statute.Lemmas

/-- The taken branch of an `if` is a true conjunction. -/
theorem ite_pos_and {c : Prop} [Decidable c] {a b y : Bool} (hc : c) (ha : a = true)
    (hb : b = true) : (if c then (a && b) else y) = true :=
  (if_pos hc).trans (and_true_of ha hb)

/-- The `else` branch of an `if` is taken and is a true conjunction. -/
theorem ite_neg_and {c : Prop} [Decidable c] {x a b : Bool} (hc : ¬c) (ha : a = true)
    (hb : b = true) : (if c then x else (a && b)) = true :=
  (if_neg hc).trans (and_true_of ha hb)

/-! Nat order facts for Relate's three-level comparison, stated once and proved from
  `Nat.le_refl`, `Nat.le_trans`, `Nat.zero_le`, `Nat.succ_le_succ`, `Nat.le_of_succ_le_succ`,
  `Nat.lt_irrefl`, `Nat.lt_trans`, `Nat.lt_of_le_of_lt` (Prelude or early `Nat.Basic` in both the
  2021 build and current Lean) and `decide_eq_true/false`, `of_decide_eq_true/false`. -/

/-- `a ≤ b` and `a ≠ b` give `a < b` (induction on `a`, splitting `b`). -/
theorem lt_of_le_ne (a : Nat) : ∀ (b : Nat), a ≤ b → ¬ (a = b) → a < b := by
  induction a with
  | zero =>
    intro b _ hne
    cases b with
    | zero => exact absurd rfl hne
    | succ b => exact Nat.succ_le_succ (Nat.zero_le b)
  | succ a ih =>
    intro b h hne
    cases b with
    | zero => exact absurd (Nat.succ_le_succ (Nat.zero_le a)) (not_lt_of_le' h)
    | succ b =>
      exact Nat.succ_le_succ
        (ih b (Nat.le_of_succ_le_succ h) (fun e => hne (congrArg Nat.succ e)))

/-- Equal numbers: not `>`. -/
theorem gt_false_of_eq {a b : Nat} (h : decide (a = b) = true) : decide (a > b) = false := by
  have he : a = b := of_decide_eq_true h
  cases he
  exact decide_eq_false (Nat.lt_irrefl _)

/-- Equal numbers: not `<`. -/
theorem lt_false_of_eq {a b : Nat} (h : decide (a = b) = true) : decide (a < b) = false := by
  have he : a = b := of_decide_eq_true h
  cases he
  exact decide_eq_false (Nat.lt_irrefl _)

/-- `>` excludes `<`. -/
theorem lt_false_of_gt {a b : Nat} (h : decide (a > b) = true) : decide (a < b) = false :=
  decide_eq_false (fun hab => Nat.lt_irrefl a (Nat.lt_trans hab (of_decide_eq_true h)))

/-- Neither `=` nor `>`: `<` (trichotomy). -/
theorem lt_of_ne_not_gt {a b : Nat} (he : decide (a = b) = false)
    (hg : decide (a > b) = false) : decide (a < b) = true :=
  decide_eq_true
    (lt_of_le_ne a b (le_of_not_lt' a b (of_decide_eq_false hg)) (of_decide_eq_false he))

/-- `=` read the other way, true. -/
theorem eq_swap {a b : Nat} (h : decide (a = b) = true) : decide (b = a) = true :=
  decide_eq_true (of_decide_eq_true h).symm

/-- `=` read the other way, false. -/
theorem eq_swap_false {a b : Nat} (h : decide (a = b) = false) : decide (b = a) = false :=
  decide_eq_false (fun e => of_decide_eq_false h e.symm)

/-- Equal series have equal fields. -/
theorem field_eq_true {c d : Series} (f : Series → Nat) (h : decide (c = d) = true) :
    decide (f c = f d) = true :=
  decide_eq_true (congrArg f (of_decide_eq_true h))

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

/-- replace_rank_reads_semver: split the facts; a missing version makes the law's premise false
  (`exact rfl`). With both versions, unfold Relate (`simp only` with it and `Option.getD`, for the
  zeta reduction of its `let`s and the versions) and generalize the three comparisons of each
  level in order (`=`, `>`, `<`; the version with its pre-release flag flipped reads the same
  ones), refuting the combinations trichotomy excludes (`gt_false_of_eq`, `lt_false_of_eq`,
  `lt_false_of_gt`, `lt_of_ne_not_gt`). Where a level differs, Relate and the law are Bools of
  constants (`exact rfl`); three equal levels are the law's second disjunct. -/
theorem replace_rank_reads_semver : Statute.Replace.replace_rank_reads_semver_stmt := by
  intro f
  cases f with
  | mk cl dm pc sb =>
    cases cl with
    | none => exact rfl
    | some c =>
      cases dm with
      | none => exact rfl
      | some d =>
        simp only [decideRelate, Option.getD]
        cases hE0 : decide (c.major = d.major) with
        | true =>
          cases hG0 : decide (c.major > d.major) with
          | true => cases hG0.symm.trans (gt_false_of_eq hE0)
          | false =>
            cases hL0 : decide (c.major < d.major) with
            | true => cases hL0.symm.trans (lt_false_of_eq hE0)
            | false =>
              cases hE1 : decide (c.minor = d.minor) with
              | true =>
                cases hG1 : decide (c.minor > d.minor) with
                | true => cases hG1.symm.trans (gt_false_of_eq hE1)
                | false =>
                  cases hL1 : decide (c.minor < d.minor) with
                  | true => cases hL1.symm.trans (lt_false_of_eq hE1)
                  | false =>
                    cases hE2 : decide (c.patch = d.patch) with
                    | true =>
                      cases hG2 : decide (c.patch > d.patch) with
                      | true => cases hG2.symm.trans (gt_false_of_eq hE2)
                      | false =>
                        cases hL2 : decide (c.patch < d.patch) with
                        | true => cases hL2.symm.trans (lt_false_of_eq hE2)
                        | false =>
                          exact rfl
                    | false =>
                      cases hG2 : decide (c.patch > d.patch) with
                      | true =>
                        cases hL2 : decide (c.patch < d.patch) with
                        | true => cases hL2.symm.trans (lt_false_of_gt hG2)
                        | false => exact rfl
                      | false =>
                        cases hL2 : decide (c.patch < d.patch) with
                        | false => cases hL2.symm.trans (lt_of_ne_not_gt hE2 hG2)
                        | true => exact rfl
              | false =>
                cases hG1 : decide (c.minor > d.minor) with
                | true =>
                  cases hL1 : decide (c.minor < d.minor) with
                  | true => cases hL1.symm.trans (lt_false_of_gt hG1)
                  | false => exact rfl
                | false =>
                  cases hL1 : decide (c.minor < d.minor) with
                  | false => cases hL1.symm.trans (lt_of_ne_not_gt hE1 hG1)
                  | true => exact rfl
        | false =>
          cases hG0 : decide (c.major > d.major) with
          | true =>
            cases hL0 : decide (c.major < d.major) with
            | true => cases hL0.symm.trans (lt_false_of_gt hG0)
            | false => exact rfl
          | false =>
            cases hL0 : decide (c.major < d.major) with
            | false => cases hL0.symm.trans (lt_of_ne_not_gt hE0 hG0)
            | true => exact rfl

/-- replace_rank_cut: as replace_rank_reads_semver; the premise needs every level equal, so an
  unequal level is a false premise (`exact rfl`) and equal ones exclude `>` and `<`; then the two
  pre-release flags, the pre-release order and the build ids are split, each case a Bool of
  constants (Relate with the build ids flipped reads the same comparisons). -/
theorem replace_rank_cut : Statute.Replace.replace_rank_cut_stmt := by
  intro f
  cases f with
  | mk cl dm pc sb =>
    cases cl with
    | none => exact rfl
    | some c =>
      cases dm with
      | none => exact rfl
      | some d =>
        simp only [decideRelate, Option.getD]
        cases hE0 : decide (c.major = d.major) with
        | false => exact rfl
        | true =>
          cases hG0 : decide (c.major > d.major) with
          | true => cases hG0.symm.trans (gt_false_of_eq hE0)
          | false =>
            cases hL0 : decide (c.major < d.major) with
            | true => cases hL0.symm.trans (lt_false_of_eq hE0)
            | false =>
              cases hE1 : decide (c.minor = d.minor) with
              | false => exact rfl
              | true =>
                cases hG1 : decide (c.minor > d.minor) with
                | true => cases hG1.symm.trans (gt_false_of_eq hE1)
                | false =>
                  cases hL1 : decide (c.minor < d.minor) with
                  | true => cases hL1.symm.trans (lt_false_of_eq hE1)
                  | false =>
                    cases hE2 : decide (c.patch = d.patch) with
                    | false => exact rfl
                    | true =>
                      cases hG2 : decide (c.patch > d.patch) with
                      | true => cases hG2.symm.trans (gt_false_of_eq hE2)
                      | false =>
                        cases hL2 : decide (c.patch < d.patch) with
                        | true => cases hL2.symm.trans (lt_false_of_eq hE2)
                        | false =>
                          cases hP : c.pre_release <;> cases hQ : d.pre_release <;> cases pc <;> cases sb <;>
                            exact rfl

/-- replace_relation_exact: as replace_rank_reads_semver; the swapped Relate reads each level's
  comparisons the other way round: `d < c` and `d > c` are `c > d` and `c < d` up to unfolding
  `>`, and `d = c` is generalized beside `c = d` (`eq_swap`, `eq_swap_false`); whether or not the
  generalization of `c > d` already replaced `d < c`, the second split keeps only the consistent
  case (the other refuted by `cases` on `true = false`). A missing version gives Unknown both
  ways (the other version split, `exact rfl`). -/
theorem replace_relation_exact : Statute.Replace.replace_relation_exact_stmt := by
  intro f
  cases f with
  | mk cl dm pc sb =>
    cases cl with
    | none => cases dm <;> exact rfl
    | some c =>
      cases dm with
      | none => exact rfl
      | some d =>
        simp only [decideRelate, Option.getD]
        cases hE0 : decide (c.major = d.major) with
        | true =>
          cases hE'0 : decide (d.major = c.major) with
          | false => cases hE'0.symm.trans (eq_swap hE0)
          | true =>
            cases hG0 : decide (c.major > d.major) with
            | true => cases hG0.symm.trans (gt_false_of_eq hE0)
            | false =>
              cases hL0 : decide (c.major < d.major) with
              | true => cases hL0.symm.trans (lt_false_of_eq hE0)
              | false =>
                cases hG'0 : decide (d.major < c.major) with
                | true => cases hG'0.symm.trans hG0
                | false =>
                  cases hL'0 : decide (d.major > c.major) with
                  | true => cases hL'0.symm.trans hL0
                  | false =>
                    cases hE1 : decide (c.minor = d.minor) with
                    | true =>
                      cases hE'1 : decide (d.minor = c.minor) with
                      | false => cases hE'1.symm.trans (eq_swap hE1)
                      | true =>
                        cases hG1 : decide (c.minor > d.minor) with
                        | true => cases hG1.symm.trans (gt_false_of_eq hE1)
                        | false =>
                          cases hL1 : decide (c.minor < d.minor) with
                          | true => cases hL1.symm.trans (lt_false_of_eq hE1)
                          | false =>
                            cases hG'1 : decide (d.minor < c.minor) with
                            | true => cases hG'1.symm.trans hG1
                            | false =>
                              cases hL'1 : decide (d.minor > c.minor) with
                              | true => cases hL'1.symm.trans hL1
                              | false =>
                                cases hE2 : decide (c.patch = d.patch) with
                                | true =>
                                  cases hE'2 : decide (d.patch = c.patch) with
                                  | false => cases hE'2.symm.trans (eq_swap hE2)
                                  | true =>
                                    cases hG2 : decide (c.patch > d.patch) with
                                    | true => cases hG2.symm.trans (gt_false_of_eq hE2)
                                    | false =>
                                      cases hL2 : decide (c.patch < d.patch) with
                                      | true => cases hL2.symm.trans (lt_false_of_eq hE2)
                                      | false =>
                                        cases hG'2 : decide (d.patch < c.patch) with
                                        | true => cases hG'2.symm.trans hG2
                                        | false =>
                                          cases hL'2 : decide (d.patch > c.patch) with
                                          | true => cases hL'2.symm.trans hL2
                                          | false =>
                                            cases hP : c.pre_release <;> cases hQ : d.pre_release <;> cases pc <;> cases sb <;>
                                              exact rfl
                                | false =>
                                  cases hE'2 : decide (d.patch = c.patch) with
                                  | true => cases hE'2.symm.trans (eq_swap_false hE2)
                                  | false =>
                                    cases hG2 : decide (c.patch > d.patch) with
                                    | true =>
                                      cases hL2 : decide (c.patch < d.patch) with
                                      | true => cases hL2.symm.trans (lt_false_of_gt hG2)
                                      | false =>
                                        cases hG'2 : decide (d.patch < c.patch) with
                                        | false => cases hG'2.symm.trans hG2
                                        | true =>
                                          cases hL'2 : decide (d.patch > c.patch) with
                                          | true => cases hL'2.symm.trans hL2
                                          | false =>
                                            exact rfl
                                    | false =>
                                      cases hL2 : decide (c.patch < d.patch) with
                                      | false => cases hL2.symm.trans (lt_of_ne_not_gt hE2 hG2)
                                      | true =>
                                        cases hG'2 : decide (d.patch < c.patch) with
                                        | true => cases hG'2.symm.trans hG2
                                        | false =>
                                          cases hL'2 : decide (d.patch > c.patch) with
                                          | false => cases hL'2.symm.trans hL2
                                          | true =>
                                            exact rfl
                    | false =>
                      cases hE'1 : decide (d.minor = c.minor) with
                      | true => cases hE'1.symm.trans (eq_swap_false hE1)
                      | false =>
                        cases hG1 : decide (c.minor > d.minor) with
                        | true =>
                          cases hL1 : decide (c.minor < d.minor) with
                          | true => cases hL1.symm.trans (lt_false_of_gt hG1)
                          | false =>
                            cases hG'1 : decide (d.minor < c.minor) with
                            | false => cases hG'1.symm.trans hG1
                            | true =>
                              cases hL'1 : decide (d.minor > c.minor) with
                              | true => cases hL'1.symm.trans hL1
                              | false =>
                                exact rfl
                        | false =>
                          cases hL1 : decide (c.minor < d.minor) with
                          | false => cases hL1.symm.trans (lt_of_ne_not_gt hE1 hG1)
                          | true =>
                            cases hG'1 : decide (d.minor < c.minor) with
                            | true => cases hG'1.symm.trans hG1
                            | false =>
                              cases hL'1 : decide (d.minor > c.minor) with
                              | false => cases hL'1.symm.trans hL1
                              | true =>
                                exact rfl
        | false =>
          cases hE'0 : decide (d.major = c.major) with
          | true => cases hE'0.symm.trans (eq_swap_false hE0)
          | false =>
            cases hG0 : decide (c.major > d.major) with
            | true =>
              cases hL0 : decide (c.major < d.major) with
              | true => cases hL0.symm.trans (lt_false_of_gt hG0)
              | false =>
                cases hG'0 : decide (d.major < c.major) with
                | false => cases hG'0.symm.trans hG0
                | true =>
                  cases hL'0 : decide (d.major > c.major) with
                  | true => cases hL'0.symm.trans hL0
                  | false =>
                    exact rfl
            | false =>
              cases hL0 : decide (c.major < d.major) with
              | false => cases hL0.symm.trans (lt_of_ne_not_gt hE0 hG0)
              | true =>
                cases hG'0 : decide (d.major < c.major) with
                | true => cases hG'0.symm.trans hG0
                | false =>
                  cases hL'0 : decide (d.major > c.major) with
                  | false => cases hL'0.symm.trans hL0
                  | true =>
                    exact rfl

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

/-- replace_same_series: split the facts; with both versions unfold Relate as in
  replace_rank_reads_semver and generalize the series equality of the premise: false is a false
  premise; true gives equal levels (`field_eq_true`, so no `>` or `<`) and equal pre-release flags
  (`hpre`), and the pre-release order and build ids are split: each case a Bool of constants. -/
theorem replace_same_series : Statute.Replace.replace_same_series_stmt := by
  intro f
  cases f with
  | mk cl dm pc sb =>
    cases cl with
    | none => exact rfl
    | some c =>
      cases dm with
      | none => exact rfl
      | some d =>
        simp only [decideRelate, Option.getD]
        cases hcd : decide (c = d) with
        | false => exact rfl
        | true =>
          cases hE0 : decide (c.major = d.major) with
          | false => cases hE0.symm.trans (field_eq_true Series.major hcd)
          | true =>
            cases hG0 : decide (c.major > d.major) with
            | true => cases hG0.symm.trans (gt_false_of_eq hE0)
            | false =>
              cases hL0 : decide (c.major < d.major) with
              | true => cases hL0.symm.trans (lt_false_of_eq hE0)
              | false =>
                cases hE1 : decide (c.minor = d.minor) with
                | false => cases hE1.symm.trans (field_eq_true Series.minor hcd)
                | true =>
                  cases hG1 : decide (c.minor > d.minor) with
                  | true => cases hG1.symm.trans (gt_false_of_eq hE1)
                  | false =>
                    cases hL1 : decide (c.minor < d.minor) with
                    | true => cases hL1.symm.trans (lt_false_of_eq hE1)
                    | false =>
                      cases hE2 : decide (c.patch = d.patch) with
                      | false => cases hE2.symm.trans (field_eq_true Series.patch hcd)
                      | true =>
                        cases hG2 : decide (c.patch > d.patch) with
                        | true => cases hG2.symm.trans (gt_false_of_eq hE2)
                        | false =>
                          cases hL2 : decide (c.patch < d.patch) with
                          | true => cases hL2.symm.trans (lt_false_of_eq hE2)
                          | false =>
                            have hpre : c.pre_release = d.pre_release :=
                              congrArg Series.pre_release (of_decide_eq_true hcd)
                            cases hP : c.pre_release with
                            | true =>
                              cases hQ : d.pre_release with
                              | false => cases hP.symm.trans (hpre.trans hQ)
                              | true => cases pc <;> cases sb <;> exact rfl
                            | false =>
                              cases hQ : d.pre_release with
                              | true => cases hP.symm.trans (hpre.trans hQ)
                              | false => cases pc <;> cases sb <;> exact rfl

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

/-- replace_message_older_client: split the facts and the tell. TellMessage writes each sentence
  out whole, as the law states it, so for OlderClient the rendered text is the law's text by
  definition (`decide_eq_true rfl`, the app and versions free); every other tell makes the law's
  guard false, and the disjunction evaluates (`rfl`). -/
theorem replace_message_older_client : Statute.Replace.replace_message_older_client_stmt := by
  intro f
  cases f with
  | mk tell app cv dv =>
    cases tell with
    | Silent => exact rfl
    | OlderClient => exact or_right_of (decide_eq_true rfl)
    | SameVersionOtherBuild => exact rfl
    | VersionUnknown => exact rfl
    | BusyDaemon => exact rfl
    | NoCapability => exact rfl

/-- replace_message_wording: per tell, the law's arm is the sentence TellMessage renders for it,
  by definition (`decide_eq_true rfl`); the OlderClient arm is `true`. -/
theorem replace_message_wording : Statute.Replace.replace_message_wording_stmt := by
  intro f
  cases f with
  | mk tell app cv dv =>
    cases tell with
    | Silent => exact decide_eq_true rfl
    | OlderClient => exact rfl
    | SameVersionOtherBuild => exact decide_eq_true rfl
    | VersionUnknown => exact decide_eq_true rfl
    | BusyDaemon => exact decide_eq_true rfl
    | NoCapability => exact decide_eq_true rfl

/-- Two tells' sentences for one client and daemon differ. Each sentence is a chain of literal
  pieces and the free names and versions (TellMessage writes it whole); right-nested
  (`list_append_assoc`), the pieces both share cancel (`list_append_cancel_left`), and the first
  characters of what follows (`List.take`, which evaluates on the literal prefix) already differ,
  by evaluation. The silent sentence is `[]`; every other starts with a character. -/
theorem msg_ne_silent_older (app cv dv : List Char) :
    decideTellMessage ⟨Tell.Silent, app, cv, dv⟩ ≠
      decideTellMessage ⟨Tell.OlderClient, app, cv, dv⟩ := by
  unfold decideTellMessage
  intro h
  have hc : ([] : List Char) = ['t'] := congrArg (List.take 1) h
  exact absurd hc (by decide)

theorem msg_ne_silent_other (app cv dv : List Char) :
    decideTellMessage ⟨Tell.Silent, app, cv, dv⟩ ≠
      decideTellMessage ⟨Tell.SameVersionOtherBuild, app, cv, dv⟩ := by
  unfold decideTellMessage
  intro h
  have hc : ([] : List Char) = ['t'] := congrArg (List.take 1) h
  exact absurd hc (by decide)

theorem msg_ne_silent_unknown (app cv dv : List Char) :
    decideTellMessage ⟨Tell.Silent, app, cv, dv⟩ ≠
      decideTellMessage ⟨Tell.VersionUnknown, app, cv, dv⟩ := by
  unfold decideTellMessage
  intro h
  have hc : ([] : List Char) = ['t'] := congrArg (List.take 1) h
  exact absurd hc (by decide)

theorem msg_ne_silent_busy (app cv dv : List Char) :
    decideTellMessage ⟨Tell.Silent, app, cv, dv⟩ ≠
      decideTellMessage ⟨Tell.BusyDaemon, app, cv, dv⟩ := by
  unfold decideTellMessage
  intro h
  have hc : ([] : List Char) = ['t'] := congrArg (List.take 1) h
  exact absurd hc (by decide)

theorem msg_ne_silent_nocap (app cv dv : List Char) :
    decideTellMessage ⟨Tell.Silent, app, cv, dv⟩ ≠
      decideTellMessage ⟨Tell.NoCapability, app, cv, dv⟩ := by
  unfold decideTellMessage
  intro h
  have hc : ([] : List Char) = ['t'] := congrArg (List.take 1) h
  exact absurd hc (by decide)

theorem msg_ne_older_silent (app cv dv : List Char) :
    decideTellMessage ⟨Tell.OlderClient, app, cv, dv⟩ ≠
      decideTellMessage ⟨Tell.Silent, app, cv, dv⟩ := by
  unfold decideTellMessage
  intro h
  have hc : (['t'] : List Char) = [] := congrArg (List.take 1) h
  exact absurd hc (by decide)

theorem msg_ne_older_other (app cv dv : List Char) :
    decideTellMessage ⟨Tell.OlderClient, app, cv, dv⟩ ≠
      decideTellMessage ⟨Tell.SameVersionOtherBuild, app, cv, dv⟩ := by
  unfold decideTellMessage
  intro h
  simp only [list_append_assoc] at h
  have h := list_append_cancel_left _ h
  have h := list_append_cancel_left _ h
  have h := list_append_cancel_left _ h
  have h := list_append_cancel_left _ h
  have hc : ([')', ' ', 'i', 's', ' ', 'o'] : List Char) =
      [')', ' ', 'i', 's', ' ', 'a'] := congrArg (List.take 6) h
  exact absurd hc (by decide)

theorem msg_ne_older_unknown (app cv dv : List Char) :
    decideTellMessage ⟨Tell.OlderClient, app, cv, dv⟩ ≠
      decideTellMessage ⟨Tell.VersionUnknown, app, cv, dv⟩ := by
  unfold decideTellMessage
  intro h
  simp only [list_append_assoc] at h
  have h := list_append_cancel_left _ h
  have h := list_append_cancel_left _ h
  have h := list_append_cancel_left _ h
  have h := list_append_cancel_left _ h
  have hc : ([')', ' ', 'i'] : List Char) =
      [')', ' ', 'c'] := congrArg (List.take 3) h
  exact absurd hc (by decide)

theorem msg_ne_older_busy (app cv dv : List Char) :
    decideTellMessage ⟨Tell.OlderClient, app, cv, dv⟩ ≠
      decideTellMessage ⟨Tell.BusyDaemon, app, cv, dv⟩ := by
  unfold decideTellMessage
  intro h
  simp only [list_append_assoc] at h
  have h := list_append_cancel_left _ h
  have h := list_append_cancel_left _ h
  have h := list_append_cancel_left _ h
  have h := list_append_cancel_left _ h
  have hc : ([')', ' ', 'i', 's', ' ', 'o'] : List Char) =
      [')', ' ', 'i', 's', ' ', 'n'] := congrArg (List.take 6) h
  exact absurd hc (by decide)

theorem msg_ne_older_nocap (app cv dv : List Char) :
    decideTellMessage ⟨Tell.OlderClient, app, cv, dv⟩ ≠
      decideTellMessage ⟨Tell.NoCapability, app, cv, dv⟩ := by
  unfold decideTellMessage
  intro h
  simp only [list_append_assoc] at h
  have h := list_append_cancel_left _ h
  have h := list_append_cancel_left _ h
  have h := list_append_cancel_left _ h
  have h := list_append_cancel_left _ h
  have hc : ([')', ' ', 'i', 's', ' ', 'o'] : List Char) =
      [')', ' ', 'i', 's', ' ', 'n'] := congrArg (List.take 6) h
  exact absurd hc (by decide)

theorem msg_ne_other_silent (app cv dv : List Char) :
    decideTellMessage ⟨Tell.SameVersionOtherBuild, app, cv, dv⟩ ≠
      decideTellMessage ⟨Tell.Silent, app, cv, dv⟩ := by
  unfold decideTellMessage
  intro h
  have hc : (['t'] : List Char) = [] := congrArg (List.take 1) h
  exact absurd hc (by decide)

theorem msg_ne_other_older (app cv dv : List Char) :
    decideTellMessage ⟨Tell.SameVersionOtherBuild, app, cv, dv⟩ ≠
      decideTellMessage ⟨Tell.OlderClient, app, cv, dv⟩ := by
  unfold decideTellMessage
  intro h
  simp only [list_append_assoc] at h
  have h := list_append_cancel_left _ h
  have h := list_append_cancel_left _ h
  have h := list_append_cancel_left _ h
  have h := list_append_cancel_left _ h
  have hc : ([')', ' ', 'i', 's', ' ', 'a'] : List Char) =
      [')', ' ', 'i', 's', ' ', 'o'] := congrArg (List.take 6) h
  exact absurd hc (by decide)

theorem msg_ne_other_unknown (app cv dv : List Char) :
    decideTellMessage ⟨Tell.SameVersionOtherBuild, app, cv, dv⟩ ≠
      decideTellMessage ⟨Tell.VersionUnknown, app, cv, dv⟩ := by
  unfold decideTellMessage
  intro h
  simp only [list_append_assoc] at h
  have h := list_append_cancel_left _ h
  have h := list_append_cancel_left _ h
  have h := list_append_cancel_left _ h
  have h := list_append_cancel_left _ h
  have hc : ([')', ' ', 'i'] : List Char) =
      [')', ' ', 'c'] := congrArg (List.take 3) h
  exact absurd hc (by decide)

theorem msg_ne_other_busy (app cv dv : List Char) :
    decideTellMessage ⟨Tell.SameVersionOtherBuild, app, cv, dv⟩ ≠
      decideTellMessage ⟨Tell.BusyDaemon, app, cv, dv⟩ := by
  unfold decideTellMessage
  intro h
  simp only [list_append_assoc] at h
  have h := list_append_cancel_left _ h
  have h := list_append_cancel_left _ h
  have h := list_append_cancel_left _ h
  have h := list_append_cancel_left _ h
  have hc : ([')', ' ', 'i', 's', ' ', 'a'] : List Char) =
      [')', ' ', 'i', 's', ' ', 'n'] := congrArg (List.take 6) h
  exact absurd hc (by decide)

theorem msg_ne_other_nocap (app cv dv : List Char) :
    decideTellMessage ⟨Tell.SameVersionOtherBuild, app, cv, dv⟩ ≠
      decideTellMessage ⟨Tell.NoCapability, app, cv, dv⟩ := by
  unfold decideTellMessage
  intro h
  simp only [list_append_assoc] at h
  have h := list_append_cancel_left _ h
  have h := list_append_cancel_left _ h
  have h := list_append_cancel_left _ h
  have h := list_append_cancel_left _ h
  have hc : ([')', ' ', 'i', 's', ' ', 'a'] : List Char) =
      [')', ' ', 'i', 's', ' ', 'n'] := congrArg (List.take 6) h
  exact absurd hc (by decide)

theorem msg_ne_unknown_silent (app cv dv : List Char) :
    decideTellMessage ⟨Tell.VersionUnknown, app, cv, dv⟩ ≠
      decideTellMessage ⟨Tell.Silent, app, cv, dv⟩ := by
  unfold decideTellMessage
  intro h
  have hc : (['t'] : List Char) = [] := congrArg (List.take 1) h
  exact absurd hc (by decide)

theorem msg_ne_unknown_older (app cv dv : List Char) :
    decideTellMessage ⟨Tell.VersionUnknown, app, cv, dv⟩ ≠
      decideTellMessage ⟨Tell.OlderClient, app, cv, dv⟩ := by
  unfold decideTellMessage
  intro h
  simp only [list_append_assoc] at h
  have h := list_append_cancel_left _ h
  have h := list_append_cancel_left _ h
  have h := list_append_cancel_left _ h
  have h := list_append_cancel_left _ h
  have hc : ([')', ' ', 'c'] : List Char) =
      [')', ' ', 'i'] := congrArg (List.take 3) h
  exact absurd hc (by decide)

theorem msg_ne_unknown_other (app cv dv : List Char) :
    decideTellMessage ⟨Tell.VersionUnknown, app, cv, dv⟩ ≠
      decideTellMessage ⟨Tell.SameVersionOtherBuild, app, cv, dv⟩ := by
  unfold decideTellMessage
  intro h
  simp only [list_append_assoc] at h
  have h := list_append_cancel_left _ h
  have h := list_append_cancel_left _ h
  have h := list_append_cancel_left _ h
  have h := list_append_cancel_left _ h
  have hc : ([')', ' ', 'c'] : List Char) =
      [')', ' ', 'i'] := congrArg (List.take 3) h
  exact absurd hc (by decide)

theorem msg_ne_unknown_busy (app cv dv : List Char) :
    decideTellMessage ⟨Tell.VersionUnknown, app, cv, dv⟩ ≠
      decideTellMessage ⟨Tell.BusyDaemon, app, cv, dv⟩ := by
  unfold decideTellMessage
  intro h
  simp only [list_append_assoc] at h
  have h := list_append_cancel_left _ h
  have h := list_append_cancel_left _ h
  have h := list_append_cancel_left _ h
  have h := list_append_cancel_left _ h
  have hc : ([')', ' ', 'c'] : List Char) =
      [')', ' ', 'i'] := congrArg (List.take 3) h
  exact absurd hc (by decide)

theorem msg_ne_unknown_nocap (app cv dv : List Char) :
    decideTellMessage ⟨Tell.VersionUnknown, app, cv, dv⟩ ≠
      decideTellMessage ⟨Tell.NoCapability, app, cv, dv⟩ := by
  unfold decideTellMessage
  intro h
  simp only [list_append_assoc] at h
  have h := list_append_cancel_left _ h
  have h := list_append_cancel_left _ h
  have h := list_append_cancel_left _ h
  have h := list_append_cancel_left _ h
  have hc : ([')', ' ', 'c'] : List Char) =
      [')', ' ', 'i'] := congrArg (List.take 3) h
  exact absurd hc (by decide)

theorem msg_ne_busy_silent (app cv dv : List Char) :
    decideTellMessage ⟨Tell.BusyDaemon, app, cv, dv⟩ ≠
      decideTellMessage ⟨Tell.Silent, app, cv, dv⟩ := by
  unfold decideTellMessage
  intro h
  have hc : (['t'] : List Char) = [] := congrArg (List.take 1) h
  exact absurd hc (by decide)

theorem msg_ne_busy_older (app cv dv : List Char) :
    decideTellMessage ⟨Tell.BusyDaemon, app, cv, dv⟩ ≠
      decideTellMessage ⟨Tell.OlderClient, app, cv, dv⟩ := by
  unfold decideTellMessage
  intro h
  simp only [list_append_assoc] at h
  have h := list_append_cancel_left _ h
  have h := list_append_cancel_left _ h
  have h := list_append_cancel_left _ h
  have h := list_append_cancel_left _ h
  have hc : ([')', ' ', 'i', 's', ' ', 'n'] : List Char) =
      [')', ' ', 'i', 's', ' ', 'o'] := congrArg (List.take 6) h
  exact absurd hc (by decide)

theorem msg_ne_busy_other (app cv dv : List Char) :
    decideTellMessage ⟨Tell.BusyDaemon, app, cv, dv⟩ ≠
      decideTellMessage ⟨Tell.SameVersionOtherBuild, app, cv, dv⟩ := by
  unfold decideTellMessage
  intro h
  simp only [list_append_assoc] at h
  have h := list_append_cancel_left _ h
  have h := list_append_cancel_left _ h
  have h := list_append_cancel_left _ h
  have h := list_append_cancel_left _ h
  have hc : ([')', ' ', 'i', 's', ' ', 'n'] : List Char) =
      [')', ' ', 'i', 's', ' ', 'a'] := congrArg (List.take 6) h
  exact absurd hc (by decide)

theorem msg_ne_busy_unknown (app cv dv : List Char) :
    decideTellMessage ⟨Tell.BusyDaemon, app, cv, dv⟩ ≠
      decideTellMessage ⟨Tell.VersionUnknown, app, cv, dv⟩ := by
  unfold decideTellMessage
  intro h
  simp only [list_append_assoc] at h
  have h := list_append_cancel_left _ h
  have h := list_append_cancel_left _ h
  have h := list_append_cancel_left _ h
  have h := list_append_cancel_left _ h
  have hc : ([')', ' ', 'i'] : List Char) =
      [')', ' ', 'c'] := congrArg (List.take 3) h
  exact absurd hc (by decide)

theorem msg_ne_busy_nocap (app cv dv : List Char) :
    decideTellMessage ⟨Tell.BusyDaemon, app, cv, dv⟩ ≠
      decideTellMessage ⟨Tell.NoCapability, app, cv, dv⟩ := by
  unfold decideTellMessage
  intro h
  simp only [list_append_assoc] at h
  have h := list_append_cancel_left _ h
  have h := list_append_cancel_left _ h
  have h := list_append_cancel_left _ h
  have h := list_append_cancel_left _ h
  have h := list_append_cancel_left _ h
  have h := list_append_cancel_left _ h
  have hc : ([')', ',', ' ', 'w', 'h', 'i', 'c', 'h', ' ', 'i'] : List Char) =
      [')', ',', ' ', 'w', 'h', 'i', 'c', 'h', ' ', 'c'] := congrArg (List.take 10) h
  exact absurd hc (by decide)

theorem msg_ne_nocap_silent (app cv dv : List Char) :
    decideTellMessage ⟨Tell.NoCapability, app, cv, dv⟩ ≠
      decideTellMessage ⟨Tell.Silent, app, cv, dv⟩ := by
  unfold decideTellMessage
  intro h
  have hc : (['t'] : List Char) = [] := congrArg (List.take 1) h
  exact absurd hc (by decide)

theorem msg_ne_nocap_older (app cv dv : List Char) :
    decideTellMessage ⟨Tell.NoCapability, app, cv, dv⟩ ≠
      decideTellMessage ⟨Tell.OlderClient, app, cv, dv⟩ := by
  unfold decideTellMessage
  intro h
  simp only [list_append_assoc] at h
  have h := list_append_cancel_left _ h
  have h := list_append_cancel_left _ h
  have h := list_append_cancel_left _ h
  have h := list_append_cancel_left _ h
  have hc : ([')', ' ', 'i', 's', ' ', 'n'] : List Char) =
      [')', ' ', 'i', 's', ' ', 'o'] := congrArg (List.take 6) h
  exact absurd hc (by decide)

theorem msg_ne_nocap_other (app cv dv : List Char) :
    decideTellMessage ⟨Tell.NoCapability, app, cv, dv⟩ ≠
      decideTellMessage ⟨Tell.SameVersionOtherBuild, app, cv, dv⟩ := by
  unfold decideTellMessage
  intro h
  simp only [list_append_assoc] at h
  have h := list_append_cancel_left _ h
  have h := list_append_cancel_left _ h
  have h := list_append_cancel_left _ h
  have h := list_append_cancel_left _ h
  have hc : ([')', ' ', 'i', 's', ' ', 'n'] : List Char) =
      [')', ' ', 'i', 's', ' ', 'a'] := congrArg (List.take 6) h
  exact absurd hc (by decide)

theorem msg_ne_nocap_unknown (app cv dv : List Char) :
    decideTellMessage ⟨Tell.NoCapability, app, cv, dv⟩ ≠
      decideTellMessage ⟨Tell.VersionUnknown, app, cv, dv⟩ := by
  unfold decideTellMessage
  intro h
  simp only [list_append_assoc] at h
  have h := list_append_cancel_left _ h
  have h := list_append_cancel_left _ h
  have h := list_append_cancel_left _ h
  have h := list_append_cancel_left _ h
  have hc : ([')', ' ', 'i'] : List Char) =
      [')', ' ', 'c'] := congrArg (List.take 3) h
  exact absurd hc (by decide)

theorem msg_ne_nocap_busy (app cv dv : List Char) :
    decideTellMessage ⟨Tell.NoCapability, app, cv, dv⟩ ≠
      decideTellMessage ⟨Tell.BusyDaemon, app, cv, dv⟩ := by
  unfold decideTellMessage
  intro h
  simp only [list_append_assoc] at h
  have h := list_append_cancel_left _ h
  have h := list_append_cancel_left _ h
  have h := list_append_cancel_left _ h
  have h := list_append_cancel_left _ h
  have h := list_append_cancel_left _ h
  have h := list_append_cancel_left _ h
  have hc : ([')', ',', ' ', 'w', 'h', 'i', 'c', 'h', ' ', 'c'] : List Char) =
      [')', ',', ' ', 'w', 'h', 'i', 'c', 'h', ' ', 'i'] := congrArg (List.take 10) h
  exact absurd hc (by decide)

/-- replace_message_distinct: split the facts and the tell; the first conjunct evaluates (a told
  sentence starts with a character, the silent one is `[]`), and each other conjunct is the tell
  itself (`rfl`) or one of the `msg_ne` lemmas. -/
theorem replace_message_distinct : Statute.Replace.replace_message_distinct_stmt := by
  intro f
  cases f with
  | mk tell app cv dv =>
    cases tell with
    | Silent =>
      exact and_true_of (and_true_of (and_true_of (and_true_of (and_true_of (and_true_of (rfl)
        (rfl))
        (or_right_of (decide_eq_true (msg_ne_older_silent app cv dv))))
        (or_right_of (decide_eq_true (msg_ne_other_silent app cv dv))))
        (or_right_of (decide_eq_true (msg_ne_unknown_silent app cv dv))))
        (or_right_of (decide_eq_true (msg_ne_busy_silent app cv dv))))
        (or_right_of (decide_eq_true (msg_ne_nocap_silent app cv dv)))
    | OlderClient =>
      exact and_true_of (and_true_of (and_true_of (and_true_of (and_true_of (and_true_of (rfl)
        (or_right_of (decide_eq_true (msg_ne_silent_older app cv dv))))
        (rfl))
        (or_right_of (decide_eq_true (msg_ne_other_older app cv dv))))
        (or_right_of (decide_eq_true (msg_ne_unknown_older app cv dv))))
        (or_right_of (decide_eq_true (msg_ne_busy_older app cv dv))))
        (or_right_of (decide_eq_true (msg_ne_nocap_older app cv dv)))
    | SameVersionOtherBuild =>
      exact and_true_of (and_true_of (and_true_of (and_true_of (and_true_of (and_true_of (rfl)
        (or_right_of (decide_eq_true (msg_ne_silent_other app cv dv))))
        (or_right_of (decide_eq_true (msg_ne_older_other app cv dv))))
        (rfl))
        (or_right_of (decide_eq_true (msg_ne_unknown_other app cv dv))))
        (or_right_of (decide_eq_true (msg_ne_busy_other app cv dv))))
        (or_right_of (decide_eq_true (msg_ne_nocap_other app cv dv)))
    | VersionUnknown =>
      exact and_true_of (and_true_of (and_true_of (and_true_of (and_true_of (and_true_of (rfl)
        (or_right_of (decide_eq_true (msg_ne_silent_unknown app cv dv))))
        (or_right_of (decide_eq_true (msg_ne_older_unknown app cv dv))))
        (or_right_of (decide_eq_true (msg_ne_other_unknown app cv dv))))
        (rfl))
        (or_right_of (decide_eq_true (msg_ne_busy_unknown app cv dv))))
        (or_right_of (decide_eq_true (msg_ne_nocap_unknown app cv dv)))
    | BusyDaemon =>
      exact and_true_of (and_true_of (and_true_of (and_true_of (and_true_of (and_true_of (rfl)
        (or_right_of (decide_eq_true (msg_ne_silent_busy app cv dv))))
        (or_right_of (decide_eq_true (msg_ne_older_busy app cv dv))))
        (or_right_of (decide_eq_true (msg_ne_other_busy app cv dv))))
        (or_right_of (decide_eq_true (msg_ne_unknown_busy app cv dv))))
        (rfl))
        (or_right_of (decide_eq_true (msg_ne_nocap_busy app cv dv)))
    | NoCapability =>
      exact and_true_of (and_true_of (and_true_of (and_true_of (and_true_of (and_true_of (rfl)
        (or_right_of (decide_eq_true (msg_ne_silent_nocap app cv dv))))
        (or_right_of (decide_eq_true (msg_ne_older_nocap app cv dv))))
        (or_right_of (decide_eq_true (msg_ne_other_nocap app cv dv))))
        (or_right_of (decide_eq_true (msg_ne_unknown_nocap app cv dv))))
        (or_right_of (decide_eq_true (msg_ne_busy_nocap app cv dv))))
        (rfl)

end Statute.Replace.Proofs
