// Daemon: the busy refresh, on both sides of the socket. A worker and its supervisor each hold
// one BusyRefresh machine (spec/revive.yaml) per registration, fed the same events in the same
// order: the worker sends its work set with a stamp; a set equal to the machine's is a refresh
// tick, any other a work change. The worker's copy times the ticks (the next is due at
// `due_ms`, and a due tick is sent before any later event, so the model never refuses one);
// the supervisor's copy is the journaled one, and its busy record is what a boot revives by.

import type { BusyRefreshEvent, BusyRefreshState, RefreshOutput, ReviveInstance } from "../generated/ts/revive.js";
import * as orphan from "../generated/ts/orphan.js";
import type { WorkSet } from "../generated/ts/orphan.js";
import type { Clock } from "../runtime/index.js";

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The event a work report at `at_ms` is, for a machine in state `s`. */
export function refreshEvent(s: BusyRefreshState, work: WorkSet, atMs: number): BusyRefreshEvent {
  return same(work, s.work) ? { kind: "Tick", at_ms: atMs } : { kind: "Work", at_ms: atMs, work };
}

export interface RefreshOptions {
  /** The wall clock the stamps are read from. */
  readonly clock: Clock;
  /** Send one report (work set and stamp) to the supervisor. */
  readonly send: (work: WorkSet, stampMs: number) => void;
  /** The revive model bound to this process's parameters (the refresh interval among them). */
  readonly revive: ReviveInstance;
}

/** The worker's side: reports work changes, and ticks at the model's due times. */
export class RefreshDriver {
  private state: BusyRefreshState;
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly o: RefreshOptions) {
    this.state = o.revive.initialBusyRefresh();
  }

  /** A new registration: both copies start again, and the current set is reported at once. */
  reset(work: WorkSet): void {
    this.clear();
    this.state = this.o.revive.initialBusyRefresh();
    this.step(refreshEvent(this.state, work, this.now()));
    this.arm();
  }

  /** The work set may have changed: a change is reported (after any tick that fell due). */
  report(work: WorkSet): void {
    this.clear();
    const t = this.o.clock.now();
    this.dueTicks(t);
    if (!same(work, this.state.work)) this.step({ kind: "Work", at_ms: Math.max(t, this.state.now_ms), work });
    this.arm();
  }

  close(): void {
    this.clear();
  }

  get current(): BusyRefreshState {
    return this.state;
  }

  private tick(): void {
    this.clear();
    const t = this.o.clock.now();
    if (!this.dueTicks(t)) this.step({ kind: "Tick", at_ms: Math.max(t, this.state.now_ms) });
    this.arm();
  }

  private now(): number {
    return Math.max(this.o.clock.now(), this.state.now_ms);
  }

  private clear(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }

  /** Ticks that fell due while the event loop was busy go first, each at its due time. */
  private dueTicks(t: number): boolean {
    let sent = false;
    while (hasWork(this.state.work) && t > this.state.due_ms) {
      this.step({ kind: "Tick", at_ms: this.state.due_ms });
      sent = true;
    }
    return sent;
  }

  private step(e: BusyRefreshEvent): RefreshOutput {
    const r = this.o.revive.stepBusyRefresh(this.state, e);
    this.state = r.state;
    this.o.send(e.kind === "Work" ? e.work : this.state.work, e.at_ms);
    return r.output;
  }

  private arm(): void {
    if (!hasWork(this.state.work)) return;
    this.timer = setTimeout(() => this.tick(), Math.max(0, this.state.due_ms - this.o.clock.now()));
    this.timer.unref();
  }
}

const hasWork = (work: WorkSet): boolean => orphan.decideHasWork({ work }).verdict;
