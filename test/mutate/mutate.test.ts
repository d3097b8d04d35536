// generator/mutate: mutant ids are stable and readable, mutants never touch the original IR,
// the judge kills by the module's own claims (examples, decision laws over boundary facts,
// exploration), and the score separates survivors that behave differently (law gaps) from
// declared equivalents. The fixture test/mutate/weak_budget.yaml has one exact law
// (`counter_exact`) that the weak variant drops from the IR.

import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { compileSpecs, specFiles } from "../../generator/check/index.js";
import { main } from "../../generator/cli/main.js";
import type { Expr } from "../../generator/ir/expr.js";
import type { Module, Program } from "../../generator/ir/module.js";
import { EXPLORE_BOUNDS, factsFor, failures, factsTable, firstDifference, judge, mutants, mutateModule, replaceExpr, sampleInputs } from "../../generator/mutate/index.js";

const root = fileURLToPath(new URL("../..", import.meta.url));
const FIXTURE = "test/mutate/weak_budget.yaml";

function compiled(): Program {
  const r = compileSpecs(root, [...specFiles(root), FIXTURE]);
  if (!r.ok) throw new Error(`does not compile: ${JSON.stringify(r.diagnostics.slice(0, 3))}`);
  return r.program;
}

const prog = compiled();
const module = (name: string, p: Program = prog): Module => {
  const m = p.modules.find((x) => x.name === name);
  if (!m) throw new Error(`no module ${name}`);
  return m;
};
const withModule = (p: Program, m: Module): Program => ({ modules: p.modules.map((x) => (x.name === m.name ? m : x)) });

/** The fixture without its exact law: only `stop_absorbing` is left about the machine. */
const weak: Program = withModule(prog, { ...module("weak_budget"), laws: module("weak_budget").laws.filter((l) => l.name !== "counter_exact") });

describe("mutant spans", () => {
  it("a let's mutant points at the let's own line, not at its machine's or decision's", () => {
    const text = readFileSync(join(root, "spec", "supervise.yaml"), "utf8").split("\n");
    const lets = mutants(prog, module("supervise")).filter((m) => m.id.includes(":let "));
    expect(lets.length).toBeGreaterThan(0);
    for (const m of lets) {
      const name = /:let ([a-z_0-9]+)/.exec(m.id)?.[1] ?? "";
      expect(text[m.span.line - 1], m.id).toMatch(new RegExp(`^\\s+${name}: `));
    }
  });
});

