// Daemon, worker side: the run gate, as launcher's Quiesce machine decides it. The worker holds
// its own copy of the machine with itself as worker 0 (the other slots stay idle and are never
// asked). Every work change that starts work is a Work step (refused at a closed gate); a Quiesce
// message is the Ask and this worker's Answer; a Release is the supervisor's busy Commit and the
// Release; the hold timer is HoldExpiry, armed by the worker itself so that the gate reopens
// whatever happens to the supervisor; a QuiesceStop is the supervisor's Stopping phase (the
// message says it committed) and the Stop, which a gate already reopened refuses.

import * as launcher from "../generated/ts/launcher.js";
import type { QuiesceOutput, QuiesceState } from "../generated/ts/launcher.js";
import type { WorkSet } from "../generated/ts/orphan.js";
import type { Wire } from "../runtime/index.js";
import { schedule, type Timer } from "./timer.js";

export type GateEvent =
  | { readonly kind: "answer"; readonly round: number; readonly work: WorkSet }
  | { readonly kind: "gate"; readonly gate: "Open" | "Closed"; readonly why: string }
  | { readonly kind: "stop" }
  | { readonly kind: "stop-refused"; readonly round: number };

export class QuiesceGate {
  /** The worker's own view of a round: the Quiesce model of one worker (itself, worker 0). */
  private readonly model = launcher.instance({ WORKERS: 1 });
  private state: QuiesceState = this.model.initialQuiesce();
  private round = 0;
  private hold: Timer | null = null;

  constructor(
    private readonly wire: Wire,
    /** The worker acts on each outcome: send an answer or a refusal, exit, note the gate. */
    private readonly act: (e: GateEvent) => void,
  ) {}

  private step(event: Record<string, unknown>): QuiesceOutput {
    const r = this.wire.step("launcher", this.model, "Quiesce", this.state, event);
    if (!r.ok) throw new Error(`quiesce gate: the event was refused at ${r.error.pointer}: ${r.error.message}`);
    this.state = r.value.state;
    return r.value.output;
  }

  private me(): launcher.Worker {
    const w = this.state.workers[0];
    if (w === undefined) throw new Error("quiesce gate: no worker 0");
    return w;
  }

  get gate(): "Open" | "Closed" {
    return this.me().gate;
  }

  /** A change of the work set: false when the model refuses it (work at a closed gate); nothing changes then. */
  work(next: WorkSet): boolean {
    return this.step({ kind: "Work", w: 0, work: next }) !== "WorkRefused";
  }

  /** The supervisor opened round `round`: ask, then this worker's answer; a quiesced one holds its gate closed. */
  quiesce(round: number, holdMs: number): void {
    // A new round means the supervisor left the last one (it answered, or it is a new supervisor).
    if (this.state.phase !== "Serving") this.state = { ...this.state, phase: "Serving", workers: this.state.workers.map((w) => ({ ...w, answer: "Unasked" })) };
    this.step({ kind: "Ask" });
    const out = this.step({ kind: "Answer", w: 0 });
    this.round = round;
    if (out === "AnsweredQuiesced") {
      this.act({ kind: "gate", gate: "Closed", why: `quiesce round ${round}` });
      this.hold?.clear();
      this.hold = schedule(holdMs, () => this.expire());
    }
    this.act({ kind: "answer", round, work: this.me().work });
  }

  private expire(): void {
    this.hold = null;
    if (this.step({ kind: "HoldExpiry", w: 0 }) === "GateOpened") this.act({ kind: "gate", gate: "Open", why: "hold expired" });
  }

  /** The round ended busy: the supervisor's commit (busy, as the model says with this worker alone asked), then the release. */
  release(round: number): void {
    if (round !== this.round) return;
    this.step({ kind: "Commit" });
    if (this.step({ kind: "Release", w: 0 }) === "GateOpened") {
      this.hold?.clear();
      this.hold = null;
      this.act({ kind: "gate", gate: "Open", why: "released" });
    }
  }

  /** The supervisor committed round `round` and sends its stop: exit at a closed gate, refuse at a reopened one. */
  stop(round: number): void {
    if (round !== this.round) return;
    this.state = { ...this.state, phase: "Stopping" };
    const out = this.step({ kind: "Stop", w: 0 });
    if (out === "WorkerStopped") this.act({ kind: "stop" });
    else if (out === "StopRefused") this.act({ kind: "stop-refused", round });
  }

  /** The supervisor is gone: its round dies with it; the hold still reopens the gate. */
  lost(): void {
    this.step({ kind: "SupervisorLost" });
  }

  /** A supervisor is seen again (a new one): serving, no round. */
  seen(): void {
    if (this.state.phase === "Lost") this.state = { ...this.state, phase: "Serving" };
  }

  close(): void {
    this.hold?.clear();
  }
}
