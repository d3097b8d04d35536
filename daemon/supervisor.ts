// Daemon: the reference supervisor, one worker process per active session. It gathers facts (a
// worker exited, at this monotonic time; a worker's build; a busy record) and asks the generated
// models through daemon/decide.ts, which journals each verdict before the supervisor acts on it:
// restart after the model's pause or give up (supervise), adopt or stop as lost (launcher),
// whether a work set holds work (orphan). Boot (daemon/boot.ts) rebuilds it from the journal.

import type { Reply, SessionState, SessionStatus } from "../generated/ts/control.js";
import type { WorkSet } from "../generated/ts/orphan.js";
import type { RestartBudgetState, Verdict } from "../generated/ts/supervise.js";
import type { Clock } from "../runtime/index.js";
import type { Build } from "./config.js";
import type { Decider } from "./decide.js";
import type { Journal } from "./journal.js";
import { freshRefresh, recordBusy } from "./busy.js";
import type { Identity } from "./proc.js";
import { newBook, type SessionBook } from "./replay.js";
import { earlierFacts, retry } from "./retry.js";
import { type Exit, type StopTimes, WorkerHandle } from "./worker-handle.js";

export interface SupervisorOptions {
  readonly journal: Journal;
  readonly decider: Decider;
  readonly clock: Clock;
  readonly build: Build;
  readonly stopTimes: StopTimes;
  /** The worker's argv (after node) for a session and the seq of its launch record. */
  readonly workerArgv: (session: string, launch: number) => string[];
  readonly workerEnv: NodeJS.ProcessEnv;
  readonly logPath: string;
  /** Real waits are the model's pause times this factor (tests shorten them; the model's clock is untouched). */
  readonly pauseScale: number;
  /** The identity-gated group signal (daemon/proc.ts signalGroup unless a test makes survivors). */
  readonly signal?: (id: Identity, sig: NodeJS.Signals) => boolean;
}

/** A registered worker connection: `send` writes one ToWorker line. */
export interface WorkerLink {
  readonly launch: number;
  send(line: unknown): boolean;
}

export interface Live {
  readonly book: SessionBook;
  state: SessionState;
  handle: WorkerHandle | null;
  link: WorkerLink | null;
  /** The worker said Bye: its coming exit is clean even if its status is unknown. */
  leaving: boolean;
  timer: NodeJS.Timeout | null;
  stopping: Promise<void> | null;
  /** The session's latest worker process (started or adopted): a retry checks it is not alive. */
  earlier: Identity | null;
}

export const SESSION_NAME = /^[A-Za-z0-9._-]{1,64}$/;

export class Supervisor {
  readonly sessions = new Map<string, Live>();
  private closing = false;

  /** Shutting down: nothing more is launched, decided or retried. */
  get shuttingDown(): boolean {
    return this.closing;
  }

  constructor(readonly o: SupervisorOptions) {}

  live(book: SessionBook): Live {
    let s = this.sessions.get(book.name);
    if (s === undefined) {
      const l = book.launch;
      const earlier = l !== null && l.pid !== null && l.start !== null ? { pid: l.pid, start: l.start } : null;
      s = { book, state: book.givenUp ? "GivenUp" : "Inactive", handle: null, link: null, leaving: false, timer: null, stopping: null, earlier };
      this.sessions.set(book.name, s);
    }
    return s;
  }

  /** Client `Start`: launch the session's worker under its (replayed) budget. */
  start(name: string): Reply {
    if (this.closing) return { kind: "Refused", reason: "the supervisor is shutting down" };
    const s = this.live(this.sessions.get(name)?.book ?? newBook(name));
    const book = s.book;
    if (book.givenUp) return { kind: "Refused", reason: `session ${name} was given up by its restart budget` };
    if (s.handle !== null && !s.handle.exited) return { kind: "Started", session: name, pid: s.handle.id.pid };
    if (s.state === "Pausing" || s.state === "Stopping") return { kind: "Refused", reason: `session ${name} is ${s.state === "Pausing" ? "pausing before a restart" : "stopping"}` };
    if (earlierFacts(s).identity_matches) return { kind: "Refused", reason: `session ${name}: its earlier worker (pid ${s.earlier?.pid}) survived its stop; not launching beside it` };
    this.o.journal.append("session_started", { session: name });
    book.active = true;
    this.launch(s);
    return s.handle === null ? { kind: "Refused", reason: `session ${name}: the worker did not start` } : { kind: "Started", session: name, pid: s.handle.id.pid };
  }

  /** Journal a launch, then start the worker in its own process group. */
  launch(s: Live): void {
    s.timer = null;
    if (this.closing || !s.book.active || s.book.givenUp) return;
    const rec = this.o.journal.append("launch", { session: s.book.name });
    s.book.launch = { seq: rec.seq, pid: null, start: null, ended: false };
    s.book.starts++;
    s.leaving = false;
    let handle: WorkerHandle;
    try {
      handle = WorkerHandle.spawn(this.o.workerArgv(s.book.name, rec.seq), this.o.workerEnv, this.o.logPath);
    } catch (e) {
      this.o.journal.append("launch_failed", { session: s.book.name, launch: rec.seq, error: (e as Error).message });
      s.book.launch.ended = true;
      this.failure(s);
      return;
    }
    this.o.journal.append("worker_started", { session: s.book.name, launch: rec.seq, pid: handle.id.pid, start: handle.id.start, ...this.o.build });
    s.book.launch.pid = handle.id.pid;
    s.book.launch.start = handle.id.start;
    this.attach(s, handle, rec.seq);
  }

