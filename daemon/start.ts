// Daemon: `statute-supervisor start`, a supervisor in the background. The start launches its own
// `run`, detached, with one extra descriptor (--report-fd) on which that child writes one line
// and closes it: `listening <pid>` once its socket answers, or `error <message>` when it refuses
// to start (the lock held by another supervisor, a damaged journal, ...). So each start reports
// its own child's outcome, never that of another supervisor answering on the same socket.

import { spawn } from "node:child_process";
import { closeSync, openSync } from "node:fs";
import { join } from "node:path";
import type { Readable } from "node:stream";
import { ClientError, request } from "./client.js";
import { runtimeDir } from "./control.js";
import { out } from "./tty.js";

/** How long a start waits for its supervisor's report (a journal to replay may take a while). */
const REPORT_WAIT_MS = 30_000;
/** How long a start waits for a supervisor that reported its refusal to exit. */
const EXIT_WAIT_MS = 10_000;

/** The first line on the stream, or null when it ends first or `ms` pass. */
function firstLine(stream: Readable, ms: number): Promise<string | null> {
  return new Promise((resolve) => {
    let text = "";
    const done = (line: string | null) => {
      clearTimeout(timer);
      stream.destroy();
      resolve(line);
    };
    const timer = setTimeout(() => done(null), ms);
    stream.on("data", (d: Buffer) => {
      text += d.toString("utf8");
      const nl = text.indexOf("\n");
      if (nl >= 0) done(text.slice(0, nl));
    });
    stream.once("error", () => done(null));
    stream.once("close", () => done(null));
  });
}

/** Start `run` with `runArgs` in the background; 0 once it answers, else a ClientError saying why. */
export async function startDetached(dir: string, runArgs: readonly string[]): Promise<number> {
  runtimeDir(dir);
  const logPath = join(dir, "supervisor.log");
  const log = openSync(logPath, "a", 0o600);
  const child = spawn(process.execPath, [...process.execArgv, process.argv[1] as string, "run", ...runArgs, "--report-fd", "3"], {
    detached: true,
    stdio: ["ignore", log, log, "pipe"],
  });
  closeSync(log);
  child.unref();
  const exited = new Promise<number | null>((r) => child.once("exit", (code) => r(code)));
  const line = await firstLine(child.stdio[3] as Readable, REPORT_WAIT_MS);
  const me = `supervisor pid ${child.pid}`;
  if (line === null) {
    if (child.exitCode === null && child.signalCode === null) {
      // The report may have been lost in a race with the exit: wait for it a moment.
      const code = await Promise.race([exited, new Promise<"running">((r) => setTimeout(() => r("running"), 1000).unref())]);
      if (code === "running") throw new ClientError(`${me} did not report within ${REPORT_WAIT_MS / 1000} s; it is left running; see ${logPath}`);
    }
    throw new ClientError(`${me} exited (${child.exitCode ?? child.signalCode}) before it listened; see ${logPath}`);
  }
  if (line.startsWith("error ")) {
    // It reported and now exits: wait for that (reaped, so nothing of this start is left behind).
    let timer: NodeJS.Timeout | undefined;
    const code = await Promise.race([exited, new Promise<"running">((r) => (timer = setTimeout(() => r("running"), EXIT_WAIT_MS)))]);
    clearTimeout(timer);
    throw new ClientError(`${me} did not start: ${line.slice(6)}${code === "running" ? ` (it had not exited ${EXIT_WAIT_MS / 1000} s later; see ${logPath})` : ""}`);
  }
  const r = await request(join(dir, "control.sock"), { kind: "Status" }, 10_000);
  if (r["pid"] !== child.pid) throw new ClientError(`${me} reported '${line}' but pid ${String(r["pid"])} answers on the socket`);
  out(`supervisor ${child.pid} started\n`);
  return 0;
}
