// Expression stage: constant folding of checked expressions, for derived constants, list
// bounds, guards and `order` laws evaluated at generation. The arithmetic is the interpreter's
// own (interpret/arith.ts: exact BigInt with Lean's meaning: nat subtraction truncates at 0,
// division floors, x / 0 = 0, x % 0 = x, int `/` and `%` Euclidean), so the checker, the oracle
// and every target agree on every constant. A result past the safe integer range is not a value:
// `foldConst` says where it arose, so the checker reports it instead of rounding.

import { intArith, natArith, pow2 } from "../interpret/arith.js";
import { InterpretError } from "../interpret/value.js";
import type { Expr } from "../ir/expr.js";
import type { TypeRef } from "../ir/types.js";

type Value = number | boolean;

/** A fold: a value, not a constant expression, or a result past 2^53 - 1 at node `at`. */
export type Folded =
  | { readonly kind: "value"; readonly value: Value }
  | { readonly kind: "unknown" }
  | { readonly kind: "unsafe"; readonly at: Expr; readonly value: string };

const UNKNOWN: Folded = { kind: "unknown" };

class Unsafe extends Error {
  constructor(readonly at: Expr, readonly value: string) {
    super(value);
  }
}

/**
 * The value of `e` if it is built from literals and constants (valued by `value`) with
 * arithmetic, comparisons, logic, if, let, min, max and pow2; undefined otherwise, and
 * undefined when some intermediate result is past the safe integer range.
 */
export function evalConstExpr(e: Expr, value: (ref: TypeRef) => Value | undefined): Value | undefined {
  const f = foldConst(e, value);
  return f.kind === "value" ? f.value : undefined;
}

/** Fold `e` exactly; an unsafe intermediate result is reported with the node it arose at. */
export function foldConst(e: Expr, value: (ref: TypeRef) => Value | undefined): Folded {
  try {
    const v = evaluate(e, value, new Map());
    return v === undefined ? UNKNOWN : { kind: "value", value: v };
  } catch (err) {
    if (err instanceof Unsafe) return { kind: "unsafe", at: err.at, value: err.value };
    throw err;
  }
}

function evaluate(e: Expr, value: (ref: TypeRef) => Value | undefined, scope: ReadonlyMap<string, Value>): Value | undefined {
  const ev = (x: Expr, s: ReadonlyMap<string, Value> = scope): Value | undefined => evaluate(x, value, s);
  switch (e.kind) {
    case "lit":
      return typeof e.value === "string" ? undefined : e.value;
    case "const":
      return value(e.ref);
    case "var":
      return scope.get(e.name);
    case "not": {
      const a = ev(e.arg);
      return typeof a === "boolean" ? !a : undefined;
    }
    case "if": {
      const c = ev(e.cond);
      return typeof c === "boolean" ? ev(c ? e.then : e.else) : undefined;
    }
    case "let": {
      const v = ev(e.value);
      return v === undefined ? undefined : ev(e.body, new Map([...scope, [e.name, v]]));
    }
    case "binary":
      return binary(e, () => ev(e.left), () => ev(e.right));
    case "call": {
      const args = e.args.map((a) => ev(a));
      if (!args.every((a): a is number => typeof a === "number")) return undefined;
      const [a, b] = args;
      if (e.fn === "min" && a !== undefined && b !== undefined) return Math.min(a, b);
      if (e.fn === "max" && a !== undefined && b !== undefined) return Math.max(a, b);
      if (e.fn === "pow2" && a !== undefined) {
        // 2^53 is already past the safe range; never build a huge BigInt for a huge exponent.
        if (a >= 53) throw new Unsafe(e, `2^${a}`);
        return exact(e, () => pow2(a));
      }
      return undefined;
    }
    default:
      return undefined;
  }
}

function binary(e: Expr & { kind: "binary" }, left: () => Value | undefined, right: () => Value | undefined): Value | undefined {
  const op = e.op;
  const a = left();
  if (a === undefined) return undefined;
  if (op === "&&" || op === "||") {
    if (typeof a !== "boolean") return undefined;
    if (op === "&&" ? !a : a) return a; // short-circuit: the right side is not needed
    const b = right();
    return typeof b === "boolean" ? b : undefined;
  }
  const b = right();
  if (b === undefined) return undefined;
  if (op === "==") return a === b;
  if (op === "!=") return a !== b;
  if (op === "++") return typeof a === "string" && typeof b === "string" ? a + b : undefined;
  if (typeof a !== "number" || typeof b !== "number") return undefined;
  switch (op) {
    case "<":
      return a < b;
    case "<=":
      return a <= b;
    case ">":
      return a > b;
    case ">=":
      return a >= b;
    default:
      // The result type says which arithmetic, as in the interpreter: int operands make an int.
      return exact(e, () => (e.type.kind === "int" ? intArith(op, a, b) : natArith(op, a, b)));
  }
}

/** Run one step of the interpreter's arithmetic; its range error becomes an Unsafe at `e`. */
function exact(e: Expr, step: () => number): number {
  try {
    return step();
  } catch (err) {
    if (!(err instanceof InterpretError)) throw err;
    throw new Unsafe(e, /result (-?\d+)/.exec(err.message)?.[1] ?? "past the safe range");
  }
}
