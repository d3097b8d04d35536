// Mutate stage: the judge. A program (the original, or one with a mutated module) is run on the
// INTERPRETER against what the module itself claims: its examples; its machine laws on every
// step of those examples; its decision laws over the boundary facts (facts.ts); and its machine
// laws over every explored state and transition (bounded for speed). The first failure is the
// kill, named so a reader sees which claim pinned the behaviour down.

import type { Law, Module, Program } from "../ir/module.js";
import { exploreMachine } from "../explore/search.js";
import { machineLaws } from "../explore/domains.js";
import { showValue } from "../explore/show.js";
import { checkLaw } from "../interpret/law.js";
import { runExample } from "../interpret/example.js";
import { evalExpr } from "../interpret/expr.js";
import { initialState, stepMachine } from "../interpret/machine.js";
import { InterpretError, type Value } from "../interpret/value.js";

/** Bounds on exploration while judging a mutant. */
export interface JudgeBounds {
  /** Depth cap (the spec's depth when lower). */
  readonly depth: number;
  /** State budget per explored machine. */
  readonly maxStates: number;
}

/** The facts each decision law is judged on, computed once per module from the original. */
export type FactsTable = ReadonlyMap<string, readonly Value[]>;

/** Why the program was rejected, or null when every claim held. */
export function judge(prog: Program, moduleName: string, facts: FactsTable, bounds: JudgeBounds): string | null {
  const module = prog.modules.find((m) => m.name === moduleName);
  if (module === undefined) throw new InterpretError(`no module ${moduleName}`);
  try {
    return examples(prog, module) ?? exampleSteps(prog, module) ?? decisionLaws(prog, module, facts) ?? explored(prog, module, bounds);
  } catch (e) {
    if (!(e instanceof InterpretError)) throw e;
    return `the model failed to evaluate: ${e.message}`;
  }
}

function examples(prog: Program, module: Module): string | null {
  for (const ex of module.examples) {
    const r = runExample(prog, ex);
    if (!r.ok) return `example ${ex.name}: ${r.mismatches[0] ?? ""}`;
  }
  return null;
}

function lawHolds(prog: Program, law: Law, binding: Parameters<typeof checkLaw>[2]): boolean {
  try {
    return checkLaw(prog, law, binding);
  } catch (e) {
    if (!(e instanceof InterpretError)) throw e;
    return false;
  }
}

/** Machine laws on each transition of each machine example (cheap, and covers modules without explore). */
function exampleSteps(prog: Program, module: Module): string | null {
  for (const ex of module.examples) {
    if (ex.body.kind !== "machine") continue;
    const laws = machineLaws(prog, ex.body.machine);
    let s = initialState(prog, ex.body.machine);
    for (const law of laws.invariants) if (!lawHolds(prog, law, { s })) return `law ${law.name} in the initial state`;
    for (const [i, evExpr] of ex.body.events.entries()) {
      const e = evalExpr(evExpr, new Map(), prog);
      const r = stepMachine(prog, ex.body.machine, s, e);
      for (const law of laws.steps) if (!lawHolds(prog, law, { s, e, n: r.state, o: r.output })) return `law ${law.name} on step ${i + 1} of example ${ex.name}`;
      for (const law of laws.invariants) if (!lawHolds(prog, law, { s: r.state })) return `law ${law.name} after step ${i + 1} of example ${ex.name}`;
      s = r.state;
    }
  }
  return null;
}

function decisionLaws(prog: Program, module: Module, facts: FactsTable): string | null {
  for (const law of module.laws) {
    if (law.body.kind !== "decision") continue;
    for (const f of facts.get(law.name) ?? []) {
      if (!lawHolds(prog, law, { f })) return `law ${law.name} at facts ${showValue(f)}`;
    }
  }
  return null;
}

function explored(prog: Program, module: Module, bounds: JudgeBounds): string | null {
  for (const x of module.explore) {
    const r = exploreMachine(prog, x, { depth: Math.min(x.depth, bounds.depth), maxStates: bounds.maxStates });
    const v = r.violation;
    if (v?.kind === "error") return `the model failed during exploration: ${v.message}`;
    if (v) return `law ${v.law} by exploration, after ${v.trace.length - 1} step(s)`;
  }
  return null;
}
