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
 * distinct choice of rows at those positions: the rows are swapped into place, and `same(i, j)`
 * (the compiled equality of rows i and j of `s` in every symmetric field) skips a row equal to
 * one already tried there.
 */
export function findArrangement(s: Value, fields: readonly string[], positions: readonly number[] | null, same: (i: number, j: number) => boolean, bad: (v: Value) => boolean): Value | null {
  if (positions === null) {
    for (const v of permutations(s, fields)) if (v !== s && bad(v)) return v;
    return null;
  }
  const st = s as Rows;
  const n = (st[fields[0] as string] ?? []).length;
  if (fields.some((f) => (st[f] ?? []).length !== n)) return null;
  const at = positions.filter((p) => p < n);
  // perm[q]: the row of `s` now at position q; positions at[0..j-1] are fixed.
  const perm = Array.from({ length: n }, (_, i) => i);
  const swap = (p: number, q: number): void => {
    const x = perm[p] as number;
    perm[p] = perm[q] as number;
    perm[q] = x;
  };
  const visit = (j: number): Value | null => {
    if (j === at.length) {
      if (at.every((p) => same(perm[p] as number, p))) return null;
      const v = arranged(s, fields, fields.map((f) => st[f] as readonly Value[]), perm);
      return bad(v) ? v : null;
    }
    const p = at[j] as number;
    const tried: number[] = [];
    for (let q = 0; q < n; q++) {
      if (at.indexOf(q) < j && at.indexOf(q) >= 0) continue;
      const r = perm[q] as number;
      if (tried.some((t) => same(t, r))) continue;
      tried.push(r);
      swap(p, q);
      const found = visit(j + 1);
      swap(p, q);
      if (found !== null) return found;
    }
    return null;
  };
  return visit(0);
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
