// Explore stage, compiled engine: the helpers compiled expressions call, with the interpreter's
// meaning (generator/interpret/arith.ts and builtins.ts) computed on doubles where that is exact:
// every operand is a safe integer, so +, - and * are exact whenever the result is safe, and a
// result past the safe range throws as the interpreter's does. Int `/` and `%` (Euclidean) are
// rare and go to the interpreter's BigInt code itself.

import { intArith } from "../../interpret/arith.js";
import { InterpretError, valueEquals } from "../../interpret/value.js";

const MAX = Number.MAX_SAFE_INTEGER;

function fail(message: string): never {
  throw new InterpretError(message);
}

/**
 * A number the packed engine cannot hold in a word (past 31 bits and sign), or a list past its
 * bound: not the model's error; the search starts again on objects (compiled.ts).
 */
export class WideValue extends Error {}

function safe(x: number, what: string): number {
  return x <= MAX && x >= -MAX ? x : fail(`${what}: result ${x} is past the safe integer range`);
}

function natOperands(a: number, b: number, op: string): void {
  if (a < 0 || b < 0) fail(`nat ${op}: negative operand ${Math.min(a, b)}`);
}

/** 2^0 .. 2^52, exact doubles. */
const POW2: readonly number[] = Array.from({ length: 53 }, (_, i) => 2 ** i);

/** The helpers on numbers (and $fail, $eq), shared by every machine: by the name compiled source uses for each. */
export const helpers = {
  $fail: fail,
  $wide(): never {
    throw new WideValue("a value the packed engine cannot hold in words");
  },
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
};

/**
 * The helpers on lists and records, as source written into each machine's (machine.ts), not
 * shared: V8 keeps one record of the shapes a function has met, so a helper shared by every
 * machine of a process (`statute explore` over a whole project, `mutate`'s mutants, the bench)
 * meets every machine's lists and turns slow for all of them. Measured: supervise, explored
 * after the other machines of spec/ and bench/specs/ in one process, ran at 155 k states/s
 * through shared helpers against 720 k through its own (890 k alone either way). Each throws
 * as the interpreter's builtins do (generator/interpret/builtins.ts).
 */
const perMachine = `
function $append(l, x) { return [...l, x]; }
function $keep_last(l, n) { if (n < 0) $fail("keep_last: negative count " + n); return l.slice(Math.max(0, l.length - n)); }
function $nth_or(l, i, d) { if (i < 0) $fail("nth_or: negative count " + i); return i < l.length ? l[i] : d; }
function $set_at(l, i, x) {
  if (i < 0) $fail("set_at: negative count " + i);
  // The list itself when nothing changes: the same value (lists are never mutated), so a step
  // that changes nothing returns its very state.
  if (i >= l.length || l[i] === x) return l;
  const out = l.slice(); out[i] = x; return out;
}
function $repeat(n, x) {
  if (n < 0) $fail("repeat: negative count " + n);
  // Pushed, not \`new Array(n).fill\`: a packed array, the elements kind of every other list.
  const out = []; for (let i = 0; i < n; i++) out.push(x); return out;
}
function $get_or(o, d) { return o !== null ? o : d; }
function $with(r, updates) {
  const out = { ...r };
  for (const k of Object.keys(updates)) { if (!Object.hasOwn(out, k)) $fail("with: no field '" + k + "'"); out[k] = updates[k]; }
  return out;
}
function $filter(l, p) { const out = []; for (let i = 0; i < l.length; i++) if (p(l[i])) out.push(l[i]); return out; }
function $all(l, p) { for (let i = 0; i < l.length; i++) if (!p(l[i])) return false; return true; }
function $any(l, p) { for (let i = 0; i < l.length; i++) if (p(l[i])) return true; return false; }
function $count(l, p) { let n = 0; for (let i = 0; i < l.length; i++) if (p(l[i])) n++; return n; }
function $map(l, f) { const out = new Array(l.length); for (let i = 0; i < l.length; i++) out[i] = f(l[i]); return out; }
`;

/** The prologue of compiled source: the shared helpers as local constants (so the JIT can inline), then the machine's own. */
export const prologue = `const { ${Object.keys(helpers).join(", ")} } = $h;\n${perMachine}`;
