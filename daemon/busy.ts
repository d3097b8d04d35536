// Daemon, supervisor side of the busy refresh: each work report of a registered worker steps the
// session's BusyRefresh machine (spec/revive.yaml, daemon/refresh.ts) through the decider, so the
// step is journaled (state, event, verdict, rule, next) before the reply; the machine's record is
// the session's busy evidence that a later boot offers to the revival veto. A registration starts
// a fresh machine, as the worker's copy does.

import type { WorkSet } from "../generated/ts/orphan.js";
import type { BusyRefreshState, RefreshOutput } from "../generated/ts/revive.js";
import type { Reply } from "../generated/ts/control.js";
import { refreshEvent } from "./refresh.js";
import type { Live, Supervisor } from "./supervisor.js";

const machines = new WeakMap<Live, BusyRefreshState>();

/** A worker (re)registered: its session's machine starts again. */
export function freshRefresh(sup: Supervisor, s: Live): void {
  machines.set(s, sup.o.decider.initial("revive", "BusyRefresh"));
}

/** One work report: stepped, journaled, and the busy evidence taken from the next state. */
export function recordBusy(sup: Supervisor, s: Live, work: WorkSet, stampMs: number): Reply {
  const state = machines.get(s) ?? sup.o.decider.initial<BusyRefreshState>("revive", "BusyRefresh");
  const r = sup.o.decider.step<BusyRefreshState, RefreshOutput>(s.book.name, "revive", "BusyRefresh", state, refreshEvent(state, work, stampMs));
  if (r === null) return { kind: "Refused", reason: "the work report was refused by the wire" };
  machines.set(s, r.state);
  if (r.output === "RecordedBusy" || r.output === "RecordedIdle") s.book.busy = { hasWork: r.state.record !== null, stampMs: r.state.record };
  s.book.lastWork = r.state.work;
  return r.output === "Refused" ? { kind: "Refused", reason: "the busy refresh refused a report out of order (a clock backwards or a missed tick)" } : { kind: "Ok" };
}
