// Tests of the Lean emitter: a decision law ranges over the facts the wire admits, and a step law
// over the events it admits, so each fact or event field with a range type is a hypothesis of
// its `_stmt` (Lean's Nat is unbounded; without the bound relaunch_lost_supervisor would be false
// past WIRE_MAX_MS, and quiesce_answer_by_work for a worker index past the list), and a field
// without one is not.

import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const LEAN = join(process.cwd(), "generated", "lean", "Statute");

/** The text of one law's statement in a generated module (`<law>_at p` for a law over parameters, else `_stmt`), up to the next blank line. */
function statement(module: string, law: string): string {
  const text = readFileSync(join(LEAN, `${module}.lean`), "utf8");
  const over = text.indexOf(`def ${law}_at (p : ${module}Params) : Prop :=`);
  const at = over >= 0 ? over : text.indexOf(`def ${law}_stmt : Prop :=`);
  expect(at, `${module}.${law}_stmt`).toBeGreaterThan(-1);
  return text.slice(at, text.indexOf("\n\n", at));
}

describe("range hypotheses of decision laws", () => {
  it("bounds each ranged fact, upper bound as written, before the claim", () => {
    const s = statement("Relaunch", "relaunch_lost_supervisor");
    expect(s).toContain("∀ (f : RelaunchDecideFacts),\n    f.window_ms ≤ 100000000000001 →\n    f.lost_ms ≤ 100000000000000 →\n    let v := decideRelaunchDecide f\n");
    expect(statement("Supervise", "restart_decide_verdict")).toContain("f.in_window ≤ 40 →\n    f.budget ≤ 40 →\n");
  });

  it("adds nothing for facts without a range, nor to invariant laws", () => {
    expect(statement("Replace", "replace_verdict_exact")).not.toContain("≤ 1");
    expect(statement("Relaunch", "relaunch_probe_acts")).not.toMatch(/f\.\w+ ≤ \d+ →/);
    expect(statement("Launcher", "quiesce_answers_belong_to_the_round")).not.toMatch(/ ≤ \d+ →/);
  });
});

describe("range hypotheses of step laws", () => {
  it("bounds a ranged event field (a worker index: nat 0..WORKERS - 1) after the reachability", () => {
    // The bound reads the parameter WORKERS: stated over the record, never at its range maximum.
    const s = statement("Launcher", "quiesce_answer_by_work");
    expect(s).toContain("∀ (s : QuiesceState) (e_w : Nat), ReachableQuiesce p s →\n    e_w ≤ p.WORKERS - 1 →\n    let n :=");
    expect(s).not.toMatch(/e_w ≤ \d+/);
  });

  it("states a law over parameters for every valid record, the ranges its assumption", () => {
    const text = readFileSync(join(LEAN, "Launcher.lean"), "utf8");
    expect(text).toContain("def quiesce_answer_by_work_stmt : Prop :=\n  ∀ (p : LauncherParams), p.valid → quiesce_answer_by_work_at p\n");
    expect(text).toContain("def LauncherParams.valid (p : LauncherParams) : Prop :=\n  1 ≤ p.WORKERS ∧ p.WORKERS ≤ 100000\n");
    expect(text).toContain("def LauncherParams.defaults : LauncherParams :=\n  { WORKERS := 3 }\n");
    expect(text).not.toMatch(/^def WORKERS\b/m);
    // Examples are stated at the defaults.
    expect(text).toMatch(/runQuiesce\s+LauncherParams\.defaults|\(initialQuiesce LauncherParams\.defaults\)/);
  });

  it("adds nothing for an event field without a range", () => {
    expect(statement("Supervise", "restart_gives_up")).not.toMatch(/e_at_ms ≤ \d+ →/);
  });
});
