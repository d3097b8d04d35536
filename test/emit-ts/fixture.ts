// Test fixture for the TypeScript emitter: fixtures/gen/probe/spec, compiled. `supervise` holds the
// restart budget of LAWS.md §1 (a sliding 15 min window, pauses 250 ms doubling, the 6th failure
// gives up), a decision `Revive` importing from `timeouts`, and a decision `Probe` whose record
// verdict exposes one value per expression form.

import type { Program } from "../../generator/ir/module.js";
import { fixtureProgram } from "../fixture-specs.js";

/** The fixture program, in dependency order. */
export const fixture: Program = fixtureProgram("probe");
