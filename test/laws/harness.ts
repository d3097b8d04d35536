// Test support for the broken-copy tests of test/laws: the law book compiled with some broken
// fixture modules beside it, examples stripped from every module (the laws alone judge), and the
// mutation judge asked which laws a module fails.

import { fileURLToPath } from "node:url";
import { compileSpecs, specFiles } from "../../generator/check/index.js";
import type { Module, Program } from "../../generator/ir/module.js";
import { DEFAULT_BOUNDS, factsTable, judge } from "../../generator/mutate/index.js";

export const root = fileURLToPath(new URL("../..", import.meta.url));

/** spec/ plus `fixtures`, compiled, with no module keeping its examples. */
export function lawsOnly(fixtures: readonly string[]): Program {
  const r = compileSpecs(root, [...specFiles(root), ...fixtures]);
  if (!r.ok) throw new Error(`specs do not compile: ${JSON.stringify(r.diagnostics.slice(0, 3))}`);
  return { modules: r.program.modules.map((m) => ({ ...m, examples: [] })) };
}

/** Why `name` fails its laws (all of them, or only those named), or null when they hold. */
export function verdict(prog: Program, name: string, only?: readonly string[]): string | null {
  const m = prog.modules.find((x) => x.name === name) as Module;
  const judged: Module = only === undefined ? m : { ...m, laws: m.laws.filter((l) => only.includes(l.name)) };
  const p: Program = { modules: prog.modules.map((x) => (x === m ? judged : x)) };
  return judge(p, name, factsTable(p, judged).table, DEFAULT_BOUNDS);
}

/** Of the named laws of `name`, those that fail when each is the module's only claim. */
export function failingLaws(prog: Program, name: string, laws: readonly string[]): string[] {
  return laws.filter((law) => verdict(prog, name, [law]) !== null);
}
