// The one catalogue of diagnostics: codes are unique, and every code has a golden file under
// fixtures/invalid (or a line in fixtures/invalid/no-golden.txt saying why not and where it is
// pinned instead). Several goldens hold more than one error, so that "one run reports every
// error" is itself pinned.

import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { catalogue } from "../../generator/diagnostics/catalogue.js";

const dir = join(import.meta.dirname, "..", "..", "fixtures", "invalid");
const goldens = readdirSync(dir).filter((f) => f.endsWith(".errors.txt")).map((f) => readFileSync(join(dir, f), "utf8"));
const exempt = readFileSync(join(dir, "no-golden.txt"), "utf8")
  .split("\n")
  .filter((l) => /^STA\d{4} /.test(l))
  .map((l) => l.slice(0, 7));

describe("diagnostic catalogue", () => {
  const codes = Object.values(catalogue).map((d) => `STA${d.code}`);

  it("every message and hint is one line, and no hint points into this repository's layout alone", () => {
    for (const d of Object.values(catalogue)) {
      expect(d.message, `STA${d.code}`).not.toContain("\n");
      expect(d.hint, `STA${d.code}`).not.toContain("\n");
      if (d.hint.includes("generator/spec.schema.json")) expect(d.hint, `STA${d.code}`).toContain("node_modules/statute/generator/spec.schema.json");
    }
  });

  it("has unique codes", () => {
    expect(new Set(codes).size).toBe(codes.length);
  });

  it.each(codes)("%s has a golden file or a stated reason", (code) => {
    const shown = goldens.some((g) => g.includes(`error ${code}:`));
    expect(shown || exempt.includes(code)).toBe(true);
    // An exemption for a code that has a golden anyway is stale.
    expect(shown && exempt.includes(code)).toBe(false);
  });

  it("has goldens that report several errors in one run", () => {
    const several = goldens.filter((g) => (g.match(/^\S+:\d+:\d+: error STA\d{4}:/gm) ?? []).length >= 2);
    expect(several.length).toBeGreaterThanOrEqual(8);
  });
});
