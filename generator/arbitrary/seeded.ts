// Arbitrary stage (test support): inputs seeded by the spec's own examples. An example pins a
// point where the behaviour is interesting (all timeouts in order but one, a trace one failure
// short of giving up); small moves from there reach rules that independent draws almost never
// do, such as the k-th of k ordered checks. Facts are nudged one field at a time; traces keep
// an example's events as a prefix and continue at random.

import fc from "fast-check";
import { evalExpr } from "../interpret/expr.js";
import type { Value } from "../interpret/value.js";
import type { Decision, Machine } from "../ir/module.js";
import type { Type } from "../ir/types.js";
import { type EventPlan, type TraceShape, eventPlanArb, eventVariants } from "./traces.js";
import { type ArbContext, declArb, nearArb } from "./values.js";

const closed = (ctx: ArbContext, e: Parameters<typeof evalExpr>[0]): Value => evalExpr(e, new Map(), ctx.program);

function sameRef(a: { module: string; name: string }, b: { module: string; name: string }): boolean {
  return a.module === b.module && a.name === b.name;
}

/** Facts of a decision: random records, or an example's facts with one or two fields moved. */
export function factsArb(ctx: ArbContext, home: string, d: Decision): fc.Arbitrary<Value> {
  const random = declArb(ctx, d.facts);
  const ref = { module: home, name: d.name };
  const seeds = ctx.program.modules.flatMap((m) =>
    m.examples.flatMap((x) => (x.body.kind === "decision" && sameRef(x.body.decision, ref) ? [closed(ctx, x.body.facts)] : [])),
  );
  if (seeds.length === 0) return random;
  const t: Type = { kind: "named", ref: d.facts };
  const moved = fc.constantFrom(...seeds).chain((f) => nearArb(ctx, t, f)).chain((f) => fc.oneof(fc.constant(f), nearArb(ctx, t, f)));
  return fc.oneof({ arbitrary: random, weight: 3 }, { arbitrary: moved, weight: 2 });
}

/** An example's events as fixed plans. */
function planOf(event: Value): EventPlan {
  const { kind, ...fields } = event as Record<string, Value>;
  return { variant: String(kind), fields: Object.entries(fields).map(([name, value]) => [name, { mode: "value", value }] as const) };
}

/** Traces that start as one of the machine's examples (a prefix of it) and go on at random. */
export function seededTraceArb(ctx: ArbContext, shape: TraceShape, m: Machine, maxLength: number): fc.Arbitrary<readonly EventPlan[]> | null {
  const ref = { module: m.event.module, name: m.name };
  // An example is written at the defaults: at another instance of the parameters its events are
  // kept up to the first that leaves the instance's field ranges (the wire would refuse it).
  const seeds = ctx.program.modules.flatMap((mod) =>
    mod.examples.flatMap((x) => {
      if (x.body.kind !== "machine" || !sameRef(x.body.machine, ref)) return [];
      const events = x.body.events.map((e) => closed(ctx, e));
      const cut = events.findIndex((e) => !inRanges(ctx, shape, e));
      return [(cut < 0 ? events : events.slice(0, cut)).map(planOf)];
    }),
  ).filter((s) => s.length > 0);
  if (seeds.length === 0) return null;
  return fc
    .tuple(fc.constantFrom(...seeds), fc.nat(), fc.array(eventPlanArb(ctx, shape), { maxLength: Math.max(1, Math.floor(maxLength / 2)) }))
    .map(([seed, cut, tail]) => [...seed.slice(0, seed.length - (cut % (seed.length + 1))), ...tail]);
}

/** Whether each numeric field of an event lies in its field type's range (as this instance folds it). */
function inRanges(ctx: ArbContext, shape: TraceShape, e: Value): boolean {
  const ev = e as Record<string, Value>;
  const variant = eventVariants(ctx.program, shape.machine.event).find((v) => v.name === ev["kind"]);
  return (variant?.fields ?? []).every((f) => {
    const v = ev[f.name];
    return f.type.kind !== "nat" || typeof v !== "number" || (v >= f.type.min && (f.type.max === null || v <= f.type.max));
  });
}
