// Runtime: the monotonic clock the daemon reads its `ms` facts from. Real time comes from
// `performance.now()` (never from the wall clock, which may jump), as whole milliseconds since
// the clock was made plus a chosen start. `FakeClock` is driven by tests, and may be set
// backwards on purpose so that the model's "clock went backwards" answers can be exercised.

/** A source of monotonic time in whole milliseconds. */
export interface Clock {
  now(): number;
}

/** The process's monotonic clock: `startAt` + whole ms elapsed since this call. */
export function monotonicClock(startAt = 0): Clock {
  if (!Number.isSafeInteger(startAt) || startAt < 0) throw new RangeError(`monotonicClock: start ${startAt} is not a whole number of ms >= 0`);
  const origin = performance.now();
  // floor of a non-decreasing source is non-decreasing, so `now` never goes back.
  return { now: () => startAt + Math.floor(performance.now() - origin) };
}

function whole(what: string, ms: number): number {
  if (!Number.isSafeInteger(ms)) throw new RangeError(`FakeClock.${what}: ${ms} is not a whole number of ms`);
  return ms;
}

/** A clock that moves only when told to. */
export class FakeClock implements Clock {
  private t: number;

  constructor(start = 0) {
    this.t = whole("constructor", start);
  }

  now(): number {
    return this.t;
  }

  /** Move forward (or, with a negative step, backward) by `ms`; returns the new time. */
  advance(ms: number): number {
    this.t = whole("advance", this.t + whole("advance", ms));
    return this.t;
  }

  /** Jump to `ms`, earlier than now if a test wants a clock that goes backwards. */
  set(ms: number): number {
    this.t = whole("set", ms);
    return this.t;
  }
}
