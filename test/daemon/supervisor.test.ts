// The reference supervisor with real worker processes that crash at once. Waits are injected:
// the fake clock advances by each pause the model asks for, so the model sees a crash loop paced
// exactly by its own pauses, and the test does not wait them out.

import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { spawn } from "node:child_process";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { Journal, readJournal } from "../../daemon/journal.js";
import { Supervisor, type WorkerProcess } from "../../daemon/supervisor.js";
import * as supervise from "../../generated/ts/supervise.js";
import { createWire, FakeClock, loadSchemas } from "../../runtime/index.js";

const root = join(import.meta.dirname, "..", "..");
const schemas = loadSchemas(join(root, "generated", "schema"));
const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

function crashing(): WorkerProcess {
  const child = spawn(process.execPath, [join(root, "fixtures", "daemon", "crashing-worker.mjs")], { stdio: "ignore" });
  return { pid: child.pid, onExit: (l) => void child.once("exit", (c, s) => l(c, s)), stop: () => void child.kill() };
}

describe("reference supervisor", () => {
  it("restarts a crash loop after 250, 500, 1000, 2000, 4000 ms, then gives up, journaling each verdict first", async () => {
    const dir = mkdtempSync(join(tmpdir(), "statute-daemon-"));
    dirs.push(dir);
    const clock = new FakeClock(1000);
    const journal = new Journal(join(dir, "journal.jsonl"));
    const waits: number[] = [];
    const sup = new Supervisor({
      journal,
      clock,
      wire: createWire({ schemas }),
      model: supervise,
      spawn: crashing,
      sleep: async (ms) => {
        waits.push(ms);
        clock.advance(ms);
      },
    });
    sup.start("s1");
    await sup.idle();
    journal.close();
    const { records, torn } = readJournal(readFileSync(join(dir, "journal.jsonl"), "utf8"));
    expect(torn).toBe(0);
    expect(waits).toEqual([250, 500, 1000, 2000, 4000]);
    expect(records.map((r) => r.type)).toEqual([
      ...Array.from({ length: 5 }, () => ["worker_started", "worker_failed", "restart"]).flat(),
      "worker_started",
      "worker_failed",
      "given_up",
    ]);
    expect(records.map((r) => r.seq)).toEqual(records.map((_, i) => i + 1));
    expect(records.filter((r) => r.type === "worker_failed").every((r) => r["code"] === 3)).toBe(true);
  }, 30_000);
});
