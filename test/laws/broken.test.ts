// The law book catches each semantic it fixes, by its laws alone: every fixtures/broken/*.yaml
// names a spec and one break of it (a mutant id, or one exact text to replace, see harness.ts)
// and the laws that must fail. The broken law book is compiled with the examples stripped, and
// the mutation judge's sweep (explored states and boundary facts) must report those laws
// failing. A fixture whose mutant or text is gone fails here instead of drifting.

import { describe, expect, it } from "vitest";
import { factsTable } from "../../generator/mutate/index.js";
import { EXPLORE_BOUNDS } from "../../generator/mutate/index.js";
import { sweep } from "../../generator/mutate/sweep.js";
import type { Program } from "../../generator/ir/module.js";
import { brokenFixtures, brokenProgram, lawsOnly, moduleOf, type Broken } from "./harness.js";

const fixtures = brokenFixtures();

function failedLaws(prog: Program, module: string): ReadonlySet<string> {
  const m = prog.modules.find((x) => x.name === module);
  if (m === undefined) throw new Error(`no module ${module}`);
  // Tracking premises makes the sweep complete: it does not stop after the first two failures.
  return sweep(prog, m, factsTable(prog, m).table, EXPLORE_BOUNDS, true).failed;
}

describe("broken semantics are caught by the laws alone", () => {
  it("there are patch fixtures and mutant fixtures", () => {
    expect(fixtures.filter((f) => f.find !== undefined).length).toBeGreaterThanOrEqual(4);
    expect(fixtures.filter((f) => f.mutant !== undefined).length).toBeGreaterThanOrEqual(3);
  });

  it("the unbroken law book passes its own laws without examples", { timeout: 300_000 }, () => {
    const prog = lawsOnly();
    for (const module of [...new Set(fixtures.map(moduleOf))].sort()) expect([...failedLaws(prog, module)], module).toEqual([]);
  });

  it("a fixture whose text or mutant is gone fails loudly, naming what to do", () => {
    const patch: Broken = { name: "gone", spec: "spec/supervise.yaml", find: "no such text", replace: "", laws: [] };
    expect(() => brokenProgram(patch)).toThrow(/gone: the text to replace occurs 0 times in spec\/supervise.yaml, not once; the spec changed/);
    const mutant: Broken = { name: "gone", spec: "spec/supervise.yaml", mutant: "RestartDecide.over_budget:guard:flip<", laws: [] };
    expect(() => brokenProgram(mutant)).toThrow(/supervise has no mutant RestartDecide.over_budget:guard:flip< .*--list.*; of that place: RestartDecide.over_budget:guard:flip>/);
  });

  for (const f of fixtures) {
    it(`${f.name} (${f.mutant ?? "patch"}): ${f.laws.join(", ")} fail`, { timeout: 300_000 }, () => {
      const failed = failedLaws(brokenProgram(f), moduleOf(f));
      for (const law of f.laws) expect(failed.has(law), `${law} fails on ${f.name}; failed: ${[...failed].join(", ")}`).toBe(true);
    });
  }
});
