// Daemon: idle shutdown, the supervisor's side of launcher's Quiesce protocol. A ShutdownIfIdle
// opens a round: every live worker is asked to quiesce, and each event of the round (the ask,
// each answer with the worker's work set, the answer timeout, the commit, each stop or refusal,
// each release) is a step of the generated Quiesce machine through the Decider, journaled before
// the supervisor acts. The stops are sent only when the commit says Stopping; otherwise every
// quiesced worker is released and the launcher is told busy. The supervisor never looks at a
// work set itself, and the client never decides.

import type { Reply } from "../generated/ts/control.js";
import type { QuiesceOutput, QuiesceState } from "../generated/ts/launcher.js";
import type { WorkSet } from "../generated/ts/orphan.js";
import type { Live, Supervisor } from "./supervisor.js";

export interface QuiesceTimes {
  readonly answerMs: number;
  readonly commitMs: number;
  readonly holdMs: number;
}

interface Slot {
  readonly s: Live;
  readonly launch: number;
  readonly w: number;
  answer: "Unasked" | "Quiesced" | "Busy";
  end: "Stopped" | "Refused" | null;
}

interface Round {
  readonly id: number;
  /** The round's Quiesce instance: WORKERS = its live workers (one free slot when there are none). */
  readonly workers: number;
  state: QuiesceState;
  readonly slots: Slot[];
  /** Resolves when every answer is in, or the answer timeout fired. */
  answered: () => void;
  /** Resolves when every stop is settled (stopped or refused). */
  settled: () => void;
  /** Why the supervisor ended the round before it concluded (its shutdown), or null. */
  ended: string | null;
}

export class IdleShutdown {
  private round: Round | null = null;
  private rounds = 0;

  constructor(private readonly sup: Supervisor, private readonly t: QuiesceTimes) {}

  /**
   * The supervisor is shutting down: an open round ends now, journaled while the journal is
   * open, and its ask answers NotIdle with `reason`. Nothing of the round is decided after this
   * (no timeout, answer, stop or release steps the model): the shutdown stops every worker.
   */
  end(reason: string): void {
    const r = this.round;
    if (r === null || r.ended !== null) return;
    r.ended = reason;
    this.sup.o.journal.append("quiesce_busy", { round: r.id, reason });
    r.answered();
    r.settled();
  }

  /** One step of the round's Quiesce machine, journaled; null when the wire refused it (never, for our own events). */
  private step(r: Round, event: Record<string, unknown>): QuiesceOutput | null {
    const d = this.sup.o.decider.step<QuiesceState, QuiesceOutput>(null, "launcher", "Quiesce", r.state, event, { WORKERS: r.workers });
    if (d === null) return null;
    r.state = d.state;
    return d.output;
  }

  /** ShutdownIfIdle: the whole round. Ok means every worker stopped and the caller shuts down. */
  async ask(): Promise<Reply> {
    if (this.round !== null) return { kind: "NotIdle", reason: "an idle-shutdown round is already in progress" };
    const live = [...this.sup.sessions.values()].filter((s) => (s.handle !== null && !s.handle.exited) || s.state === "Pausing");
    // The round is the Quiesce instance of exactly these workers (the model needs at least one).
    const workers = Math.max(1, live.length);
    const state = this.sup.o.decider.initial<QuiesceState>("launcher", "Quiesce", { WORKERS: workers });
    const r: Round = { id: ++this.rounds, workers, state, slots: [], answered: () => {}, settled: () => {}, ended: null };
    live.forEach((s, w) => r.slots.push({ s, launch: s.book.launch?.seq ?? 0, w, answer: "Unasked", end: null }));
    this.round = r;
    this.sup.o.journal.append("quiesce_round", { round: r.id, sessions: r.slots.map((x) => x.s.book.name) });
    try {
      return await this.run(r);
    } finally {
      this.round = null;
    }
  }

  private async run(r: Round): Promise<Reply> {
    const answered = new Promise<void>((res) => (r.answered = res));
    this.step(r, { kind: "Ask" });
    // With no live worker the one slot holds none: it answers at once, idle, and is never stopped.
    for (let w = r.slots.length; w < r.workers; w++) this.step(r, { kind: "Answer", w });
    for (const x of r.slots) x.s.link?.send({ kind: "Quiesce", round: r.id, hold_ms: this.t.holdMs });
    const timer = setTimeout(() => r.answered(), this.t.answerMs);
    if (r.slots.length === 0) r.answered();
    await answered;
    clearTimeout(timer);
    if (r.ended !== null) return { kind: "NotIdle", reason: r.ended };
    const all = r.slots.every((x) => x.answer !== "Unasked");
    const out = this.step(r, { kind: all ? "Commit" : "AnswerTimeout" });
    if (out !== "Stopping") return this.release(r, all ? "a worker is busy" : `a worker did not answer within ${this.t.answerMs} ms`);
    return this.stopAll(r);
  }

