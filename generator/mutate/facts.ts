// Mutate stage: the facts a decision law is judged on. Per field, boundary values from its type
// (both booleans, every enum member, a range's ends, 0 and 1, the strings "", "a" and "b") and
// from the numbers the decision and its laws mention (each constant or literal c as c-1, c,
// c+1), plus the values the spec's examples use. Their product is taken whole when small, else sampled with a fixed seed, so a
// run is the same on every machine. The examples' own facts are always included.

import type { Expr } from "../ir/expr.js";
import type { Program } from "../ir/module.js";
import type { Type, TypeRef } from "../ir/types.js";
import { unreachable } from "../ir/types.js";
import { walkExpr } from "../ir/walk.js";
import { evalExpr } from "../interpret/expr.js";
import { findConstant, findDecision, findType } from "../interpret/lookup.js";
import type { Value } from "../interpret/value.js";

/** At most this many facts records per decision. */
export const FACTS_LIMIT = 2048;

/** A small deterministic PRNG (mulberry32). */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Numbers the expressions mention: literals and constants. */
function mentioned(prog: Program, exprs: readonly Expr[]): number[] {
  const out = new Set<number>();
  for (const e of exprs) {
    walkExpr(e, {
      enter(x) {
        if (x.kind === "lit" && typeof x.value === "number") out.add(x.value);
        if (x.kind === "const") {
          const v = findConstant(prog, x.ref).value;
          if (typeof v === "number") out.add(v);
        }
      },
    });
  }
  return [...out];
}

function dedup(values: readonly Value[]): Value[] {
  const seen = new Map<string, Value>();
  for (const v of values) seen.set(JSON.stringify(v), v);
  return [...seen.values()];
}

/** Candidate values of one type. `numbers` are the boundaries of interest. */
function candidates(prog: Program, t: Type, numbers: readonly number[], depth = 0): Value[] {
  switch (t.kind) {
    case "bool":
      return [false, true];
    case "nat": {
      const raw = [t.min, t.min + 1, ...(t.max === null ? [] : [t.max - 1, t.max]), ...numbers.flatMap((c) => [c - 1, c, c + 1])];
      return dedup(raw.filter((n) => n >= t.min && (t.max === null || n <= t.max))).sort((a, b) => (a as number) - (b as number));
    }
    case "int":
      return dedup([-1, 0, 1, ...numbers.flatMap((c) => [c - 1, c, c + 1])]);
    case "string":
      // Empty and two distinct texts: a dropped or swapped string field shows in rendered text.
      return ["", "a", "b"];
    case "option":
      return [null, ...candidates(prog, t.of, numbers, depth + 1).slice(0, 6)];
    case "list": {
      const items = candidates(prog, t.of, numbers, depth + 1);
      const lists: Value[] = [[]];
      for (let n = 1; n <= Math.min(t.max, 2) && items.length > 0; n++) lists.push(items.slice(0, n));
      return lists;
    }
    case "named": {
      const d = findType(prog, t.ref);
      if (d.kind === "enum") return [...d.members];
      const fieldsOf = (fs: readonly { name: string; type: Type }[], kind?: string): Value[] =>
        product(fs.map((f) => [f.name, candidates(prog, f.type, numbers, depth + 1)] as const), 64, depth + 7, kind, [], false);
      if (d.kind === "record") return fieldsOf(d.fields);
      if (d.kind === "union") return d.variants.flatMap((v) => fieldsOf(v.fields, v.name));
      return unreachable(d);
    }
    default:
      return unreachable(t);
  }
}

/**
 * The product of per-field candidates when it has at most `limit` records. Else: each base
 * record (the examples' facts, or the first candidate of every field) varied one field at a
 * time over all its candidates, which reaches every boundary between a field and the base's
 * values, then (with `fill`, as for a whole facts record) records drawn with a fixed seed up to
 * `limit`. A nested record is not filled: its one-field variations keep the outer product small
 * enough to be taken whole, so every pair of outer boundaries meets.
 */
function product(fields: readonly (readonly [string, readonly Value[]])[], limit: number, seed: number, kind?: string, bases: readonly Value[] = [], fill = true): Value[] {
  const base = (): Record<string, Value> => (kind === undefined ? {} : { kind });
  const size = fields.reduce((n, [, vs]) => n * Math.max(1, vs.length), 1);
  if (size <= limit) {
    let out: Record<string, Value>[] = [base()];
    for (const [name, vs] of fields) out = out.flatMap((r) => vs.map((v) => ({ ...r, [name]: v })));
    return out;
  }
  const first = base();
  for (const [name, vs] of fields) first[name] = vs[0] ?? null;
  const out: Value[] = [];
  for (const b of bases.length > 0 ? bases : [first]) {
    for (const [name, vs] of fields) for (const v of vs) out.push({ ...(b as Record<string, Value>), [name]: v });
  }
  if (!fill) return dedup(out);
  const rand = prng(seed);
  while (out.length < limit) {
    const r = base();
    for (const [name, vs] of fields) r[name] = vs[Math.floor(rand() * vs.length)] ?? null;
    out.push(r);
  }
  return out.slice(0, Math.max(limit, bases.length));
}

/** The facts records a decision's laws are judged on (laws and examples from every module). */
export function factsFor(prog: Program, ref: TypeRef): Value[] {
  const decision = findDecision(prog, ref);
  const facts = findType(prog, decision.facts);
  if (facts.kind !== "record") return [];
  const same = (x: TypeRef): boolean => x.module === ref.module && x.name === ref.name;
  const laws = prog.modules.flatMap((m) => m.laws);
  const lawExprs = laws.flatMap((l) => (l.body.kind === "decision" && same(l.body.decision) ? [l.body.expr] : []));
  const own = [...decision.lets.map((l) => l.value), ...decision.rules.flatMap((r) => (r.guard === null ? [r.verdict] : [r.guard, r.verdict]))];
  const numbers = mentioned(prog, [...own, ...lawExprs]);
  const examples = prog.modules.flatMap((m) => m.examples.flatMap((ex) => (ex.body.kind === "decision" && same(ex.body.decision) ? [evalExpr(ex.body.facts, new Map(), prog)] : [])));
  // The examples' numbers count as boundaries too: a relation between two fields (a < b) is
  // reached when one field takes the other's example value.
  const exampleNumbers = examples.flatMap((x) => Object.values(x as Record<string, Value>).filter((v): v is number => typeof v === "number"));
  const perField = facts.fields.map((f) => {
    const seen = examples.map((x) => (x as Record<string, Value>)[f.name] ?? null).filter((v) => v !== null || f.type.kind === "option");
    return [f.name, dedup([...candidates(prog, f.type, [...numbers, ...exampleNumbers]), ...seen])] as const;
  });
  return dedup([...examples, ...product(perField, FACTS_LIMIT, 0x5eed, undefined, examples)]);
}
