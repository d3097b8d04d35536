// Arbitrary stage (test support): event traces for a machine. A trace is drawn as a list of
// plans, resolved one event at a time against the state reached so far: times (`ms` payload
// fields) mostly move forward from the previous event by a boundary-biased step, so a trace can
// land exactly on a window's edge; the spec's `explore` domains (expressions over `s`) are used
// as candidate payload values; worker indices range over the state's list bound.

import fc from "fast-check";
import { evalExpr } from "../interpret/expr.js";
import type { Value } from "../interpret/value.js";
import type { Expr } from "../ir/expr.js";
import type { Machine, Program } from "../ir/module.js";
import type { Field, TypeRef } from "../ir/types.js";
import { type ArbContext, findDecl, numberArb, valueArb } from "./values.js";

/** How one payload field gets its value when the trace runs. */
export type FieldPlan =
  /** A value drawn from the field's type. */
  | { readonly mode: "value"; readonly value: Value }
  /** The trace's clock (the latest time drawn) plus `delta`, capped at the wire bound. */
  | { readonly mode: "forward"; readonly delta: number }
  /** The clock minus `delta` (truncated at 0): a clock that jumps back. */
  | { readonly mode: "back"; readonly delta: number }
  /** Candidate `index` of the spec's explore domain, evaluated over the current state. */
  | { readonly mode: "explore"; readonly index: number }
  /** The value this field (same name and type) had in the latest event carrying it, else `fallback`. */
  | { readonly mode: "same"; readonly fallback: Value }
  /** That latest value (a record) with one field set to `value`: a work set that gains a run. */
  | { readonly mode: "tweak"; readonly field: string; readonly value: Value; readonly fallback: Value };

/** One event of a trace before it is resolved. */
export interface EventPlan {
  readonly variant: string;
  readonly fields: readonly (readonly [string, FieldPlan])[];
}

/** What resolving a trace needs: the machine's event variants and explore domains. */
export interface TraceShape {
  readonly program: Program;
  readonly machine: Machine;
  readonly wireMax: number;
  /** Explore candidates per `<Variant>.<field>`. */
  readonly explore: ReadonlyMap<string, readonly Expr[]>;
}

export function traceShape(ctx: ArbContext, machine: Machine): TraceShape {
  const explore = new Map<string, readonly Expr[]>();
  const home = ctx.program.modules.find((m) => m.name === machine.event.module);
  const x = home?.explore.find((e) => e.machine.name === machine.name);
  for (const d of x?.domains ?? []) for (const f of d.fields) explore.set(`${d.event}.${f.name}`, f.values);
  return { program: ctx.program, machine, wireMax: ctx.wireMax, explore };
}

export function eventVariants(program: Program, ref: TypeRef): readonly { readonly name: string; readonly fields: readonly Field[] }[] {
  const d = findDecl(program, ref);
  if (d.kind !== "union") throw new Error(`arbitrary: events ${ref.name} are not a union`);
  return d.variants;
}

function fieldPlanArb(ctx: ArbContext, shape: TraceShape, variant: string, f: Field): fc.Arbitrary<FieldPlan> {
  const arms: fc.WeightedArbitrary<FieldPlan>[] = [
    { arbitrary: valueArb(ctx, f.type).map((value): FieldPlan => ({ mode: "value", value })), weight: 2 },
  ];
  const candidates = shape.explore.get(`${variant}.${f.name}`) ?? [];
  if (candidates.length > 0) {
    arms.push({ arbitrary: fc.nat({ max: candidates.length - 1 }).map((index): FieldPlan => ({ mode: "explore", index })), weight: 3 });
  }
  if (f.type.kind === "nat" && f.type.unit === "ms" && f.type.max === null) {
    const step = numberArb(ctx, 0, ctx.wireMax);
    arms.push({ arbitrary: step.map((delta): FieldPlan => ({ mode: "forward", delta })), weight: 6 });
    arms.push({ arbitrary: step.map((delta): FieldPlan => ({ mode: "back", delta })), weight: 1 });
  } else {
    // The same worker (or build, or gate) again: what makes a pattern act on one target.
    arms.push({ arbitrary: valueArb(ctx, f.type).map((fallback): FieldPlan => ({ mode: "same", fallback })), weight: 2 });
    const decl = f.type.kind === "named" ? findDecl(ctx.program, f.type.ref) : null;
    if (decl !== null && decl.kind === "record" && decl.fields.length > 0) {
      const tweak = fc
        .tuple(fc.constantFrom(...decl.fields), valueArb(ctx, f.type))
        .chain(([leaf, fallback]) => valueArb(ctx, leaf.type).map((value): FieldPlan => ({ mode: "tweak", field: leaf.name, value, fallback })));
      arms.push({ arbitrary: tweak, weight: 3 });
    }
  }
  return fc.oneof(...arms);
}

