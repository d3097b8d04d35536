// Interpreter stage: machines. The initial state from the `init` expressions, one step as the
// spec language defines it (lets in order, the first branch whose guard holds wins, every
// assignment reads the old state, unassigned fields keep their value), and a run over a trace.

import type { Program } from "../ir/module.js";
import type { TypeRef } from "../ir/types.js";
import { bindLets, evalExpr } from "./expr.js";
import { findMachine, recordFields } from "./lookup.js";
import { type Value, InterpretError, asBool, asRecord, getField, show } from "./value.js";

/** The result of one step: the next state, the output, and the rule id of the branch taken. */
export interface StepResult {
  readonly state: Value;
  readonly output: Value;
  readonly rule: string;
}

/** A run from the initial state: `states[i]` and `outputs[i]` follow `events[i]`. */
export interface RunResult {
  readonly states: readonly Value[];
  readonly outputs: readonly Value[];
  readonly rules: readonly string[];
}

/** The machine's initial state, its fields in the state record's declaration order. */
export function initialState(prog: Program, machineRef: TypeRef): Value {
  const m = findMachine(prog, machineRef);
  const state: Record<string, Value> = {};
  for (const field of recordFields(prog, m.state)) {
    const init = m.init.find((a) => a.field === field);
    if (init === undefined) throw new InterpretError(`${m.name}: no initial value for '${field}'`);
    state[field] = evalExpr(init.value, new Map(), prog);
  }
  return state;
}

/** One step. `event` is a value of the machine's event union, `{ kind, ...payload }`. */
export function stepMachine(prog: Program, machineRef: TypeRef, state: Value, event: Value): StepResult {
  const m = findMachine(prog, machineRef);
  const kind = getField(event, "kind", `${m.name} event`);
  const handler = m.handlers.find((h) => h.event === kind);
  if (handler === undefined) throw new InterpretError(`${m.name}: no handler for event ${show(kind)}`);
  const old = asRecord(state, `${m.name} state`);
  const env = bindLets(handler.lets, new Map<string, Value>([["s", state], ["e", event]]), prog);
  for (const branch of handler.branches) {
    if (branch.guard !== null && !asBool(evalExpr(branch.guard, env, prog), `${branch.rule} guard`)) continue;
    // Every right-hand side reads the old state: evaluate them all before building the new one.
    const assigned = new Map(branch.assigns.map((a) => [a.field, evalExpr(a.value, env, prog)] as const));
    const next: Record<string, Value> = {};
    for (const field of recordFields(prog, m.state)) {
      next[field] = assigned.has(field) ? (assigned.get(field) as Value) : getField(old, field, `${m.name} state`);
    }
    for (const field of assigned.keys()) {
      if (!Object.hasOwn(next, field)) throw new InterpretError(`${branch.rule}: no state field '${field}'`);
    }
    return { state: next, output: evalExpr(branch.emit, env, prog), rule: branch.rule };
  }
  throw new InterpretError(`${m.name}.${handler.event}: no branch holds`);
}

/** Run `events` in order from the initial state. */
export function runMachine(prog: Program, machineRef: TypeRef, events: readonly Value[]): RunResult {
  const states: Value[] = [];
  const outputs: Value[] = [];
  const rules: string[] = [];
  let state = initialState(prog, machineRef);
  for (const event of events) {
    const r = stepMachine(prog, machineRef, state, event);
    state = r.state;
    states.push(r.state);
    outputs.push(r.output);
    rules.push(r.rule);
  }
  return { states, outputs, rules };
}
