// Emit stage, TypeScript target: TypeScript's narrowing, followed so that no guard needs an `as`
// cast. After `if (s.gate === "Open") return ...`, TypeScript holds `s.gate` to the other
// members and rejects a later `s.gate === "Open"` (TS2367). We track, per printed path, the
// literals it may still hold at each point, the way TypeScript does for `===` on literals, `!`,
// `&&`, `||`, `?:` and early returns; a test of a literal the path can no longer hold is known
// false there, and is printed as `false` (it is dead in the spec too).

import type { Expr } from "../../ir/expr.js";
import type { Type } from "../../ir/types.js";
import { pathKey, type Scope } from "./expr.js";

/** Path text -> the literals it may still hold (enum members, `true`/`false`, union tags as `x.kind`). */
export type Narrowing = Map<string, ReadonlySet<string>>;

/** A test of a path against one literal: `key` is `lit` (eq) or is not (!eq). */
interface LiteralTest {
  readonly key: string;
  readonly lit: string;
  readonly eq: boolean;
  /** Every literal of the path's type, or null when there are too many to list (numbers, strings). */
  readonly domain: readonly string[] | null;
}

/** The literals a value of `t` can be, or null when unbounded. */
export function domainOf(scope: Scope, t: Type): readonly string[] | null {
  if (t.kind === "bool") return ["true", "false"];
  if (t.kind !== "named") return null;
  const d = scope.ctx.decl(t.ref);
  return d.kind === "enum" ? d.members : null;
}

function literalText(e: Expr): string | null {
  if (e.kind === "enum") return e.member;
  if (e.kind === "lit") return String(e.value);
  return null;
}

/** `left == right` (or `!=`) as a test of a path against a literal, or null. */
export function equalityTest(op: "==" | "!=", left: Expr, right: Expr, scope: Scope): LiteralTest | null {
  const [path, lit] = literalText(right) !== null ? [left, right] : [right, left];
  const text = literalText(lit);
  const key = pathKey(path, scope);
  if (text === null || key === null) return null;
  return { key, lit: text, eq: op === "==", domain: domainOf(scope, path.type) };
}

/** `of is variant` as a test of a path (its tag, for a union) against a literal, or null. */
export function tagTest(of: Expr, variant: string, scope: Scope): LiteralTest | null {
  const key = pathKey(of, scope);
  if (key === null || of.type.kind !== "named") return null;
  const d = scope.ctx.decl(of.type.ref);
  if (d.kind === "union") return { key: `${key}.kind`, lit: variant, eq: true, domain: d.variants.map((v) => v.name) };
  if (d.kind === "enum") return { key, lit: variant, eq: true, domain: d.members };
  return null;
}

/** `e` as a test of a path against a literal, or null. */
export function literalTest(e: Expr, scope: Scope): LiteralTest | null {
  if (e.kind === "binary" && (e.op === "==" || e.op === "!=")) return equalityTest(e.op, e.left, e.right, scope);
  if (e.kind === "is") return tagTest(e.of, e.variant, scope);
  if ((e.kind === "var" || e.kind === "field") && e.type.kind === "bool") {
    const key = pathKey(e, scope);
    return key === null ? null : { key, lit: "true", eq: true, domain: ["true", "false"] };
  }
  return null;
}

/** What `key` may hold now, or null when nothing is known (its declared type). */
function current(scope: Scope, t: LiteralTest): ReadonlySet<string> | null {
  return scope.narrow.get(t.key) ?? (t.domain === null ? null : new Set(t.domain));
}

/** Whether `key` may still hold `lit` here (else a test of it is known false). */
export function mayHold(scope: Scope, t: LiteralTest): boolean {
  return scope.narrow.get(t.key)?.has(t.lit) ?? true;
}

/** What is known after `e` evaluated to `truth` (on top of the scope's narrowing). */
export function facts(e: Expr, truth: boolean, scope: Scope): Narrowing {
  const t = literalTest(e, scope);
  if (t !== null) {
    const now = current(scope, t);
    if (t.eq === truth) return new Map([[t.key, new Set(now === null || now.has(t.lit) ? [t.lit] : [])]]);
    return now === null ? new Map() : new Map([[t.key, new Set([...now].filter((x) => x !== t.lit))]]);
  }
  if (e.kind === "not") return facts(e.arg, !truth, scope);
  if (e.kind === "binary" && (e.op === "&&" || e.op === "||")) {
    // `a && b` true, or `a || b` false: both parts are known. Otherwise one of two cases held.
    const both = (e.op === "&&") === truth;
    const first = facts(e.left, both ? truth : !truth, scope);
    const then = under(scope, first, () => facts(e.right, truth, scope));
    const sequence = merge(first, then);
    if (both) return sequence;
    return join(scope, facts(e.left, truth, scope), sequence);
  }
  return new Map();
}

/** `b` applied after `a`. */
function merge(a: Narrowing, b: Narrowing): Narrowing {
  const out = new Map(a);
  for (const [k, v] of b) out.set(k, v);
  return out;
}

/** What holds in either case: per path, the union; a path one case does not narrow is not narrowed. */
function join(scope: Scope, a: Narrowing, b: Narrowing): Narrowing {
  const out: Narrowing = new Map();
  for (const [k, v] of a) {
    const w = b.get(k) ?? scope.narrow.get(k);
    if (w !== undefined) out.set(k, new Set([...v, ...w]));
  }
  return out;
}

/** Runs `f` with `n` known, then forgets it again. */
export function under<T>(scope: Scope, n: Narrowing, f: () => T): T {
  const saved = [...n.keys()].map((k) => [k, scope.narrow.get(k)] as const);
  for (const [k, v] of n) scope.narrow.set(k, v);
  try {
    return f();
  } finally {
    for (const [k, v] of saved) {
      if (v === undefined) scope.narrow.delete(k);
      else scope.narrow.set(k, v);
    }
  }
}

/** Records `n` as known from here on (after an `if (guard) return`, or a `const` of a literal). */
export function assume(scope: Scope, n: Narrowing): void {
  for (const [k, v] of n) scope.narrow.set(k, v);
}

/**
 * The literals `e` may evaluate to, as TypeScript types it, when that is fewer than its type
 * allows: a literal, a narrowed path, a conditional or match of such. TypeScript narrows a
 * `const` declared with a union type to the type of its initialiser.
 */
export function possible(e: Expr, scope: Scope): ReadonlySet<string> | null {
  const lit = literalText(e);
  if (lit !== null) return new Set([lit]);
  if (e.kind === "var" || e.kind === "field") {
    const key = pathKey(e, scope);
    return key === null ? null : (scope.narrow.get(key) ?? null);
  }
  if (e.kind === "if") {
    const t = possible(e.then, scope);
    const f = possible(e.else, scope);
    return t === null || f === null ? null : new Set([...t, ...f]);
  }
  if (e.kind === "match") {
    const all = e.arms.map((a) => possible(a.body, scope));
    return all.some((s) => s === null) ? null : new Set(all.flatMap((s) => [...(s as ReadonlySet<string>)]));
  }
  return null;
}

/** The tags a union value may have when it is a literal or a conditional of literals, else null. */
export function possibleTags(e: Expr): ReadonlySet<string> | null {
  if (e.kind === "union") return new Set([e.variant]);
  if (e.kind !== "if") return null;
  const t = possibleTags(e.then);
  const f = possibleTags(e.else);
  return t === null || f === null ? null : new Set([...t, ...f]);
}
