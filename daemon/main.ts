// Daemon entry: `statute-supervisor <command>`. Every refusal a user can cause (a bad argument,
// a damaged or unusable journal, a busy lock, a violated timeout relation, no supervisor) is
// one line on stderr and a non-zero exit, never a stack trace.

import { closeSync, writeSync } from "node:fs";
import { join, resolve } from "node:path";
import { TimeoutsError } from "../runtime/index.js";
import { audit } from "./audit.js";
import { ClientError, request } from "./client.js";
import { wire } from "./config.js";
import { ControlError } from "./control.js";
import { JournalError } from "./journal-format.js";
import { LockError } from "./lock.js";
import { run } from "./run.js";
import { startDetached } from "./start.js";
import { out } from "./tty.js";

const HELP = `usage: statute-supervisor <command> [options]
  run    --dir DIR --worker PROGRAM [--journal FILE] [--pause-scale F] [--clock-scale F] [--print-journal]
         the supervisor in the foreground (journal default: DIR/journal)
  start  (same options)   the supervisor in the background; exit 0 once it answers, else 1 with its
                          reason (another supervisor holding the journal is named by its pid)
  status --dir DIR        the supervisor and its sessions, as JSON
  stop   --dir DIR        stop every worker, then the supervisor
  start-session NAME --dir DIR | stop-session NAME --dir DIR
  send JSON --dir DIR     one raw request line; prints the reply
  audit JOURNAL           replay every journaled decision through the generated models
                          (a rotated journal: its archives JOURNAL.<seq>.old first, each snapshot checked)
  environment: STATUTE_JOURNAL_MAX_BYTES (rotate past it, default 64 MiB),
               STATUTE_JOURNAL_KEEP_ARCHIVES (archives kept, default 8)
`;

class UsageError extends Error {}

/** A `start`'s own supervisor reports its outcome on this descriptor (--report-fd): one line, then closed. */
let reportFd: number | null = null;

function report(line: string): void {
  if (reportFd === null) return;
  const fd = reportFd;
  reportFd = null;
  try {
    writeSync(fd, `${line}\n`);
    closeSync(fd);
  } catch {
    // the start that asked is gone
  }
}

function flags(argv: readonly string[]): { pos: string[]; get: (f: string) => string | undefined; has: (f: string) => boolean } {
  const pos: string[] = [];
  const vals = new Map<string, string>();
  const bare = new Set<string>();
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] as string;
    if (a === "--print-journal" || a === "--help" || a === "-h") bare.add(a);
    else if (a.startsWith("--")) {
      const v = argv[++i];
      if (v === undefined) throw new UsageError(`${a} needs a value`);
      vals.set(a, v);
    } else pos.push(a);
  }
  return { pos, get: (f) => vals.get(f), has: (f) => bare.has(f) };
}

function need(v: string | undefined, what: string): string {
  if (v === undefined) throw new UsageError(`${what} is required`);
  return v;
}

async function main(argv: readonly string[]): Promise<number> {
  const f = flags(argv);
  const cmd = f.pos[0];
  if (cmd === undefined || f.has("--help") || f.has("-h") || cmd === "help") {
    out(HELP);
    return cmd === undefined && !f.has("--help") && !f.has("-h") ? 2 : 0;
  }
  const dir = () => resolve(need(f.get("--dir"), "--dir DIR"));
  const sock = () => join(dir(), "control.sock");
  const show = (r: unknown) => {
    out(`${JSON.stringify(r)}\n`);
    return (r as { kind?: string }).kind === "Error" || (r as { kind?: string }).kind === "Refused" ? 1 : 0;
  };
  switch (cmd) {
    case "run": {
      const fd = f.get("--report-fd");
      if (fd !== undefined) {
        if (!/^\d{1,4}$/.test(fd)) throw new UsageError("--report-fd must be a descriptor number");
        reportFd = Number(fd);
      }
      const scale = Number(f.get("--pause-scale") ?? "1");
      if (!Number.isFinite(scale) || scale < 0) throw new UsageError("--pause-scale must be a number >= 0");
      // Tests only: --clock-scale F runs the failure clock F times faster (a window of minutes in seconds).
      const clockScale = Number(f.get("--clock-scale") ?? "1");
      if (!Number.isFinite(clockScale) || clockScale <= 0) throw new UsageError("--clock-scale must be a number > 0");
      return run({ dir: dir(), journal: resolve(f.get("--journal") ?? join(dir(), "journal")), worker: need(f.get("--worker"), "--worker PROGRAM"), pauseScale: scale, clockScale, printJournal: f.has("--print-journal"), listening: () => report(`listening ${process.pid}`) });
    }
    case "start":
      return startDetached(dir(), argv.slice(1));
    case "status":
      return show(await request(sock(), { kind: "Status" }));
    case "stop":
      return show(await request(sock(), { kind: "Shutdown" }));
    case "start-session":
      return show(await request(sock(), { kind: "Start", session: need(f.pos[1], "NAME") }));
    case "stop-session":
      return show(await request(sock(), { kind: "Stop", session: need(f.pos[1], "NAME") }, 120_000));
    case "send":
      return show(await request(sock(), need(f.pos[1], "JSON")));
    case "audit": {
      const r = audit(need(f.pos[1], "JOURNAL"), wire());
      out(`audit: ${r.records} records${r.segments > 1 ? ` in ${r.segments} files (rotated)` : ""}, ${r.decisions} decisions replayed, ${r.disagreements.length} disagreements${r.tornBytes > 0 ? ` (a torn tail of ${r.tornBytes} bytes not read)` : ""}${r.headerless > 0 ? ` (${r.headerless} file(s) of an earlier build, without a format header)` : ""}\n`);
      for (const o of r.otherModels) out(`  ${o.records} decision record(s) of another build's ${o.module} model (${o.digest}): counted, not replayed\n`);
      for (const d of r.disagreements) out(`  ${d}\n`);
      return r.disagreements.length === 0 ? 0 : 1;
    }
    default:
      throw new UsageError(`unknown command '${cmd}'`);
  }
}

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (e) {
  const known = e instanceof UsageError || e instanceof JournalError || e instanceof LockError || e instanceof TimeoutsError || e instanceof ControlError || e instanceof ClientError;
  report(`error ${(e as Error).message.replace(/\n/g, " ")}`);
  if (!known && !(e as NodeJS.ErrnoException).code) throw e;
  process.stderr.write(`statute-supervisor: error: ${(e as Error).message}${e instanceof UsageError ? "\n" + HELP : "\n"}`);
  // exit now: a lock or timer of a half-started supervisor must not keep the process alive.
  process.exit(e instanceof UsageError ? 2 : 1);
}
