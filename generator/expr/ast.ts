// Expression stage, step 2 output: the untyped syntax tree of one expression string. Names are
// not resolved yet (`Gate.Open` is a field read of the name `Gate` until the checker sees that
// `Gate` is a type). Every node keeps its [offset, end) in the string for diagnostics.

/** Source range inside the expression string, in code units. */
export interface Range {
  readonly offset: number;
  readonly end: number;
}

/** A `name: value` entry of a constructor or `with` literal. */
export interface AstField extends Range {
  /** Field name; the range covers the name only. */
  readonly name: string;
  readonly value: Ast;
}

/** A name as written, with its own range (a function, a bound variable, a variant). */
export interface AstName extends Range {
  readonly name: string;
}

/** The pattern of one match arm: `_`, `Variant`, `Type.Variant`, each optionally with binds. */
export interface AstArm extends Range {
  /** Type qualifier of `Type.Variant`, or null. */
  readonly qualifier: AstName | null;
  /** Variant or member name; null for the wildcard `_`. */
  readonly variant: AstName | null;
  /** Names bound positionally to the payload fields (`_` skips one). */
  readonly binds: readonly AstName[];
  readonly body: Ast;
}

export type BinaryOpText = "++" | "+" | "-" | "*" | "/" | "%" | "==" | "!=" | "<" | "<=" | ">" | ">=" | "&&" | "||";

export type Ast = Range &
  (
    | { readonly kind: "num"; readonly value: number; readonly unit: "none" | "ms" }
    | { readonly kind: "bool"; readonly value: boolean }
    | { readonly kind: "str"; readonly value: string }
    | { readonly kind: "none" }
    | { readonly kind: "name"; readonly name: string }
    | { readonly kind: "field"; readonly of: Ast; readonly field: AstName }
    | { readonly kind: "unary"; readonly op: "!" | "-"; readonly arg: Ast }
    | { readonly kind: "binary"; readonly op: BinaryOpText; readonly opRange: Range; readonly left: Ast; readonly right: Ast }
    | { readonly kind: "is"; readonly of: Ast; readonly qualifier: AstName | null; readonly variant: AstName }
    | { readonly kind: "if"; readonly cond: Ast; readonly then: Ast; readonly else: Ast }
    | { readonly kind: "let"; readonly name: AstName; readonly value: Ast; readonly body: Ast }
    | { readonly kind: "call"; readonly fn: AstName; readonly args: readonly Ast[] }
    | { readonly kind: "lambda"; readonly param: AstName; readonly body: Ast }
    | {
        readonly kind: "construct";
        /** `Verdict` in `Verdict.Restart { .. }`; null for `Worker { .. }` or a bare `Restart { .. }`. */
        readonly qualifier: AstName | null;
        /** The type name (record) or variant name. */
        readonly name: AstName;
        readonly fields: readonly AstField[];
      }
    | { readonly kind: "with"; readonly of: Ast; readonly fields: readonly AstField[] }
    | { readonly kind: "match"; readonly of: Ast; readonly arms: readonly AstArm[] }
    | { readonly kind: "list"; readonly items: readonly Ast[] }
  );

export type AstKind = Ast["kind"];
