// Explore stage, compiled engine: the helpers compiled expressions call, with the interpreter's
// meaning (generator/interpret/arith.ts and builtins.ts) computed on doubles where that is exact:
// every operand is a safe integer, so +, - and * are exact whenever the result is safe, and a
// result past the safe range throws as the interpreter's does. Int `/` and `%` (Euclidean) are
// rare and go to the interpreter's BigInt code itself.

import { intArith } from "../../interpret/arith.js";
import { InterpretError, valueEquals, type Value } from "../../interpret/value.js";

const MAX = Number.MAX_SAFE_INTEGER;

function fail(message: string): never {
  throw new InterpretError(message);
}

function safe(x: number, what: string): number {
  return x <= MAX && x >= -MAX ? x : fail(`${what}: result ${x} is past the safe integer range`);
}

function natOperands(a: number, b: number, op: string): void {
  if (a < 0 || b < 0) fail(`nat ${op}: negative operand ${Math.min(a, b)}`);
}

type List = readonly Value[];

/** 2^0 .. 2^52, exact doubles. */
const POW2: readonly number[] = Array.from({ length: 53 }, (_, i) => 2 ** i);

/** Every helper, by the name compiled source uses for it. */
export const helpers = {
  $fail: fail,
  $eq: valueEquals,
  $nadd(a: number, b: number): number {
    natOperands(a, b, "+");
    return safe(a + b, "nat +");
  },
  $nsub(a: number, b: number): number {
    natOperands(a, b, "-");
    return a > b ? a - b : 0;
  },
  $nmul(a: number, b: number): number {
    natOperands(a, b, "*");
    return safe(a * b, "nat *");
  },
  $ndiv(a: number, b: number): number {
    natOperands(a, b, "/");
    // `a - a % b` is an exact multiple of b, so the division is exact: no rounding up near 2^53.
    return b === 0 ? 0 : (a - (a % b)) / b;
  },
  $nmod(a: number, b: number): number {
    natOperands(a, b, "%");
    return b === 0 ? a : a % b;
  },
  $iadd: (a: number, b: number): number => safe(a + b, "int +"),
  $isub: (a: number, b: number): number => safe(a - b, "int -"),
  // `+ 0` turns the -0 of `0 * -5` into the 0 the interpreter's BigInt gives.
  $imul: (a: number, b: number): number => safe(a * b, "int *") + 0,
  $idiv: (a: number, b: number): number => intArith("/", a, b),
  $imod: (a: number, b: number): number => intArith("%", a, b),
  $pow2(n: number): number {
    if (n < 0) fail(`pow2: negative exponent ${n}`);
    // A table, not `2 ** n`: V8's pow is a call into libm, a tenth of a step that backs off.
    return n < 53 ? (POW2[n] as number) : fail(`pow2: result ${2n ** BigInt(n)} is past the safe integer range`);
  },
  $append: (l: List, x: Value): List => [...l, x],
  $keep_last(l: List, n: number): List {
    if (n < 0) fail(`keep_last: negative count ${n}`);
    return l.slice(Math.max(0, l.length - n));
  },
  $nth_or(l: List, i: number, d: Value): Value {
    if (i < 0) fail(`nth_or: negative count ${i}`);
    return i < l.length ? (l[i] as Value) : d;
  },
  $set_at(l: List, i: number, x: Value): List {
    if (i < 0) fail(`set_at: negative count ${i}`);
    // The list itself when nothing changes: the same value (lists are never mutated), so a step
    // that changes nothing returns its very state.
    if (i >= l.length || l[i] === x) return l;
    const out = l.slice();
    out[i] = x;
    return out;
  },
  $repeat(n: number, x: Value): List {
    if (n < 0) fail(`repeat: negative count ${n}`);
    // Pushed, not `new Array(n).fill`: a packed array, the elements kind of every other list.
    const out: Value[] = [];
    for (let i = 0; i < n; i++) out.push(x);
    return out;
  },
  $get_or: (o: Value, d: Value): Value => (o !== null ? o : d),
  $with(r: Value, updates: Record<string, Value>): Value {
    const out: Record<string, Value> = { ...(r as Record<string, Value>) };
    for (const k of Object.keys(updates)) {
      if (!Object.hasOwn(out, k)) fail(`with: no field '${k}'`);
      out[k] = updates[k] as Value;
    }
    return out;
  },
  $filter(l: List, p: (x: Value) => boolean): List {
    const out: Value[] = [];
    for (let i = 0; i < l.length; i++) if (p(l[i] as Value)) out.push(l[i] as Value);
    return out;
  },
  $all(l: List, p: (x: Value) => boolean): boolean {
    for (let i = 0; i < l.length; i++) if (!p(l[i] as Value)) return false;
    return true;
  },
  $any(l: List, p: (x: Value) => boolean): boolean {
    for (let i = 0; i < l.length; i++) if (p(l[i] as Value)) return true;
    return false;
  },
  $count(l: List, p: (x: Value) => boolean): number {
    let n = 0;
    for (let i = 0; i < l.length; i++) if (p(l[i] as Value)) n++;
    return n;
  },
  $map(l: List, f: (x: Value) => Value): List {
    const out = new Array<Value>(l.length);
    for (let i = 0; i < l.length; i++) out[i] = f(l[i] as Value);
    return out;
  },
};

/** The prologue of compiled source: every helper as a local constant (so the JIT can inline). */
export const prologue = `const { ${Object.keys(helpers).join(", ")} } = $h;`;
