// Mutate stage: the judge. A program (the original, or one with a mutated module) is run on the
// INTERPRETER against what the module itself claims, in two parts kept apart so law strength
// can be told without the examples: the LAWS alone (decision laws over the boundary facts,
// machine laws over every explored state and transition: sweep.ts), and the EXAMPLES (each
// vector, and the machine laws on each step of the example traces, which only the examples
// reach). A mutant is killed by the laws when some law fails; every failing law is named.

import type { Module, Program } from "../ir/module.js";
import { machineLaws } from "../explore/domains.js";
import { runExample } from "../interpret/example.js";
import { evalExpr } from "../interpret/expr.js";
import { initialState, stepMachine } from "../interpret/machine.js";
import { InterpretError } from "../interpret/value.js";
import { lawHolds, sweep, type FactsTable, type JudgeBounds, type SweepResult } from "./sweep.js";

export type { FactsTable, JudgeBounds } from "./sweep.js";

/** What the judge found. */
export interface Judgement {
  /** Laws of the module that fail (sorted). */
  readonly laws: readonly string[];
  /** The model failed to evaluate during the law sweep (a kill by the laws' inputs), or null. */
  readonly error: string | null;
  /** The first example (or law on an example's step) that fails, or null. */
  readonly example: string | null;
}

/** Killed by the laws alone. */
export const lawsKill = (j: Judgement): boolean => j.laws.length > 0 || j.error !== null;

/** Killed by the laws or the examples. */
export const anyKill = (j: Judgement): boolean => lawsKill(j) || j.example !== null;

/** The first reason, in words, or null when every claim held. */
export function reason(j: Judgement): string | null {
  if (j.laws.length > 0) return `law ${j.laws.join(", law ")}`;
  if (j.error !== null) return `the model failed to evaluate: ${j.error}`;
  return j.example;
}

function moduleOf(prog: Program, name: string): Module {
  const module = prog.modules.find((m) => m.name === name);
  if (module === undefined) throw new InterpretError(`no module ${name}`);
  return module;
}

export function judgeAll(prog: Program, moduleName: string, facts: FactsTable, bounds: JudgeBounds, swept?: SweepResult): Judgement {
  const module = moduleOf(prog, moduleName);
  const s = swept ?? sweep(prog, module, facts, bounds, false);
  let example: string | null;
  try {
    example = examples(prog, module) ?? exampleSteps(prog, module);
  } catch (e) {
    if (!(e instanceof InterpretError)) throw e;
    example = `the model failed to evaluate on an example: ${e.message}`;
  }
  return { laws: [...s.failed].sort(), error: s.error, example };
}

/** Why the program was rejected by its laws or examples, or null when every claim held. */
export function judge(prog: Program, moduleName: string, facts: FactsTable, bounds: JudgeBounds): string | null {
  return reason(judgeAll(prog, moduleName, facts, bounds));
}

function examples(prog: Program, module: Module): string | null {
  for (const ex of module.examples) {
    const r = runExample(prog, ex);
    if (!r.ok) return `example ${ex.name}: ${r.mismatches[0] ?? ""}`;
  }
  return null;
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
