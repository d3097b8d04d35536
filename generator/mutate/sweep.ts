// Mutate stage: one sweep of a program's claims, collecting EVERY law that fails (not only the
// first, as the explorer reports) and every premise that some input meets. Machine laws are
// checked on each state and transition of the breadth-first search `statute explore` makes over
// the spec's explore domains and depth (stepped by the explorer's compiled code), decision laws on the judged facts. Judging a mutant needs the
// failed set (which laws kill it, and which one alone); the original's sweep gives vacuity.

import type { Explore, Law, Module, Program } from "../ir/module.js";
import { compileMachine, type StepOut } from "../explore/compile/machine.js";
import { machineLaws } from "../explore/domains.js";
import { checkLaw, type LawBinding } from "../interpret/law.js";
import { decide } from "../interpret/decision.js";
import { evalExpr } from "../interpret/expr.js";
import { InterpretError, type Value } from "../interpret/value.js";
import { premises, type Premise } from "./premises.js";

/**
 * What a mutant is judged on beyond the spec: by default exactly what `statute explore` searches
 * (each explore section's depth and domains, every reachable state); `statute mutate --depth D
 * --max-states N` sets the same two limits explore's options do.
 */
export interface JudgeBounds {
  /** Search depth instead of each explore section's own. */
  readonly depth?: number;
  /** State budget per explored machine (default: none, as explore). */
  readonly maxStates?: number;
}

/** The judged search of `explore` under `bounds`. */
export function judgedSearch(explore: Explore, bounds: JudgeBounds): { readonly depth: number; readonly maxStates: number } {
  return { depth: bounds.depth ?? explore.depth, maxStates: bounds.maxStates ?? Number.POSITIVE_INFINITY };
}

/** The facts each decision law is judged on, computed once per module from the original. */
export type FactsTable = ReadonlyMap<string, readonly Value[]>;

/** What one sweep saw. */
export interface SweepResult {
  /** Laws of the module that failed somewhere (or could not be evaluated). */
  readonly failed: ReadonlySet<string>;
  /** Why the model itself failed to evaluate (a step threw), or null. */
  readonly error: string | null;
  /** Laws evaluated on at least one input (a step law restricted to an event: on that event). */
  readonly reached: ReadonlySet<string>;
  /** Premise ids met on at least one input. */
  readonly met: ReadonlySet<string>;
}

interface Tally {
  readonly failed: Set<string>;
  readonly reached: Set<string>;
  readonly met: Set<string>;
  error: string | null;
  /** Whether premises are tracked (the original's sweep) or only failures (a mutant's). */
  readonly premises: ReadonlyMap<string, readonly Premise[]> | null;
}

/** Whether `law` holds on `binding`; a law that cannot be evaluated there does not. */
export function lawHolds(prog: Program, law: Law, binding: LawBinding): boolean {
  try {
    return checkLaw(prog, law, binding);
  } catch (e) {
    if (!(e instanceof InterpretError)) throw e;
    return false;
  }
}

/** Check `law` on one binding, noting failure, reach and met premises. */
function visit(prog: Program, law: Law, binding: LawBinding, t: Tally): void {
  const b = law.body;
  if (b.kind === "step" && b.event !== null && (binding.e as { kind?: Value } | undefined)?.kind !== b.event) return;
  t.reached.add(law.name);
  if (!t.failed.has(law.name) && !lawHolds(prog, law, binding)) t.failed.add(law.name);
  const ps = t.premises?.get(law.name);
  if (ps === undefined) return;
  let env: Map<string, Value> | null = null;
  for (const p of ps) {
    if (t.met.has(p.id)) continue;
    env ??= new Map(Object.entries(binding).filter((x): x is [string, Value] => x[1] !== undefined));
    if (b.kind === "decision" && !env.has("v")) env.set("v", decide(prog, b.decision, binding.f as Value).verdict);
    try {
      if (evalExpr(p.expr, env, prog) === true) t.met.add(p.id);
    } catch (e) {
      if (!(e instanceof InterpretError)) throw e;
    }
  }
}

