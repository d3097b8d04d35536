// Daemon: `statute-supervisor run`, the supervisor process in the foreground. Order matters:
// the effective timeouts are loaded and checked first (a violated relation refuses to start),
// then the single-instance lock, the journal (replayed), boot (adopt, stop as lost, revive),
// and only then the socket answers. SIGTERM, SIGINT and a Shutdown request stop every worker.

import { join, resolve } from "node:path";
import type { Reply, Request } from "../generated/ts/control.js";
import { formatWarnings } from "../runtime/index.js";
import { boot, markerArg } from "./boot.js";
import { buildOf, effectiveTimeouts, ms, paramsOf, protocolOf, root, wire } from "./config.js";
import { type Connection, runtimeDir, serve } from "./control.js";
import { Decider } from "./decide.js";
import { Journal, JournalError } from "./journal.js";
import { NoticeBook } from "./notices.js";
import { IdleShutdown } from "./quiesce.js";
import { acquire } from "./lock.js";
import { park } from "./park.js";
import { identityOf } from "./proc.js";
import { Fold, refusedAt } from "./replay.js";
import { Supervisor } from "./supervisor.js";
import { systemMonotonic } from "./system.js";
import { out } from "./tty.js";
import { exitNotePath } from "./worker-side.js";

export interface RunOptions {
  readonly dir: string;
  readonly journal: string;
  readonly worker: string;
  readonly pauseScale: number;
  /** Tests only: the failure clock runs this many times faster (1: real time). */
  readonly clockScale?: number;
  readonly printJournal: boolean;
  /** Called once the socket answers (a `start` is told; see daemon/start.ts). */
  readonly listening?: () => void;
}

const tsxLoader = import.meta.resolve("tsx");

/** Rotation bounds: STATUTE_JOURNAL_MAX_BYTES (default 64 MiB) and STATUTE_JOURNAL_KEEP_ARCHIVES (default 8), plain digits. */
function journalBounds(env: NodeJS.ProcessEnv = process.env): { maxBytes: number; keepArchives: number } {
  const read = (name: string, d: number) => {
    const v = env[name];
    return v !== undefined && /^\d{1,15}$/.test(v) ? Number(v) : d;
  };
  return { maxBytes: read("STATUTE_JOURNAL_MAX_BYTES", 64 * 1024 * 1024), keepArchives: read("STATUTE_JOURNAL_KEEP_ARCHIVES", 8) };
}

