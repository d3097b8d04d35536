// Daemon: the journal replayed into what a booting supervisor must know per session: whether it
// is wanted, given up, its latest launch and whether that worker's exit was seen, a restart the
// last supervisor was pausing for, its latest busy evidence, and its restart budget. The budget
// is rebuilt by stepping every journaled failure of this boot through the generated machine
// again (monotonic times do not carry across a reboot; a give-up does: control.yaml, decided).

import type { RestartBudgetState } from "../generated/ts/supervise.js";
import { initialRestartBudget } from "../generated/ts/supervise.js";
import type { Wire } from "../runtime/index.js";
import { readStamp } from "../runtime/stamp.js";
import { models } from "./config.js";
import type { JournalRecord } from "./journal-format.js";

export interface LaunchBook {
  /** The journal seq of the `launch` record (the worker's marker carries it). */
  readonly seq: number;
  pid: number | null;
  start: number | null;
  /** The worker's exit (or failed launch) was journaled. */
  ended: boolean;
}

export interface SessionBook {
  readonly name: string;
  /** A client asked for it and it was not stopped, given up or vetoed since. */
  active: boolean;
  givenUp: boolean;
  budget: RestartBudgetState;
  /** The latest launch, or null. */
  launch: LaunchBook | null;
  /** The last verdict was a Restart with no launch after it (the supervisor died while pausing). */
  pendingRestart: boolean;
  /** Worker launches journaled. */
  starts: number;
  /** Latest busy evidence: whether the work set held work, and its wall stamp. */
  /** The latest busy record: whether it had work, and its stamp (null when it cannot be read). */
  busy: { readonly hasWork: boolean; readonly stampMs: number | null } | null;
  lastWork: unknown;
}

export interface Replayed {
  readonly sessions: Map<string, SessionBook>;
  /** Budget steps whose journaled verdict or next state differs from the replay (should be none). */
  readonly disagreements: string[];
}

/** A session the journal has not named yet. */
export function newBook(name: string): SessionBook {
  return { name, active: false, givenUp: false, budget: initialRestartBudget(), launch: null, pendingRestart: false, starts: 0, busy: null, lastWork: null };
}

function book(map: Map<string, SessionBook>, name: string): SessionBook {
  let b = map.get(name);
  if (b === undefined) map.set(name, (b = newBook(name)));
  return b;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Fold the journal; `boot` is this boot's id (budgets of other boots start empty). */
export function replay(records: readonly JournalRecord[], boot: string, wire: Wire): Replayed {
  const sessions = new Map<string, SessionBook>();
  const disagreements: string[] = [];
  for (const r of records) {
    const name = typeof r["session"] === "string" ? r["session"] : null;
    if (name === null) continue;
    const s = book(sessions, name);
    switch (r.type) {
      case "session_started":
        s.active = !s.givenUp;
        break;
      case "session_stopped":
        s.active = false;
        s.pendingRestart = false;
        break;
      case "launch":
        s.launch = { seq: r.seq, pid: null, start: null, ended: false };
        s.pendingRestart = false;
        s.starts++;
        break;
      case "worker_started":
        if (s.launch !== null && s.launch.seq === r["launch"]) {
          s.launch.pid = r["pid"] as number;
          s.launch.start = r["start"] as number;
        }
        break;
      case "worker_exited":
      case "launch_failed":
        if (s.launch !== null && s.launch.seq === r["launch"]) s.launch.ended = true;
        break;
      case "decision":
        decision(s, r, boot, wire, disagreements);
        break;
    }
  }
  return { sessions, disagreements };
}

function decision(s: SessionBook, r: JournalRecord, boot: string, wire: Wire, disagreements: string[]): void {
  const verdict = r["verdict"] as { kind?: string } | string | boolean;
  if (r["module"] === "supervise" && r["machine"] === "RestartBudget") {
    const kind = (verdict as { kind?: string }).kind;
    if (kind === "GiveUp") {
      s.givenUp = true;
      s.active = false;
    }
    if (r["boot"] !== boot) return;
    const again = wire.step("supervise", models.supervise, "RestartBudget", s.budget, r["event"]);
    if (!again.ok || !same(again.value.output, r["verdict"]) || !same(again.value.state, r["next"])) {
      disagreements.push(`record ${r.seq}: the budget of ${s.name} replays to ${again.ok ? JSON.stringify(again.value.output) : again.error.message}, journaled ${JSON.stringify(r["verdict"])}`);
    }
    if (again.ok) s.budget = again.value.state;
    s.pendingRestart = kind === "Restart" && s.active;
  } else if (r["module"] === "orphan" && r["decision"] === "HasWork") {
    s.busy = { hasWork: verdict === true, stampMs: readStamp(r["stamp_ms"]) };
    s.lastWork = (r["facts"] as { work?: unknown }).work ?? null;
  } else if (r["module"] === "revive" && r["decision"] === "RevivalVeto" && verdict !== "Revive") {
    s.active = false;
    s.pendingRestart = false;
  }
}
