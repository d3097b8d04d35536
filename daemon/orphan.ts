// Daemon, worker side: what a worker does while its supervisor is lost. It keeps the time the
// supervisor was first seen absent, and on each check asks the generated orphan model (through
// the wire) with the one work set; seen again, the timer resets. The answer is acted on by the
// caller: exit closing the session, or exit recording busy (aborting nothing).

import type { OrphanVerdict, WorkSet } from "../generated/ts/orphan.js";
import type { Clock, GeneratedModel, Wire } from "../runtime/index.js";

export type { OrphanVerdict, WorkSet };

export interface OrphanOptions {
  readonly clock: Clock;
  readonly wire: Wire;
  /** The generated `orphan` module. */
  readonly model: GeneratedModel;
  /** The lost-exit window (the effective WORKER_LOST_EXIT_DEFAULT_MS, or a configured one). */
  readonly windowMs: number;
  /** The largest duration on the wire; a larger window means never and is sent as this + 1. */
  readonly wireMaxMs: number;
  /** The session's work set now (LAWS.md section 3: one set for every law). */
  readonly work: () => WorkSet;
}

export class OrphanWatch {
  private lostSince: number | null = null;

  constructor(private readonly o: OrphanOptions) {}

  /** The supervisor was seen (connected, or answered): the absence timer resets. */
  seen(): void {
    this.lostSince = null;
  }

  /** The supervisor is absent (disconnected, or silent); the first call starts the timer. */
  absent(): void {
    this.lostSince ??= this.o.clock.now();
  }

  /** What the worker does now; `Wait` while the supervisor has not been absent. */
  check(): OrphanVerdict {
    if (this.lostSince === null) return "Wait";
    const facts = {
      absent_ms: Math.min(this.o.clock.now() - this.lostSince, this.o.wireMaxMs),
      window_ms: Math.min(this.o.windowMs, this.o.wireMaxMs + 1),
      work: this.o.work(),
    };
    const r = this.o.wire.decide("orphan", this.o.model, "OrphanExit", facts);
    if (!r.ok) throw new Error(`orphan: the facts were refused at ${r.error.pointer}: ${r.error.message}`);
    return r.value.verdict as OrphanVerdict;
  }
}
