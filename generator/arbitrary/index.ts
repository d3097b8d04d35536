// Arbitrary stage (test support): the entry the conformance harness uses. Builds, for one
// module, the context its arbitraries share (boundaries, wire bound, index range) and exposes
// arbitraries for states, events, traces and facts. Depends on fast-check; never on runtime/.

import type { Module, Program } from "../ir/module.js";
import { wireMax } from "../emit/schema/json.js";
import { collectBoundaries } from "./boundaries.js";
import { type ArbContext, largestListBound } from "./values.js";

export { type Boundaries, collectBoundaries, aroundBoundaries, moduleExprs } from "./boundaries.js";
export { type ArbContext, valueArb, declArb, fieldsArb, nearArb, numberArb, findDecl, largestListBound } from "./values.js";
export {
  type EventPlan,
  type FieldPlan,
  type TraceShape,
  traceShape,
  traceArb,
  eventPlanArb,
  resolveEvent,
  type TraceMemory,
  freshMemory,
  eventVariants,
} from "./traces.js";

export { factsArb, seededTraceArb } from "./seeded.js";

/** The shared context of a module's arbitraries. */
export function arbContext(program: Program, module: Module): ArbContext {
  const bounds = module.machines.map((m) => largestListBound(program, { kind: "named", ref: m.state }));
  return {
    program,
    boundaries: collectBoundaries(program, module),
    wireMax: wireMax(program, module),
    // Indices one past the largest list reach the "no such worker" branches too.
    small: Math.max(2, ...bounds),
  };
}
