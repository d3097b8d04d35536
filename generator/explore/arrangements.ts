// Explore stage, symmetry: the arrangements of a state's symmetric rows that the search checks
// the order-sensitive laws on (compiled.ts). A state stands for its whole orbit, so a law that
// reads a row by a fixed index must hold on every arrangement; one that reads only the rows at
// a few positions (`nth_or(s.workers, 0, ..)`, laws.ts rowPositions) needs only one arrangement
// per choice of rows at those positions: at most n for one position instead of n!.

import { valueEquals, type Value } from "../interpret/value.js";

type Rows = Record<string, readonly Value[]>;

/** The rows of `s`'s symmetric fields and each row's class (the first row equal to it in every field), or null when the lists differ in length. */
function classes(s: Value, fields: readonly string[]): { rows: (readonly Value[])[]; cls: number[] } | null {
  const st = s as Rows;
  const n = (st[fields[0] as string] ?? []).length;
  if (fields.some((f) => (st[f] ?? []).length !== n)) return null;
  const rows = fields.map((f) => st[f] as readonly Value[]);
  const cls: number[] = [];
  for (let i = 0; i < n; i++) {
    let j = 0;
    while (j < i && !rows.every((r) => valueEquals(r[j] as Value, r[i] as Value))) j++;
    cls.push(j);
  }
  return { rows, cls };
}

/** `s` with row `order[i]` of each symmetric field at position i. */
function arranged(s: Value, fields: readonly string[], rows: readonly (readonly Value[])[], order: readonly number[]): Value {
  const out: Record<string, Value> = { ...(s as Rows) };
  fields.forEach((f, k) => (out[f] = order.map((c) => (rows[k] as readonly Value[])[c] as Value)));
  return out;
}

/**
 * `s` with the rows of its symmetric list fields permuted together, every distinct way, itself
 * first. Rows equal in every symmetric field are interchangeable (idle workers often are): each
 * arrangement of them comes once, in lexicographic order of the rows' classes, so five workers
 * of which three are alike cost 20 arrangements, not 120.
 */
export function* permutations(s: Value, fields: readonly string[]): Generator<Value> {
  yield s;
  const c = classes(s, fields);
  if (c === null) return;
  const seq = [...c.cls].sort((a, b) => a - b);
  do {
    if (seq.every((x, i) => x === c.cls[i])) continue;
    yield arranged(s, fields, c.rows, seq);
  } while (nextPermutation(seq));
}

/**
 * The first arrangement of `s`'s symmetric rows, other than `s` itself, on which `bad` holds, or
 * null. With `positions` (laws.ts rowPositions; null: every permutation) one arrangement per
 * distinct choice of rows at those positions: the rows are swapped into place, and
 * `same(s, i, j)` (the compiled equality of rows i and j of `s` in every symmetric field) skips
 * a row equal to one already tried there. Called once per state found: no closure is made here.
 */
export function findArrangement(s: Value, fields: readonly string[], positions: readonly number[] | null, same: (s: Value, i: number, j: number) => boolean, bad: (v: Value) => boolean): Value | null {
  if (positions === null) {
    for (const v of permutations(s, fields)) if (v !== s && bad(v)) return v;
    return null;
  }
  const st = s as Rows;
  const n = (st[fields[0] as string] ?? []).length;
  for (const f of fields) if ((st[f] ?? []).length !== n) return null;
  const at = positions.length > 0 && (positions[positions.length - 1] as number) >= n ? positions.filter((p) => p < n) : positions;
  // perm[q]: the row of `s` now at position q; positions at[0..j-1] are fixed.
  const perm: number[] = [];
  for (let i = 0; i < n; i++) perm.push(i);
  return visit({ s, fields, at, same, bad, perm }, 0);
}

interface Search {
  readonly s: Value;
  readonly fields: readonly string[];
  readonly at: readonly number[];
  readonly same: (s: Value, i: number, j: number) => boolean;
  readonly bad: (v: Value) => boolean;
  readonly perm: number[];
}

function visit(x: Search, j: number): Value | null {
  const { at, perm } = x;
  if (j === at.length) {
    let moved = false;
    for (const p of at) if (!x.same(x.s, perm[p] as number, p)) moved = true;
    if (!moved) return null;
    const v = arranged(x.s, x.fields, x.fields.map((f) => (x.s as Rows)[f] as readonly Value[]), perm);
    return x.bad(v) ? v : null;
  }
  const p = at[j] as number;
  const tried: number[] = [];
  for (let q = 0; q < perm.length; q++) {
    const fixed = at.indexOf(q);
    if (fixed >= 0 && fixed < j) continue;
    const r = perm[q] as number;
    let seen = false;
    for (const t of tried) if (x.same(x.s, t, r)) seen = true;
    if (seen) continue;
    tried.push(r);
    swap(perm, p, q);
    const found = visit(x, j + 1);
    swap(perm, p, q);
    if (found !== null) return found;
  }
  return null;
}

function swap(a: number[], p: number, q: number): void {
  const x = a[p] as number;
  a[p] = a[q] as number;
  a[q] = x;
}

/** Rearranges `a` into its next permutation in lexicographic order (repeated values once); false after the last. */
function nextPermutation(a: number[]): boolean {
  let i = a.length - 2;
  while (i >= 0 && (a[i] as number) >= (a[i + 1] as number)) i--;
  if (i < 0) return false;
  let j = a.length - 1;
  while ((a[j] as number) <= (a[i] as number)) j--;
  [a[i], a[j]] = [a[j] as number, a[i] as number];
  for (let l = i + 1, r = a.length - 1; l < r; l++, r--) [a[l], a[r]] = [a[r] as number, a[l] as number];
  return true;
}
