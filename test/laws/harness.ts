// Test support for the broken law books of test/laws: a broken fixture is a spec of spec/ plus
// either one mutant id (`<name>.mutant.yaml`: a mutant of generator/mutate, as `statute mutate
// <module> --list` prints them) or one exact text to replace (`<name>.patch.yaml`, for a semantic
// break no single mutant expresses). Either way the fixture cannot drift from the spec it breaks:
// a mutant id or a text that is gone fails loudly. Examples are stripped from every module (the
// laws alone judge) and the mutation judge says which laws a module fails.

import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import YAML from "yaml";
import { compileSpecs } from "../../generator/check/index.js";
import type { Module, Program } from "../../generator/ir/module.js";
import { EXPLORE_BOUNDS, factsTable, judge, mutants } from "../../generator/mutate/index.js";

export const root = fileURLToPath(new URL("../..", import.meta.url));
const dir = join(root, "fixtures/broken");

/** One broken fixture: the spec it breaks, how, and the laws that must fail on it. */
export interface Broken {
  readonly name: string;
  readonly spec: string;
  readonly laws: readonly string[];
  /** A mutant id of the spec's module. */
  readonly mutant?: string;
  /** Or: exact text of the spec, found once, and what replaces it. */
  readonly find?: string;
  readonly replace?: string;
}

/** Every fixture of fixtures/broken, by name. */
export function brokenFixtures(): Broken[] {
  return readdirSync(dir)
    .flatMap((f) => {
      const m = /^(.*)\.(patch|mutant)\.yaml$/.exec(f);
      return m === null ? [] : [{ ...(YAML.parse(readFileSync(join(dir, f), "utf8")) as Omit<Broken, "name">), name: m[1] as string }];
    })
    .sort((a, b) => (a.name < b.name ? -1 : 1));
}

export function moduleOf(b: Broken): string {
  return b.spec.replace(/^spec\//, "").replace(/\.yaml$/, "");
}

function stripped(prog: Program): Program {
  return { modules: prog.modules.map((m) => ({ ...m, examples: [] })) };
}

/** spec/ compiled, no module keeping its examples. */
export function lawsOnly(): Program {
  const r = compileSpecs(root);
  if (!r.ok) throw new Error(`specs do not compile: ${JSON.stringify(r.diagnostics.slice(0, 3))}`);
  return stripped(r.program);
}

/** The law book with the fixture's break applied (examples stripped); throws when it cannot apply. */
export function brokenProgram(b: Broken): Program {
  if (b.mutant !== undefined) return mutated(b, b.mutant);
  if (b.find === undefined || b.replace === undefined) throw new Error(`${b.name}: a broken fixture names a mutant, or a text to find and its replacement`);
  const scratch = join(root, ".tmp/broken", b.name);
  rmSync(scratch, { recursive: true, force: true });
  mkdirSync(scratch, { recursive: true });
  cpSync(join(root, "spec"), join(scratch, "spec"), { recursive: true });
  const file = join(scratch, b.spec);
  const text = readFileSync(file, "utf8");
  const found = text.split(b.find).length - 1;
  if (found !== 1) throw new Error(`${b.name}: the text to replace occurs ${found} times in ${b.spec}, not once; the spec changed, so rewrite the patch against it`);
  writeFileSync(file, text.replace(b.find, () => b.replace as string));
  const r = compileSpecs(scratch);
  if (!r.ok) throw new Error(`${b.name}: the patched specs do not compile: ${JSON.stringify(r.diagnostics.slice(0, 2))}`);
  return stripped(r.program);
}

function mutated(b: Broken, id: string): Program {
  const prog = lawsOnly();
  const m = prog.modules.find((x) => x.name === moduleOf(b));
  if (m === undefined) throw new Error(`${b.name}: no module ${moduleOf(b)}`);
  const all = mutants(prog, m);
  const mutant = all.find((x) => x.id === id);
  if (mutant === undefined) {
    const near = all.map((x) => x.id).filter((x) => x.split(":")[0] === id.split(":")[0]);
    throw new Error(`${b.name}: ${m.name} has no mutant ${id} (the spec changed; \`statute mutate ${m.name} --list\` prints the ids${near.length > 0 ? `; of that place: ${near.join(", ")}` : ""})`);
  }
  const broken = mutant.apply(m);
  return { modules: prog.modules.map((x) => (x === m ? broken : x)) };
}

/** Why `name` fails its laws (all of them, or only those named), or null when they hold. */
export function verdict(prog: Program, name: string, only?: readonly string[]): string | null {
  const m = prog.modules.find((x) => x.name === name) as Module;
  const judged: Module = only === undefined ? m : { ...m, laws: m.laws.filter((l) => only.includes(l.name)) };
  const p: Program = { modules: prog.modules.map((x) => (x === m ? judged : x)) };
  return judge(p, name, factsTable(p, judged).table, EXPLORE_BOUNDS);
}

/** Of the named laws of `name`, those that fail when each is the module's only claim. */
export function failingLaws(prog: Program, name: string, laws: readonly string[]): string[] {
  return laws.filter((law) => verdict(prog, name, [law]) !== null);
}
