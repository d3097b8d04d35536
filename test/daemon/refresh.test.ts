// The busy refresh on both sides of the socket (daemon/refresh.ts), on a fake clock: the
// worker's BusyRefresh copy reports work changes at once and a tick at each due time (a due
// tick first when the event loop was late), and every report, stepped by the supervisor's copy
// as the supervisor infers it (same set: a tick), is accepted, never Refused, and leaves both
// copies in the same state. A registration starts both again.

import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { WorkSet } from "../../generated/ts/orphan.js";
import { type BusyRefreshState, DEFAULT_PARAMS, instance } from "../../generated/ts/revive.js";

const revive = instance();
const { initialBusyRefresh, stepBusyRefresh } = revive;
const { BUSY_REFRESH_MS } = DEFAULT_PARAMS;
import { wire } from "../../daemon/config.js";
import type { JournalRecord } from "../../daemon/journal-format.js";
import { RefreshDriver, refreshEvent } from "../../daemon/refresh.js";
import { replay } from "../../daemon/replay.js";
import { NO_WORK } from "../../daemon/worker-side.js";

const T0 = 1_700_000_000_000;
const RUN: WorkSet = { ...NO_WORK, run: true };
const JOB: WorkSet = { ...NO_WORK, background_job: true };

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(T0);
});
afterEach(() => vi.useRealTimers());

/** A driver whose reports the supervisor's copy steps; returns what each step answered. */
function rig() {
  let sup: BusyRefreshState = initialBusyRefresh();
  const seen: { kind: string; at: number; output: string }[] = [];
  const driver = new RefreshDriver({
    revive,
    clock: { now: () => Date.now() },
    send: (work, stamp) => {
      const e = refreshEvent(sup, work, stamp);
      const r = stepBusyRefresh(sup, e);
      sup = r.state;
      seen.push({ kind: e.kind, at: stamp - T0, output: r.output });
    },
  });
  return { driver, seen, sup: () => sup, restart: () => (sup = initialBusyRefresh()) };
}

describe("busy refresh", () => {
  it("reports each change at once and ticks at every due time while there is work", () => {
    const r = rig();
    r.driver.reset(NO_WORK);
    vi.advanceTimersByTime(1000);
    r.driver.report(RUN);
    vi.advanceTimersByTime(2 * BUSY_REFRESH_MS);
    r.driver.report(JOB);
    vi.advanceTimersByTime(BUSY_REFRESH_MS);
    r.driver.report(NO_WORK);
    vi.advanceTimersByTime(3 * BUSY_REFRESH_MS);
    expect(r.seen).toEqual([
      { kind: "Tick", at: 0, output: "Noted" },
      { kind: "Work", at: 1000, output: "RecordedBusy" },
      { kind: "Tick", at: 1000 + BUSY_REFRESH_MS, output: "RecordedBusy" },
      { kind: "Tick", at: 1000 + 2 * BUSY_REFRESH_MS, output: "RecordedBusy" },
      { kind: "Work", at: 1000 + 2 * BUSY_REFRESH_MS, output: "RecordedBusy" },
      { kind: "Tick", at: 1000 + 3 * BUSY_REFRESH_MS, output: "RecordedBusy" },
      { kind: "Work", at: 1000 + 3 * BUSY_REFRESH_MS, output: "RecordedIdle" },
    ]);
    expect(r.sup()).toEqual(r.driver.current);
    expect(r.sup().record).toBeNull();
  });

  it("sends the ticks that fell due while the event loop was late before a later change, never refused", () => {
    const r = rig();
    r.driver.reset(RUN);
    // The loop is blocked for 12 minutes: no timer runs, then the run ends.
    vi.setSystemTime(T0 + 12 * 60_000);
    r.driver.report(NO_WORK);
    expect(r.seen.map((s) => [s.kind, s.at, s.output])).toEqual([
      ["Work", 0, "RecordedBusy"],
      ["Tick", BUSY_REFRESH_MS, "RecordedBusy"],
      ["Tick", 2 * BUSY_REFRESH_MS, "RecordedBusy"],
      ["Work", 12 * 60_000, "RecordedIdle"],
    ]);
    expect(r.seen.some((s) => s.output === "Refused")).toBe(false);
    expect(r.sup()).toEqual(r.driver.current);
  });

  it("a registration starts both copies again with the current set", () => {
    const r = rig();
    r.driver.reset(RUN);
    vi.advanceTimersByTime(BUSY_REFRESH_MS);
    r.restart();
    r.driver.reset(RUN);
    expect(r.seen.at(-1)).toEqual({ kind: "Work", at: BUSY_REFRESH_MS, output: "RecordedBusy" });
    expect(r.sup()).toEqual(r.driver.current);
    r.driver.close();
    vi.advanceTimersByTime(10 * BUSY_REFRESH_MS);
    expect(r.seen).toHaveLength(3);
  });
});

describe("busy refresh in the replay", () => {
  const stepRecord = (seq: number, state: BusyRefreshState, work: WorkSet, at: number): JournalRecord => {
    const event = refreshEvent(state, work, at);
    const r = stepBusyRefresh(state, event);
    return { seq, type: "decision", session: "a", module: "revive", machine: "BusyRefresh", state, event, verdict: r.output, rule: r.rule, next: r.state };
  };

  it("takes the busy record from the journaled steps, and refuses a step from a state its last step did not leave", () => {
    const one = stepRecord(1, initialBusyRefresh(), RUN, 1000);
    const next = one["next"] as BusyRefreshState;
    const two = stepRecord(2, next, NO_WORK, 2000);
    const good = replay([one], wire());
    expect(good.sessions.get("a")?.busy).toEqual({ hasWork: true, stampMs: 1000 });
    expect(replay([one, two], wire()).disagreements).toEqual([]);
    expect(replay([one, two], wire()).sessions.get("a")?.busy).toEqual({ hasWork: false, stampMs: null });
    // A fresh machine (a new registration) may follow any state; any other state must be the last one left.
    expect(replay([one, stepRecord(2, initialBusyRefresh(), JOB, 3000)], wire()).disagreements).toEqual([]);
    const forged = stepRecord(2, { ...next, record: 999 }, NO_WORK, 2000);
    expect(replay([one, forged], wire()).disagreements.join("\n")).toContain("busy refresh of a was stepped from a state");
  });
});
