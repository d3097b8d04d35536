-- Helpers shared by every proofs file: Bool connectives, `if` branches, and the `decide`
-- complements of `Nat` comparisons. Hand-written; core Lean only, modern core names.
-- Each is stated once here (`open Statute.Lemmas` in the proofs files).

namespace Statute.Lemmas

/-- `false = true` is refuted by evaluation. -/
theorem ff_ne_tt : ¬ (false = true) := by
  decide

/-- Both conjuncts of a Bool `&&` are true. -/
theorem and_true_of {a b : Bool} (ha : a = true) (hb : b = true) : (a && b) = true := by
  cases ha
  cases hb
  rfl

/-- The right disjunct of a Bool `||` is true. -/
theorem or_right_of {a b : Bool} (hb : b = true) : (a || b) = true := by
  cases a with
  | false => exact hb
  | true => rfl

/-- Two decided propositions that hold, as a Bool `&&`. -/
theorem both {p q : Prop} [Decidable p] [Decidable q] (hp : p) (hq : q) :
    (decide p && decide q) = true :=
  and_true_of (decide_eq_true hp) (decide_eq_true hq)

/-- The `then` branch of an `if` is taken and true. -/
theorem on_then {c : Prop} [Decidable c] {x y : Bool} (hc : c) (hx : x = true) :
    (if c then x else y) = true :=
  (if_pos hc).trans hx

/-- The `else` branch of an `if` is taken and true. -/
theorem on_else {c : Prop} [Decidable c] {x y : Bool} (hc : ¬c) (hy : y = true) :
    (if c then x else y) = true :=
  (if_neg hc).trans hy

/-- An `if` on `True` (as `simp` leaves a condition it has decided): its `then` branch. -/
theorem if_const_true {α : Type} {h : Decidable True} (a b : α) : @ite α True h a b = a :=
  if_pos True.intro

/-- An `if` on `False`: its `else` branch. -/
theorem if_const_false {α : Type} {h : Decidable False} (a b : α) : @ite α False h a b = b :=
  if_neg (fun f => f)

/-- `decide True`, whatever its instance, is `true`. -/
theorem decide_const_true {h : Decidable True} : @decide True h = true :=
  decide_eq_true True.intro

/-- A value decided equal to itself. -/
theorem decide_self_eq {α : Type} {h : DecidableEq α} (a : α) : @decide (a = a) (h a a) = true :=
  decide_eq_true rfl

/-- `true && b` is `b`. -/
theorem true_band (b : Bool) : (true && b) = b :=
  rfl

/-- The left conjunct of a true Bool `&&`. -/
theorem and_left {a b : Bool} (h : (a && b) = true) : a = true := by
  cases a with
  | false => exact absurd h ff_ne_tt
  | true => rfl

/-- The right conjunct of a true Bool `&&`. -/
theorem and_right {a b : Bool} (h : (a && b) = true) : b = true := by
  cases a with
  | false => exact absurd h ff_ne_tt
  | true => exact h

/-- An implication between two Bools of constants, by evaluation (`imp_eval hq rfl`). -/
theorem imp_eval {a b : Bool} (ha : a = true) (hab : (!a || b) = true) : b = true := by
  cases ha
  exact hab

/-- The right disjunct of a true Bool `||` whose left one is false. -/
theorem or_resolve {a b : Bool} (h : (a || b) = true) (ha : a = false) : b = true := by
  cases ha
  exact h

/-- `decide (a ≥ b)` true makes `decide (a < b)` false. -/
theorem lt_false_of_ge {a b : Nat} (h : decide (a ≥ b) = true) : decide (a < b) = false :=
  decide_eq_false (Nat.not_lt.mpr (of_decide_eq_true h))

/-- `decide (a ≥ b)` false makes `decide (a < b)` true. -/
theorem lt_true_of_not_ge {a b : Nat} (h : decide (a ≥ b) = false) : decide (a < b) = true :=
  decide_eq_true (Nat.not_le.mp (of_decide_eq_false h))

