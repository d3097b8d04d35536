// Tests of the Lean emitter: a decision law ranges over the facts the wire admits, so each fact
// with a range type is a hypothesis of its `_stmt` (Lean's Nat is unbounded; without the bound
// relaunch_lost_supervisor would be false past WIRE_MAX_MS), and a fact without one is not.

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

  it("adds nothing for facts without a range, nor to step and invariant laws", () => {
    expect(statement("Replace", "replace_verdict_exact")).not.toContain("≤ 1");
    expect(statement("Relaunch", "relaunch_probe_acts")).not.toMatch(/f\.\w+ ≤ \d+ →/);
  });
});
