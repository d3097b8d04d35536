// Test fixture (interpreter, schema and Lean structure tests): fixtures/gen/fleet/spec, compiled.
// Module `restart` is the restart budget of DESIGN.md plus two decisions; module `fleet` imports
// it and exercises lists of records, options, `with`, set_at/nth_or/repeat/map/count.

import type { Example, Law, Program } from "../../generator/ir/module.js";
import type { TypeRef } from "../../generator/ir/types.js";
import { fixtureProgram, moduleNamed } from "../fixture-specs.js";

const R = "restart";
const F = "fleet";
const ref = (module: string, name: string): TypeRef => ({ module, name });

export const MAX_FAILURES = ref(R, "RESTART_MAX_FAILURES");
export const WINDOW = ref(R, "RESTART_WINDOW_MS");
export const VERDICT = ref(R, "Verdict");
export const GATE = ref(R, "Gate");
export const REVIVAL = ref(R, "Revival");
export const BUDGET = ref(R, "RestartBudget");
export const REVIVE = ref(R, "Revive");
export const PAUSE_OF = ref(R, "PauseOf");
export const FLEET = ref(F, "Fleet");

export const program: Program = fixtureProgram("fleet");
const restart = moduleNamed(program, R);

function law(name: string): Law {
  const l = restart.laws.find((x) => x.name === name);
  if (l === undefined) throw new Error(`fixtures/gen/fleet: no law ${name}`);
  return l;
}

function example(name: string): Example {
  const x = restart.examples.find((e) => e.name === name);
  if (x === undefined) throw new Error(`fixtures/gen/fleet: no example ${name}`);
  return x;
}

/** One law of each kind, by kind. */
export const laws = {
  order: law("window_positive"),
  invariant: law("failures_bounded"),
  step: law("given_up_emits_give_up"),
  decision: law("closed_waits"),
  variant: law("give_up_once"),
  wire: law("restart_wire_*"),
};

export const examples = {
  sixFailures: example("six_failures_a_second_apart"),
  closedWaits: example("closed_waits"),
};
