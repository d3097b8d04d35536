// Tests of the interpreter on machines: the restart budget's pauses and give-up, the sliding
// window's edge, and the fleet machine's list and option handling. Expected values are worked
// out from the spec by hand (250ms * 2^k capped at 30s; a failure counts while age < 15min).

import { describe, expect, it } from "vitest";
import { initialState, runMachine, stepMachine, type Value } from "../../generator/interpret/index.js";
import { BUDGET, FLEET, program } from "./fixture.js";

const failure = (at_ms: number): Value => ({ kind: "Failure", at_ms });
const restart = (pause_ms: number): Value => ({ kind: "Restart", pause_ms });
const GIVE_UP: Value = { kind: "GiveUp" };

describe("RestartBudget", () => {
  it("starts empty, fields in declaration order", () => {
    const s0 = initialState(program, BUDGET);
    expect(s0).toEqual({ failures: [], given_up: false });
    expect(Object.keys(s0 as object)).toEqual(["failures", "given_up"]);
  });

  it("pauses 250, 500, 1000, 2000, 4000 then gives up on the sixth failure a second apart", () => {
    const run = runMachine(program, BUDGET, [0, 1000, 2000, 3000, 4000, 5000].map(failure));
    expect(run.outputs).toEqual([restart(250), restart(500), restart(1000), restart(2000), restart(4000), GIVE_UP]);
    expect(run.rules).toEqual([...Array(5).fill("RestartBudget.Failure.restart"), "RestartBudget.Failure.give_up"]);
    // The give-up step keeps the failures it did not assign and sets given_up.
    expect(run.states[5]).toEqual({ failures: [0, 1000, 2000, 3000, 4000], given_up: true });
    expect(run.states[4]).toEqual({ failures: [0, 1000, 2000, 3000, 4000], given_up: false });
  });

  it("is absorbing once given up, whatever the time", () => {
    const run = runMachine(program, BUDGET, [0, 1, 2, 3, 4, 5, 10 * 900_000].map(failure));
    expect(run.outputs[6]).toEqual(GIVE_UP);
    expect(run.rules[6]).toBe("RestartBudget.Failure.given_up");
  });

  it("a failure exactly 15 min after the first starts a fresh count", () => {
    const run = runMachine(program, BUDGET, [failure(0), failure(900_000)]);
    expect(run.outputs).toEqual([restart(250), restart(250)]);
    expect(run.states[1]).toEqual({ failures: [900_000], given_up: false });
  });

  it("the first failure leaves the window exactly at 15 min, not 1 ms before", () => {
    const five = [0, 1000, 2000, 3000, 4000].map(failure);
    const atEdge = runMachine(program, BUDGET, [...five, failure(900_000)]);
    // Four failures remain recent: no give-up, and the pause is 250 * 2^4.
    expect(atEdge.outputs[5]).toEqual(restart(4000));
    expect(atEdge.states[5]).toEqual({ failures: [1000, 2000, 3000, 4000, 900_000], given_up: false });
    const before = runMachine(program, BUDGET, [...five, failure(899_999)]);
    expect(before.outputs[5]).toEqual(GIVE_UP);
  });

  it("steps from any given state: four recent failures pause 250 * 2^4 = 4000", () => {
    // The 30s cap of min() is unreachable within a budget of five; expr.test.ts checks min().
    const r = stepMachine(program, BUDGET, { failures: [1, 2, 3, 4], given_up: false }, failure(5));
    expect(r.output).toEqual(restart(4000));
    expect(r.state).toEqual({ failures: [1, 2, 3, 4, 5], given_up: false });
  });

  it("a clock that goes backwards still counts the later-stamped failures (truncating minus)", () => {
    const r = stepMachine(program, BUDGET, { failures: [5_000_000], given_up: false }, failure(1000));
    // 1000 - 5_000_000 truncates to 0 < window: the failure is recent, so the pause doubles.
    expect(r.output).toEqual(restart(500));
  });

  it("rejects an event it has no handler for", () => {
    expect(() => stepMachine(program, BUDGET, initialState(program, BUDGET), { kind: "Nope" })).toThrow(/no handler/);
  });
});

describe("Fleet (imports restart)", () => {
  const fail = (worker: number): Value => ({ kind: "Fail", worker });
  it("starts with three open workers and no last", () => {
    expect(initialState(program, FLEET)).toEqual({
      workers: [{ fails: 0, gate: "Open" }, { fails: 0, gate: "Open" }, { fails: 0, gate: "Open" }],
      last: null,
    });
  });

  it("closes a worker on its second failure and then ignores it; reset reopens all", () => {
    const run = runMachine(program, FLEET, [fail(1), fail(1), fail(1), fail(0), { kind: "Reset" }]);
    expect(run.outputs).toEqual([1, 2, null, 1, 1]);
    expect(run.rules).toEqual(["Fleet.Fail.fail", "Fleet.Fail.fail", "Fleet.Fail.closed", "Fleet.Fail.fail", "Fleet.Reset.reset"]);
    expect(run.states[1]).toEqual({
      workers: [{ fails: 0, gate: "Open" }, { fails: 2, gate: "Closed" }, { fails: 0, gate: "Open" }],
      last: 1,
    });
    // The ignored failure changes nothing: no assignment, every field kept.
    expect(run.states[2]).toEqual(run.states[1]);
    expect(run.states[3]).toEqual({
      workers: [{ fails: 1, gate: "Open" }, { fails: 2, gate: "Closed" }, { fails: 0, gate: "Open" }],
      last: 0,
    });
    expect(run.states[4]).toEqual(initialState(program, FLEET));
  });

  it("nth_or's default makes an out-of-range worker count as closed", () => {
    const r = stepMachine(program, FLEET, initialState(program, FLEET), fail(7));
    expect(r).toEqual({ state: initialState(program, FLEET), output: null, rule: "Fleet.Fail.closed" });
  });

  it("does not mutate the state it is given", () => {
    const s0 = initialState(program, FLEET);
    const copy = JSON.parse(JSON.stringify(s0)) as Value;
    stepMachine(program, FLEET, s0, fail(0));
    expect(s0).toEqual(copy);
  });
});
