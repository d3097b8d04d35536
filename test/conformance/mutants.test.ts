// The test of the tests: for each module, mutants of its IR (the same operators `statute mutate`
// uses, declared equivalents left out) are emitted through the TS emitter, loaded from a scratch
// tree under .tmp/ and run through the module's own conformance suite, whose oracle is the
// UNMUTATED spec; every one must be caught by some example or property. The unbroken copy,
// loaded the same way, must pass, or a "catch" would mean nothing.

import { afterAll, describe, expect, it } from "vitest";
import { knownFailures, repoSpecs, Suite, type GeneratedModule, type NamedCheck } from "../../generator/conformance/index.js";
import type { Program } from "../../generator/ir/module.js";
import { idPattern, mutants } from "../../generator/mutate/index.js";
import { emittedTs, generatedTs, loadTs, removeScratch, scratchDir } from "./specs.js";

const { program, schemas } = repoSpecs();
const files = generatedTs(program);
const dirs: string[] = [];
const settings = { runs: Number(process.env["STATUTE_MUTANT_RUNS"] ?? 100), seed: 7, traceLength: 24 };
const summary: string[] = [];

afterAll(() => {
  for (const d of dirs) removeScratch(d);
  console.log(`mutants caught by the conformance suites:\n${summary.join("\n")}`);
});

async function load(module: string, replacement: string | null): Promise<GeneratedModule> {
  const dir = scratchDir(`mutant-${module}`);
  dirs.push(dir);
  const copy = new Map(files);
  if (replacement !== null) copy.set(`${module}.ts`, replacement);
  return loadTs(dir, copy, module);
}

/** At most `count` mutants of `module`, spread evenly over its list, equivalents left out. */
function sample(module: string, count: number): { id: string; program: Program }[] {
  const m = program.modules.find((x) => x.name === module);
  if (m === undefined) return [];
  const equivalent = m.equivalent.map((e) => idPattern(e.mutant));
  const all = mutants(program, m).filter((x) => !equivalent.some((matches) => matches(x.id)));
  const step = Math.max(1, Math.floor(all.length / count));
  return all
    .filter((_, i) => i % step === 0)
    .slice(0, count)
    .map((x) => ({ id: x.id, program: { modules: program.modules.map((y) => (y.name === module ? x.apply(y) : y)) } }));
}

/** The checks of a fresh suite over `impl`, without those listed as known failures. */
function checks(module: string, impl: GeneratedModule): NamedCheck[] {
  const known = knownFailures(module);
  return new Suite(program, module, impl, schemas, settings).checks().filter((c) => !known.has(c.name));
}

/** The name of the first check that fails, and why; null when all pass. */
function firstFailure(list: readonly NamedCheck[]): string | null {
  for (const c of list) {
    try {
      c.run();
    } catch (e) {
      return `${c.name}: ${(e instanceof Error ? e.message : String(e)).split("\n")[0]?.slice(0, 160) ?? ""}`;
    }
  }
  return null;
}

describe("mutants of generated/ts are caught by the conformance suites", { timeout: 300_000 }, () => {
  for (const m of program.modules) {
    it(`${m.name}: the unmutated copy passes and at least 5 mutants are all caught`, async () => {
      const text = files.get(`${m.name}.ts`) ?? "";
      expect(firstFailure(checks(m.name, await load(m.name, null)))).toBeNull();
      const list = sample(m.name, 6).map((x) => ({ id: x.id, text: emittedTs(x.program).get(`${m.name}.ts`) ?? "" }));
      expect(list.length, `${m.name}: too few mutation sites`).toBeGreaterThanOrEqual(5);
      const survivors: string[] = [];
      const lines: string[] = [];
      let caught = 0;
      let byProperties = 0;
      for (const mutant of list) {
        expect(mutant.text).not.toBe(text);
        const all = checks(m.name, await load(m.name, mutant.text));
        const failure = firstFailure(all);
        if (failure === null) survivors.push(mutant.id);
        else caught++;
        // Would the random properties alone (no example) have caught it? Reported, not required.
        const property = firstFailure(all.filter((c) => !c.name.startsWith("example ")));
        if (property !== null) byProperties++;
        lines.push(`    ${mutant.id}: ${failure === null ? "SURVIVED" : `caught by ${failure.split(":")[0] ?? ""}`}${property === null ? "" : `; properties: ${property.split(":")[0] ?? ""}`}`);
      }
      summary.push(`  ${m.name}: ${caught}/${list.length} caught (${byProperties} by the properties alone)\n${lines.join("\n")}`);
      expect(survivors, `${m.name}: mutants no check caught`).toEqual([]);
    });
  }
});
