// Emit stage, conformance-test target: `tests/<module>.conformance.test.ts` per module. The files
// are thin on purpose: one named `it` per example, per law, per machine/decision equivalence
// and schema check, and the rule-coverage check, each calling the hand-written harness in
// generator/conformance/, which does the work from the IR with the interpreter as the oracle.

import type { Module, Program } from "../../ir/module.js";
import { instanceName } from "../../check/params.js";
import { instanceConstants } from "../ts/params.js";
import { doNotEdit, type Emitter, type GeneratedFile } from "../types.js";

/** A title or argument as a TypeScript string literal. */
const str = (s: string): string => JSON.stringify(s);

/** One `it` line, with the spec element's one-line doc above it when there is one. */
function itLine(title: string, call: string, doc: string): string[] {
  const comment = doc.trim().replace(/\s+/g, " ");
  return [...(comment === "" ? [] : [`  // ${comment}`]), `  it(${str(title)}, () => suite.${call});`];
}

function body(program: Program, module: Module): string[] {
  const out: string[] = [];
  for (const x of module.examples) out.push(...itLine(`example ${x.name}`, `example(${str(x.name)})`, x.doc));
  for (const l of module.laws) out.push(...itLine(`law ${l.name}`, `law(${str(l.name)})`, l.doc));
  out.push(...itLine("constants equal the spec's", "constants()", ""));
  for (const v of module.instances.filter((i) => Object.keys(i).length > 0)) {
    out.push(...itLine(`instance ${instanceName(v)}`, `instance({ ${Object.entries(v).map(([k, x]) => `${k}: ${x}`).join(", ")} })`, "every machine and decision equals the interpreter, every law holds"));
  }
  for (const l of instanceConstants(program, module).filter((x) => x.constant.param)) {
    out.push(...itLine(`parameter ${l.constant.name} changes a verdict`, `paramMatters(${str(l.constant.name)})`, "an input whose answer differs between the default and another valid value"));
  }
  if (module.decisions.length > 0) out.push(...itLine("verdict functions equal their decisions", "verdicts()", ""));
  for (const m of module.machines) {
    out.push(...itLine(`${m.name} equals the interpreter on random traces`, `machineEquals(${str(m.name)})`, ""));
    out.push(...itLine(`${m.name} states, events and outputs validate against the schema`, `machineSchemas(${str(m.name)})`, ""));
  }
  for (const d of module.decisions) {
    out.push(...itLine(`${d.name} equals the interpreter on random facts`, `decisionEquals(${str(d.name)})`, ""));
    out.push(...itLine(`${d.name} facts and verdicts validate against the schema`, `decisionSchemas(${str(d.name)})`, ""));
  }
  // Last: vitest runs a file's tests in order, so by now every run above has counted its rules.
  out.push(...itLine("every rule fires", "coverage()", "a rule that never fires in the examples and random runs is a failure"));
  return out;
}

function testFile(program: Program, module: Module): GeneratedFile {
  const lines = [
    doNotEdit(module.file, "//"),
    `// Conformance suite of module ${module.name}: the generated code in ts/${module.name}.ts against the`,
    "// IR interpreter (the oracle), the spec's examples and laws, and the generated JSON Schema.",
    "// Random runs per property: STATUTE_RUNS (default 300); seed: STATUTE_SEED.",
    "",
    'import { afterAll, describe, it } from "vitest";',
    'import { specSuite } from "statute/conformance";',
    `import * as generated from "../ts/${module.name}.js";`,
    "",
    `const suite = specSuite(${str(module.name)}, generated);`,
    "",
    `describe(${str(`${module.name} conformance`)}, { timeout: 120_000 }, () => {`,
    "  afterAll(() => {",
    "    console.log(suite.coverageReport());",
    "  });",
    "",
    ...body(program, module),
    "});",
  ];
  return { path: `tests/${module.name}.conformance.test.ts`, content: `${lines.join("\n")}\n` };
}

export const emitTests: Emitter = (program: Program) =>
  program.modules.map((m) => testFile(program, m)).sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
