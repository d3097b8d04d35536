// Daemon, worker side of the park releases (spec/park.yaml). A worker parks when its session
// opens, when a run ends, when its work set empties (the last job settles: the run it wakes ends
// at once), and when the eviction timer of its last park expires. Each park sends the facts
// (the one work set, depth, attachment, idle time, the effective eviction time, pause lease,
// scheduled job) to the supervisor, which answers ParkRelease and EvictionIn (journaled): the
// worker releases its kernel on ReleaseKernel and arms the timer for the time left on After.

import * as orphan from "../generated/ts/orphan.js";
import type { ParkReleaseFacts } from "../generated/ts/park.js";
import type { WorkSet } from "../generated/ts/orphan.js";
import type { Clock } from "../runtime/index.js";
import { schedule, type Timer } from "./timer.js";
import type { SupervisorLine } from "./lines.js";

export interface Holds {
  /** rlm_depth: 0 for a root worker, above 0 for a parent-owned child. */
  depth: number;
  attached: boolean;
  pause_lease: boolean;
  scheduled_job: boolean;
}

export interface ParkSideOptions {
  /** The monotonic clock of the idle time. */
  readonly clock: Clock;
  /** The effective IDLE_EVICTION_MS; one past the wire's range arrives as WIRE_MAX_MS + 1. */
  readonly evictionMs: number;
  readonly work: () => WorkSet;
  /** Send a Park request; false while the supervisor is not connected. */
  readonly send: (facts: ParkReleaseFacts) => boolean;
  /** The park released the kernel (the worker flushes its namespace snapshot and disposes it). */
  readonly onRelease: () => void;
}

export class ParkSide {
  readonly holds: Holds = { depth: 0, attached: false, pause_lease: false, scheduled_job: false };
  /** Monotonic time of the first park that found no work since work last ran; null while working. */
  private idleSince: number | null = null;
  private timer: Timer | null = null;
  /** The kernel is live (a release disposes it; the next work uses it and revives it). */
  kernelLive = true;

  constructor(private readonly o: ParkSideOptions) {}

  /** Re-check both releases now. */
  park(): void {
    this.clear();
    const work = this.o.work();
    const now = this.o.clock.now();
    if (orphan.decideHasWork({ work }).verdict) this.idleSince = null;
    else this.idleSince ??= now;
    this.o.send({ work, ...this.holds, idle_ms: this.idleSince === null ? 0 : now - this.idleSince, eviction_ms: this.o.evictionMs });
  }

  /** The work set changed: work stops the idle clock; a run's end, or the set emptying, is a park. */
  workChanged(before: WorkSet, after: WorkSet): void {
    const had = orphan.decideHasWork({ work: before }).verdict;
    const has = orphan.decideHasWork({ work: after }).verdict;
    if (has) {
      this.idleSince = null;
      this.kernelLive = true;
      this.clear();
    }
    if ((before.run && !after.run) || (had && !has)) this.park();
  }

  /** A line from the supervisor, decoded: a Parked reply is acted on, anything else ignored. */
  onLine(reply: SupervisorLine): void {
    if (reply.kind !== "Parked") return;
    // A timer's re-check of a released kernel has nothing more to release (Parked.Park keep).
    if (reply.verdict === "ReleaseKernel" && this.kernelLive) {
      this.kernelLive = false;
      this.o.onRelease();
    }
    const t = reply.timer;
    if (reply.verdict !== "AskStop" && t.kind === "After") {
      this.clear();
      this.timer = schedule(t.remaining_ms, () => this.park());
    }
  }

  close(): void {
    this.clear();
  }

  private clear(): void {
    this.timer?.clear();
    this.timer = null;
  }
}
