// Daemon, supervisor side of the park releases (spec/park.yaml): a parked worker sends the facts
// of its park; the supervisor asks ParkRelease and EvictionIn (each journaled with its rule
// before the reply) and answers both. On AskStop (an idle unattached root worker past the
// eviction time) the supervisor ends the session and stops the worker, which exits 0, so the
// stop is neither a failure nor restarted. ReleaseKernel and the timer are the worker's to act on.

import type { Reply } from "../generated/ts/control.js";
import type { EvictionTimer, ParkReleaseFacts, ParkVerdict } from "../generated/ts/park.js";
import type { Supervisor } from "./supervisor.js";

export function park(sup: Supervisor, name: string, launch: number, facts: ParkReleaseFacts): Reply {
  const s = sup.sessions.get(name);
  if (s === undefined || s.book.launch?.seq !== launch || s.handle === null) return { kind: "Refused", reason: `no launch ${launch} of session ${name} is running` };
  const d = sup.o.decider.decide<ParkVerdict>(name, "park", "ParkRelease", facts, { launch });
  if (d === null) return { kind: "Refused", reason: "the park facts were refused by the wire" };
  const t = sup.o.decider.decide<EvictionTimer>(name, "park", "EvictionIn", { idle_ms: facts.idle_ms, eviction_ms: facts.eviction_ms }, { launch });
  if (t === null) return { kind: "Refused", reason: "the eviction facts were refused by the wire" };
  if (d.verdict === "AskStop") {
    if (s.timer !== null) clearTimeout(s.timer);
    s.timer = null;
    sup.o.journal.append("session_stopped", { session: name, reason: "an idle unattached root worker past the eviction time asked to be stopped (ParkRelease)" });
    s.book.active = false;
    s.book.pendingRestart = false;
    void sup.stopWorker(s).then(() => {
      if (!s.book.active) s.state = "Stopped";
    });
  }
  return { kind: "Parked", verdict: d.verdict, timer: t.verdict };
}