/** One event plan: a variant, then a plan per payload field. */
export function eventPlanArb(ctx: ArbContext, shape: TraceShape): fc.Arbitrary<EventPlan> {
  const variants = eventVariants(ctx.program, shape.machine.event);
  return fc.oneof(
    ...variants.map((v) => {
      const fields = v.fields.map((f) => fieldPlanArb(ctx, shape, v.name, f).map((p) => [f.name, p] as const));
      return fc.tuple(...fields).map((fs): EventPlan => ({ variant: v.name, fields: fs }));
    }),
  );
}

/**
 * A trace of up to `maxLength` event plans, or (half the time) of segments, each a short
 * pattern repeated: counters of progress (failures, starts, retries) only reach their bounds
 * when one worker sees the same few events many times, which independent draws rarely do.
 */
export function traceArb(ctx: ArbContext, shape: TraceShape, maxLength: number): fc.Arbitrary<readonly EventPlan[]> {
  const plan = eventPlanArb(ctx, shape);
  const segment = fc.tuple(fc.array(plan, { minLength: 1, maxLength: 3 }), fc.integer({ min: 1, max: 7 }));
  const segments = fc
    .array(segment, { minLength: 1, maxLength: 4 })
    .map((segs) => segs.flatMap(([pattern, times]) => Array.from({ length: times }, () => pattern).flat()).slice(0, 2 * maxLength));
  return fc.oneof(fc.array(plan, { maxLength }), segments);
}

/** What a trace remembers between events: the clock and each field name's latest value. */
export interface TraceMemory {
  readonly clock: number;
  readonly last: ReadonlyMap<string, Value>;
}

export const freshMemory: TraceMemory = { clock: 0, last: new Map() };

/** The concrete event of a plan in `state`, and the trace's memory after it. */
export function resolveEvent(shape: TraceShape, plan: EventPlan, state: Value, memory: TraceMemory): { event: Value; memory: TraceMemory } {
  const event: Record<string, Value> = { kind: plan.variant };
  const last = new Map(memory.last);
  let now = memory.clock;
  for (const [name, p] of plan.fields) {
    let v: Value;
    switch (p.mode) {
      case "value":
        v = p.value;
        break;
      case "forward":
        v = Math.min(now + p.delta, shape.wireMax);
        break;
      case "back":
        v = Math.max(now - p.delta, 0);
        break;
      case "same":
        v = last.get(memoryKey(shape, plan.variant, name)) ?? p.fallback;
        break;
      case "tweak": {
        const before = last.get(memoryKey(shape, plan.variant, name)) ?? p.fallback;
        v = { ...(before as Record<string, Value>), [p.field]: p.value };
        break;
      }
      case "explore": {
        const expr = shape.explore.get(`${plan.variant}.${name}`)?.[p.index];
        if (expr === undefined) throw new Error(`arbitrary: no explore candidate ${plan.variant}.${name}[${p.index}]`);
        v = evalExpr(expr, new Map([["s", state]]), shape.program);
        v = clampToField(shape, plan.variant, name, v);
        break;
      }
    }
    if (typeof v === "number" && isTime(shape, plan.variant, name)) now = v;
    event[name] = v;
    last.set(memoryKey(shape, plan.variant, name), v);
  }
  return { event, memory: { clock: now, last } };
}

function fieldOf(shape: TraceShape, variant: string, field: string): Field | undefined {
  return eventVariants(shape.program, shape.machine.event).find((v) => v.name === variant)?.fields.find((x) => x.name === field);
}

/** Fields are remembered by name and type, so a `same` plan never reads a value of another type. */
function memoryKey(shape: TraceShape, variant: string, field: string): string {
  return `${field}:${JSON.stringify(fieldOf(shape, variant, field)?.type ?? null)}`;
}

function isTime(shape: TraceShape, variant: string, field: string): boolean {
  const t = fieldOf(shape, variant, field)?.type;
  return t !== undefined && t.kind === "nat" && t.unit === "ms";
}

/** A candidate over the state can leave the field's range (s.last_ms + WINDOW near the cap). */
function clampToField(shape: TraceShape, variant: string, field: string, v: Value): Value {
  const t = fieldOf(shape, variant, field)?.type;
  if (typeof v !== "number" || t === undefined || t.kind !== "nat") return v;
  return Math.min(Math.max(v, t.min), t.max ?? shape.wireMax);
}
