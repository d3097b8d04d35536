// Runs the TypeScript emitted for the fixture. The expected values are worked out by hand from
// LAWS.md §1 (pause = min(250 * 2^(k-1), 30000) for the k-th failure in a sliding 15 min
// window, the 6th gives up) and from the fixture's expressions, not copied from the output.

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emitTs } from "../../generator/emit/ts/index.js";
import { fixture } from "./fixture.js";
import { loadEmitted, removeScratch } from "./harness.js";

type Verdict = { kind: "Restart"; pause_ms: number } | { kind: "GiveUp" };
interface State { failures: readonly number[]; given_up: boolean }
interface Step { state: State; output: Verdict; rule: string }
interface Decided { verdict: unknown; rule: string }
interface Supervise {
  initialRestartBudget(): State;
  stepRestartBudget(s: State, e: { kind: "Failure"; at_ms: number }): Step;
  decideRevive(f: object): Decided;
  decideProbe(f: object): Decided;
  machines: Record<string, { rules: readonly string[] }>;
  decisions: Record<string, { rules: readonly string[] }>;
  RULES: readonly string[];
}

let m: Supervise;
afterAll(removeScratch);
beforeAll(async () => {
  m = (await loadEmitted(emitTs(fixture, {}), "supervise")) as unknown as Supervise;
});

/** Runs failures at the given times from the initial state; returns every step. */
function run(times: readonly number[]): Step[] {
  let s = m.initialRestartBudget();
  return times.map((at_ms) => {
    const step = m.stepRestartBudget(s, { kind: "Failure", at_ms });
    s = step.state;
    return step;
  });
}

describe("emitted RestartBudget", () => {
  it("starts empty", () => {
    expect(m.initialRestartBudget()).toEqual({ failures: [], given_up: false });
  });

  it("pauses 250, 500, 1000, 2000, 4000 then gives up, for six failures one second apart", () => {
    const steps = run([0, 1000, 2000, 3000, 4000, 5000]);
    expect(steps.map((x) => x.output)).toEqual([
      { kind: "Restart", pause_ms: 250 },
      { kind: "Restart", pause_ms: 500 },
      { kind: "Restart", pause_ms: 1000 },
      { kind: "Restart", pause_ms: 2000 },
      { kind: "Restart", pause_ms: 4000 },
      { kind: "GiveUp" },
    ]);
    expect(steps.map((x) => x.rule)).toEqual([
      ...Array<string>(5).fill("RestartBudget.Failure.restart"),
      "RestartBudget.Failure.give_up",
    ]);
    expect(steps[5]?.state).toEqual({ failures: [0, 1000, 2000, 3000, 4000], given_up: true });
  });

  it("stays given up (absorbing), returning the very same state", () => {
    const steps = run([0, 1000, 2000, 3000, 4000, 5000, 10_000_000]);
    const last = steps[6];
    expect(last?.output).toEqual({ kind: "GiveUp" });
    expect(last?.rule).toBe("RestartBudget.Failure.given_up");
    expect(last?.state).toBe(steps[5]?.state);
  });

  it("counts afresh for a failure exactly 15 min after the first (sliding window)", () => {
    const [, second] = run([0, 900_000]);
    expect(second?.output).toEqual({ kind: "Restart", pause_ms: 250 });
    expect(second?.state.failures).toEqual([900_000]);
    // One millisecond earlier the first failure still counts.
    expect(run([0, 899_999])[1]?.output).toEqual({ kind: "Restart", pause_ms: 500 });
  });

  it("does not give up when old failures have left the window", () => {
    const steps = run([0, 1000, 2000, 3000, 4000, 900_500]);
    // At 900500 only the failures at 1000..4000 (4 of them) are younger than 15 min.
    expect(steps[5]?.output).toEqual({ kind: "Restart", pause_ms: 4000 });
    expect(steps[5]?.state.failures).toEqual([1000, 2000, 3000, 4000, 900_500]);
  });

  it("registers the machine with its rules", () => {
    expect(m.machines["RestartBudget"]?.rules).toEqual([
      "RestartBudget.Failure.given_up", "RestartBudget.Failure.give_up", "RestartBudget.Failure.restart",
    ]);
    expect(m.RULES).toHaveLength(10);
  });
});

const restart = (pause_ms: number): Verdict => ({ kind: "Restart", pause_ms });
const giveUp: Verdict = { kind: "GiveUp" };
const facts = (over: object) => ({ last: restart(1000), age_ms: 1000, gate: "Open", history: [], hint: null, delta: 0, ...over });

describe("emitted decisions", () => {
  it("Revive: first matching rule wins, in table order", () => {
    const cases: [object, string, string][] = [
      [{ last: giveUp, age_ms: 9_999_999, gate: "Closed" }, "Drop", "Revive.dropped"],
      [{ age_ms: 1_800_000, gate: "Closed" }, "Drop", "Revive.stale"],
      [{ age_ms: 1_799_999, gate: "Closed" }, "Wait", "Revive.closed"],
      [{ age_ms: 999 }, "Wait", "Revive.waiting"],
      [{ history: [restart(5000), restart(6000), restart(7000)] }, "Wait", "Revive.flappy"],
      [{ history: [restart(500), restart(600), restart(700)] }, "Revive", "Revive.otherwise"],
      [{}, "Revive", "Revive.otherwise"],
    ];
    for (const [over, verdict, rule] of cases) expect(m.decideRevive(facts(over))).toEqual({ verdict, rule });
  });

  it("Probe: each expression form has the spec's semantics", () => {
    const out = m.decideProbe(facts({ age_ms: 500, history: [restart(5000), giveUp, restart(7000)], delta: -7 })).verdict;
    expect(out).toEqual({
      recent_pause: 2000, // age 500 < 1s, so the scrutinee is last = Restart 1000; doubled
      all_restart: false,
      pauses: [5000, 0, 7000],
      tags: ["Revive", "Drop", "Revive"],
      first: restart(5000),
      beyond: giveUp, // index 9 is out of range
      patched: [restart(5000), restart(1), restart(7000)],
      blank: ["Closed", "Closed", "Closed", "Closed", "Closed"],
      hinted: 42, // no hint
      some_or: 3,
      has_hint: false,
      aged_ms: 7,
      sq: 1, // 3 * 3 % 4
      half: -7, // Euclidean -7 / 2 = -4, minus 3
      modn: 1, // Euclidean -7 % 4
      nsub: 0, // 5 - 500 truncates at 0
      div0: 0, // 7 / 0
      same: false,
      lit_eq: false,
      lit_is: true,
      gate_cmp: true,
      none_eq: true,
    });
    const other = m.decideProbe(facts({ age_ms: 2000, hint: 9, gate: "Closed", history: [giveUp] })).verdict as Record<string, unknown>;
    expect(other["recent_pause"]).toBe(0); // too old: the scrutinee is GiveUp
    expect(other["hinted"]).toBe(9);
    expect(other["has_hint"]).toBe(true);
    expect(other["patched"]).toEqual([giveUp]); // index 1 out of range: unchanged
    expect(other["gate_cmp"]).toBe(false);
    expect(other["none_eq"]).toBe(false);
  });
});
