// Runtime: the pure prelude that generated/ts/*.ts imports (through runtime/index.ts) for the
// few operations whose spec semantics differ from plain JavaScript: Lean `Nat`/`Int` arithmetic
// (truncating subtraction, Euclidean division with `/ 0 = 0`), structural equality, and the
// bounded-list helpers. No I/O, no state, no dependencies; everything here is total.

/** What a machine's step returns: the next state, the output, and the id of the rule that fired. */
export interface Step<S, O> {
  readonly state: S;
  readonly output: O;
  readonly rule: string;
}

/** What a decision returns: the verdict and the id of the rule that fired. */
export interface Decided<V> {
  readonly verdict: V;
  readonly rule: string;
}

/** Nat subtraction as Lean's: `a - b` is 0 when `b > a`. */
export function sub(a: number, b: number): number {
  return a > b ? a - b : 0;
}

/**
 * Division as Lean's `Nat`/`Int` `/` (Euclidean: the remainder is never negative): floors for
 * a nat, and `x / 0 = 0`.
 */
export function div(a: number, b: number): number {
  if (b === 0) return 0;
  const q = Math.floor(a / Math.abs(b));
  return b < 0 ? -q : q;
}

/** Remainder as Lean's `%` (Euclidean, never negative): `x % 0 = x`. */
export function mod(a: number, b: number): number {
  if (b === 0) return a;
  return a - b * div(a, b);
}

/** 2^n for a nat n. */
export function pow2(n: number): number {
  return 2 ** n;
}

/**
 * Structural equality of spec values: numbers, booleans, strings, null (an empty option),
 * arrays (lists) and plain objects (records and tagged unions). This is the spec's `==` on
 * anything that is not a primitive.
 */
export function eq(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((x, i) => eq(x, b[i]));
  }
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  const rb = b as Record<string, unknown>;
  const ra = a as Record<string, unknown>;
  return ka.every((k) => Object.prototype.hasOwnProperty.call(rb, k) && eq(ra[k], rb[k]));
}

/** The last `n` elements of `l` (all of them when it is shorter). */
export function keepLast<T>(l: readonly T[], n: number): readonly T[] {
  if (n <= 0) return [];
  return l.length <= n ? l : l.slice(l.length - n);
}

/** Element `i` (0-based) of `l`, or `d` when `i` is out of range. */
export function nthOr<T>(l: readonly T[], i: number, d: T): T {
  return i >= 0 && i < l.length ? (l[i] as T) : d;
}

/** `l` with element `i` replaced by `x`; `l` itself when `i` is out of range. */
export function setAt<T>(l: readonly T[], i: number, x: T): readonly T[] {
  if (i < 0 || i >= l.length) return l;
  const out = l.slice();
  out[i] = x;
  return out;
}

/** A list of `n` copies of `x`. */
export function repeat<T>(n: number, x: T): readonly T[] {
  return Array.from({ length: Math.max(0, n) }, () => x);
}

/** How many elements of `l` satisfy `p`. */
export function count<T>(l: readonly T[], p: (x: T) => boolean): number {
  let n = 0;
  for (const x of l) if (p(x)) n++;
  return n;
}

/** `get_or` for an option that is not a plain variable (where `??` would not type-check). */
export function getOr<T>(o: T | null, d: T): T {
  return o === null ? d : o;
}

/**
 * What is wrong with a parameters record against a module's `PARAMS` (each parameter's range),
 * in words: the first unknown name, value that is not a whole number, or value outside its
 * range; null when it is a valid instance. Generated `checkParams` asks it.
 */
export function checkParams(ranges: Readonly<Record<string, { readonly min: number; readonly max: number }>>, given: object): string | null {
  const p = given as Readonly<Record<string, unknown>>;
  for (const name of Object.keys(p)) {
    if (!Object.hasOwn(ranges, name)) return `no parameter ${name} (parameters: ${Object.keys(ranges).join(", ")})`;
  }
  for (const [name, r] of Object.entries(ranges)) {
    const v = p[name];
    if (v === undefined) continue;
    if (typeof v !== "number" || !Number.isSafeInteger(v)) return `${name} must be a whole number (got ${JSON.stringify(v) ?? String(v)})`;
    if (v < r.min || v > r.max) return `${name} = ${v} is outside its range ${r.min}..${r.max}`;
  }
  return null;
}
