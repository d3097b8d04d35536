// Daemon, worker side: what every worker process runs beside its own work. It registers with
// its supervisor over the control socket (Hello, re-sent after every reconnect), reports its one
// work set (Busy) as its BusyRefresh machine says (daemon/refresh.ts: on every change, and a tick
// every BUSY_REFRESH_MS while the set holds work), keeps a run
// gate, and watches for a lost supervisor with the generated orphan model: seen again resets
// the timer; ExitIdle closes the session, ExitBusy leaves an exit note with the work and exits
// aborting nothing, so that the next supervisor's boot can offer the session to the revival veto.

import { mkdirSync, writeFileSync } from "node:fs";
import { connect, type Socket } from "node:net";
import { dirname, join } from "node:path";
import * as orphan from "../generated/ts/orphan.js";
import type { WorkSet } from "../generated/ts/orphan.js";
import { monotonicClock, paramsFrom, type Timeouts, type Wire } from "../runtime/index.js";
import * as revive from "../generated/ts/revive.js";
import type { Marker } from "./boot.js";
import { ms } from "./config.js";
import { readSupervisorLine, type SupervisorLine } from "./lines.js";
import { OrphanWatch } from "./orphan.js";
import { type GateEvent, QuiesceGate } from "./quiesce-gate.js";
import { RefreshDriver } from "./refresh.js";

export const NO_WORK: WorkSet = { run: false, compaction: false, queued_input: false, admitted_run_start: false, background_job: false, user_bash: false, unsettled_child: false, workflow_run: false, withdrawn_input: false };

export interface WorkerSideOptions {
  readonly socket: string;
  readonly marker: Marker;
  readonly timeouts: Timeouts;
  readonly wire: Wire;
  /** The supervisor asked this worker to stop (StopWorker). */
  readonly onStop: () => void;
  /** The orphan verdict says exit; the worker exits after this returns. */
  readonly onOrphanExit: (how: "ExitIdle" | "ExitBusy") => void;
  /** Each outcome of the quiesce gate (tests log them). */
  readonly onGate?: (e: GateEvent) => void;
  /** Every line the supervisor sends (replies included), decoded, for what this class does not handle. */
  readonly onLine?: (line: SupervisorLine) => void;
  /** Registered (Hello sent) after a connect: the session opens, idle or not (a park). */
  readonly onRegistered?: () => void;
  /** The work set changed from `before` to `after` (daemon/park-side.ts parks when it empties). */
  readonly onWork?: (before: WorkSet, after: WorkSet) => void;
}

/** Where a worker leaves its exit note for the next boot (beside the socket). */
export function exitNotePath(socket: string, key: string, launch: number): string {
  return join(dirname(socket), "exits", `${key}-${launch}.json`);
}

export class WorkerSide {
  private sock: Socket | null = null;
  private work: WorkSet = NO_WORK;
  /** The run gate of idle shutdown (launcher's Quiesce, daemon/quiesce-gate.ts). */
  private readonly gate: QuiesceGate;
  private backoff: number;
  private readonly watch: OrphanWatch;
  private readonly refresh: RefreshDriver;
  private readonly timers: NodeJS.Timeout[] = [];

  constructor(private readonly o: WorkerSideOptions) {
    this.backoff = ms(o.timeouts, "REGISTRATION_BACKOFF_BASE_MS");
    this.refresh = new RefreshDriver({
      clock: { now: () => Date.now() },
      send: (work, stampMs) => void this.send({ kind: "Busy", session: o.marker.session, work, stamp_ms: stampMs }),
      revive: revive.instance(paramsFrom(o.timeouts, revive.DEFAULT_PARAMS)),
    });
    this.watch = new OrphanWatch({
      clock: monotonicClock(),
      wire: o.wire,
      model: orphan,
      windowMs: ms(o.timeouts, "WORKER_LOST_EXIT_DEFAULT_MS"),
      wireMaxMs: ms(o.timeouts, "WIRE_MAX_MS"),
      work: () => this.work,
    });
    this.gate = new QuiesceGate(o.wire, (e) => this.gated(e));
    const every = Math.max(10, Math.min(1000, Math.floor(ms(o.timeouts, "WORKER_LOST_EXIT_DEFAULT_MS") / 10)));
    this.timers.push(setInterval(() => this.checkOrphan(), every));
  }