  /** The round ended busy: every quiesced worker gets its release (its hold would reopen the gate anyway). */
  private release(r: Round, reason: string): Reply {
    for (const x of r.slots) {
      if (x.answer !== "Quiesced") continue;
      if (this.step(r, { kind: "Release", w: x.w }) === "GateOpened") x.s.link?.send({ kind: "Release", round: r.id });
    }
    this.sup.o.journal.append("quiesce_busy", { round: r.id, reason });
    return { kind: "NotIdle", reason };
  }

  private async stopAll(r: Round): Promise<Reply> {
    const settled = new Promise<void>((res) => (r.settled = res));
    for (const x of r.slots) {
      // The session ends here; its next work starts a worker on the new daemon.
      this.sup.o.journal.append("session_stopped", { session: x.s.book.name, reason: "idle shutdown" });
      x.s.book.active = false;
      x.s.book.pendingRestart = false;
      if (x.s.timer !== null) clearTimeout(x.s.timer);
      x.s.timer = null;
      x.s.state = "Stopping";
      const h = x.s.handle;
      if (h === null) {
        this.settle(r, x, "Stopped");
        continue;
      }
      h.onExit(() => this.settle(r, x, "Stopped"));
      x.s.link?.send({ kind: "QuiesceStop", round: r.id });
    }
    if (r.slots.length === 0) r.settled();
    // A worker silent past the commit window is stopped with escalation (TERM, then KILL).
    const late = setTimeout(() => {
      for (const x of r.slots) if (x.end === null) void this.sup.stopWorker(x.s);
    }, this.t.commitMs);
    await settled;
    clearTimeout(late);
    if (r.ended !== null) return { kind: "NotIdle", reason: r.ended };
    const refused = r.slots.filter((x) => x.end === "Refused").map((x) => x.s.book.name);
    if (refused.length === 0) {
      this.sup.o.journal.append("quiesce_stopped", { round: r.id });
      return { kind: "Ok" };
    }
    this.sup.o.journal.append("quiesce_busy", { round: r.id, reason: "a stop was refused", refused });
    return { kind: "NotIdle", reason: `the hold of ${refused.join(", ")} reopened its gate before the stop` };
  }

  private settle(r: Round, x: Slot, how: "Stopped" | "Refused"): void {
    if (x.end !== null || r.ended !== null) return;
    if (how === "Refused") this.step(r, { kind: "HoldExpiry", w: x.w });
    const out = this.step(r, { kind: "Stop", w: x.w });
    x.end = out === "StopRefused" ? "Refused" : "Stopped";
    if (x.end === "Refused") {
      // It keeps running, a session again.
      x.s.state = "Running";
      x.s.book.active = true;
      this.sup.o.journal.append("session_started", { session: x.s.book.name });
    }
    if (r.slots.every((y) => y.end !== null)) r.settled();
  }

  private slot(session: string, launch: number, round: number): { r: Round; x: Slot } | null {
    const r = this.round;
    if (r === null || r.id !== round || r.ended !== null) return null;
    const x = r.slots.find((y) => y.s.book.name === session && y.launch === launch);
    return x === undefined ? null : { r, x };
  }

  /** A worker's answer, with its work set: the model's Work then Answer decide quiesced or busy. */
  answer(session: string, launch: number, round: number, work: WorkSet): Reply {
    const f = this.slot(session, launch, round);
    if (f === null || f.x.answer !== "Unasked" || f.r.state.phase !== "Asking") return { kind: "Refused", reason: `no open quiesce round ${round} for ${session}` };
    this.step(f.r, { kind: "Work", w: f.x.w, work });
    const out = this.step(f.r, { kind: "Answer", w: f.x.w });
    f.x.answer = out === "AnsweredQuiesced" ? "Quiesced" : "Busy";
    if (f.r.slots.every((y) => y.answer !== "Unasked")) f.r.answered();
    return { kind: "Ok" };
  }

  /** A worker refused the stop: its hold had reopened its gate. */
  refused(session: string, launch: number, round: number): Reply {
    const f = this.slot(session, launch, round);
    if (f === null || f.r.state.phase !== "Stopping") return { kind: "Refused", reason: `no stopping round ${round} for ${session}` };
    this.settle(f.r, f.x, "Refused");
    return { kind: "Ok" };
  }
}
