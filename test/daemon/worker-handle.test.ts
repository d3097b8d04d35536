// A worker's stop ends after its exit has been handled. /proc shows a dead child as a zombie
// before node delivers its exit event; a stop that answered "gone" on the zombie let the exit be
// reported after the supervisor's shutdown had closed the journal (an append to a closed journal,
// exit code 1: the kill -9 soak's SIGTERM at the end failed on it once in CI).

import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { startTicks } from "../../daemon/proc.js";
import { WorkerHandle } from "../../daemon/worker-handle.js";

const dir = mkdtempSync(join(tmpdir(), "statute-handle-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const times = { stopGraceMs: 50, termGraceMs: 50, killVerifyMs: 50 };

/** Block this thread (no event delivered) until the pid is a zombie or gone. */
function untilDead(pid: number): void {
  const end = Date.now() + 10_000;
  while (startTicks(pid) !== null) if (Date.now() > end) throw new Error(`pid ${pid} did not exit`);
}

describe("worker stop", () => {
  it("on a zombie whose exit event has not come yet: resolves only after the exit was handled", async () => {
    const h = WorkerHandle.spawn(["-e", "process.exit(3)"], process.env, join(dir, "log"));
    const order: string[] = [];
    h.onExit((e) => order.push(`exit ${e.code}`));
    untilDead(h.id.pid);
    expect(h.exited).toBe(false);
    const steps: string[] = [];
    expect(await h.stop(times, () => false, (s) => steps.push(s))).toBe("gone");
    order.push("stopped");
    expect(order).toEqual(["exit 3", "stopped"]);
    expect(steps).toEqual([]);
  });

  it("a worker that dies at the TERM: the stop reports term and gone after the exit", async () => {
    const h = WorkerHandle.spawn(["-e", "setInterval(() => {}, 1000)"], process.env, join(dir, "log"));
    const order: string[] = [];
    h.onExit((e) => order.push(`exit ${e.signal}`));
    await new Promise((r) => setTimeout(r, 200));
    expect(await h.stop(times, () => false, (s) => order.push(s))).toBe("gone");
    order.push("stopped");
    expect(order).toEqual(["term", "exit SIGTERM", "gone", "stopped"]);
  });
});