describe("mutant ids", () => {
  it("are unique, stable across runs, and name location, part and change", () => {
    const sup = module("supervise");
    const ids = mutants(prog, sup).map((m) => m.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(mutants(compiled(), module("supervise", compiled())).map((m) => m.id)).toEqual(ids);
    expect(ids).toEqual(
      expect.arrayContaining([
        "RestartBudget.Failure.clock_backwards:guard:flip<",
        "RestartBudget.Failure.give_up:guard:negate",
        "RestartBudget.Failure.restart:drop last_ms",
        "RestartBudget.Failure:let recent:flip<",
        "RestartBudget.Failure:swap given_up<>clock_backwards",
        "RestartDecide.over_budget:guard:flip>",
        "RestartDecide.pause:then:RESTART_PAUSE_BASE_MS+1",
      ]),
    );
    const flip = mutants(prog, sup).find((m) => m.id === "RestartBudget.Failure.clock_backwards:guard:flip<");
    expect(flip?.change).toBe("e.at_ms < s.last_ms  =>  e.at_ms <= s.last_ms");
    expect(flip?.span.file).toBe("spec/supervise.yaml");
  });

  it("a second identical change in one part gets #2; a nat literal 0 has no -1", () => {
    const ids = mutants(prog, module("weak_budget")).map((m) => m.id);
    expect(ids).toContain("Counter.Fail.stop:set count:1+1");
    expect(ids).toContain("Counter.Fail.stop:set count:1-1");
    expect(ids.filter((id) => id.startsWith("Counter.Fail.stop:guard:"))).toEqual([
      "Counter.Fail.stop:guard:flip>=",
      "Counter.Fail.stop:guard:1+1",
      "Counter.Fail.stop:guard:1-1",
      "Counter.Fail.stop:guard:LIMIT+1",
      "Counter.Fail.stop:guard:LIMIT-1",
      "Counter.Fail.stop:guard:negate",
    ]);
    // Two branches that both emit Stop and assign nothing alike are still swappable; the two
    // emits are equal, so no emit swap is made between them.
    expect(ids).toContain("Counter.Fail:swap stopped<>stop");
    expect(ids).not.toContain("Counter.Fail:emit stopped<>stop");
  });
});

describe("applying mutants", () => {
  it("never changes the original IR, and replaceExpr shares what it does not touch", () => {
    const sup = module("supervise");
    const before = JSON.stringify(sup);
    for (const m of mutants(prog, sup)) m.apply(sup);
    expect(JSON.stringify(sup)).toBe(before);
    const guard = sup.machines[0]?.handlers[0]?.branches[1]?.guard as Expr & { kind: "binary" };
    const by: Expr = { ...guard.right, kind: "lit", value: 7 } as Expr;
    const out = replaceExpr(guard, guard.right.id, by) as Expr & { kind: "binary" };
    expect(out.right).toBe(by);
    expect(out.left).toBe(guard.left);
    expect(replaceExpr(guard, -999, by)).toBe(guard);
  });
});

describe("the judge", () => {
  it("accepts the unmutated modules and kills by the module's own claims", () => {
    const facts = factsTable(prog, module("supervise")).table;
    expect(judge(prog, "supervise", facts, EXPLORE_BOUNDS)).toBeNull();
    const flip = mutants(prog, module("supervise")).find((m) => m.id === "RestartBudget.Failure.clock_backwards:guard:flip<");
    const mutated = withModule(prog, flip?.apply(module("supervise")) as Module);
    // At e.at_ms == s.last_ms the mutant rejects a failure the model accepts.
    expect(judge(mutated, "supervise", facts, EXPLORE_BOUNDS)).toMatch(/example|law/);
    // With no claims left, nothing can kill it.
    const mute = withModule(mutated, { ...module("supervise", mutated), laws: [], examples: [], explore: [] });
    expect(judge(mute, "supervise", new Map(), EXPLORE_BOUNDS)).toBeNull();
  });

  it("judges a decision on boundary facts: both ends of its range, LIMIT-1..LIMIT+1, the examples'", () => {
    const facts = factsFor(prog, { module: "weak_budget", name: "Level" }).map((f) => (f as { count: number }).count);
    expect(facts).toEqual(expect.arrayContaining([0, 1, 2, 3, 4, 9, 10]));
    expect(facts.every((c) => c >= 0 && c <= 10)).toBe(true);
  });
});

describe("the score", () => {
  it("the exact law kills every mutant of the fixture", () => {
    const s = mutateModule(prog, module("weak_budget"));
    expect(s.baseline).toBeNull();
    expect(s.results.filter((r) => r.status !== "killed").map((r) => r.id)).toEqual([]);
    expect(s.killed).toBe(s.scored);
  });

  it("with only the weak law every machine mutant survives, each with an input where it differs", () => {
    const s = mutateModule(weak, module("weak_budget", weak));
    const survivors = s.results.filter((r) => r.status === "survived");
    expect(survivors.length).toBeGreaterThan(10);
    for (const r of survivors) {
      expect(r.id.startsWith("Counter.")).toBe(true);
      expect(r.detail).not.toBe("");
    }
    // The decision is still pinned by level_exact and the example.
    expect(s.results.filter((r) => r.id.startsWith("Level")).every((r) => r.status === "killed")).toBe(true);
  });

  it("a declared equivalent that behaves differently is judged and fails the run; a stale id is a warning", () => {
    const m = module("weak_budget", weak);
    const plain = mutateModule(weak, m);
    const differs = plain.results.find((r) => r.status === "survived" && r.detail !== "");
    if (differs === undefined) throw new Error("the weak fixture needs a survivor that behaves differently");
    const equivalent = [
      { mutant: differs.id, reason: "wrongly declared" },
      { mutant: "Counter.Fail.nope:guard:negate", reason: "stale" },
    ];
    const declared = { ...m, equivalent };
    const s = mutateModule(withModule(weak, declared), declared);
    // A wrong declaration does not take the mutant out of the score; it is judged and reported.
    expect(s.scored).toBe(plain.scored);
    expect(s.results.find((r) => r.id === differs.id)?.status).toBe("survived");
    expect(s.falseEquivalent.map((f) => f.id)).toEqual([differs.id]);
    expect(failures(s).some((f) => f.includes(differs.id))).toBe(true);
    expect(s.staleEquivalent).toEqual(["Counter.Fail.nope:guard:negate"]);
  });

  it("a pattern declares a family of equivalents, each verified", () => {
    const m = module("weak_budget", weak);
    const declared = { ...m, equivalent: [{ mutant: "Counter.*", reason: "too broad on purpose" }] };
    const s = mutateModule(withModule(weak, declared), declared);
    expect(s.falseEquivalent.length).toBeGreaterThan(0);
    expect(s.falseEquivalent.every((f) => f.id.startsWith("Counter."))).toBe(true);
  });

  it("firstDifference finds nothing between a program and itself", () => {
    const sample = sampleInputs(prog, module("weak_budget"), EXPLORE_BOUNDS);
    expect(sample.steps.length).toBeGreaterThan(3);
    expect(firstDifference(prog, prog, sample)).toBeNull();
  });

  it("statute mutate prints a score per module", async () => {
    let out = "";
    const code = await main(["mutate", FIXTURE], root, { out: (t) => void (out += t), err: () => undefined });
    expect(code).toBe(0);
    expect(out).toMatch(/^weak_budget: laws \+ examples 22\/22 \(100\.0%\), laws only \d+\/22/m);
  });
});
