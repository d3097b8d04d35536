// The generated restart budget against LAWS.md section 1, on vectors written out by hand from
// the law text (never produced by the generator): 5 failures tolerated in a sliding 15 min
// window, pauses 250 * 2^(k-1) ms capped at 30 s, give-up absorbing, a backwards clock rejected.

import { describe, expect, it } from "vitest";
import { decideRestartDecide, instance, type RestartBudgetState, type Verdict } from "../../generated/ts/supervise.js";

// The law text is about the default window (15 min): the instance at the default parameters.
const { initialRestartBudget, stepRestartBudget } = instance();

const MIN = 60_000;

function run(times: readonly number[]): { outputs: Verdict[]; state: RestartBudgetState } {
  let state = initialRestartBudget();
  const outputs: Verdict[] = [];
  for (const at_ms of times) {
    const r = stepRestartBudget(state, { kind: "Failure", at_ms });
    outputs.push(r.output);
    state = r.state;
  }
  return { outputs, state };
}

const restart = (pause_ms: number): Verdict => ({ kind: "Restart", pause_ms });
const giveUp: Verdict = { kind: "GiveUp" };

describe("restart budget (LAWS.md section 1)", () => {
  it("pauses 250, 500, 1000, 2000, 4000 ms, then the 6th failure inside the window gives up", () => {
    const { outputs, state } = run([0, 1000, 2000, 3000, 4000, 5000]);
    expect(outputs).toEqual([restart(250), restart(500), restart(1000), restart(2000), restart(4000), giveUp]);
    expect(state.given_up).toBe(true);
  });

  it("the 5th failure pauses 4000 ms and is not given up", () => {
    const { outputs, state } = run([0, 10, 20, 30, 40]);
    expect(outputs[4]).toEqual(restart(4000));
    expect(state.given_up).toBe(false);
  });

  it("a failure exactly 15 min after the first starts a fresh count", () => {
    expect(run([0, 15 * MIN]).outputs).toEqual([restart(250), restart(250)]);
  });

  it("a failure 1 ms short of a window after the first still counts", () => {
    expect(run([0, 15 * MIN - 1]).outputs).toEqual([restart(250), restart(500)]);
  });

  it("the 6th failure exactly one window after the 1st is only the 5th in the window", () => {
    expect(run([0, 1, 2, 3, 4, 15 * MIN]).outputs[5]).toEqual(restart(4000));
  });

  it("given up is absorbing, hours later", () => {
    const { outputs, state } = run([0, 0, 0, 0, 0, 0, 120 * MIN, 240 * MIN]);
    expect(outputs.slice(5)).toEqual([giveUp, giveUp, giveUp]);
    expect(state.given_up).toBe(true);
  });

  it("a clock that goes backwards is rejected and leaves the state unchanged", () => {
    const first = stepRestartBudget(initialRestartBudget(), { kind: "Failure", at_ms: 10_000 });
    const back = stepRestartBudget(first.state, { kind: "Failure", at_ms: 9_999 });
    expect(back.output).toEqual({ kind: "ClockBackwards", last_ms: 10_000, at_ms: 9_999 });
    expect(back.state).toEqual(first.state);
  });

  it("the pause formula is 250 * 2^(k-1) capped at 30 s for the k-th failure", () => {
    const expected = [250, 500, 1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000];
    for (let k = 1; k <= 10; k++) {
      expect(decideRestartDecide({ in_window: k - 1, budget: 10 }).verdict).toEqual(restart(expected[k - 1] ?? -1));
    }
    expect(decideRestartDecide({ in_window: 10, budget: 10 }).verdict).toEqual(giveUp);
  });
});
