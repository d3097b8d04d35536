// Daemon: the reference supervisor, one worker process per session. It gathers the facts (a
// worker exited, at this monotonic time), asks the generated model through the runtime wire,
// journals the answer, and only then acts on it: restart after the model's pause, or give up.

import type { Clock, GeneratedModel, Wire } from "../runtime/index.js";
import { MachineHolder } from "../runtime/index.js";
import type { Journal } from "./journal.js";

/** A running worker process, as the supervisor sees it. */
export interface WorkerProcess {
  readonly pid: number | undefined;
  /** Called once, when the process has exited (code, or the signal that ended it). */
  onExit(listener: (code: number | null, signal: string | null) => void): void;
  /** Ask the process to stop (TERM). */
  stop(): void;
}

export interface SupervisorOptions {
  readonly journal: Journal;
  readonly clock: Clock;
  readonly wire: Wire;
  /** The generated `supervise` module. */
  readonly model: GeneratedModel;
  readonly spawn: (session: string) => WorkerProcess;
  /** Wait this many ms (injected so tests need not wait in real time). */
  readonly sleep: (ms: number) => Promise<void>;
}

type Verdict = { readonly kind: "Restart"; readonly pause_ms: number } | { readonly kind: "GiveUp" } | { readonly kind: "ClockBackwards"; readonly last_ms: number; readonly at_ms: number };

interface Session {
  readonly budget: MachineHolder<unknown, Verdict>;
  worker: WorkerProcess | null;
  stopping: boolean;
  /** Settles when the session has nothing left to do (stopped, given up, or down). */
  readonly settled: Promise<void>;
  settle(): void;
}

export class Supervisor {
  private readonly sessions = new Map<string, Session>();

  constructor(private readonly o: SupervisorOptions) {}

  /** Start a session's worker under a fresh restart budget. */
  start(session: string): void {
    if (this.sessions.has(session)) throw new Error(`session ${session} is already supervised`);
    let settle = (): void => {};
    const settled = new Promise<void>((resolve) => (settle = resolve));
    const budget = new MachineHolder<unknown, Verdict>(this.o.wire, "supervise", this.o.model, "RestartBudget");
    this.sessions.set(session, { budget, worker: null, stopping: false, settled, settle });
    this.launch(session);
  }

  /** Stop a session's worker; it is not restarted. */
  stop(session: string): void {
    const s = this.sessions.get(session);
    if (!s) return;
    s.stopping = true;
    if (s.worker) s.worker.stop();
    else s.settle();
  }

  /** Resolves when every session has settled. */
  async idle(): Promise<void> {
    await Promise.all([...this.sessions.values()].map((s) => s.settled));
  }

  private launch(session: string): void {
    const s = this.sessions.get(session);
    if (!s || s.stopping) return s?.settle();
    const worker = this.o.spawn(session);
    s.worker = worker;
    this.o.journal.append("worker_started", { session, pid: worker.pid ?? null });
    worker.onExit((code, signal) => void this.exited(session, code, signal));
  }

  private async exited(session: string, code: number | null, signal: string | null): Promise<void> {
    const s = this.sessions.get(session);
    if (!s) return;
    s.worker = null;
    if (s.stopping) {
      this.o.journal.append("worker_stopped", { session, code, signal });
      return s.settle();
    }
    const at_ms = this.o.clock.now();
    this.o.journal.append("worker_failed", { session, code, signal, at_ms });
    const r = s.budget.dispatch({ kind: "Failure", at_ms });
    if (!r.ok) {
      // The clock produced a time the wire refuses (negative or past WIRE_MAX_MS): keep it down.
      this.o.journal.append("fact_refused", { session, pointer: r.error.pointer, expected: r.error.expected });
      return s.settle();
    }
    const v = r.value.output;
    this.o.journal.append(journalType(v), { session, verdict: v, rule: r.value.rule });
    if (v.kind !== "Restart") return s.settle();
    await this.o.sleep(v.pause_ms);
    this.launch(session);
  }
}

function journalType(v: Verdict): string {
  switch (v.kind) {
    case "Restart":
      return "restart";
    case "GiveUp":
      return "given_up";
    case "ClockBackwards":
      return "clock_rejected";
  }
}
