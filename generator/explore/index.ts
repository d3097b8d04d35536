// Explore stage entry: the explicit-state model checker over a module's `explore` domains, on
// the interpreter, with counterexamples and witnesses as ITF traces. Pure apart from the clock;
// the CLI (generator/cli/explore.ts) prints and writes files.

import type { Module, Program } from "../ir/module.js";
import type { ItfTrace } from "../../runtime/itf.js";
import { exploreMachine, type ExploreOptions, type ExploreResult } from "./search.js";
import { toTrace, type TraceStep } from "./trace.js";

export { exploreMachine, rebuild, type ExploreOptions, type ExploreResult, type Progress, type Transition, type Violation } from "./search.js";
export { compileMachine, type CompiledMachine, type StepOut } from "./compile/machine.js";
export { candidateEvents, machineLaws, type MachineLaws } from "./domains.js";
export { fromTrace, itfType, toTrace, traceMeta, traceTypes, type TraceMeta, type TraceStep } from "./trace.js";
export { withWorkers, WORKERS } from "./workers.js";
export { changedFields, showResult, showTrace, showValue } from "./show.js";
export { fingerprint, Visited } from "./visited.js";
export { loadTarget, type Loaded } from "./load.js";

/** Explore every machine the module lists under `explore`, in the spec's order. */
export function exploreModule(prog: Program, module: Module, opts: ExploreOptions = {}): ExploreResult[] {
  const m = prog.modules.find((x) => x.name === module.name) ?? module;
  return m.explore.map((x) => exploreMachine(prog, x, opts));
}

/** The counterexample of a failed exploration as an ITF trace, or null when nothing failed. */
export function counterexample(prog: Program, module: Module, r: ExploreResult, workers?: number): ItfTrace | null {
  if (r.violation === null) return null;
  const description = `counterexample: ${r.violation.message}`;
  return toTrace(prog, meta(module, r, r.violation.law, description, workers), r.violation.trace);
}

/** A witness trace: a shortest run that ends by firing `rule`. */
export function witness(prog: Program, module: Module, r: ExploreResult, rule: string, trace: readonly TraceStep[], workers?: number): ItfTrace {
  return toTrace(prog, meta(module, r, rule, `witness: a shortest run that fires ${rule}`, workers), trace);
}

function meta(module: Module, r: ExploreResult, law: string, description: string, workers?: number) {
  const base = { source: module.file, module: r.module, machine: r.machine, law, description };
  return workers === undefined ? base : { ...base, workers };
}