  start(): void {
    this.watch.absent();
    this.connect();
  }

  /** Whether a run may start now (the gate is open); a started run is work. */
  admitRun(): boolean {
    return this.gate.gate === "Open";
  }

  /** Change the work set; false (and nothing changes) when the gate model refuses new work at a closed gate. */
  setWork(patch: Partial<WorkSet>): boolean {
    const next = { ...this.work, ...patch };
    if (!this.gate.work(next)) return false;
    const before = this.work;
    this.work = next;
    if (this.sock !== null) this.refresh.report(this.work);
    this.o.onWork?.(before, this.work);
    return true;
  }

  /** This session's kernel started over a namespace snapshot: one restore notice for the session. */
  restored(): void {
    this.send({ kind: "Restored", session: this.o.marker.session });
  }

  private gated(e: GateEvent): void {
    const m = this.o.marker;
    if (e.kind === "answer") this.send({ kind: "QuiesceAnswer", session: m.session, launch: m.launch, round: e.round, work: e.work });
    else if (e.kind === "stop-refused") this.send({ kind: "StopRefused", session: m.session, launch: m.launch, round: e.round });
    this.o.onGate?.(e);
    if (e.kind === "stop") {
      this.bye();
      this.o.onStop();
    }
  }

  /**
   * One line from the supervisor, decoded by the generated control validators: a line that is
   * neither a ToWorker nor a Reply (malformed, or a field out of its range) is dropped whole,
   * never half-read into the gate or the park timer.
   */
  private received(line: string): void {
    const m = readSupervisorLine(this.o.wire, line);
    if (m === null) return;
    if (m.kind === "StopWorker") this.o.onStop();
    else if (m.kind === "Quiesce") this.gate.quiesce(m.round, m.hold_ms);
    else if (m.kind === "Release") this.gate.release(m.round);
    else if (m.kind === "QuiesceStop") this.gate.stop(m.round);
    this.o.onLine?.(m);
  }

  get workSet(): WorkSet {
    return this.work;
  }

  /** Tell the supervisor this worker exits 0 by itself (not a failure). */
  bye(): void {
    this.send({ kind: "Bye", session: this.o.marker.session, launch: this.o.marker.launch });
  }

  close(): void {
    for (const t of this.timers) clearInterval(t);
    this.gate.close();
    this.refresh.close();
    this.sock?.destroy();
  }

  /** Send one line to the supervisor; false while it is not connected. */
  send(m: unknown): boolean {
    if (this.sock === null || !this.sock.writable) return false;
    this.sock.write(`${JSON.stringify(m)}\n`);
    return true;
  }

  private connect(): void {
    const s = connect(this.o.socket);
    let buf = "";
    s.once("connect", () => {
      this.sock = s;
      this.backoff = ms(this.o.timeouts, "REGISTRATION_BACKOFF_BASE_MS");
      this.watch.seen();
      this.gate.seen();
      this.send({ kind: "Hello", session: this.o.marker.session, launch: this.o.marker.launch, pid: process.pid });
      this.refresh.reset(this.work);
      this.o.onRegistered?.();
    });
    s.on("data", (d) => {
      buf += d.toString("utf8");
      let nl;
      while ((nl = buf.indexOf("\n")) >= 0) {
        const line = buf.slice(0, nl);
        buf = buf.slice(nl + 1);
        this.received(line);
      }
    });
    s.on("error", () => undefined);
    s.once("close", () => {
      if (this.sock === s) this.sock = null;
      this.refresh.close();
      this.watch.absent();
      this.gate.lost();
      const wait = this.backoff;
      this.backoff = Math.min(this.backoff * 2, ms(this.o.timeouts, "REGISTRATION_BACKOFF_MAX_MS"));
      const t = setTimeout(() => this.connect(), wait);
      t.unref();
    });
  }

  private checkOrphan(): void {
    const v = this.watch.check();
    if (v === "Wait") return;
    const note = exitNotePath(this.o.socket, this.o.marker.key, this.o.marker.launch);
    mkdirSync(dirname(note), { recursive: true, mode: 0o700 });
    writeFileSync(note, `${JSON.stringify({ how: v, work: this.work, stamp_ms: Date.now() })}\n`, { mode: 0o600 });
    this.o.onOrphanExit(v);
  }
}
