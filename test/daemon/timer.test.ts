// daemon/timer.ts: a wait past Node's setTimeout limit (2^31 - 1 ms) is armed in steps and
// fires once, at its time (a raw setTimeout of such a wait fires after 1 ms, with a warning).

import { afterEach, describe, expect, it, vi } from "vitest";
import { MAX_DELAY_MS, schedule } from "../../daemon/timer.js";

afterEach(() => vi.useRealTimers());

describe("schedule", () => {
  it("fires a wait of three limits and a bit exactly once, at its time", () => {
    vi.useFakeTimers();
    let fired = 0;
    const wait = 3 * MAX_DELAY_MS + 5;
    schedule(wait, () => fired++);
    vi.advanceTimersByTime(wait - 1);
    expect(fired).toBe(0);
    vi.advanceTimersByTime(1);
    expect(fired).toBe(1);
    vi.advanceTimersByTime(10 * MAX_DELAY_MS);
    expect(fired).toBe(1);
  });

  it("is cleared between its steps", () => {
    vi.useFakeTimers();
    let fired = 0;
    const t = schedule(2 * MAX_DELAY_MS, () => fired++);
    vi.advanceTimersByTime(MAX_DELAY_MS + 10);
    t.clear();
    vi.advanceTimersByTime(2 * MAX_DELAY_MS);
    expect(fired).toBe(0);
  });

  it("fires short and zero waits as setTimeout does", () => {
    vi.useFakeTimers();
    const seen: number[] = [];
    schedule(0, () => seen.push(0));
    schedule(250, () => seen.push(250));
    vi.advanceTimersByTime(249);
    expect(seen).toEqual([0]);
    vi.advanceTimersByTime(1);
    expect(seen).toEqual([0, 250]);
  });
});
