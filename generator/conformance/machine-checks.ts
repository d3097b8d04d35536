// Conformance stage (test support): properties over random traces of one machine. A trace of
// event plans is resolved and run through the generated step; each transition is handed to a
// check. On failure the shrunk trace is replayed and printed as a spec example whose outputs
// are what the interpreter (the oracle) says they should be.

import fc from "fast-check";
import { freshMemory, resolveEvent, seededTraceArb, traceArb, traceShape, type EventPlan } from "../arbitrary/index.js";
import { runMachine } from "../interpret/machine.js";
import type { Value } from "../interpret/value.js";
import type { Machine } from "../ir/module.js";
import { type SuiteContext, isOutOfRange } from "./context.js";
import { counterexampleDoc, counterexampleName, exampleYaml } from "./printer.js";

/** One transition of the generated machine: state before, event, state after, output, rule. */
export interface Transition {
  readonly s: Value;
  readonly e: Value;
  readonly n: Value;
  readonly o: Value;
  readonly rule: string;
  /** 0-based position in the trace. */
  readonly index: number;
}

/** A check returns null when it holds, else what went wrong in words. */
export type StateCheck = (s: Value) => string | null;
export type TransitionCheck = (t: Transition) => string | null;

class TraceFailure extends Error {
  constructor(
    readonly reason: string,
    readonly events: readonly Value[],
  ) {
    super(reason);
  }
}

const text = (e: unknown): string => (e instanceof Error ? `${e.name}: ${e.message}` : String(e));

/** Runs the plans on the generated machine; throws a TraceFailure at the first failing check. */
function runTrace(ctx: SuiteContext, m: Machine, plans: readonly EventPlan[], onState: StateCheck | null, onStep: TransitionCheck): void {
  const shape = traceShape(ctx.arb, m);
  const events: Value[] = [];
  const guard = (f: () => string | null): void => {
    let reason: string | null;
    try {
      reason = f();
    } catch (e) {
      if (isOutOfRange(e)) throw e;
      reason = `threw ${text(e)}`;
    }
    if (reason !== null) throw new TraceFailure(reason, events.slice());
  };
  let s: Value = null;
  guard(() => {
    s = ctx.initial(m.name);
    return onState === null ? null : onState(s);
  });
  let memory = freshMemory;
  for (const [index, plan] of plans.entries()) {
    const r = resolveEvent(shape, plan, s, memory);
    memory = r.memory;
    events.push(r.event);
    const before = s;
    guard(() => {
      const step = ctx.step(m.name, before, r.event);
      s = step.state;
      return onStep({ s: before, e: r.event, n: step.state, o: step.output, rule: step.rule, index }) ?? (onState === null ? null : onState(s));
    });
  }
}

/** The example a failing trace becomes: its events and the interpreter's outputs for them. */
function counterexample(ctx: SuiteContext, m: Machine, title: string, failure: TraceFailure): string {
  let outputs: readonly Value[] = [];
  let note = "";
  try {
    outputs = runMachine(ctx.program, { module: ctx.module.name, name: m.name }, failure.events).outputs;
  } catch (e) {
    note = `\n  (the interpreter fails on this trace too: ${text(e)})`;
  }
  const yaml = exampleYaml(ctx.program, {
    name: counterexampleName(title),
    doc: counterexampleDoc(`${title} fails at event #${failure.events.length}`),
    machine: { module: ctx.module.name, name: m.name },
    eventType: { kind: "named", ref: m.event },
    outputType: m.output,
    events: failure.events,
    outputs,
  });
  return `${yaml}${note}`;
}

/** The trace arbitrary of the suite: random traces, and traces seeded by the spec's examples. */
function tracesOf(ctx: SuiteContext, m: Machine): fc.Arbitrary<readonly EventPlan[]> {
  const shape = traceShape(ctx.arb, m);
  const random = traceArb(ctx.arb, shape, ctx.settings.traceLength);
  const seeded = seededTraceArb(ctx.arb, shape, m, ctx.settings.traceLength);
  return seeded === null ? random : fc.oneof({ arbitrary: random, weight: 3 }, { arbitrary: seeded, weight: 1 });
}

/**
 * Runs up to `budget` more random traces of `m` (no checks; the generated step counts the rules
 * it fires) until `done()` says the wanted rules have fired. Returns how many traces it ran.
 */
export function searchTraces(ctx: SuiteContext, m: Machine, budget: number, done: () => boolean): number {
  const batch = 50;
  let ran = 0;
  for (let round = 0; ran < budget && !done(); round++) {
    for (const plans of fc.sample(tracesOf(ctx, m), { numRuns: batch, seed: ctx.seedFor(`search ${m.name} ${round}`) })) {
      try {
        runTrace(ctx, m, plans, null, () => null);
      } catch {
        // A failing step is another check's business; the search only counts rules.
      }
    }
    ran += batch;
  }
  return ran;
}

/**
 * `title` holds on every random trace of `m`: `onState` on the initial and every reached state,
 * `onStep` on every transition. Throws an Error with the reason and a pasteable example.
 */
export function traceProperty(ctx: SuiteContext, m: Machine, title: string, onState: StateCheck | null, onStep: TransitionCheck): void {
  const arb = tracesOf(ctx, m);
  const seed = ctx.seedFor(title);
  const predicate = (plans: readonly EventPlan[]): void => {
    try {
      runTrace(ctx, m, plans, onState, onStep);
    } catch (e) {
      if (!isOutOfRange(e)) throw e;
      ctx.outOfRange++;
    }
  };
  const details = fc.check(fc.property(arb, predicate), { numRuns: ctx.settings.runs, seed });
  if (!details.failed) return;
  const plans = details.counterexample?.[0];
  let failure: TraceFailure | null = null;
  try {
    if (plans !== undefined) runTrace(ctx, m, plans, onState, onStep);
  } catch (e) {
    if (e instanceof TraceFailure) failure = e;
  }
  if (failure === null) throw new Error(`${title}: failed (seed ${seed}) but the shrunk trace did not replay: ${text(details.errorInstance)}`);
  const step = failure.events.length === 0 ? "in the initial state" : `at event #${failure.events.length}`;
  throw new Error(
    `${ctx.module.name}: ${title} fails ${step} of a random trace (seed ${seed}, ${details.numRuns} runs): ${failure.reason}\n` +
      `The shrunk counterexample, with the outputs the interpreter expects, as a spec example:\n\n` +
      `${counterexample(ctx, m, title, failure)}\n`,
  );
}
