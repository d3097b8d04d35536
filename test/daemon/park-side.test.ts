// The worker's park side (daemon/park-side.ts) without processes: it acts on a decoded Parked
// reply only; ReleaseKernel releases once; an After timer re-parks at its time, even one past
// Node's setTimeout limit (a month's eviction once re-parked every millisecond).

import { afterEach, describe, expect, it, vi } from "vitest";
import type { ParkReleaseFacts } from "../../generated/ts/park.js";
import { ParkSide } from "../../daemon/park-side.js";
import { NO_WORK } from "../../daemon/worker-side.js";

afterEach(() => vi.useRealTimers());

function side(): { p: ParkSide; sent: ParkReleaseFacts[]; released: number[] } {
  const sent: ParkReleaseFacts[] = [];
  const released: number[] = [];
  const p = new ParkSide({
    clock: { now: () => Date.now() },
    evictionMs: 30 * 24 * 3_600_000,
    work: () => NO_WORK,
    send: (f) => sent.push(f) > 0,
    onRelease: () => released.push(1),
  });
  return { p, sent, released };
}

describe("park side", () => {
  it("re-parks after a month-long After at its time, not after a millisecond", () => {
    vi.useFakeTimers();
    const { p, sent } = side();
    p.park();
    expect(sent).toHaveLength(1);
    const month = 30 * 24 * 3_600_000; // 2 592 000 000 ms, past 2^31 - 1
    p.onLine({ kind: "Parked", verdict: "Keep", timer: { kind: "After", remaining_ms: month } });
    vi.advanceTimersByTime(1000);
    expect(sent).toHaveLength(1);
    vi.advanceTimersByTime(month - 1000);
    expect(sent).toHaveLength(2);
    expect(sent[1]?.idle_ms).toBe(month);
    p.close();
  });

  it("releases the kernel once on ReleaseKernel; other lines change nothing", () => {
    vi.useFakeTimers();
    const { p, sent, released } = side();
    p.onLine({ kind: "Ok" });
    p.onLine({ kind: "StopWorker" });
    expect(released).toEqual([]);
    p.onLine({ kind: "Parked", verdict: "ReleaseKernel", timer: { kind: "Never" } });
    p.onLine({ kind: "Parked", verdict: "ReleaseKernel", timer: { kind: "Never" } });
    expect(released).toEqual([1]);
    expect(p.kernelLive).toBe(false);
    vi.advanceTimersByTime(10 * 2 ** 31);
    expect(sent).toEqual([]);
    p.close();
  });
});
