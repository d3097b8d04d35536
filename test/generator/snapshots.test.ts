// Snapshots of every target for the generator's text fixtures: each fixtures/gen/<case>/spec/
// compiles, and all targets (ts, schema, lean, quint, tests, docs) rendered in memory equal
// fixtures/gen/<case>/generated/ byte for byte, with no file missing or left over. Accept changes
// with `npm run fixtures:accept` (every golden of the generator at once) and review the diff.

import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { emitAll } from "../../generator/emit/index.js";
import { FIXTURES, fixtureCases, fixtureProgram } from "../fixture-specs.js";

const update = process.env["UPDATE_GOLDEN"] === "1";

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? filesUnder(p) : [p];
  });
}

describe("snapshots of the text fixtures", () => {
  const cases = fixtureCases();

  it("has cases", () => {
    expect(cases.length).toBeGreaterThanOrEqual(1);
  });

  for (const name of cases) {
    it(`${name}: every target equals fixtures/gen/${name}/generated`, () => {
      const out = join(FIXTURES, name, "generated");
      const files = emitAll(fixtureProgram(name), {});
      if (update) {
        rmSync(out, { recursive: true, force: true });
        for (const f of files) {
          mkdirSync(dirname(join(out, f.path)), { recursive: true });
          writeFileSync(join(out, f.path), f.content);
        }
      }
      const have = filesUnder(out).map((p) => relative(out, p).split("\\").join("/")).sort();
      expect(have, `files of fixtures/gen/${name}/generated (run npm run fixtures:accept)`).toEqual(files.map((f) => f.path));
      for (const f of files) expect(readFileSync(join(out, f.path), "utf8"), f.path).toBe(f.content);
    });
  }
});
