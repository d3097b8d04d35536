// The law book catches each semantic it fixes, by its laws alone: every fixtures/broken/*.patch.yaml
// names a spec, one exact text to replace (so a patch that no longer applies fails here instead of
// drifting), and the laws that must fail. The patched specs are compiled in a scratch copy, the
// examples are stripped from every module, and the mutation judge's sweep (explored states and
// boundary facts) must report those laws failing.

import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import YAML from "yaml";
import { compileSpecs } from "../../generator/check/index.js";
import type { Program } from "../../generator/ir/module.js";
import { DEFAULT_BOUNDS, factsTable } from "../../generator/mutate/index.js";
import { sweep } from "../../generator/mutate/sweep.js";

const root = join(import.meta.dirname, "../..");
const dir = join(root, "fixtures/broken");

interface Patch {
  readonly spec: string;
  readonly find: string;
  readonly replace: string;
  readonly laws: readonly string[];
}

const patches = readdirSync(dir)
  .filter((f) => f.endsWith(".patch.yaml"))
  .sort()
  .map((f) => [f.replace(/\.patch\.yaml$/, ""), YAML.parse(readFileSync(join(dir, f), "utf8")) as Patch] as const);

function compilePatched(name: string, p: Patch): Program {
  const scratch = join(root, ".tmp/broken", name);
  rmSync(scratch, { recursive: true, force: true });
  mkdirSync(scratch, { recursive: true });
  cpSync(join(root, "spec"), join(scratch, "spec"), { recursive: true });
  const file = join(scratch, p.spec);
  const text = readFileSync(file, "utf8");
  expect(text.split(p.find).length - 1, `${name}: the text to replace occurs once in ${p.spec}`).toBe(1);
  writeFileSync(file, text.replace(p.find, p.replace));
  const r = compileSpecs(scratch);
  if (!r.ok) throw new Error(`${name}: the patched specs do not compile: ${JSON.stringify(r.diagnostics.slice(0, 2))}`);
  return { modules: r.program.modules.map((m) => ({ ...m, examples: [] })) };
}

function failedLaws(prog: Program, module: string): ReadonlySet<string> {
  const m = prog.modules.find((x) => x.name === module);
  if (m === undefined) throw new Error(`no module ${module}`);
  // Tracking premises makes the sweep complete: it does not stop after the first two failures.
  return sweep(prog, m, factsTable(prog, m).table, DEFAULT_BOUNDS, true).failed;
}

describe("broken semantics are caught by the laws alone", () => {
  it("there is a broken fixture per fixed semantic", () => {
    expect(patches.length).toBeGreaterThanOrEqual(4);
  });

  it("the unpatched law book passes its own laws without examples", { timeout: 300_000 }, () => {
    const r = compileSpecs(root);
    if (!r.ok) throw new Error("specs do not compile");
    const prog = { modules: r.program.modules.map((m) => ({ ...m, examples: [] })) };
    for (const module of ["launcher", "revive"]) expect([...failedLaws(prog, module)]).toEqual([]);
  });

  for (const [name, p] of patches) {
    it(`${name}: ${p.laws.join(", ")} fail`, { timeout: 300_000 }, () => {
      const prog = compilePatched(name, p);
      const module = p.spec.replace(/^spec\//, "").replace(/\.yaml$/, "");
      const failed = failedLaws(prog, module);
      for (const law of p.laws) expect(failed.has(law), `${law} fails on ${name}; failed: ${[...failed].join(", ")}`).toBe(true);
    });
  }
});
