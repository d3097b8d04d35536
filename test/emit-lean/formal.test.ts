// Tests of the formal/ Lake skeleton: the generated library is read from generated/lean, the
// toolchain is pinned to a release, and every proofs file imports and proves only its own
// module's statements, in the form readProofStatus recognises.

import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { proofStatusOf, readProofStatus, stripComments } from "../../generator/emit/lean/proofs.js";

const FORMAL = join(process.cwd(), "formal");
const leanFiles = readdirSync(join(FORMAL, "Proofs")).filter((f) => f.endsWith(".lean")).sort();
// Proofs/Lemmas.lean holds the helpers every proofs file shares; it proves no law.
const LEMMAS = "Lemmas.lean";
const proofFiles = leanFiles.filter((f) => f !== LEMMAS);

describe("formal/ skeleton", () => {
  it("builds the Statute library from generated/lean and pins a Lean 4 release", () => {
    const lake = readFileSync(join(FORMAL, "lakefile.toml"), "utf8");
    expect(lake).toMatch(/\[\[lean_lib\]\]\nname = "Statute"\nsrcDir = "\.\.\/generated\/lean"\n/);
    expect(lake).toMatch(/\[\[lean_lib\]\]\nname = "Proofs"\n/);
    expect(readFileSync(join(FORMAL, "lean-toolchain"), "utf8")).toMatch(/^leanprover\/lean4:v4\.\d+\.\d+\n$/);
  });

  it("states the shared helpers once, in Proofs/Lemmas.lean, which proves no law", () => {
    const lemmas = stripComments(readFileSync(join(FORMAL, "Proofs", LEMMAS), "utf8"));
    expect(proofStatusOf(lemmas).size).toBe(0);
    const shared = [...lemmas.matchAll(/^theorem ([A-Za-z_][A-Za-z0-9_']*)/gm)].map((m) => m[1] ?? "");
    expect(shared.length).toBeGreaterThan(0);
    for (const f of proofFiles) {
      const src = stripComments(readFileSync(join(FORMAL, "Proofs", f), "utf8"));
      const own = new Set([...src.matchAll(/^theorem ([A-Za-z_][A-Za-z0-9_']*)/gm)].map((m) => m[1]));
      expect(shared.filter((n) => own.has(n)), `${f} restates a shared helper`).toEqual([]);
      if (shared.some((n) => new RegExp(`(?<![A-Za-z0-9_.'])${n.replace(/'/g, "\\'")}(?![A-Za-z0-9_'])`).test(src))) {
        expect(src, `${f} uses a shared helper`).toContain("\nimport Proofs.Lemmas\n");
      }
    }
  });

  it("imports every proofs file from Proofs.lean", () => {
    const root = readFileSync(join(FORMAL, "Proofs.lean"), "utf8");
    for (const f of proofFiles) expect(root).toContain(`\nimport Proofs.${f.replace(/\.lean$/, "")}\n`);
  });

  for (const f of proofFiles) {
    it(`${f} imports its generated module and states only that module's laws`, () => {
      const module = f.replace(/\.lean$/, "");
      const src = readFileSync(join(FORMAL, "Proofs", f), "utf8");
      expect(src).toContain(`\nimport Statute.${module}\n`);
      const statements = [...stripComments(src).matchAll(/^theorem (\w+)\s*:\s*Statute\.(\w+)\.(\w+)_stmt/gm)];
      // A law proved at the parameters' defaults only: `<law>_at_defaults : <law>_at <Module>Params.defaults`.
      const atDefaults = [...stripComments(src).matchAll(/^theorem (\w+)_at_defaults\s*:\s*Statute\.(\w+)\.(\w+)_at\s+(\w+)Params\.defaults\b/gm)];
      expect(statements.length).toBeGreaterThan(0);
      for (const m of [...statements, ...atDefaults]) {
        expect(m[2]).toBe(module);
        expect(m[3]).toBe(m[1]);
      }
      for (const m of atDefaults) expect(m[4]).toBe(module);
      expect(proofStatusOf(src).size).toBe(new Set([...statements, ...atDefaults].map((m) => m[1])).size);
    });
  }

  it("reads a status for every stated law of formal/Proofs", () => {
    const all = proofFiles.flatMap((f) => [...proofStatusOf(readFileSync(join(FORMAL, "Proofs", f), "utf8")).keys()]);
    expect([...readProofStatus(FORMAL).keys()].sort()).toEqual([...new Set(all)].sort());
  });
});
