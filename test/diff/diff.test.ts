// statute diff on a series of edits of one fixture spec (fixtures/diff/base/meter.yaml, each
// sibling folder one edit): a field added with a migration, a variant removed (undeclared and
// declared), a range narrowed, a guard changed, a law weakened. Each finding is checked against
// the interpreter run on the input it names, so a report that names a wrong input fails.

import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { compileSpecs } from "../../generator/check/index.js";
import { main } from "../../generator/cli/main.js";
import { emitDocs } from "../../generator/emit/docs/index.js";
import { diffPrograms, type ModuleDiff } from "../../generator/diff/index.js";
import { migrateState } from "../../generator/diff/state.js";
import { decide } from "../../generator/interpret/decision.js";
import { checkLaw } from "../../generator/interpret/law.js";
import { valueEquals, type Value } from "../../generator/interpret/value.js";
import type { Program } from "../../generator/ir/module.js";

const root = join(import.meta.dirname, "..", "..");

function program(edit: string): Program {
  const r = compileSpecs(root, [`fixtures/diff/${edit}/meter.yaml`]);
  if (!r.ok) throw new Error(`fixtures/diff/${edit} does not compile`);
  return r.program;
}

const base = program("base");

function meter(edit: string): { diff: ModuleDiff; now: Program } {
  const now = program(edit);
  const diff = diffPrograms(base, now).modules.find((m) => m.module === "meter");
  if (diff === undefined) throw new Error("no meter module in the report");
  return { diff, now };
}

async function cli(...args: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = "";
  let err = "";
  const code = await main(["diff", ...args], root, { out: (t) => void (out += t), err: (t) => void (err += t) }, {});
  return { code, out, err };
}

describe("statute diff", () => {
  it("the base against itself: nothing changed, exit 0", async () => {
    const r = diffPrograms(base, base);
    const m = r.modules[0] as ModuleDiff;
    expect(m.breaking).toEqual([]);
    expect(m.behaviour.every((b) => b.differing === 0 && b.inputs > 0)).toBe(true);
    expect(m.laws).toEqual([]);
    expect((await cli("fixtures/diff/base", "fixtures/diff/base")).code).toBe(0);
  });

  it("a field added with a migration is compatible, and every old state migrates and keeps the new laws", async () => {
    const { diff, now } = meter("field-added");
    expect(diff.breaking).toEqual([]);
    const state = diff.wire.find((w) => w.type === "MeterState");
    expect(state?.status).toBe("changed");
    expect(state?.breaking).toEqual([]);
    const s = diff.states.find((x) => x.machine === "Meter");
    expect(s?.through).toBe("migrate");
    expect(s?.failed).toBe(0);
    expect(s?.states).toBeGreaterThan(10);
    const machine = now.modules[0]?.machines[0];
    if (!machine) throw new Error("no machine");
    const migrated = migrateState({ program: now, module: now.modules[0] as never }, machine, { used: 2, last_ms: 7 });
    expect(migrated).toEqual({ ok: true, state: { used: 2, last_ms: 7, resets: 0 } });
    expect(diff.laws.map((l) => [l.law, l.status])).toEqual([["meter_resets_counted", "added"]]);
    expect((await cli("fixtures/diff/base", "fixtures/diff/field-added")).code).toBe(0);
  });

  it("a variant removed is breaking unless declared", async () => {
    const { diff } = meter("variant-removed");
    expect(diff.breaking.map((b) => [b.id, b.declared])).toEqual([["Answer.Late", null]]);
    const undeclared = await cli("fixtures/diff/base", "fixtures/diff/variant-removed");
    expect(undeclared.code).toBe(1);
    expect(undeclared.out).toContain("BREAKING (undeclared) Answer.Late: variant Late removed");
    const declared = meter("variant-removed-declared").diff;
    expect(declared.breaking.map((b) => b.id)).toEqual(["Answer.Late"]);
    expect(declared.breaking[0]?.declared).toMatch(/late use is denied/);
    expect((await cli("fixtures/diff/base", "fixtures/diff/variant-removed-declared")).code).toBe(0);
  });

  it("a range narrowed is breaking, with an old state that no longer fits", async () => {
    const { diff, now } = meter("range-narrowed");
    expect(diff.breaking.map((b) => b.id).sort()).toEqual(["MeterState", "MeterState.used"]);
    const s = diff.states.find((x) => x.machine === "Meter");
    const old = s?.first?.state as { used: number };
    expect(old.used).toBeGreaterThan(2);
    // The state printed is one the old model reaches and the new one cannot hold.
    const machine = now.modules[0]?.machines[0];
    if (!machine) throw new Error("no machine");
    expect(migrateState({ program: now, module: now.modules[0] as never }, machine, old as unknown as Value).ok).toBe(false);
    const r = await cli("fixtures/diff/base", "fixtures/diff/range-narrowed", "--json");
    expect(r.code).toBe(1);
    expect(JSON.parse(r.out).undeclared).toBe(2);
  });

  it("a guard changed: the behaviour diff names a first input where the verdicts differ, with both rules", () => {
    const { diff, now } = meter("guard-changed");
    expect(diff.breaking).toEqual([]);
    const admit = diff.behaviour.find((b) => b.name === "Admit");
    expect(admit?.differing).toBeGreaterThan(0);
    const first = admit?.first;
    if (!first || !first.old.ok || !first.new.ok) throw new Error("no first difference");
    const ref = { module: "meter", name: "Admit" };
    const a = decide(base, ref, first.input);
    const b = decide(now, ref, first.input);
    expect(valueEquals(a.verdict, b.verdict)).toBe(false);
    expect([first.old.rule, first.new.rule]).toEqual([a.rule, b.rule]);
    expect(diff.behaviour.filter((x) => x.name !== "Admit").every((x) => x.differing === 0)).toBe(true);
  });

  it("a law weakened: changed, judged weakened, with a binding the old law refuses and the new accepts", () => {
    const { diff, now } = meter("law-weakened");
    expect(diff.laws).toHaveLength(1);
    const l = diff.laws[0];
    expect(l?.status).toBe("changed");
    expect(l?.judged).toBe("weakened");
    const ex = l?.example;
    if (!ex) throw new Error("no example");
    const law = (p: Program) => p.modules[0]?.laws.find((x) => x.name === "admit_denies_exactly_at_limit");
    expect(checkLaw(base, law(base) as never, ex.binding)).toBe(false);
    expect(checkLaw(now, law(now) as never, ex.binding)).toBe(true);
    expect(diff.behaviour.every((b) => b.differing === 0)).toBe(true);
  });

  it("the law table lists the declared breaking changes and the migrations", () => {
    const docs = (edit: string): string => emitDocs(program(edit), {})[0]?.content ?? "";
    expect(docs("variant-removed-declared")).toMatch(/\*\*Breaking changes\*\* against the last release.*\n\n- `Answer\.Late`: a late use is denied now/);
    expect(docs("field-added")).toContain("**Migration** of Meter");
    expect(docs("field-added")).toContain("`{ used: nat 0..10, last_ms: ms }`");
    expect(docs("base")).not.toMatch(/Breaking changes|Migration/);
  });

  it("a revision that does not exist is a clear message and exit 2", async () => {
    const r = await cli("no-such-revision-xyz");
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/neither a folder nor a git revision/);
  });
});
