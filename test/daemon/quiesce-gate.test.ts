// The worker's run gate (daemon/quiesce-gate.ts) against launcher's Quiesce, without processes:
// an idle worker closes its gate and answers; work is refused at the closed gate (withdrawn input
// is not work); a release reopens it; the hold reopens it by itself, the supervisor lost or not;
// a stop at a closed gate exits and one after the hold is refused; a busy worker leaves its gate.

import { afterEach, describe, expect, it, vi } from "vitest";
import { wire } from "../../daemon/config.js";
import { type GateEvent, QuiesceGate } from "../../daemon/quiesce-gate.js";
import { NO_WORK } from "../../daemon/worker-side.js";

afterEach(() => vi.useRealTimers());

function gate(): { g: QuiesceGate; seen: GateEvent[] } {
  const seen: GateEvent[] = [];
  return { g: new QuiesceGate(wire(), (e) => seen.push(e)), seen };
}

describe("quiesce gate", () => {
  it("idle: closes, refuses work, takes withdrawn input, reopens on release", () => {
    const { g, seen } = gate();
    g.quiesce(1, 10_000);
    expect(g.gate).toBe("Closed");
    expect(seen.map((e) => e.kind)).toEqual(["gate", "answer"]);
    expect(g.work({ ...NO_WORK, run: true })).toBe(false);
    expect(g.work({ ...NO_WORK, background_job: true })).toBe(false);
    expect(g.work({ ...NO_WORK, withdrawn_input: true })).toBe(true);
    g.release(2); // another round's release changes nothing
    expect(g.gate).toBe("Closed");
    g.release(1);
    expect(g.gate).toBe("Open");
    expect(g.work({ ...NO_WORK, run: true })).toBe(true);
    g.close();
  });

  it("the hold reopens the gate by itself, with the supervisor lost mid-round; a later stop is refused", () => {
    vi.useFakeTimers();
    const { g, seen } = gate();
    g.quiesce(3, 6000);
    g.lost();
    vi.advanceTimersByTime(5999);
    expect(g.gate).toBe("Closed");
    vi.advanceTimersByTime(1);
    expect(g.gate).toBe("Open");
    expect(seen.at(-1)).toEqual({ kind: "gate", gate: "Open", why: "hold expired" });
    g.seen();
    g.quiesce(4, 6000);
    vi.advanceTimersByTime(6000);
    g.stop(4);
    expect(seen.at(-1)).toEqual({ kind: "stop-refused", round: 4 });
    g.close();
  });

  it("a stop at a closed gate exits; a busy worker answers and leaves its gate open", () => {
    const idle = gate();
    idle.g.quiesce(1, 10_000);
    idle.g.stop(1);
    expect(idle.seen.at(-1)).toEqual({ kind: "stop" });
    idle.g.close();
    const busy = gate();
    expect(busy.g.work({ ...NO_WORK, run: true })).toBe(true);
    busy.g.quiesce(1, 10_000);
    expect(busy.g.gate).toBe("Open");
    expect(busy.seen).toEqual([{ kind: "answer", round: 1, work: { ...NO_WORK, run: true } }]);
    busy.g.stop(1); // a stop never goes to a worker that answered busy; one that did is refused at its open gate
    expect(busy.seen.map((e) => e.kind)).toEqual(["answer", "stop-refused"]);
    busy.g.close();
  });
});
