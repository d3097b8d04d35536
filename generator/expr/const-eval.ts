// Expression stage: constant folding of checked expressions, for derived constants, list
// bounds and `order` laws evaluated at generation. Semantics are those of ir/expr.ts (Lean):
// nat subtraction truncates at 0, division floors, x / 0 = 0, x % 0 = x; int `/` and `%` are
// Euclidean (Lean's Int.div/Int.emod convention for `/` and `%`).

import type { Expr } from "../ir/expr.js";
import type { TypeRef } from "../ir/types.js";

type Value = number | boolean;

/**
 * The value of `e` if it is built from literals and constants (valued by `value`) with
 * arithmetic, comparisons, logic, if, let, min, max and pow2; undefined otherwise.
 */
export function evalConstExpr(e: Expr, value: (ref: TypeRef) => Value | undefined): Value | undefined {
  return evaluate(e, value, new Map());
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
      return binary(e.op, () => ev(e.left), () => ev(e.right), e.left.type.kind === "int");
    case "call": {
      const args = e.args.map((a) => ev(a));
      if (!args.every((a): a is number => typeof a === "number")) return undefined;
      const [a, b] = args;
      if (e.fn === "min" && b !== undefined) return Math.min(a as number, b);
      if (e.fn === "max" && b !== undefined) return Math.max(a as number, b);
      if (e.fn === "pow2" && a !== undefined) return 2 ** a;
      return undefined;
    }
    default:
      return undefined;
  }
}

function binary(op: string, left: () => Value | undefined, right: () => Value | undefined, int: boolean): Value | undefined {
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
    case "+":
      return a + b;
    case "-":
      return int ? a - b : Math.max(0, a - b);
    case "*":
      return a * b;
    case "/":
      return b === 0 ? 0 : int ? noNegZero(ediv(a, b)) : Math.floor(a / b);
    case "%":
      return b === 0 ? a : int ? noNegZero(a - b * ediv(a, b)) : a % b;
    default:
      return undefined;
  }
}

/** Euclidean quotient: the remainder a - b*q is always in [0, |b|). */
const ediv = (a: number, b: number): number => Math.sign(b) * Math.floor(a / Math.abs(b));
const noNegZero = (x: number): number => (x === 0 ? 0 : x);
