// Explore stage: what both engines ask the interpreter (the oracle): a trace rebuilt from event
// ordinals, the first law broken on a binding and why, and the memory budget checked between
// levels of work. A violation the compiled engine finds is confirmed here before it is reported.

import { getHeapStatistics } from "node:v8";
import type { Explore, Law, Program } from "../ir/module.js";
import { avoidingPath, checkLaw } from "../interpret/law.js";
import { initialState, stepMachine } from "../interpret/machine.js";
import { InterpretError, type Value } from "../interpret/value.js";
import { candidateEvents } from "./domains.js";
import { showValue } from "./show.js";
import type { TraceStep } from "./trace.js";

/** Re-run a path of event ordinals from the initial state, on the interpreter. */
export function rebuild(prog: Program, explore: Explore, ordinals: readonly number[]): TraceStep[] {
  let state = initialState(prog, explore.machine);
  const steps: TraceStep[] = [{ state, event: null, output: null, rule: null }];
  for (const ord of ordinals) {
    const event = candidateEvents(prog, explore, state)[ord];
    if (event === undefined) throw new InterpretError(`rebuild: no event #${ord}`);
    const r = stepMachine(prog, explore.machine, state, event);
    state = r.state;
    steps.push({ state, event, output: r.output, rule: r.rule });
  }
  return steps;
}

export function lawKind(l: Law): "invariant" | "step" | "variant" | "progress" {
  return l.body.kind === "invariant" || l.body.kind === "variant" || l.body.kind === "progress" ? l.body.kind : "step";
}

/** Why a progress law fails on `s`: the continuation of its `by` events that never reaches `to`. */
function avoided(prog: Program, law: Law, s: Value): string {
  const body = law.body;
  if (body.kind !== "progress") return "";
  const path = avoidingPath(prog, body, s, body.within);
  if (path === null) return "";
  let st = s;
  const steps = path.map((e) => {
    st = stepMachine(prog, body.machine, st, e).state;
    return `${showValue(e)} -> ${showValue(st)}`;
  });
  return `; from the last state, ${path.length} event(s) of its \`by\` (within ${body.within}) never reach its \`to\`:\n      ${steps.join("\n      ")}`;
}

/** The first law in `laws` that does not hold on `binding`, with why (on the interpreter). */
export function firstBroken(prog: Program, laws: readonly Law[], binding: { s: Value; e?: Value; n?: Value; o?: Value }): { law: Law; message: string } | null {
  for (const law of laws) {
    try {
      if (!checkLaw(prog, law, binding)) return { law, message: `${law.name} does not hold: ${law.doc}${avoided(prog, law, binding.s)}` };
    } catch (e) {
      if (!(e instanceof InterpretError)) throw e;
      return { law, message: `${law.name} could not be evaluated: ${e.message}` };
    }
  }
  return null;
}

/** What the search itself holds, in words, for a memory stop. */
function split(held: { readonly visited: number; readonly levels: number; readonly states: number } | undefined): string {
  if (held === undefined) return "";
  const mb = (n: number): string => `${(n / 2 ** 20).toFixed(1)} MB`;
  return ` (the search's own: ${mb(held.visited)} of visited fingerprints and parents for ${held.states} states, ${mb(held.levels)} of packed levels; the rest is the program, the compiled machine and the collector's slack)`;
}

/** Memory budgets: the caller's, and a refusal before V8's heap limit turns into a crash. */
export function memoryStop(maxMemory: number | undefined, heapLimit: number, held?: { readonly visited: number; readonly levels: number; readonly states: number }): { budget: "memory"; message: string } | null {
  // Not process.memoryUsage(): it costs tens of microseconds, a few percent of a small search
  // checked every few thousand transitions; the heap figure alone costs well under one, and the
  // resident size is read only for a budget that asks for it.
  const m = { rss: maxMemory === undefined ? 0 : process.memoryUsage.rss(), heapUsed: getHeapStatistics().used_heap_size };
  const mb = (n: number): string => `${Math.round(n / 2 ** 20)} MB`;
  if (maxMemory !== undefined && m.rss >= maxMemory) {
    return {
      budget: "memory",
      message: `stopped at --max-memory ${mb(maxMemory)}: the process holds ${mb(m.rss)}${split(held)}; there is no disk-backed frontier: a level packed on disk would spare only its own share, while the visited fingerprints, which every new state is checked against, must stay in memory; to go further raise --max-memory, lower --depth, or declare interchangeable workers \`symmetric:\` in the spec's explore section`,
    };
  }
  if (m.heapUsed >= heapLimit * 0.85) {
    return {
      budget: "memory",
      message: `stopped before the JavaScript heap runs out (${mb(m.heapUsed)} of ${mb(heapLimit)}): the frontier does not fit; lower --depth, declare symmetric workers, or raise the limit with NODE_OPTIONS=--max-old-space-size=<MB>`,
    };
  }
  return null;
}
