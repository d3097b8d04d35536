-- Proofs of the laws of spec/notice.yaml. Hand-written; the statements are generated in
-- generated/lean/Statute/Notice.lean and must not be restated here.
-- Checked by a Lean kernel as formal/checked.txt records (`statute proofs` says which
-- proofs, by which Lean, when).
--
-- Method: Notices has exactly ten reachable states (0 to MAX_RESTORES restores, attached or
-- not), so `notices_reach` proves by induction on the reachability derivation that a reachable
-- state is one of them; every law then splits that disjunction (`cases`, which substitutes the
-- state) and evaluates each closed case by `decide`. `Redeliver` carries a free id that the
-- step ignores, so its case is the hypothesis itself (the step reduces to the same state).
import Statute.Notice


namespace Statute.Notice.Proofs

/-- The reachable states of Notices: `r` restores (0..4) stored as the ids `[0, .., r-1]`, shown
  by the view while attached, and no view otherwise. -/
theorem notices_reach (s : NoticesState) (h : ReachableNotices s) :
    s = ⟨0, [], [], false⟩ ∨
      s = ⟨0, [], [], true⟩ ∨
      s = ⟨1, [0], [], false⟩ ∨
      s = ⟨1, [0], [0], true⟩ ∨
      s = ⟨2, [0, 1], [], false⟩ ∨
      s = ⟨2, [0, 1], [0, 1], true⟩ ∨
      s = ⟨3, [0, 1, 2], [], false⟩ ∨
      s = ⟨3, [0, 1, 2], [0, 1, 2], true⟩ ∨
      s = ⟨4, [0, 1, 2, 3], [], false⟩ ∨
      s = ⟨4, [0, 1, 2, 3], [0, 1, 2, 3], true⟩ := by
  induction h with
  | init => decide
  | step s e _ ih =>
    cases e with
    | Redeliver id => exact ih
    | Restore =>
      cases ih with
      | inl hs => cases hs; decide
      | inr ih => cases ih with
        | inl hs => cases hs; decide
        | inr ih => cases ih with
          | inl hs => cases hs; decide
          | inr ih => cases ih with
            | inl hs => cases hs; decide
            | inr ih => cases ih with
              | inl hs => cases hs; decide
              | inr ih => cases ih with
                | inl hs => cases hs; decide
                | inr ih => cases ih with
                  | inl hs => cases hs; decide
                  | inr ih => cases ih with
                    | inl hs => cases hs; decide
                    | inr ih => cases ih with
                      | inl hs => cases hs; decide
                      | inr hs => cases hs; decide
    | Attach =>
      cases ih with
      | inl hs => cases hs; decide
      | inr ih => cases ih with
        | inl hs => cases hs; decide
        | inr ih => cases ih with
          | inl hs => cases hs; decide
          | inr ih => cases ih with
            | inl hs => cases hs; decide
            | inr ih => cases ih with
              | inl hs => cases hs; decide
              | inr ih => cases ih with
                | inl hs => cases hs; decide
                | inr ih => cases ih with
                  | inl hs => cases hs; decide
                  | inr ih => cases ih with
                    | inl hs => cases hs; decide
                    | inr ih => cases ih with
                      | inl hs => cases hs; decide
                      | inr hs => cases hs; decide
    | Detach =>
      cases ih with
      | inl hs => cases hs; decide
      | inr ih => cases ih with
        | inl hs => cases hs; decide
        | inr ih => cases ih with
          | inl hs => cases hs; decide
          | inr ih => cases ih with
            | inl hs => cases hs; decide
            | inr ih => cases ih with
              | inl hs => cases hs; decide
              | inr ih => cases ih with
                | inl hs => cases hs; decide
                | inr ih => cases ih with
                  | inl hs => cases hs; decide
                  | inr ih => cases ih with
                    | inl hs => cases hs; decide
                    | inr ih => cases ih with
                      | inl hs => cases hs; decide
                      | inr hs => cases hs; decide

/-- notice_shown_once: each of the ten reachable states shows each id once, by `decide`. -/
theorem notice_shown_once : Statute.Notice.notice_shown_once_stmt := by
  intro s h
  have hm := notices_reach s h
  cases hm with
  | inl hs => cases hs; decide
  | inr hm => cases hm with
    | inl hs => cases hs; decide
    | inr hm => cases hm with
      | inl hs => cases hs; decide
      | inr hm => cases hm with
        | inl hs => cases hs; decide
        | inr hm => cases hm with
          | inl hs => cases hs; decide
          | inr hm => cases hm with
            | inl hs => cases hs; decide
            | inr hm => cases hm with
              | inl hs => cases hs; decide
              | inr hm => cases hm with
                | inl hs => cases hs; decide
                | inr hm => cases hm with
                  | inl hs => cases hs; decide
                  | inr hs => cases hs; decide

/-- notice_per_restore: each of the ten reachable states stores and shows one id per restore. -/
theorem notice_per_restore : Statute.Notice.notice_per_restore_stmt := by
  intro s h
  have hm := notices_reach s h
  cases hm with
  | inl hs => cases hs; decide
  | inr hm => cases hm with
    | inl hs => cases hs; decide
    | inr hm => cases hm with
      | inl hs => cases hs; decide
      | inr hm => cases hm with
        | inl hs => cases hs; decide
        | inr hm => cases hm with
          | inl hs => cases hs; decide
          | inr hm => cases hm with
            | inl hs => cases hs; decide
            | inr hm => cases hm with
              | inl hs => cases hs; decide
              | inr hm => cases hm with
                | inl hs => cases hs; decide
                | inr hm => cases hm with
                  | inl hs => cases hs; decide
                  | inr hs => cases hs; decide

/-- notice_restore_stores_one: a Restore from each of the ten reachable states, by `decide`. -/
theorem notice_restore_stores_one : Statute.Notice.notice_restore_stores_one_stmt := by
  intro s h
  have hm := notices_reach s h
  cases hm with
  | inl hs => cases hs; decide
  | inr hm => cases hm with
    | inl hs => cases hs; decide
    | inr hm => cases hm with
      | inl hs => cases hs; decide
      | inr hm => cases hm with
        | inl hs => cases hs; decide
        | inr hm => cases hm with
          | inl hs => cases hs; decide
          | inr hm => cases hm with
            | inl hs => cases hs; decide
            | inr hm => cases hm with
              | inl hs => cases hs; decide
              | inr hm => cases hm with
                | inl hs => cases hs; decide
                | inr hm => cases hm with
                  | inl hs => cases hs; decide
                  | inr hs => cases hs; decide
end Statute.Notice.Proofs
