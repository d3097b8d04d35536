// Test support: the generator's test inputs as text. Each fixtures/gen/<case>/spec/ folder holds a
// few small YAML specs (a project of their own), compiled by the real checker, so no test builds
// IR by hand and every input is also a snapshot case (test/generator/snapshots.test.ts).

import { readdirSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { compileSpecs } from "../generator/check/index.js";
import { formatDiagnostics } from "../generator/diagnostics/format.js";
import type { Module, Program } from "../generator/ir/module.js";

export const FIXTURES = fileURLToPath(new URL("../fixtures/gen/", import.meta.url));

/** The snapshot cases, by folder name. */
export function fixtureCases(): string[] {
  return readdirSync(FIXTURES, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name).sort();
}

/** The checked program of fixtures/gen/<name>; a spec error is a test error with its diagnostics. */
export function fixtureProgram(name: string): Program {
  const r = compileSpecs(join(FIXTURES, name));
  if (!r.ok) throw new Error(`fixtures/gen/${name} does not compile:\n${formatDiagnostics(r.diagnostics, r.texts)}`);
  return r.program;
}

/** One module of a program by name. */
export function moduleNamed(program: Program, name: string): Module {
  const m = program.modules.find((x) => x.name === name);
  if (m === undefined) throw new Error(`no module ${name}`);
  return m;
}