export async function run(o: RunOptions): Promise<number> {
  const timeouts = effectiveTimeouts();
  process.stderr.write(formatWarnings(timeouts));
  runtimeDir(o.dir);
  const lock = await acquire(o.journal);
  if (lock.replacedStale !== null) process.stderr.write(`supervisor: replaced a stale lock of ${lock.replacedStale}\n`);
  const w = wire();
  // The fold follows every record, recovered or appended, so a rotation snapshots the replay.
  const fold = new Fold(w);
  const journal = new Journal(o.journal, (r) => {
    fold.apply(r);
    if (o.printJournal) out(`journaled ${r.seq} ${r.type}\n`);
  }, { ...journalBounds(), snapshot: () => fold.snapshot() });
  for (const line of journal.repaired) process.stderr.write(`journal: ${line}\n`);
  if (journal.unterminated) process.stderr.write(`journal: restored the missing newline of the last line (its checksum holds) after ${journal.recovered.length} records\n`);
  if (journal.tornBytes > 0) process.stderr.write(`journal: cut a torn last line (${journal.tornBytes} bytes) after ${journal.recovered.length} records\n`);
  for (const [i, r] of journal.recovered.entries()) {
    try {
      fold.apply(r);
    } catch (e) {
      // A record this build cannot read (another build's state without a migration): refused at its byte offset.
      if (!(e instanceof JournalError)) throw e;
      journal.close();
      lock.release();
      throw refusedAt(e, o.journal, journal.offsets[i] ?? -1);
    }
  }
  const build = buildOf();
  const me = identityOf(process.pid);
  const replayed = { sessions: fold.copy(), disagreements: [...fold.disagreements] };
  for (const d of replayed.disagreements) process.stderr.write(`journal: ${d}\n`);
  journal.append("boot", { pid: process.pid, start: me?.start ?? 0, ...build, timeouts: timeouts.values, overridden: timeouts.overridden });
  const sockPath = join(o.dir, "control.sock");
  const worker = resolve(o.worker);
  const sup = new Supervisor({
    journal,
    decider: new Decider(journal, w, (m) => paramsOf(timeouts, m)),
    clock: o.clockScale === undefined || o.clockScale === 1 ? systemMonotonic : { now: () => Math.floor(systemMonotonic.now() * (o.clockScale as number)) },
    build,
    stopTimes: { stopGraceMs: ms(timeouts, "STOP_GRACE_MS"), termGraceMs: ms(timeouts, "TERM_GRACE_MS"), killVerifyMs: ms(timeouts, "KILL_VERIFY_MS") },
    workerArgv: (session, launch) => [
      ...(worker.endsWith(".ts") ? ["--import", tsxLoader] : []),
      worker,
      markerArg({ key: lock.key, session, launch, ...build }),
    ],
    workerEnv: { ...process.env, STATUTE_SUPERVISOR_SOCKET: sockPath, STATUTE_ROOT: root },
    logPath: join(o.dir, "workers.log"),
    pauseScale: o.pauseScale,
  });
  await boot(sup, replayed, lock.key, (launch) => exitNotePath(sockPath, lock.key, launch));
  const idle = new IdleShutdown(sup, {
    answerMs: ms(timeouts, "QUIESCE_ANSWER_MS"),
    commitMs: ms(timeouts, "QUIESCE_COMMIT_MS"),
    holdMs: ms(timeouts, "QUIESCE_HOLD_MS"),
  });
  const notices = new NoticeBook(sup.o.decider);
  notices.recover(journal.recovered);

  let done: () => void = () => {};
  const finished = new Promise<void>((r) => (done = r));
  let closing = false;
  const shutdown = async (reason = "shutdown") => {
    if (closing) return;
    closing = true;
    notices.close(reason);
    idle.end(`the supervisor is shutting down (${reason})`);
    await sup.shutdown();
    journal.append("shutdown", { pid: process.pid });
    done();
  };
  const handle = async (req: Request, conn: Connection): Promise<Reply> => {
    switch (req.kind) {
      case "Status":
        return { kind: "StatusReport", pid: process.pid, build: `${build.version}+${build.buildId}`, sessions: sup.status() };
      case "Start":
        return sup.start(req.session);
      case "Stop":
        return await sup.stop(req.session);
      case "Shutdown":
        void shutdown();
        return { kind: "Ok" };
      case "Hello":
        return sup.hello(req.session, req.launch, { launch: req.launch, send: (m) => conn.send(m) });
      case "Busy":
        return sup.busy(req.session, req.work, req.stamp_ms);
      case "Bye":
        return sup.bye(req.session, req.launch);
      case "Identify":
        return { kind: "Identity", pid: process.pid, version: build.version, build_id: build.buildId, protocol: protocolOf(), idle_shutdown: true };
      case "ShutdownIfIdle": {
        const r = await idle.ask();
        // Every worker stopped: the supervisor goes, after this reply is written.
        if (r.kind === "Ok") setImmediate(() => void shutdown("idle shutdown"));
        return r;
      }
      case "QuiesceAnswer":
        return idle.answer(req.session, req.launch, req.round, req.work);
      case "StopRefused":
        return idle.refused(req.session, req.launch, req.round);
      case "Restored":
        return notices.restored(req.session);
      case "Attach":
        return notices.attach(req.session, conn);
      case "Park":
        return park(sup, req.session, req.launch, req.facts);
    }
  };
  const server = await serve(sockPath, w, handle);
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
  out(`supervisor ${process.pid} listening on ${sockPath}\n`);
  o.listening?.();
  await finished;
  server.close();
  journal.close();
  lock.release();
  return 0;
}
