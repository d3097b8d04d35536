// Test fixture (Lean emitter): fixtures/gen/budget/spec, compiled. `supervise` is the restart
// budget (RESTART_MAX_FAILURES = 5, RESTART_WINDOW_MS = 900 000 ms, Verdict { Restart { pause_ms },
// GiveUp }, three branches), an orphan decision with an enum verdict, and one law of every kind;
// `timeouts` is imported for a derived constant declared before its operands.

import type { Example, Law, Module, Program } from "../../generator/ir/module.js";
import { fixtureProgram, moduleNamed } from "../fixture-specs.js";

export const program: Program = fixtureProgram("budget");
export const supervise: Module = moduleNamed(program, "supervise");
export const timeouts: Module = moduleNamed(program, "timeouts");
export const laws: readonly Law[] = supervise.laws;
export const examples: readonly Example[] = supervise.examples;
