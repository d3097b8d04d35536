// Golden tests of the diagnostics: every fixtures/invalid/<case>.yaml compiles to exactly the
// errors in <case>.errors.txt. Accept new output with `UPDATE_GOLDEN=1 npx vitest run test/generator`
// and review the diff. An expected file without its spec (or the reverse) fails.

import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { compileSpecs } from "../../generator/check/index.js";
import { exampleDiagnostics } from "../../generator/check/run-examples.js";
import { formatDiagnostics } from "../../generator/diagnostics/format.js";

const root = join(import.meta.dirname, "..", "..");
const dir = join(root, "fixtures", "invalid");
const cases = readdirSync(dir)
  .filter((f) => f.endsWith(".yaml"))
  .map((f) => f.slice(0, -".yaml".length))
  .sort();

describe("invalid specs", () => {
  it("has at least 20 cases and no orphan expected files", () => {
    expect(cases.length).toBeGreaterThanOrEqual(20);
    const expected = readdirSync(dir).filter((f) => f.endsWith(".errors.txt"));
    for (const f of expected) expect(cases).toContain(f.slice(0, -".errors.txt".length));
  });

  for (const name of cases) {
    it(name, () => {
      // What gen reports: the checker's diagnostics, else those of running the examples.
      const result = compileSpecs(root, [`fixtures/invalid/${name}.yaml`]);
      const diagnostics = result.ok ? exampleDiagnostics(result.program, result.texts) : result.diagnostics;
      expect(diagnostics.length).toBeGreaterThan(0);
      const text = formatDiagnostics(diagnostics, result.texts);
      expect(text).toMatch(/^fixtures\/invalid\/[a-z_]+\.yaml:\d+:\d+: error STA\d{4}: /);
      expect(text).not.toMatch(/\n\s+at .*\(.*:\d+:\d+\)/);
      const golden = join(dir, `${name}.errors.txt`);
      if (process.env["UPDATE_GOLDEN"] === "1" || !existsSync(golden)) {
        if (process.env["UPDATE_GOLDEN"] !== "1") throw new Error(`no golden file ${golden}; run with UPDATE_GOLDEN=1 and review it`);
        writeFileSync(golden, text);
      }
      expect(text).toBe(readFileSync(golden, "utf8"));
    });
  }
});
