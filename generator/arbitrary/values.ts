// Arbitrary stage (test support): a fast-check arbitrary for every spec type, in the JSON shape
// the interpreter and the generated code share (see generator/interpret/value.ts). Bounded as
// the types are (ranges, list max, the constant marked `wire_bound`) and biased toward the
// boundaries of the module's constants, because that is where a flipped comparison or an
// off-by-one hides.

import fc from "fast-check";
import type { Value } from "../interpret/value.js";
import type { Program } from "../ir/module.js";
import type { Field, Type, TypeDecl, TypeRef } from "../ir/types.js";
import { unreachable } from "../ir/types.js";
import { type Boundaries, aroundBoundaries } from "./boundaries.js";

/** What a type's arbitrary needs beyond the type. */
export interface ArbContext {
  readonly program: Program;
  /** The edges of the module under test. */
  readonly boundaries: Boundaries;
  /** The wire bound of unbounded nat/ms/int (the constant the spec marks `wire_bound`). */
  readonly wireMax: number;
  /** Indices and counts worth trying: 0 .. small (at least the largest list bound). */
  readonly small: number;
}

export function findDecl(program: Program, ref: TypeRef): TypeDecl {
  const d = program.modules.find((m) => m.name === ref.module)?.types.find((t) => t.name === ref.name);
  if (d === undefined) throw new Error(`arbitrary: no type ${ref.module}.${ref.name}`);
  return d;
}

/** A number in [min, max]: mostly a boundary or its neighbour, a small value, or anything. */
export function numberArb(ctx: ArbContext, min: number, max: number): fc.Arbitrary<number> {
  const edges = aroundBoundaries(ctx.boundaries, min, max);
  const smallMax = Math.min(max, Math.max(min, ctx.small + 1));
  const arms: fc.WeightedArbitrary<number>[] = [
    { arbitrary: fc.integer({ min, max: smallMax }), weight: 3 },
    { arbitrary: fc.constantFrom(min, max), weight: 1 },
    { arbitrary: fc.integer({ min, max }), weight: 1 },
  ];
  if (edges.length > 0) arms.push({ arbitrary: fc.constantFrom(...edges), weight: 4 });
  return fc.oneof(...arms);
}

function stringArb(ctx: ArbContext): fc.Arbitrary<string> {
  const pool = [...ctx.boundaries.strings, "", "a", "b"];
  return fc.oneof({ arbitrary: fc.constantFrom(...pool), weight: 4 }, { arbitrary: fc.string({ maxLength: 8 }), weight: 1 });
}

/** Payload fields as a record arbitrary, keys in declaration order. */
export function fieldsArb(ctx: ArbContext, fields: readonly Field[]): fc.Arbitrary<Record<string, Value>> {
  const arbs: Record<string, fc.Arbitrary<Value>> = {};
  for (const f of fields) arbs[f.name] = valueArb(ctx, f.type);
  const base = fc.record(arbs).map((r) => {
    const out: Record<string, Value> = {};
    for (const f of fields) out[f.name] = r[f.name] as Value;
    return out;
  });
  return sparse(fields, twinned(ctx, fields, base));
}

/**
 * A set of flags (a work set of nine kinds) is "empty" only when every flag is false: 1 in 512
 * for fair coins. One arm clears them all, or all but one, so "no work" and "only this work"
 * are as common as the rest.
 */
function sparse(fields: readonly Field[], base: fc.Arbitrary<Record<string, Value>>): fc.Arbitrary<Record<string, Value>> {
  const flags = fields.filter((f) => f.type.kind === "bool").map((f) => f.name);
  if (flags.length < 3) return base;
  const cleared = fc.tuple(base, fc.integer({ min: -1, max: flags.length - 1 })).map(([rec, keep]) => {
    const out = { ...rec };
    flags.forEach((name, i) => (out[name] = i === keep));
    return out;
  });
  return fc.oneof({ arbitrary: base, weight: 2 }, { arbitrary: cleared, weight: 1 });
}

/** Two field types whose values may be copied one onto the other (equal, or numbers of one unit). */
function compatible(a: Type, b: Type): boolean {
  if (a.kind === "nat" && b.kind === "nat") return a.unit === b.unit;
  return JSON.stringify(a) === JSON.stringify(b);
}

/** `v` moved into the range of `t` (a copy from a wider field). */
function clampTo(ctx: ArbContext, t: Type, v: Value): Value {
  if (t.kind !== "nat" || typeof v !== "number") return v;
  return Math.min(Math.max(v, t.min), t.max ?? ctx.wireMax);
}

