// Interpreter stage: arithmetic with Lean's meaning, computed exactly in BigInt and brought back
// to a JSON number. nat/ms are `Nat` (subtraction truncates at 0, `/` floors, `/ 0` is 0,
// `% 0` is the left side); int is `Int`, whose `/` and `%` are Euclidean (Lean's `Int.ediv`,
// `Int.emod`). A result past Number.MAX_SAFE_INTEGER throws: the wire and the generated
// TypeScript cannot hold it, and an oracle must not round silently where Lean would not.

import type { ArithOp } from "../ir/expr.js";
import { InterpretError } from "./value.js";

function back(x: bigint, what: string): number {
  const n = Number(x);
  if (!Number.isSafeInteger(n) || BigInt(n) !== x) {
    throw new InterpretError(`${what}: result ${x} is past the safe integer range`);
  }
  return n;
}

/** Nat arithmetic; both operands must be safe integers >= 0. */
export function natArith(op: ArithOp, a: number, b: number): number {
  if (a < 0 || b < 0) throw new InterpretError(`nat ${op}: negative operand ${Math.min(a, b)}`);
  const x = BigInt(a);
  const y = BigInt(b);
  switch (op) {
    case "+":
      return back(x + y, "nat +");
    case "-":
      return x > y ? back(x - y, "nat -") : 0;
    case "*":
      return back(x * y, "nat *");
    case "/":
      return y === 0n ? 0 : back(x / y, "nat /"); // BigInt division of non-negatives floors
    case "%":
      return y === 0n ? a : back(x % y, "nat %");
  }
}

/** Euclidean quotient: the remainder a - b*q lies in [0, |b|). */
function ediv(x: bigint, y: bigint): bigint {
  const q = x / y; // truncates toward zero
  if (x % y >= 0n) return q;
  return y > 0n ? q - 1n : q + 1n;
}

/** Int arithmetic (Lean `Int`). */
export function intArith(op: ArithOp, a: number, b: number): number {
  const x = BigInt(a);
  const y = BigInt(b);
  switch (op) {
    case "+":
      return back(x + y, "int +");
    case "-":
      return back(x - y, "int -");
    case "*":
      return back(x * y, "int *");
    case "/":
      return y === 0n ? 0 : back(ediv(x, y), "int /");
    case "%":
      return y === 0n ? a : back(x - y * ediv(x, y), "int %");
  }
}

/** pow2(n) = 2^n, a nat. */
export function pow2(n: number): number {
  if (n < 0) throw new InterpretError(`pow2: negative exponent ${n}`);
  return back(2n ** BigInt(n), "pow2");
}
