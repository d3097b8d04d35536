// Conformance stage (test support): the entry the generated suites import (`statute/conformance`).
// `specSuite` builds the suite of one module of the project the tests run in (the folder of its
// statute.config.json or package.json, from the working directory up): the checked spec files
// (compiled once per process), the generated module under test, and the generated schemas read
// from disk, so the tests judge exactly the files that are checked in. STATUTE_RUNS/SEED set runs.

import { readFileSync } from "node:fs";
import { join } from "node:path";
import { compileSpecs } from "../check/index.js";
import { formatDiagnostics } from "../diagnostics/format.js";
import type { Program } from "../ir/module.js";
import { loadSchemas } from "../../runtime/schemas.js";
import { findRoot, loadProject, specFilesOf } from "../project/config.js";
import { type GeneratedModule, settingsFromEnv } from "./context.js";
import { SchemaSet } from "./schemas.js";
import { Suite } from "./suite.js";

export { Suite, moduleRules, type NamedCheck } from "./suite.js";
export { type GeneratedModule, type RunSettings, settingsFromEnv } from "./context.js";
export { SchemaSet } from "./schemas.js";
export { specExpr, exampleYaml, yamlScalar } from "./printer.js";

const ROOT = findRoot(process.cwd());

let cached: { program: Program; schemas: SchemaSet } | null = null;

/** The project's program and its generated schemas, loaded once. */
export function repoSpecs(root: string = ROOT): { program: Program; schemas: SchemaSet } {
  if (cached !== null) return cached;
  const project = loadProject(root);
  if (!project.ok) throw new Error(project.message);
  const result = compileSpecs(root, specFilesOf(root, project.config));
  if (!result.ok) throw new Error(`${project.config.spec}/*.yaml does not compile:\n${formatDiagnostics(result.diagnostics.slice(0, 3), result.texts)}`);
  const docs = Object.values(loadSchemas(join(root, project.config.out, "schema")));
  cached = { program: result.program, schemas: new SchemaSet(docs) };
  return cached;
}

/** `test/conformance/known-failures.txt`: for one module, test name -> reason. */
export function knownFailures(module: string, root: string = ROOT): Map<string, string> {
  const out = new Map<string, string>();
  let text = "";
  try {
    text = readFileSync(join(root, "test", "conformance", "known-failures.txt"), "utf8");
  } catch {
    return out;
  }
  for (const line of text.split("\n")) {
    const m = /^([a-z0-9_]+): (.+?) # (.+)$/.exec(line.trim());
    if (m !== null && m[1] === module) out.set((m[2] ?? "").trim(), (m[3] ?? "").trim());
  }
  return out;
}

/** The conformance suite of one module of this repository against its generated code. */
export function specSuite(module: string, impl: GeneratedModule): Suite {
  const { program, schemas } = repoSpecs();
  return new Suite(program, module, impl, schemas, settingsFromEnv(process.env), knownFailures(module));
}
