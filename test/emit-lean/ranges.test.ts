// Tests of the Lean emitter: a decision law ranges over the facts the wire admits, and a step law
// over the events it admits, so each fact or event field with a range type is a hypothesis of
// its `_stmt` (Lean's Nat is unbounded; without the bound relaunch_lost_supervisor would be false
// past WIRE_MAX_MS, and quiesce_answer_by_work for a worker index past the list), and a field
// without one is not.

import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const LEAN = join(process.cwd(), "generated", "lean", "Statute");

/** The text of one `_stmt` definition of a generated module, up to the next blank line. */
function statement(module: string, law: string): string {
  const text = readFileSync(join(LEAN, `${module}.lean`), "utf8");
  const at = text.indexOf(`def ${law}_stmt : Prop :=`);
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
    expect(statement("Launcher", "quiesce_answer_by_work")).toContain("∀ (s : QuiesceState) (e_w : Nat), ReachableQuiesce s →\n    e_w ≤ 2 →\n    let n :=");
  });

  it("adds nothing for an event field without a range", () => {
    expect(statement("Supervise", "restart_gives_up")).not.toMatch(/e_at_ms ≤ \d+ →/);
  });
});
