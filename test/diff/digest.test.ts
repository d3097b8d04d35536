// The model digest (generator/ir/digest.ts, SPEC_DIGEST in generated TypeScript): the same for
// the same model whatever its documentation, another for another model, and changed in a module
// when a module it imports changes.

import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { compileSpecs } from "../../generator/check/index.js";
import { moduleDigest } from "../../generator/ir/digest.js";
import type { Program } from "../../generator/ir/module.js";

const root = join(import.meta.dirname, "..", "..");
const meter = (edit: string): Program => {
  const r = compileSpecs(root, [`fixtures/diff/${edit}/meter.yaml`]);
  if (!r.ok) throw new Error(edit);
  return r.program;
};
const digest = (p: Program): string => moduleDigest(p, p.modules[0] as never);

describe("model digest", () => {
  it("is sha256 of the model, deterministic, and ignores documentation and laws", () => {
    const base = meter("base");
    expect(digest(base)).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(digest(meter("base"))).toBe(digest(base));
    // law-weakened changes the module doc and a law only.
    expect(digest(meter("law-weakened"))).toBe(digest(base));
  });

  it("changes with a guard, a variant or a state field", () => {
    const base = digest(meter("base"));
    for (const edit of ["guard-changed", "variant-removed", "field-added", "range-narrowed"]) expect(digest(meter(edit)), edit).not.toBe(base);
  });

  it("a module's digest follows the modules it imports", () => {
    const r = compileSpecs(root);
    if (!r.ok) throw new Error("spec/");
    const importer = r.program.modules.find((m) => m.imports.includes("timeouts"));
    if (!importer) throw new Error("no module imports timeouts");
    const before = moduleDigest(r.program, importer);
    const changed = r.program.modules.map((m) => (m.name === "timeouts" ? { ...m, constants: m.constants.map((c, i) => (i === 0 ? { ...c, value: Number(c.value) + 1 } : c)) } : m));
    expect(moduleDigest({ modules: changed }, importer)).not.toBe(before);
  });
});
