// The machine holder and the clocks, on the restart budget of spec/supervise.yaml: a refused
// event leaves the state and the model alone, the trace is bounded to the most recent entries,
// and a fake clock set backwards yields the model's ClockBackwards answer with the state kept.

import { describe, expect, it } from "vitest";
import { FakeClock, MachineHolder, monotonicClock } from "../../runtime/index.js";
import { loadGen, wire } from "./specs.js";

const supervise = await loadGen("supervise");
const failure = (at_ms: number) => ({ kind: "Failure", at_ms });

describe("MachineHolder", () => {
  it("starts at the initial state and follows accepted events, JSON text or values", () => {
    const h = new MachineHolder(wire, "supervise", supervise, "RestartBudget");
    expect(h.state).toEqual({ failures: [], given_up: false, last_ms: 0 });
    expect(h.dispatch(JSON.stringify(failure(10)))).toMatchObject({ ok: true, value: { output: { kind: "Restart", pause_ms: 250 } } });
    expect(h.dispatch(failure(20))).toMatchObject({ ok: true, value: { output: { kind: "Restart", pause_ms: 500 } } });
    expect(h.state).toEqual({ failures: [10, 20], given_up: false, last_ms: 20 });
  });

  it("a refused event changes nothing and is traced as refused", () => {
    const h = new MachineHolder(wire, "supervise", supervise, "RestartBudget");
    h.dispatch(failure(10));
    const before = h.state;
    const r = h.dispatch({ kind: "Failure", at_ms: -5 });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.pointer).toBe("/at_ms");
    expect(h.state).toBe(before);
    expect(h.trace().map((e) => e.accepted)).toEqual([true, false]);
  });

  it("keeps only the last traceLimit entries, oldest first", () => {
    const h = new MachineHolder(wire, "supervise", supervise, "RestartBudget", { traceLimit: 3 });
    for (let i = 1; i <= 8; i++) h.dispatch(failure(i * 1000));
    expect(h.trace().map((e) => e.seq)).toEqual([6, 7, 8]);
    expect(h.dispatched).toBe(8);
  });

  it("refuses to hold a machine the module does not have", () => {
    expect(() => new MachineHolder(wire, "supervise", supervise, "Nope")).toThrow(/no machine 'Nope'/);
  });
});

describe("clocks", () => {
  it("FakeClock moves only when told, and may be set backwards", () => {
    const c = new FakeClock(100);
    expect(c.now()).toBe(100);
    expect(c.advance(50)).toBe(150);
    expect(c.set(40)).toBe(40);
    expect(c.now()).toBe(40);
    expect(() => c.advance(0.5)).toThrow(RangeError);
    expect(() => c.set(Number.NaN)).toThrow(RangeError);
  });

  it("a backwards fake clock gets ClockBackwards from the model and the state is kept", () => {
    const clock = new FakeClock(0);
    const h = new MachineHolder(wire, "supervise", supervise, "RestartBudget");
    clock.set(10_000);
    h.dispatch(failure(clock.now()));
    const kept = h.state;
    clock.set(5_000);
    const r = h.dispatch(failure(clock.now()));
    expect(r).toMatchObject({ ok: true, value: { output: { kind: "ClockBackwards", last_ms: 10_000, at_ms: 5_000 } } });
    expect(h.state).toEqual(kept);
  });

  it("monotonicClock starts at its start, never goes back and reads whole ms", () => {
    const c = monotonicClock(1_000);
    let last = c.now();
    expect(last).toBeGreaterThanOrEqual(1_000);
    for (let i = 0; i < 10_000; i++) {
      const t = c.now();
      expect(Number.isSafeInteger(t) && t >= last).toBe(true);
      last = t;
    }
    expect(() => monotonicClock(-1)).toThrow(RangeError);
  });
});
