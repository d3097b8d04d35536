// formal/Proofs stays inside the tactic list of issue 16 (decide, rfl, cases, induction, intro,
// intros, exact, constructor, simp only [..], unfold, apply, refine, show, have, match/fun),
// with no axiom or admit; every generated law statement has exactly one proof theorem. Prints
// the count of proofs without sorry per module (candidates: no Lean checked them here).

import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { breaches, lawProofs } from "./tactics.js";

const ROOT = join(import.meta.dirname, "..", "..");
const PROOFS = join(ROOT, "formal", "Proofs");
const STATEMENTS = join(ROOT, "generated", "lean", "Statute");
const files = readdirSync(PROOFS).filter((f) => f.endsWith(".lean")).sort();
// Proofs/Lemmas.lean: the shared helpers, under the same tactic wall, proving no law.
const lawFiles = files.filter((f) => f !== "Lemmas.lean");

function statements(module: string): string[] {
  const text = readFileSync(join(STATEMENTS, `${module}.lean`), "utf8");
  return [...text.matchAll(/^def ([A-Za-z0-9_']+)_stmt : Prop/gm)].map((m) => m[1] ?? "");
}

describe("the tactic wall", () => {
  it("refuses omega, bare simp, by_cases, axiom, admit and an unlisted tactic", () => {
    const bad = [
      "theorem a : Statute.X.a_stmt := by\n  intro f\n  omega",
      "theorem a : Statute.X.a_stmt := by\n  simp [foo]",
      "theorem a : Statute.X.a_stmt := by\n  cases f <;> simp",
      "theorem a : Statute.X.a_stmt := by\n  by_cases h : x < 1",
      "axiom cheat : False",
      "theorem a : Statute.X.a_stmt := by\n  admit",
      "theorem a : Statute.X.a_stmt := by\n  intro f\n  cases f <;> trivial",
      "theorem a : Statute.X.a_stmt := by\n  norm_num",
    ];
    for (const text of bad) expect(breaches(text), text).not.toEqual([]);
  });

  it("accepts the listed tactics and ignores comments", () => {
    const good = [
      "-- omega and simp are named here only in a comment",
      "/- by_cases h : x -/",
      "theorem a : Statute.X.a_stmt := by",
      "  intro f",
      "  cases f with",
      "  | mk x y => cases x <;> cases y <;> simp only [foo, bar] <;> decide",
      "  · exact Nat.le_refl _",
      "  exact ⟨fun h => absurd h ff_ne_tt, Nat.le_refl _⟩",
    ].join("\n");
    expect(breaches(good)).toEqual([]);
  });

  it("reads statements and `:=` bodies as terms, and the tactics after `:= by` as tactics", () => {
    const terms = [
      "theorem h {a b : Nat} (x : decide (a ≥ b) = true) :",
      "    decide (a < b) = false :=",
      "  decide_eq_false (Nat.not_lt.mpr",
      "    (of_decide_eq_true x))",
      "",
      "theorem r (s : S) :",
      "    s = ⟨0, []⟩ ∨",
      "      s = ⟨1, [0]⟩ := by",
      "  have h : decide (1 ≤ 2) = true :=",
      "    decide_eq_true (Nat.le_succ 1)",
      "  exact h",
    ].join("\n");
    expect(breaches(terms)).toEqual([]);
    expect(breaches("theorem r (s : S) :\n    s = s := by\n  norm_num\n  aesop_cat")).toEqual(["3: norm_num", "4: aesop_cat"]);
    expect(breaches("theorem h : T :=\n  foo\n\ntheorem g : U := by\n  bar")).toEqual(["5: bar"]);
  });

  for (const file of files) {
    it(`${file} uses only the listed tactics`, () => {
      expect(breaches(readFileSync(join(PROOFS, file), "utf8"))).toEqual([]);
    });
  }
});

describe("proofs per law", () => {
  const rows: string[] = [];
  let proved = 0;
  let total = 0;
  for (const file of lawFiles) {
    const module = file.replace(/\.lean$/, "");
    it(`${module}: one theorem per generated statement, none for a law that is gone`, () => {
      const proofs = lawProofs(readFileSync(join(PROOFS, file), "utf8"));
      expect(proofs.map((p) => p.law).sort()).toEqual(statements(module).sort());
      const closed = proofs.filter((p) => !p.open).length;
      const defaults = proofs.filter((p) => !p.open && p.atDefaults).map((p) => p.law);
      proved += closed;
      total += proofs.length;
      rows.push(`${module}: ${closed}/${proofs.length} without sorry (unchecked candidates)${defaults.length > 0 ? `; at the defaults only: ${defaults.join(", ")}` : ""}`);
    });
  }
  it("every generated module with laws has a proofs file", () => {
    const modules = readdirSync(STATEMENTS)
      .filter((f) => f.endsWith(".lean"))
      .map((f) => f.replace(/\.lean$/, ""))
      .filter((m) => statements(m).length > 0);
    expect(lawFiles.map((f) => f.replace(/\.lean$/, ""))).toEqual(modules.sort());
    console.log([...rows, `overall: ${proved}/${total}`].join("\n"));
  });
});