/-- `decide (a ≤ b)` false makes `decide (a > b)` true. -/
theorem gt_true_of_not_le {a b : Nat} (h : decide (a ≤ b) = false) : decide (a > b) = true :=
  decide_eq_true (Nat.not_le.mp (of_decide_eq_false h))

/-- `decide (a < b)` true makes `decide (a ≥ b)` false. -/
theorem ge_false_of_lt {a b : Nat} (h : decide (a < b) = true) : decide (a ≥ b) = false :=
  decide_eq_false (Nat.not_le.mpr (of_decide_eq_true h))

/-- `decide (a < b)` false makes `decide (a ≥ b)` true. -/
theorem ge_true_of_not_lt {a b : Nat} (h : decide (a < b) = false) : decide (a ≥ b) = true :=
  decide_eq_true (Nat.not_lt.mp (of_decide_eq_false h))

/-- An equality as `≤`. -/
theorem le_of_eq' {n m : Nat} (h : n = m) : n ≤ m := by
  cases h
  exact Nat.le_refl _

/-- A Bool is `true` or `false`. -/
theorem bool_split (b : Bool) : b = true ∨ b = false := by
  cases b with
  | true => exact Or.inl rfl
  | false => exact Or.inr rfl

/-- `min a b ≤ b`, from `min` as `if a ≤ b then a else b` (its definition in old and new core). -/
theorem min_le_r (a b : Nat) : min a b ≤ b :=
  (bool_split (decide (a ≤ b))).elim
    (fun h => Nat.le_trans (le_of_eq' (if_pos (of_decide_eq_true h))) (of_decide_eq_true h))
    (fun h => le_of_eq' (if_neg (of_decide_eq_false h)))

/-- `a ≤ b` refutes `b < a`. -/
theorem not_lt_of_le' {a b : Nat} (h : a ≤ b) : ¬ (b < a) :=
  fun hc => Nat.lt_irrefl a (Nat.lt_of_le_of_lt h hc)

/-- `¬ (b < a)` gives `a ≤ b` (induction on `a`, splitting `b`). -/
theorem le_of_not_lt' (a : Nat) : ∀ (b : Nat), ¬ (b < a) → a ≤ b := by
  induction a with
  | zero =>
    intro b _
    exact Nat.zero_le b
  | succ a ih =>
    intro b hn
    cases b with
    | zero => exact absurd (Nat.succ_le_succ (Nat.zero_le a)) hn
    | succ b => exact Nat.succ_le_succ (ih b (fun h => hn (Nat.succ_le_succ h)))

/-- Adding on the right keeps `≤`. -/
theorem add_le_add_r {a b : Nat} (k : Nat) (h : a ≤ b) : a + k ≤ b + k := by
  induction k with
  | zero => exact h
  | succ k ih => exact Nat.succ_le_succ ih

/-- `d > 0` is `d ≠ 0`, as Bools: a state split into `0` and `n + 1` evaluates `d = 0` but not
  `n + 1 > 0` (`Nat.ble 0 n` is stuck on a free `n`), so laws over `d > 0` are read as `!(d = 0)`. -/
theorem dec_pos_eq (d : Nat) : decide (d > 0) = !decide (d = 0) := by
  cases d with
  | zero => rfl
  | succ n => exact decide_eq_true (Nat.succ_le_succ (Nat.zero_le n))

/-- A disjunction over `d ≠ 0` gives the same one over `d > 0`. -/
theorem or_pos_of_ne {a : Bool} {d : Nat} (h : (a || !decide (d = 0)) = true) :
    (a || decide (d > 0)) = true := by
  cases d with
  | zero => exact h
  | succ n => exact or_right_of (decide_eq_true (Nat.succ_le_succ (Nat.zero_le n)))

/-- `List.replicate n a` has `n` elements. -/
theorem len_replicate {α : Type} (a : α) : ∀ (n : Nat), List.length (List.replicate n a) = n := by
  intro n
  induction n with
  | zero => rfl
  | succ n ih => exact congrArg Nat.succ ih

/-- `List.map` keeps the length. -/
theorem len_map {α β : Type} (f : α → β) :
    ∀ (l : List α), List.length (List.map f l) = List.length l := by
  intro l
  induction l with
  | nil => rfl
  | cons x l ih => exact congrArg Nat.succ ih

/-- `List.set` keeps the length. -/
theorem len_set {α : Type} :
    ∀ (l : List α) (i : Nat) (v : α), List.length (List.set l i v) = List.length l := by
  intro l
  induction l with
  | nil => intro i v; cases i <;> rfl
  | cons x l ih =>
    intro i v
    cases i with
    | zero => rfl
    | succ i => exact congrArg Nat.succ (ih i v)

/-- Reading back the element just set, at an index in range. -/
theorem getD_set_self {α : Type} {v d : α} :
    ∀ (l : List α) (i : Nat), i < List.length l → List.getD (List.set l i v) i d = v := by
  intro l
  induction l with
  | nil => intro i hi; exact absurd hi (Nat.not_lt_zero i)
  | cons x l ih =>
    intro i hi
    cases i with
    | zero => exact List.getD_cons_zero
    | succ i => exact List.getD_cons_succ.trans (ih i (Nat.le_of_succ_le_succ hi))

/-- A second `List.set` at the same index overwrites the first. -/
theorem set_set {α : Type} {v w : α} :
    ∀ (l : List α) (i : Nat), List.set (List.set l i v) i w = List.set l i w := by
  intro l
  induction l with
  | nil => intro i; cases i <;> rfl
  | cons x l ih =>
    intro i
    cases i with
    | zero => rfl
    | succ i => exact congrArg (List.cons x) (ih i)

/-- Setting an element to what `List.getD` reads there changes nothing (out of range included). -/
theorem set_getD {α : Type} {d : α} :
    ∀ (l : List α) (i : Nat), List.set l i (List.getD l i d) = l := by
  intro l
  induction l with
  | nil => intro i; cases i <;> rfl
  | cons x l ih =>
    intro i
    cases i with
    | zero => exact congrArg (fun y => y :: l) List.getD_cons_zero
    | succ i =>
      exact congrArg (List.cons x)
        ((congrArg (fun y => List.set l i y) List.getD_cons_succ).trans (ih i))

/-- `w ≤ n - 1` with `1 ≤ n` is `w < n`. -/
theorem lt_of_le_pred {w n : Nat} (h1 : 1 ≤ n) (h : w ≤ n - 1) : w < n := by
  cases n with
  | zero => cases h1
  | succ n => exact Nat.succ_le_succ h

/-- `a ≤ a + b`. -/
theorem le_add_r' (a b : Nat) : a ≤ a + b := by
  induction b with
  | zero => exact Nat.le_refl _
  | succ b ih => exact Nat.le_trans ih (Nat.le_succ _)

/-- `(a ++ b) ++ c = a ++ (b ++ c)` for lists (induction on `a`). -/
theorem list_append_assoc {α : Type} (a b c : List α) : a ++ b ++ c = a ++ (b ++ c) := by
  induction a with
  | nil => exact rfl
  | cons x xs ih => exact congrArg (List.cons x) ih

/-- A common prefix cancels: `a ++ b = a ++ c → b = c` (induction on `a`; a step drops the
  head of both sides, `List.drop 1`). -/
theorem list_append_cancel_left {α : Type} {b c : List α} :
    ∀ (a : List α), a ++ b = a ++ c → b = c := by
  intro a
  induction a with
  | nil => exact fun h => h
  | cons x xs ih => exact fun h => ih (congrArg (List.drop 1) h)

end Statute.Lemmas
