// Daemon: the launch path after a failure. Every RestartBudget verdict is handed to the
// launcher's RetryLaunch decision (spec/launcher.yaml) with the facts about the session's earlier
// worker process: alive at its pid, with its recorded identity (pid and start time), and whether
// it was already asked to stop since the last failure was counted. The supervisor acts on the
// journaled verdict: give up (the budget did), stop the survivor (identity-gated) and ask again,
// feed a survivor that lived through its stop to the budget as one more failure, or launch after
// exactly the budget's pause. Never beside a survivor.

import type { RetryVerdict } from "../generated/ts/launcher.js";
import type { Verdict } from "../generated/ts/supervise.js";
import { startTicks } from "./proc.js";
import type { Live, Supervisor } from "./supervisor.js";
import { WorkerHandle } from "./worker-handle.js";

/** The facts about the session's earlier worker process, read now. */
export function earlierFacts(s: Live): { earlier_alive: boolean; identity_matches: boolean } {
  const id = s.earlier;
  if (id === null) return { earlier_alive: false, identity_matches: false };
  const ticks = startTicks(id.pid);
  return { earlier_alive: ticks !== null, identity_matches: ticks !== null && ticks === id.start };
}

/** Ask RetryLaunch about budget verdict `budget` and act on the answer. */
export function retry(sup: Supervisor, s: Live, budget: Verdict, stopSent: boolean): void {
  // A session stopped meanwhile (a client's Stop, a veto) is not retried.
  if (budget.kind === "Restart" && !s.book.active) return;
  const d = sup.o.decider.decide<RetryVerdict>(s.book.name, "launcher", "RetryLaunch", { budget, ...earlierFacts(s), stop_sent: stopSent });
  if (d === null) {
    sup.inactive(s, "the retry facts were refused by the wire");
    return;
  }
  switch (d.verdict.kind) {
    case "GiveUp":
      // The budget gave up or refused the failure; failure() already acted on its verdict.
      s.book.pendingRestart = false;
      return;
    case "StopSurvivor": {
      const id = s.earlier;
      if (id === null) return;
      s.state = "Stopping";
      const h = WorkerHandle.adopt(id);
      // Held as the session's stop, so a shutdown waits for it (and nothing is journaled after).
      s.stopping = h.stop(sup.o.stopTimes, () => false, (step) => {
        sup.o.journal.append("stop_step", { session: s.book.name, launch: 0, pid: id.pid, start: id.start, step, survivor: true });
      }, sup.o.signal).then(() => {
        s.stopping = null;
        if (!sup.shuttingDown) retry(sup, s, budget, true);
      });
      return;
    }
    case "CountFailure":
      // The survivor lived through its stop: one more failure, and the budget's new verdict decides.
      sup.failure(s);
      return;
    case "Launch":
      s.state = "Pausing";
      s.book.pendingRestart = true;
      s.timer = setTimeout(() => sup.launch(s), Math.round(d.verdict.pause_ms * sup.o.pauseScale));
      return;
  }
}
