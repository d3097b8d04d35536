// IR stage: typed expressions. Produced by generator/expr (parse + type check) from the strings
// of the spec; read by every emitter, the interpreter, the explorer and the mutator.
// Semantics (all targets agree): nat/ms are Lean `Nat` (subtraction truncates at 0, division
// floors, division by 0 is 0, `%` by 0 is the left side); int is Lean `Int`; `&&`/`||` short-circuit;
// `++` joins two strings (Lean `String.append`).

import type { Type, TypeRef } from "./types.js";

export type ArithOp = "+" | "-" | "*" | "/" | "%";
export type CompareOp = "==" | "!=" | "<" | "<=" | ">" | ">=";
export type LogicOp = "&&" | "||";
/** `a ++ b`: the text of two strings joined (rendered messages; no other string operation). */
export type ConcatOp = "++";
export type BinaryOp = ArithOp | CompareOp | LogicOp | ConcatOp;

/** Built-in functions with positional arguments (no lambdas). */
export type Builtin =
  /** min(a, b): the smaller of two numbers of one type. */
  | "min"
  /** max(a, b): the larger of two numbers of one type. */
  | "max"
  /** pow2(n): 2^n, a nat. */
  | "pow2"
  /** len(list): the list's length, a nat. */
  | "len"
  /** append(list, x): list with x at the end; its max grows by one. */
  | "append"
  /** keep_last(list, N): the last N elements (N a constant); its max becomes N. */
  | "keep_last"
  /** nth_or(list, i, d): element i (0-based) or d when out of range. */
  | "nth_or"
  /** set_at(list, i, x): list with element i replaced by x; unchanged when out of range. */
  | "set_at"
  /** repeat(N, x): a list of N copies of x (N a constant). */
  | "repeat"
  /** is_some(o): the option holds a value. */
  | "is_some"
  /** is_none(o): the option is empty. */
  | "is_none"
  /** get_or(o, d): the option's value or d. */
  | "get_or"
  /** some(x): an option holding x. */
  | "some";

/** List operations that take a one-parameter lambda `x -> body`. */
export type ListOp =
  /** filter(l, x -> p): the elements satisfying p, in order. */
  | "filter"
  /** all(l, x -> p): every element satisfies p (true on empty). */
  | "all"
  /** any(l, x -> p): some element satisfies p (false on empty). */
  | "any"
  /** count(l, x -> p): how many elements satisfy p. */
  | "count"
  /** map(l, x -> e): each element replaced by e; same length. */
  | "map";

/** A field initialiser in a record, union or `with` literal. */
export interface FieldValue {
  /** Field name. */
  readonly name: string;
  /** Its value. */
  readonly value: Expr;
}

/** One arm of a `match`. */
export interface MatchArm {
  /** Variant tag matched, or null for the wildcard `_`. */
  readonly variant: string | null;
  /** Names bound to the variant's payload fields, positionally (may be shorter than the fields). */
  readonly binds: readonly string[];
  /** Value of the arm. */
  readonly body: Expr;
}

interface ExprBase {
  /** Unique id within the module; positions and analysis results live in side tables keyed by it. */
  readonly id: number;
  /** The checked type of this expression. */
  readonly type: Type;
}

/** A checked, typed expression. Variables are plain names; scoping is lexical. */
export type Expr = ExprBase &
  (
    | {
        readonly kind: "lit";
        /** nat/ms/int as a number, bool, or string. `15min` arrives here as 900000. */
        readonly value: number | boolean | string;
      }
    | {
        readonly kind: "var";
        /** A local: `s`, `e`, `n`, `o`, `f`, `v`, a `let`, a lambda parameter or a match binding. */
        readonly name: string;
      }
    | {
        readonly kind: "const";
        /** The constant, possibly imported from another module. */
        readonly ref: TypeRef;
      }
    | {
        readonly kind: "field";
        /** A record-typed (or state/facts/event-payload) expression. */
        readonly of: Expr;
        /** Field read. */
        readonly field: string;
      }
    | {
        readonly kind: "not";
        /** Boolean operand. */
        readonly arg: Expr;
      }
    | {
        readonly kind: "binary";
        /** Operator; operands have the same numeric type for arithmetic and comparison, strings for `++`. */
        readonly op: BinaryOp;
        /** Left operand. */
        readonly left: Expr;
        /** Right operand. */
        readonly right: Expr;
      }
    | {
        readonly kind: "if";
        /** Boolean condition. */
        readonly cond: Expr;
        /** Value when true. */
        readonly then: Expr;
        /** Value when false. */
        readonly else: Expr;
      }
    | {
        readonly kind: "call";
        /** Which built-in. */
        readonly fn: Builtin;
        /** Positional arguments. */
        readonly args: readonly Expr[];
      }
    | {
        readonly kind: "listop";
        /** Which list operation. */
        readonly op: ListOp;
        /** The list. */
        readonly list: Expr;
        /** Lambda parameter name, bound to each element. */
        readonly param: string;
        /** Lambda body. */
        readonly body: Expr;
      }
    | {
        readonly kind: "enum";
        /** The enum type. */
        readonly ref: TypeRef;
        /** Member name. */
        readonly member: string;
      }
    | {
        readonly kind: "union";
        /** The union type (for machine events: the machine's `<Machine>Event` union). */
        readonly ref: TypeRef;
        /** Variant tag. */
        readonly variant: string;
        /** Every payload field, in the variant's declaration order. */
        readonly fields: readonly FieldValue[];
      }
    | {
        readonly kind: "record";
        /** The record type (declared, or a machine's state / a decision's facts). */
        readonly ref: TypeRef;
        /** Every field, in the record's declaration order. */
        readonly fields: readonly FieldValue[];
      }
    | {
        readonly kind: "with";
        /** The record copied. */
        readonly of: Expr;
        /** Fields replaced, in the record's declaration order. */
        readonly fields: readonly FieldValue[];
      }
    | {
        readonly kind: "match";
        /** A union- or enum-typed scrutinee. */
        readonly of: Expr;
        /** Arms in source order; exhaustive (a `_` arm or every variant). */
        readonly arms: readonly MatchArm[];
      }
    | {
        readonly kind: "is";
        /** A union- or enum-typed expression. */
        readonly of: Expr;
        /** The tag tested. */
        readonly variant: string;
      }
    | {
        readonly kind: "list";
        /** Elements of a list literal. */
        readonly items: readonly Expr[];
      }
    | {
        readonly kind: "none";
      }
    | {
        readonly kind: "let";
        /** Bound name. */
        readonly name: string;
        /** Bound value. */
        readonly value: Expr;
        /** Scope of the binding. */
        readonly body: Expr;
      }
    | {
        readonly kind: "decide";
        /** A decision of this or an imported module, applied (only in laws and examples). */
        readonly ref: TypeRef;
        /** The facts record. */
        readonly arg: Expr;
      }
  );

export type ExprKind = Expr["kind"];