/**
 * Guards often compare two fields of one type (a client's version with the daemon's, a build
 * with a build, a time with a deadline). Independent draws rarely make them equal or nearly so,
 * so one arm copies a field onto another of the same type, exactly or with one leaf redrawn.
 */
function twinned(ctx: ArbContext, fields: readonly Field[], base: fc.Arbitrary<Record<string, Value>>): fc.Arbitrary<Record<string, Value>> {
  const pairs: [Field, Field][] = [];
  for (const [i, a] of fields.entries()) {
    for (const b of fields.slice(i + 1)) if (compatible(a.type, b.type)) pairs.push([a, b], [b, a]);
  }
  if (pairs.length === 0) return base;
  const twin = fc.tuple(base, fc.constantFrom(...pairs)).chain(([rec, [from, to]]) => {
    const v = clampTo(ctx, to.type, rec[from.name] as Value);
    return fc.oneof(fc.constant(v), nearArb(ctx, to.type, v)).map((x) => ({ ...rec, [to.name]: x }));
  });
  return fc.oneof({ arbitrary: base, weight: 2 }, { arbitrary: twin, weight: 1 });
}

/** A value next to `v`: one record field redrawn, or a number one off. */
export function nearArb(ctx: ArbContext, t: Type, v: Value): fc.Arbitrary<Value> {
  if (t.kind === "option" && v !== null) return nearArb(ctx, t.of, v).map((x): Value => x);
  if (t.kind === "nat" && typeof v === "number") {
    return fc.constantFrom(...[v - 1, v + 1].filter((x) => x >= t.min && x <= (t.max ?? ctx.wireMax)), v);
  }
  if (t.kind === "named" && v !== null && typeof v === "object" && !Array.isArray(v)) {
    const d = findDecl(ctx.program, t.ref);
    const fs = d.kind === "record" ? d.fields : d.kind === "union" ? (d.variants.find((x) => x.name === (v as Record<string, Value>)["kind"])?.fields ?? []) : [];
    if (fs.length > 0) return fc.constantFrom(...fs).chain((f) => valueArb(ctx, f.type).map((x): Value => ({ ...(v as Record<string, Value>), [f.name]: x })));
  }
  return valueArb(ctx, t);
}

export function declArb(ctx: ArbContext, ref: TypeRef): fc.Arbitrary<Value> {
  const d = findDecl(ctx.program, ref);
  switch (d.kind) {
    case "enum":
      return fc.constantFrom(...d.members);
    case "record":
      return fieldsArb(ctx, d.fields);
    case "union":
      return fc.oneof(...d.variants.map((v) => fieldsArb(ctx, v.fields).map((p): Value => ({ kind: v.name, ...p }))));
    default:
      return unreachable(d);
  }
}

export function valueArb(ctx: ArbContext, t: Type): fc.Arbitrary<Value> {
  switch (t.kind) {
    case "bool":
      return fc.boolean();
    case "nat":
      return numberArb(ctx, t.min, t.max ?? ctx.wireMax);
    case "int":
      return fc.oneof(numberArb(ctx, 0, ctx.wireMax), numberArb(ctx, 0, ctx.wireMax).map((n) => (n === 0 ? 0 : -n)));
    case "string":
      return stringArb(ctx);
    case "named":
      return declArb(ctx, t.ref);
    case "option":
      return fc.oneof({ arbitrary: fc.constant(null), weight: 1 }, { arbitrary: valueArb(ctx, t.of), weight: 2 });
    case "list": {
      const item = valueArb(ctx, t.of);
      // Full lists matter as much as empty ones: `keep_last` and bounds act only there.
      return fc.oneof(fc.array(item, { minLength: t.min ?? 0, maxLength: t.max }), fc.array(item, { minLength: t.max, maxLength: t.max }));
    }
    default:
      return unreachable(t);
  }
}

/** The largest list bound of a type, looking through records, unions and options. */
export function largestListBound(program: Program, t: Type, seen: Set<string> = new Set()): number {
  switch (t.kind) {
    case "list":
      return Math.max(t.max, largestListBound(program, t.of, seen));
    case "option":
      return largestListBound(program, t.of, seen);
    case "named": {
      const key = `${t.ref.module}.${t.ref.name}`;
      if (seen.has(key)) return 0;
      seen.add(key);
      const d = findDecl(program, t.ref);
      const fields = d.kind === "record" ? d.fields : d.kind === "union" ? d.variants.flatMap((v) => v.fields) : [];
      return Math.max(0, ...fields.map((f) => largestListBound(program, f.type, seen)));
    }
    default:
      return 0;
  }
}
