// Vacuity: a law whose premise no explored state or judged facts record meets claims nothing and
// fails `statute mutate`, unless the law states why (`vacuous:`). Checked on the real restart
// budget with one extra step law whose premise cannot hold, and one whose premise does.

import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { compileSpecs } from "../../generator/check/index.js";
import type { Expr } from "../../generator/ir/expr.js";
import type { Law, Program } from "../../generator/ir/module.js";
import { BOOL } from "../../generator/ir/types.js";
import { EXPLORE_BOUNDS, factsTable, failures, premises, vacuous } from "../../generator/mutate/index.js";
import { sweep } from "../../generator/mutate/sweep.js";
import { main } from "../../generator/cli/main.js";

const root = join(import.meta.dirname, "../..");
const lit = (value: boolean): Expr => ({ id: -1, type: BOOL, kind: "lit", value });
const implies = (p: Expr, q: Expr): Expr => ({ id: -1, type: BOOL, kind: "binary", op: "||", left: { id: -1, type: BOOL, kind: "not", arg: p }, right: q });

function withLaw(name: string, premise: Expr, vacuousReason = ""): { prog: Program; law: Law } {
  const r = compileSpecs(root);
  if (!r.ok) throw new Error("specs do not compile");
  const supervise = r.program.modules.find((m) => m.name === "supervise");
  const base = supervise?.laws.find((l) => l.name === "restart_gives_up");
  if (supervise === undefined || base === undefined || base.body.kind !== "step") throw new Error("no restart_gives_up");
  const law: Law = { ...base, name, ident: name, vacuous: vacuousReason, body: { ...base.body, expr: implies(premise, lit(true)) } };
  const module = { ...supervise, laws: [...supervise.laws, law] };
  return { prog: { modules: r.program.modules.map((m) => (m.name === "supervise" ? module : m)) }, law };
}

describe("vacuity", () => {
  it("finds the premise of an implication", () => {
    const { law } = withLaw("never_premise", lit(false));
    expect(premises(law).map((p) => p.text)).toEqual(["false"]);
  });

  it("a premise nothing meets is reported, one that is met is not", () => {
    for (const [premise, expected] of [[lit(false), ["false"]], [lit(true), []]] as const) {
      const { prog, law } = withLaw("extra_law", premise);
      const m = prog.modules.find((x) => x.name === "supervise");
      if (m === undefined) throw new Error("no supervise");
      const s = sweep(prog, m, factsTable(prog, m).table, EXPLORE_BOUNDS, true);
      const unmet = premises(law).filter((p) => !s.met.has(p.id)).map((p) => p.text);
      expect(unmet).toEqual(expected);
    }
  });

  it("an unmet premise fails the run unless the law says why", () => {
    const score = (reason: string) => {
      const { prog } = withLaw("extra_law", lit(false), reason);
      const m = prog.modules.find((x) => x.name === "supervise");
      if (m === undefined) throw new Error("no supervise");
      const s = sweep(prog, m, factsTable(prog, m).table, EXPLORE_BOUNDS, true);
      const laws = m.laws.map((l) => ({ law: l.name, kind: l.body.kind, unmet: premises(l).filter((p) => !s.met.has(p.id)).map((p) => p.text), accepted: l.vacuous, only: [] }));
      return { module: "supervise", instances: ["the defaults"], baseline: null, results: [], killedByLaws: 0, killed: 0, scored: 0, warnings: [], staleEquivalent: [], falseEquivalent: [], laws, elapsedMs: 0 };
    };
    expect(vacuous(score("")).map((l) => l.law)).toEqual(["extra_law"]);
    expect(failures(score("")).some((f) => f.includes("extra_law is vacuous"))).toBe(true);
    expect(vacuous(score("kept as documentation"))).toEqual([]);
  });
});

describe("vacuity is judged on what explore searches", () => {
  const run = async (...argv: string[]) => {
    let out = "";
    const code = await main(argv, root, { out: (t) => void (out += t), err: (t) => void (out += t) }, {});
    return { code, out };
  };

  it("a premise first met after 27 steps and 3 654 states is met; a shallower --depth leaves it unmet", async () => {
    const full = await run("mutate", "test/mutate/deep_premise.yaml");
    expect(full.out).not.toContain("is vacuous");
    const shallow = await run("mutate", "test/mutate/deep_premise.yaml", "--depth", "26");
    expect(shallow.out).toContain("law counters_nine_sum is vacuous");
    expect(shallow.code).toBe(1);
    const few = await run("mutate", "test/mutate/deep_premise.yaml", "--max-states", "3000");
    expect(few.out).toContain("law counters_nine_sum is vacuous");
  });
});
