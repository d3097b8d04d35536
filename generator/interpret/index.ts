// Interpreter stage: the public entry of the IR interpreter, the oracle that conformance tests,
// the explorer and the mutator compare generated code with. Written independently of every
// emitter; values are the JSON shapes of the wire (see value.ts).

import type { Program } from "../ir/module.js";
import type { TypeRef } from "../ir/types.js";
import { findConstant } from "./lookup.js";

export { evalExpr, bindLets, type Env } from "./expr.js";
export { initialState, stepMachine, runMachine, type StepResult, type RunResult } from "./machine.js";
export { decide, type DecideResult } from "./decision.js";
export { checkLaw, type LawBinding } from "./law.js";
export { runExample, type ExampleResult } from "./example.js";
export { type Value, type RecordValue, InterpretError, valueEquals } from "./value.js";

/** A constant's value, as evaluated at generation (`Constant.value` of the IR). */
export function evalConstant(prog: Program, ref: TypeRef): number | boolean {
  return findConstant(prog, ref).value;
}
