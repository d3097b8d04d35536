// Benchmark reference: the restart budget of spec/supervise.yaml written by hand, the way a
// careful person would write a reducer with no generator: guards first, one loop for the
// window, the next state as a literal, shifts for the doubling. The step bench measures the
// generated `stepRestartBudget` against it; test/emit-ts/hand-written.test.ts pins that both
// answer alike, so the comparison is between two implementations of one behaviour.

import type { RestartBudgetEvent, RestartBudgetState, Verdict } from "../generated/ts/supervise.js";

const MAX_FAILURES = 5;
const WINDOW_MS = 900_000;
const PAUSE_BASE_MS = 250;
const PAUSE_MAX_MS = 30_000;

export interface HandStep {
  readonly state: RestartBudgetState;
  readonly output: Verdict;
  readonly rule: string;
}

export function initialHand(): RestartBudgetState {
  return { failures: [], given_up: false, last_ms: 0 };
}

export function stepHand(s: RestartBudgetState, e: RestartBudgetEvent): HandStep {
  if (s.given_up) return { state: s, output: { kind: "GiveUp" }, rule: "RestartBudget.Failure.given_up" };
  const at = e.at_ms;
  if (at < s.last_ms) {
    return { state: s, output: { kind: "ClockBackwards", last_ms: s.last_ms, at_ms: at }, rule: "RestartBudget.Failure.clock_backwards" };
  }
  // Every remembered failure is at or before last_ms <= at, so `at - t` never goes below 0.
  const recent: number[] = [];
  for (const t of s.failures) if (at - t < WINDOW_MS) recent.push(t);
  if (recent.length >= MAX_FAILURES) {
    return { state: { failures: s.failures, given_up: true, last_ms: s.last_ms }, output: { kind: "GiveUp" }, rule: "RestartBudget.Failure.give_up" };
  }
  // recent.length < MAX_FAILURES <= 40, so the shift cannot overflow.
  const pause = Math.min(PAUSE_BASE_MS * (1 << recent.length), PAUSE_MAX_MS);
  recent.push(at);
  return { state: { failures: recent, given_up: false, last_ms: at }, output: { kind: "Restart", pause_ms: pause }, rule: "RestartBudget.Failure.restart" };
}
