// Daemon: a timer for any duration the wire carries (up to WIRE_MAX_MS). Node fires a
// setTimeout longer than 2^31 - 1 ms (about 24.8 days) after 1 ms instead, with a warning, so a
// configured eviction of a month would re-park every millisecond; a long wait is armed in steps.
// Timers never keep the process alive: a worker or supervisor exits when its work is done.

/** The longest delay Node's setTimeout honours. */
export const MAX_DELAY_MS = 2 ** 31 - 1;

export interface Timer {
  clear(): void;
}

/** Call `fn` once, `ms` milliseconds from now (in steps of at most MAX_DELAY_MS). */
export function schedule(ms: number, fn: () => void): Timer {
  let handle: NodeJS.Timeout;
  const arm = (left: number): void => {
    const step = Math.min(Math.max(0, left), MAX_DELAY_MS);
    handle = setTimeout(() => (left > MAX_DELAY_MS ? arm(left - MAX_DELAY_MS) : fn()), step);
    handle.unref();
  };
  arm(ms);
  return { clear: () => clearTimeout(handle) };
}
