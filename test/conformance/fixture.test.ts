// The conformance harness on a fixture spec richer than any law module needs today (enums,
// options, strings, records, a list of worker records indexed by events, a capped window): the
// generated code passes every check, and every rule of the fixture fires under random runs.

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Suite, settingsFromEnv } from "../../generator/conformance/index.js";
import { compiled, emittedTs, FIXTURES, loadTs, removeScratch, schemasOf, scratchDir } from "./specs.js";

const program = compiled(FIXTURES);
const dir = scratchDir("fixture");
let suite: Suite | null = null;

beforeAll(async () => {
  const impl = await loadTs(dir, emittedTs(program), "fleet");
  suite = new Suite(program, "fleet", impl, schemasOf(program), settingsFromEnv(process.env));
});
afterAll(() => {
  removeScratch(dir);
  if (suite !== null) console.log(suite.coverageReport());
});

const names = new Suite(program, "fleet", { RULES: [], machines: {}, decisions: {} }, schemasOf(program), settingsFromEnv({})).checks().map((c) => c.name);

describe("conformance harness on fixtures/spec/fleet.yaml", { timeout: 120_000 }, () => {
  it("lists one check per example, per law, constants, two per machine and decision, the verdict functions, and coverage", () => {
    const m = program.modules[0];
    expect(m).toBeDefined();
    // The fixture has no parameter (no instance, no per-parameter check); it has decisions.
    const verdicts = (m?.decisions.length ?? 0) > 0 ? 1 : 0;
    expect(names.length).toBe((m?.examples.length ?? 0) + (m?.laws.length ?? 0) + 1 + 2 * ((m?.machines.length ?? 0) + (m?.decisions.length ?? 0)) + verdicts + 1);
    expect(names[names.length - 1]).toBe("every rule fires");
  });
  for (const name of names) {
    it(name, () => {
      const check = suite?.checks().find((c) => c.name === name);
      expect(check).toBeDefined();
      check?.run();
    });
  }
});