/**
 * The machine is stepped by the explorer's compiled code (the interpreter is its tested oracle),
 * and its compiled laws answer first: only where one fails, or premises are still to be met, are
 * this module's laws evaluated one by one on the interpreter, so every failing law is named.
 */
function sweepMachine(prog: Program, explore: Explore, bounds: JudgeBounds, own: ReadonlySet<string>, t: Tally): void {
  const all = machineLaws(prog, explore.machine);
  const invariants = all.invariants.filter((l) => own.has(l.name));
  const steps = all.steps.filter((l) => own.has(l.name));
  if (invariants.length + steps.length === 0) return;
  const cm = compileMachine(prog, explore, false);
  const out: StepOut = { output: null, rule: -1 };
  const pending = (laws: readonly Law[]): boolean => t.premises !== null && laws.some((l) => (t.premises?.get(l.name) ?? []).some((p) => !t.met.has(p.id)) || !t.reached.has(l.name));
  // A compiled law that throws (an unsafe number, say) is left to the interpreter to report.
  const holdsAll = (check: () => number): boolean => {
    try {
      return check() < 0;
    } catch (err) {
      if (!(err instanceof InterpretError)) throw err;
      return false;
    }
  };
  const onState = (s: Value): void => {
    if (holdsAll(() => cm.invariant(s)) && !pending(invariants)) {
      for (const law of invariants) t.reached.add(law.name);
      return;
    }
    for (const law of invariants) visit(prog, law, { s }, t);
  };
  const onStep = (s: Value, e: Value, n: Value, o: Value): void => {
    if (holdsAll(() => cm.stepLaw(s, e, n, o)) && !pending(steps)) return;
    for (const law of steps) visit(prog, law, { s, e, n, o }, t);
  };
  // A mutant's sweep may stop once two laws failed (no law then kills it alone, and it is killed)
  // or every law of the machine did; the original's sweep, which tracks premises, never stops.
  const done = (): boolean => t.premises === null && (t.failed.size >= 2 || [...invariants, ...steps].every((l) => t.failed.has(l.name)));
  const init = cm.init();
  const seen = new Set<string>([cm.key(init)]);
  onState(init);
  let frontier: Value[] = [init];
  const { depth, maxStates } = judgedSearch(explore, bounds);
  for (let d = 0; d < depth && frontier.length > 0 && !done(); d++) {
    const next: Value[] = [];
    for (const s of frontier) {
      let events: readonly Value[];
      try {
        events = cm.events(s);
      } catch (err) {
        if (!(err instanceof InterpretError)) throw err;
        t.error ??= err.message;
        continue;
      }
      for (const e of events) {
        let n: Value;
        try {
          n = cm.step(s, e, out);
        } catch (err) {
          if (!(err instanceof InterpretError)) throw err;
          t.error ??= err.message;
          continue;
        }
        onStep(s, e, n, out.output);
        const key = cm.key(n);
        if (seen.has(key) || seen.size >= maxStates) continue;
        seen.add(key);
        onState(n);
        next.push(n);
      }
    }
    frontier = next;
  }
}

/** Sweep `module`'s machine and decision laws over its explore domains and `facts`. */
export function sweep(prog: Program, module: Module, facts: FactsTable, bounds: JudgeBounds, trackPremises: boolean): SweepResult {
  const t: Tally = {
    failed: new Set(),
    reached: new Set(),
    met: new Set(),
    error: null,
    premises: trackPremises ? new Map(module.laws.map((l) => [l.name, premises(l)])) : null,
  };
  const own = new Set(module.laws.map((l) => l.name));
  for (const law of module.laws) {
    if (law.body.kind !== "decision") continue;
    for (const f of facts.get(law.name) ?? []) visit(prog, law, { f }, t);
  }
  if (t.premises === null && t.failed.size >= 2) return t;
  for (const x of module.explore) sweepMachine(prog, x, bounds, own, t);
  return t;
}