  /** Hold a worker (started or adopted) and watch its exit. */
  attach(s: Live, handle: WorkerHandle, launch: number): void {
    s.handle = handle;
    s.earlier = handle.id;
    s.state = "Running";
    handle.onExit((e) => this.exited(s, handle, launch, e));
  }

  private exited(s: Live, handle: WorkerHandle, launch: number, e: Exit): void {
    if (s.handle !== handle) return;
    s.handle = null;
    s.link = null;
    const requested = s.state === "Stopping";
    const clean = (e.code === 0 && !e.unknown) || (e.unknown && s.leaving);
    this.o.journal.append("worker_exited", { session: s.book.name, launch, code: e.code, signal: e.signal, unknown: e.unknown, requested, clean });
    if (s.book.launch !== null && s.book.launch.seq === launch) s.book.launch.ended = true;
    if (requested) return;
    if (clean) {
      // A worker that closed its session and exited 0 did not fail: the session is over.
      this.o.journal.append("session_stopped", { session: s.book.name, reason: "the worker exited cleanly" });
      s.book.active = false;
      s.state = "Stopped";
      return;
    }
    if (this.closing) return;
    this.failure(s);
  }

  /** A failure of the session's worker: the restart budget decides (journaled), then act. */
  failure(s: Live): Verdict | null {
    const r = this.o.decider.step<RestartBudgetState, Verdict>(s.book.name, "supervise", "RestartBudget", s.book.budget, { kind: "Failure", at_ms: this.o.clock.now() });
    if (r === null) {
      this.inactive(s, "the failure time was refused by the wire");
      return null;
    }
    s.book.budget = r.state;
    s.book.lastVerdict = r.output;
    switch (r.output.kind) {
      case "Restart":
        // The launch path (daemon/retry.ts): never beside a survivor, after the budget's pause.
        break;
      case "GiveUp":
        s.book.givenUp = true;
        s.book.active = false;
        s.state = "GivenUp";
        break;
      case "ClockBackwards":
        this.inactive(s, "the monotonic clock went backwards");
        break;
    }
    retry(this, s, r.output, false);
    return r.output;
  }

  inactive(s: Live, reason: string): void {
    this.o.journal.append("session_stopped", { session: s.book.name, reason });
    s.book.active = false;
    s.state = "Inactive";
  }

  /** Client `Stop`: the worker is stopped with escalation and not restarted. */
  async stop(name: string): Promise<Reply> {
    const s = this.sessions.get(name);
    if (s === undefined || (!s.book.active && s.handle === null)) return { kind: "Refused", reason: `session ${name} is not running` };
    if (s.timer !== null) clearTimeout(s.timer);
    s.timer = null;
    this.o.journal.append("session_stopped", { session: name, reason: "stop requested" });
    s.book.active = false;
    s.book.pendingRestart = false;
    await this.stopWorker(s);
    s.state = s.book.givenUp ? "GivenUp" : "Stopped";
    return { kind: "Ok" };
  }

  /** Stop the session's worker: stop request, STOP grace, TERM, TERM grace, KILL, verify. */
  stopWorker(s: Live): Promise<void> {
    if (s.stopping !== null) return s.stopping;
    const h = s.handle;
    if (h === null) return Promise.resolve();
    s.state = "Stopping";
    const launch = s.book.launch?.seq ?? 0;
    s.stopping = h.stop(this.o.stopTimes, () => s.link?.send({ kind: "StopWorker" }) ?? false, (step) => {
      this.o.journal.append("stop_step", { session: s.book.name, launch, pid: h.id.pid, start: h.id.start, step });
    }, this.o.signal).then((how) => {
      s.stopping = null;
      if (how === "survived") s.handle = null;
    });
    return s.stopping;
  }

  /** A worker registers over the socket. */
  hello(name: string, launch: number, link: WorkerLink): Reply {
    const s = this.sessions.get(name);
    if (s === undefined || s.book.launch?.seq !== launch || s.handle === null) return { kind: "Refused", reason: `no launch ${launch} of session ${name} is running` };
    s.link = link;
    freshRefresh(this, s);
    return { kind: "Ok" };
  }

  bye(name: string, launch: number): Reply {
    const s = this.sessions.get(name);
    if (s === undefined || s.book.launch?.seq !== launch) return { kind: "Refused", reason: `no launch ${launch} of session ${name}` };
    s.leaving = true;
    return { kind: "Ok" };
  }

  /** A work report: a step of the session's BusyRefresh machine, journaled (daemon/busy.ts). */
  busy(name: string, work: WorkSet, stampMs: number): Reply {
    const s = this.sessions.get(name);
    if (s === undefined) return { kind: "Refused", reason: `no session ${name}` };
    return recordBusy(this, s, work, stampMs);
  }

  status(): SessionStatus[] {
    return [...this.sessions.values()].sort((a, b) => (a.book.name < b.book.name ? -1 : 1)).map((s) => ({
      session: s.book.name,
      state: s.state,
      pid: s.handle === null ? null : s.handle.id.pid,
      starts: s.book.starts,
      work: (s.book.lastWork as WorkSet | null) ?? null,
    }));
  }

  /** Stop every worker (in parallel), then the caller closes the journal. */
  async shutdown(): Promise<void> {
    this.closing = true;
    for (const s of this.sessions.values()) if (s.timer !== null) clearTimeout(s.timer);
    await Promise.all([...this.sessions.values()].map((s) => this.stopWorker(s)));
  }
}
