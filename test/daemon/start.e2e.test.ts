// `statute-supervisor start` with real processes (issue 23): each start reports its own
// supervisor's outcome. Five at once on one journal: exactly one exits 0 naming the supervisor it
// started, the four others exit non-zero naming that running supervisor by its pid, and no
// supervisor of theirs is left behind.

import { spawn } from "node:child_process";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { startTicks } from "../../daemon/proc.js";
import { adopt, ask, bin, cleanup, quickWorker, root, scratch } from "./harness.js";

afterAll(cleanup);

interface Ran {
  readonly code: number | null;
  readonly out: string;
  readonly err: string;
}

function start(d: string): Promise<Ran> {
  const p = spawn(process.execPath, [bin, "start", "--dir", join(d, "run"), "--journal", join(d, "journal"), "--worker", quickWorker], { cwd: root, stdio: ["ignore", "pipe", "pipe"] });
  let out = "";
  let err = "";
  p.stdout.on("data", (b: Buffer) => (out += b.toString()));
  p.stderr.on("data", (b: Buffer) => (err += b.toString()));
  return new Promise((resolve) => p.once("close", (code) => resolve({ code, out, err })));
}

describe("statute-supervisor start", { timeout: 120_000 }, () => {
  it("five starts at once: one exits 0 with its supervisor's pid, four exit 1 naming that pid", async () => {
    const d = scratch();
    const runs = await Promise.all(Array.from({ length: 5 }, () => start(d)));
    const status = await ask(d, { kind: "Status" });
    const pid = status["pid"] as number;
    adopt(pid);
    const won = runs.filter((r) => r.code === 0);
    const lost = runs.filter((r) => r.code !== 0);
    expect(won.map((r) => r.out)).toEqual([`supervisor ${pid} started\n`]);
    expect(lost).toHaveLength(4);
    for (const r of lost) {
      expect(r.code).toBe(1);
      expect(r.out).toBe("");
      expect(r.err).toContain(`another supervisor (pid ${pid}) already runs on journal`);
      expect(r.err.trim().split("\n")).toHaveLength(1);
    }
    // The losers' own supervisors are gone; the winner still answers.
    const children = lost.map((r) => Number(/supervisor pid (\d+) did not start/.exec(r.err)?.[1]));
    expect(new Set(children).size).toBe(4);
    for (const child of children) expect(startTicks(child)).toBeNull();
    expect((await ask(d, { kind: "Shutdown" }))["kind"]).toBe("Ok");
  });
});
