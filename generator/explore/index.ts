// Explore stage entry: the explicit-state model checker over a module's `explore` domains, on
// the interpreter, with counterexamples and witnesses as ITF traces. Pure apart from the clock;
// the CLI (generator/cli/explore.ts) prints and writes files.

import type { Module, Program } from "../ir/module.js";
import type { ItfTrace } from "../../runtime/itf.js";
import { exploreMachine, type ExploreOptions, type ExploreResult } from "./search.js";
import { toTrace, type TraceStep } from "./trace.js";
import type { Params } from "./params.js";

export { exploreMachine, rebuild, type ExploreOptions, type ExploreResult, type Progress, type Transition, type Violation } from "./search.js";
export { compileMachine, type CompiledMachine, type StepOut } from "./compile/machine.js";
export { candidateEvents, machineLaws, type MachineLaws } from "./domains.js";
export { fromTrace, itfType, toTrace, traceMeta, traceTypes, type TraceMeta, type TraceStep } from "./trace.js";
export { paramsOf, parseParams, withParams, type Params } from "./params.js";
export { changedFields, showResult, showTrace, showValue } from "./show.js";
export { fingerprint, Visited } from "./visited.js";
export { loadTarget, type Loaded } from "./load.js";

/** Explore every machine the module lists under `explore`, in the spec's order. */
export function exploreModule(prog: Program, module: Module, opts: ExploreOptions = {}): ExploreResult[] {
  const m = prog.modules.find((x) => x.name === module.name) ?? module;
  return m.explore.map((x) => exploreMachine(prog, x, opts));
}

/** The counterexample of a failed exploration as an ITF trace, or null when nothing failed. */
export function counterexample(prog: Program, module: Module, r: ExploreResult, params?: Params): ItfTrace | null {
  if (r.violation === null) return null;
  const description = `counterexample: ${r.violation.message}`;
  return toTrace(prog, meta(module, r, r.violation.law, description, params), r.violation.trace);
}

/** A witness trace: a shortest run that ends by firing `rule`. */
export function witness(prog: Program, module: Module, r: ExploreResult, rule: string, trace: readonly TraceStep[], params?: Params): ItfTrace {
  return toTrace(prog, meta(module, r, rule, `witness: a shortest run that fires ${rule}`, params), trace);
}

function meta(module: Module, r: ExploreResult, law: string, description: string, params?: Params) {
  const base = { source: module.file, module: r.module, machine: r.machine, law, description };
  return params === undefined || params.size === 0 ? base : { ...base, params: Object.fromEntries([...params].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) };
}
