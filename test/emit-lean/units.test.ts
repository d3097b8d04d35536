// Tests of the Lean emitter's parts: precedence and parentheses of expressions (expected text
// derived from Lean 4's operator precedences, not copied from output), layout, doc comments,
// names, and the proof-status scanner of formal/Proofs.

import { mkdtempSync, mkdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { ExprCx } from "../../generator/emit/lean/context.js";
import { typeTable } from "../../generator/emit/lean/context.js";
import { docComment } from "../../generator/emit/lean/docs.js";
import { term } from "../../generator/emit/lean/expr.js";
import { align, cat, group, line, nest, render } from "../../generator/emit/lean/layout.js";
import { ident, localName, upperCamel } from "../../generator/emit/lean/names.js";
import { proofScaffold, proofStatusOf, readProofStatus } from "../../generator/emit/lean/proofs.js";
import { runExample } from "../../generator/interpret/index.js";
import type { Expr } from "../../generator/ir/expr.js";
import { BOOL, INT, MS, NAT } from "../../generator/ir/types.js";
import * as b from "./build.js";
import { program, supervise } from "./fixture.js";

const cx: ExprCx = { module: "supervise", typeDecl: typeTable(program), scope: new Map(), lp: null, params: null };
const show = (e: Expr) => render(term(e, cx).doc);
const x = () => b.v("x", NAT);
const y = () => b.v("y", NAT);
const z = () => b.v("z", NAT);
const p = () => b.v("p", BOOL);
const q = () => b.v("q", BOOL);

describe("lean expressions", () => {
  it("keeps left-nested subtraction bare and parenthesises a right-nested one", () => {
    expect(show(b.bin("-", b.bin("-", x(), y()), z()))).toBe("x - y - z");
    expect(show(b.bin("-", x(), b.bin("-", y(), z())))).toBe("x - (y - z)");
  });
  it("binds * tighter than + and 2 ^ n tighter than *", () => {
    expect(show(b.bin("*", b.bin("+", x(), y()), z()))).toBe("(x + y) * z");
    expect(show(b.bin("*", b.lit(250, MS), b.call("pow2", [b.bin("+", x(), y())], NAT)))).toBe("250 * 2 ^ (x + y)");
  });
  it("turns comparisons into decide and == into propositional equality", () => {
    expect(show(b.bin("<", b.bin("+", x(), y()), z()))).toBe("decide (x + y < z)");
    expect(show(b.bin("!=", x(), y()))).toBe("decide (x ≠ y)");
    expect(show(b.bin("==", b.bin("&&", p(), q()), p()))).toBe("decide ((p && q) = p)");
  });
  it("parenthesises || under &&, && under || (for readers) and negated conjunctions", () => {
    expect(show(b.bin("&&", b.bin("||", p(), q()), p()))).toBe("(p || q) && p");
    expect(show(b.bin("||", p(), b.bin("&&", q(), p())))).toBe("p || (q && p)");
    expect(show(b.not(b.bin("&&", p(), q())))).toBe("!(p && q)");
    expect(show(b.not(b.bin("<", x(), y())))).toBe("!decide (x < y)");
  });
  it("writes int literals with their type and keeps nat literals bare", () => {
    expect(show(b.lit(-3, INT))).toBe("(-3 : Int)");
    expect(show(b.lit(900_000, MS))).toBe("900000");
  });
  it("qualifies names from other modules and fully qualifies constructors", () => {
    expect(show(b.k(b.ref("timeouts", "REVIVAL_MAX_AGE_MS"), MS))).toBe("Statute.Timeouts.REVIVAL_MAX_AGE_MS");
    expect(show(b.enumV(b.ref("supervise", "OrphanVerdict"), "Exit"))).toBe("OrphanVerdict.Exit");
    expect(show(b.unionV(b.ref("supervise", "Verdict"), "Restart", { pause_ms: b.bin("+", x(), y()) }))).toBe("Verdict.Restart (x + y)");
  });
  it("tests an enum tag with decide and a union tag with a match", () => {
    expect(show(b.is(b.v("v", b.named("supervise", "OrphanVerdict")), "Exit"))).toBe("decide (v = OrphanVerdict.Exit)");
    expect(show(b.is(b.v("o", b.named("supervise", "Verdict")), "GiveUp"))).toBe("match o with | Verdict.GiveUp => true | _ => false");
  });
  it("drops a wildcard arm after every variant (Lean rejects redundant alternatives)", () => {
    const o = b.v("o", b.named("supervise", "Verdict"));
    const arms = [
      { variant: "Restart", binds: [], body: b.lit(1, NAT) },
      { variant: "GiveUp", binds: [], body: b.lit(2, NAT) },
      { variant: null, binds: [], body: b.lit(3, NAT) },
    ];
    expect(show(b.match(o, arms, NAT))).toBe("match o with | Verdict.Restart _ => 1 | Verdict.GiveUp => 2");
  });
  it("escapes keywords and primes locals that would shadow a called function", () => {
    expect(show(b.dot(b.v("s", b.named("supervise", "RestartBudgetState")), "at", NAT))).toBe("s.«at»");
    expect(show(b.letIn("min", x(), b.call("min", [b.v("min", NAT), y()], NAT)))).toBe("let min' := x; min min' y");
    expect(ident("end")).toBe("«end»");
    expect(localName("decide")).toBe("decide'");
  });
  it("types empty lists and none", () => {
    expect(show(b.list([], b.listOf(MS, 5)))).toBe("([] : List Nat)");
    expect(show({ id: 0, type: { kind: "option", of: b.listOf(NAT, 2) }, kind: "none" })).toBe("(Option.none : Option (List Nat))");
  });
});

describe("lean layout and docs", () => {
  it("keeps a group flat when it fits and breaks it, aligned, when it does not", () => {
    const doc = group(cat("f", nest(2, cat(line, "a", line, "b"))));
    expect(render(doc)).toBe("f a b");
    expect(render(doc, 0, 4)).toBe("f\n  a\n  b");
    expect(render(cat("xx(", align(group(cat("a,", line, "b"))), ")"), 0, 5)).toBe("xx(a,\n   b)");
  });
  it("wraps doc comments within 100 columns and defuses comment delimiters", () => {
    const text = "word ".repeat(60) + "ends -/ here /- too";
    const out = docComment(text, 2, b.span("spec/x.yaml", 7));
    for (const l of out.split("\n")) expect([...l].length).toBeLessThanOrEqual(100);
    expect(out.startsWith("  /-- word")).toBe(true);
    expect(out.endsWith("(spec/x.yaml:7) -/")).toBe(true);
    expect(out.slice(4, -2)).not.toMatch(/-\/|\/-/);
  });
  it("names modules UpperCamelCase", () => {
    expect(upperCamel("supervise")).toBe("Supervise");
    expect(upperCamel("restart_budget")).toBe("RestartBudget");
  });
});

describe("fixture vectors hold under the IR interpreter", () => {
  // The Lean theorems `ex_*` are proved by `decide`; they can only hold if the vectors are right.
  for (const ex of supervise.examples) {
    it(ex.name, () => {
      expect(runExample(program, ex).ok).toBe(true);
    });
  }
});

describe("proof status of formal/Proofs", () => {
  const src = `import Statute.Supervise
namespace Statute.Supervise.Proofs
-- theorem commented_out : Statute.Supervise.commented_out_stmt := by sorry
/-- proved -/
theorem restart_gives_up : Statute.Supervise.restart_gives_up_stmt := by
  intro s e h
  exact foo -- not sorry, just a comment saying sorry
theorem restart_failures_bounded : Statute.Supervise.restart_failures_bounded_stmt := by
  intro s h
  sorry
theorem helper : Statute.Supervise.other_stmt := by
  sorry
theorem restart_clock_backwards_rejected :
    Statute.Supervise.restart_clock_backwards_rejected_stmt := by
  exact bar
end Statute.Supervise.Proofs
`;
  it("marks a proof open when it contains sorry, proved otherwise; ignores comments and helpers", () => {
    const status = proofStatusOf(src);
    expect([...status]).toEqual([
      ["restart_gives_up", "proved"],
      ["restart_failures_bounded", "open"],
      ["restart_clock_backwards_rejected", "proved"],
    ]);
  });
  it("reads a proof at the parameters' defaults only as such, and a proof for all of them as stronger", () => {
    const text = `theorem restart_gives_up_at_defaults :
    Statute.Supervise.restart_gives_up_at SuperviseParams.defaults := by
  decide
theorem restart_decide_window_at_defaults :
    Statute.Supervise.restart_decide_window_at Statute.Supervise.SuperviseParams.defaults := by
  decide
theorem restart_decide_window : Statute.Supervise.restart_decide_window_stmt := by
  intro p _
  exact foo
theorem restart_clock_backwards_rejected_at_defaults :
    Statute.Supervise.restart_clock_backwards_rejected_at SuperviseParams.defaults := by
  sorry
theorem other_at_defaults : Statute.Supervise.other_at ParkParams.defaults := by
  decide
`;
    expect([...proofStatusOf(text)].sort()).toEqual([
      ["restart_clock_backwards_rejected", "open"],
      ["restart_decide_window", "proved"],
      ["restart_gives_up", "defaults"],
    ]);
  });
  it("reads every file of <formal>/Proofs, sorted, and is empty without the folder", () => {
    const dir = mkdtempSync(join(tmpdir(), "statute-formal-"));
    expect(readProofStatus(dir).size).toBe(0);
    mkdirSync(join(dir, "Proofs"));
    writeFileSync(join(dir, "Proofs", "Supervise.lean"), src);
    writeFileSync(join(dir, "Proofs", "Orphan.lean"), "theorem orphan_ffi : Statute.Orphan.orphan_ffi_stmt := by\n  decide\n");
    expect([...readProofStatus(dir)]).toEqual([
      ["orphan_ffi", "proved"],
      ["restart_clock_backwards_rejected", "proved"],
      ["restart_failures_bounded", "open"],
      ["restart_gives_up", "proved"],
    ]);
  });
  it("scaffolds every law Lean states (not wire/ffi) as an open proof the scanner recognises", () => {
    const status = proofStatusOf(proofScaffold(supervise));
    expect([...status.keys()]).toEqual(supervise.laws.filter((l) => l.body.kind !== "wire" && l.body.kind !== "ffi").map((l) => l.ident));
    expect(status.size).toBeGreaterThan(0);
    expect([...status.values()].every((s) => s === "open")).toBe(true);
  });
});
