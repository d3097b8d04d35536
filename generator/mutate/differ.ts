// Mutate stage: does a surviving mutant behave differently at all? Both programs are run on the
// same inputs: each decision of the module on its judged facts, each machine from every state
// the ORIGINAL reaches (explored, plus the examples' states) on every candidate event. Within
// the bounds this is complete: a mutant that first differs somewhere differs on a state both
// reach. A survivor that differs shows a law gap; one that never differs is likely equivalent
// (or differs only beyond the explored depth or outside the judged facts).

import type { Module, Program } from "../ir/module.js";
import type { TypeRef } from "../ir/types.js";
import { compileMachine, type StepOut } from "../explore/compile/machine.js";
import { candidateEvents } from "../explore/domains.js";
import { exploreMachine } from "../explore/search.js";
import { changedFields, showValue } from "../explore/show.js";
import { decide } from "../interpret/decision.js";
import { evalExpr } from "../interpret/expr.js";
import { initialState, stepMachine } from "../interpret/machine.js";
import { InterpretError, valueEquals, type Value } from "../interpret/value.js";
import { factsFor } from "./facts.js";
import type { JudgeBounds } from "./oracle.js";
import { judgedSearch } from "./sweep.js";

/** Inputs both programs are run on. */
export interface Sample {
  readonly steps: readonly { readonly machine: TypeRef; readonly state: Value; readonly events: readonly Value[] }[];
  readonly decisions: readonly { readonly decision: TypeRef; readonly facts: readonly Value[] }[];
}

function dedup(values: readonly Value[]): Value[] {
  return [...new Map(values.map((v) => [JSON.stringify(v), v])).values()];
}

export function sampleInputs(prog: Program, module: Module, bounds: JudgeBounds): Sample {
  const steps: { machine: TypeRef; state: Value; events: readonly Value[] }[] = [];
  for (const mc of module.machines) {
    const ref = { module: module.name, name: mc.name };
    const examples = module.examples.flatMap((ex) => (ex.body.kind === "machine" && ex.body.machine.name === mc.name ? [ex.body] : []));
    const exampleEvents = dedup(examples.flatMap((ex) => ex.events.map((e) => evalExpr(e, new Map(), prog))));
    const exampleStates: Value[] = [initialState(prog, ref)];
    for (const ex of examples) {
      let s = initialState(prog, ref);
      for (const e of ex.events) {
        s = stepMachine(prog, ref, s, evalExpr(e, new Map(), prog)).state;
        exampleStates.push(s);
      }
    }
    for (const state of dedup(exampleStates)) steps.push({ machine: ref, state, events: exampleEvents });
    for (const x of module.explore.filter((y) => y.machine.name === mc.name)) {
      const judged = judgedSearch(x, bounds);
      exploreMachine(prog, x, {
        depth: judged.depth,
        ...(Number.isFinite(judged.maxStates) ? { maxStates: judged.maxStates } : {}),
        onState: (state) => steps.push({ machine: ref, state, events: dedup([...candidateEvents(prog, x, state), ...exampleEvents]) }),
      });
    }
  }
  const decisions = module.decisions.map((d) => {
    const decision = { module: module.name, name: d.name };
    return { decision, facts: factsFor(prog, decision) };
  });
  return { steps, decisions };
}

type Outcome = { ok: true; value: Value } | { ok: false; error: string };

function attempt(f: () => Value): Outcome {
  try {
    return { ok: true, value: f() };
  } catch (e) {
    if (!(e instanceof InterpretError)) throw e;
    return { ok: false, error: e.message };
  }
}

function same(a: Outcome, b: Outcome): boolean {
  return a.ok && b.ok ? valueEquals(a.value, b.value) : a.ok === b.ok;
}

const show = (o: Outcome): string => (o.ok ? showValue(o.value) : `error (${o.error})`);

/** A long value cut to a readable length. */
function brief(v: Value, max = 160): string {
  const text = showValue(v);
  return text.length <= max ? text : `${text.slice(0, max - 3)}...`;
}

/** Only what differs, `original -> mutant`, or both outcomes when one is an error. */
function contrast(a: Outcome, b: Outcome): string {
  if (a.ok && b.ok) return changedFields(a.value, b.value).join("; ") || `${brief(a.value)} -> ${brief(b.value)}`;
  return `${show(a)} -> mutant ${show(b)}`;
}

/** The original's outcomes on a sample, computed once: every mutant is compared with them. */
const originals = new WeakMap<Sample, { decisions: Outcome[][]; steps: Outcome[][] }>();

function originalOutcomes(original: Program, sample: Sample): { decisions: Outcome[][]; steps: Outcome[][] } {
  let o = originals.get(sample);
  if (o === undefined) {
    o = {
      decisions: sample.decisions.map((d) => d.facts.map((f) => attempt(() => decide(original, d.decision, f).verdict))),
      steps: sample.steps.map((st) => st.events.map((e) => stepOutcome(original, st, e))),
    };
    originals.set(sample, o);
  }
  return o;
}

/** One step on the explorer's compiled code when the machine is explored (tested against the interpreter), else on the interpreter. */
function stepOutcome(p: Program, st: Sample["steps"][number], e: Value): Outcome {
  const x = p.modules.find((m) => m.name === st.machine.module)?.explore.find((y) => y.machine.name === st.machine.name);
  return attempt(() => {
    if (x !== undefined) {
      const out: StepOut = { output: null, rule: -1 };
      const state = compileMachine(p, x, false).step(st.state, e, out);
      return { state, output: out.output };
    }
    const r = stepMachine(p, st.machine, st.state, e);
    return { state: r.state, output: r.output };
  });
}

/**
 * The first input on which the two programs differ, in words; null when none does. `original`
 * must be the program the sample was drawn from (its outcomes are cached per sample).
 */
export function firstDifference(original: Program, mutant: Program, sample: Sample): string | null {
  const want = originalOutcomes(original, sample);
  for (const [i, d] of sample.decisions.entries()) {
    for (const [j, f] of d.facts.entries()) {
      const a = want.decisions[i]?.[j] as Outcome;
      const b = attempt(() => decide(mutant, d.decision, f).verdict);
      if (!same(a, b)) return `${d.decision.name} on ${brief(f, 400)}: ${show(a)} -> mutant ${show(b)}`;
    }
  }
  for (const [i, s] of sample.steps.entries()) {
    for (const [j, e] of s.events.entries()) {
      const a = want.steps[i]?.[j] as Outcome;
      const b = stepOutcome(mutant, s, e);
      if (!same(a, b)) return `${s.machine.name} on ${brief(e)} in ${brief(s.state)}: ${contrast(a, b)} (original -> mutant)`;
    }
  }
  return null;
}
