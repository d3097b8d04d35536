// Daemon: the journal folded into what a booting supervisor must know per session: whether it
// is wanted, given up, its latest launch and whether that worker's exit was seen, a restart the
// last supervisor was pausing for, its latest busy evidence, and its restart budget with the boot
// its times were taken on. The fold is incremental: the supervisor feeds it every record it
// appends, so a rotation writes the fold as the next journal's first record (a `snapshot`), and
// a replay that meets a snapshot starts from it (or, holding the records before it, checks it).
// Budgets are stepped through the generated machine again; a budget crosses a reboot only by a
// journaled CarryBudget decision (spec/supervise.yaml), never silently.

import type { BusyRefreshState } from "../generated/ts/revive.js";
import type { RestartBudgetState, Verdict } from "../generated/ts/supervise.js";
import type { Wire } from "../runtime/index.js";
import { readStamp } from "../runtime/stamp.js";
import { digestOf, type ModuleName, models, modelOf, type Params, wire as wireOfBuild } from "./config.js";
import { JournalError } from "./journal-format.js";

// Initial states read no parameter (the generated instances agree at any values): the defaults'.
const initialBusyRefresh = (): BusyRefreshState => modelOf("revive", null).machines["BusyRefresh"]?.initial() as BusyRefreshState;
const initialRestartBudget = (): RestartBudgetState => modelOf("supervise", null).machines["RestartBudget"]?.initial() as RestartBudgetState;
import type { JournalRecord } from "./journal-format.js";

export interface LaunchBook {
  /** The journal seq of the `launch` record (the worker's marker carries it). */
  readonly seq: number;
  pid: number | null;
  start: number | null;
  /** The worker's exit (or failed launch) was journaled. */
  ended: boolean;
  /** That exit was asked for (a Stop or the supervisor's Shutdown): not a failure. */
  requested?: boolean;
}

export interface SessionBook {
  readonly name: string;
  /** A client asked for it and it was not stopped, given up or vetoed since. */
  active: boolean;
  givenUp: boolean;
  budget: RestartBudgetState;
  /** The boot id the budget's failure times were taken on; null while it holds none. */
  budgetBoot: string | null;
  /** The latest launch, or null. */
  launch: LaunchBook | null;
  /** The last verdict was a Restart with no launch after it (the supervisor died while pausing). */
  pendingRestart: boolean;
  /** The budget's latest verdict (a retry at boot reads it again), or null. */
  lastVerdict: Verdict | null;
  /** Worker launches journaled. */
  starts: number;
  /** The latest busy record: whether it had work, and its stamp (null when it cannot be read). */
  busy: { readonly hasWork: boolean; readonly stampMs: number | null } | null;
  lastWork: unknown;
}

export interface Replayed {
  readonly sessions: Map<string, SessionBook>;
  /** Records whose journaled verdict, state or snapshot differs from the replay (should be none). */
  readonly disagreements: string[];
}

/** A session the journal has not named yet. */
export function newBook(name: string): SessionBook {
  return { name, active: false, givenUp: false, budget: initialRestartBudget(), budgetBoot: null, launch: null, pendingRestart: false, lastVerdict: null, starts: 0, busy: null, lastWork: null };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** A decision record another build's model wrote (its digest is not this build's); older records name none. */
export function foreign(r: JournalRecord): boolean {
  const m = r["module"];
  return typeof r["digest"] === "string" && typeof m === "string" && Object.hasOwn(models, m) && r["digest"] !== digestOf(m as ModuleName);
}

/**
 * A machine state a record holds, as a state of this build: as it is when this build's wire
 * reads it, else through the migration the machine declares (spec `migrate:`), checked again.
 * A state neither reads is refused, never skipped: the supervisor does not start on it.
 */
export function carried<S>(module: ModuleName, machine: string, value: unknown, where: string): S {
  const w = wireOfBuild();
  const asIs = w.decode(module, `${machine}State`, value);
  if (asIs.ok) return value as S;
  const migrate = modelOf(module, null).machines[machine]?.migrate;
  const migrated = migrate === undefined ? undefined : migrate(value as never);
  if (migrated !== undefined && w.decode(module, `${machine}State`, migrated).ok) return migrated as S;
  const reason = `${asIs.error.pointer === "" ? "" : `at ${asIs.error.pointer}: `}${asIs.error.message}`;
  throw new JournalError(`${where}: a ${module}.${machine} state this build cannot read (${reason})${migrate === undefined ? " and its spec declares no migration" : " and its migration does not give one"}; refusing to start (it is never skipped)`, -1);
}

/** A refusal of `carried` placed where its record lies: the journal file and the record's byte offset. */
export function refusedAt(e: JournalError, file: string, offset: number): JournalError {
  return new JournalError(`${file}: the record at byte ${offset}: ${e.message}`, offset);
}

export class Fold {
  readonly sessions = new Map<string, SessionBook>();
  readonly disagreements: string[] = [];
  /** Records folded (a snapshot counts one). */
  records = 0;
  /** Each session's latest BusyRefresh state: a step must start from it, or from a fresh machine. */
  private readonly refresh = new Map<string, BusyRefreshState>();

  constructor(
    /** Budgets are stepped again through it and compared; null trusts the journaled next states. */
    private readonly wire: Wire | null,
  ) {}

  /** The fold as a snapshot record's body: every session book, sorted by name. */
  snapshot(): { sessions: SessionBook[] } {
    return { sessions: [...this.sessions.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)) };
  }

  /** Books the supervisor may change without changing the fold. */
  copy(): Map<string, SessionBook> {
    return new Map([...this.sessions].map(([k, v]) => [k, structuredClone(v)]));
  }

  apply(r: JournalRecord): void {
    this.records++;
    if (r.type === "snapshot") return this.restore(r);
    const name = typeof r["session"] === "string" ? r["session"] : null;
    if (name === null) return;
    const s = this.book(name);
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
        if (s.launch !== null && s.launch.seq === r["launch"]) {
          s.launch.ended = true;
          if (r.type === "worker_exited" && r["requested"] === true) s.launch.requested = true;
        }
        break;
      case "decision":
        this.decision(s, r);
        break;
    }
  }

  private book(name: string): SessionBook {
    let b = this.sessions.get(name);
    if (b === undefined) this.sessions.set(name, (b = newBook(name)));
    return b;
  }

  /** A snapshot: checked against the fold when the records before it were folded, then taken. */
  private restore(r: JournalRecord): void {
    const books = r["sessions"];
    if (!Array.isArray(books)) {
      this.disagreements.push(`record ${r.seq}: a snapshot without sessions`);
      return;
    }
    if (this.records > 1 && !same(this.snapshot().sessions, books)) {
      this.disagreements.push(`record ${r.seq}: the snapshot differs from the replay of the records before it`);
    }
    this.sessions.clear();
    for (const b of books as SessionBook[]) this.sessions.set(b.name, { ...structuredClone(b), budget: carried("supervise", "RestartBudget", b.budget, `record ${r.seq} (snapshot of ${b.name})`) });
  }

  private decision(s: SessionBook, r: JournalRecord): void {
    const verdict = r["verdict"] as { kind?: string } | string | boolean;
    const module = r["module"];
    if (module === "supervise" && r["decision"] === "CarryBudget") {
      const facts = r["facts"] as { budget?: unknown };
      if (!same(carried(module, "RestartBudget", facts.budget, `record ${r.seq}`), s.budget)) this.disagreements.push(`record ${r.seq}: ${s.name} carries a budget the replay does not hold`);
      s.budget = carried(module, "RestartBudget", r["verdict"], `record ${r.seq}`);
      s.budgetBoot = r["boot"] as string;
    } else if (module === "supervise" && r["machine"] === "RestartBudget") {
      this.budgetStep(s, r, (verdict as { kind?: string }).kind);
    } else if (module === "revive" && r["machine"] === "BusyRefresh") {
      const next = carried<BusyRefreshState>("revive", "BusyRefresh", r["next"], `record ${r.seq}`);
      const known = this.refresh.get(s.name);
      const from = carried<BusyRefreshState>("revive", "BusyRefresh", r["state"], `record ${r.seq}`);
      if (known !== undefined && !same(from, known) && !same(from, initialBusyRefresh())) {
        this.disagreements.push(`record ${r.seq}: the busy refresh of ${s.name} was stepped from a state its last step did not leave`);
      }
      this.refresh.set(s.name, next);
      if (r["verdict"] === "RecordedBusy" || r["verdict"] === "RecordedIdle") s.busy = { hasWork: next.record !== null, stampMs: next.record };
      s.lastWork = next.work;
    } else if (module === "orphan" && r["decision"] === "HasWork") {
      s.busy = { hasWork: verdict === true, stampMs: readStamp(r["stamp_ms"]) };
      s.lastWork = (r["facts"] as { work?: unknown }).work ?? null;
    } else if (module === "revive" && r["decision"] === "RevivalVeto" && verdict !== "Revive") {
      s.active = false;
      s.pendingRestart = false;
    } else if (module === "launcher" && r["decision"] === "RetryLaunch" && (verdict as { kind?: string }).kind === "GiveUp") {
      s.pendingRestart = false;
    }
  }

  private budgetStep(s: SessionBook, r: JournalRecord, kind: string | undefined): void {
    if (kind === "GiveUp") {
      s.givenUp = true;
      s.active = false;
    }
    if (s.budgetBoot !== null && s.budgetBoot !== r["boot"]) {
      this.disagreements.push(`record ${r.seq}: a failure on boot ${String(r["boot"])} judged on a budget of boot ${s.budgetBoot} without a journaled CarryBudget`);
    }
    if (!same(carried("supervise", "RestartBudget", r["state"], `record ${r.seq}`), s.budget)) this.disagreements.push(`record ${r.seq}: the budget of ${s.name} was stepped from a state the replay does not hold`);
    // A record of another build's model is not stepped again: this build's rules may differ.
    if (this.wire !== null && !foreign(r)) {
      // The instance that decided: the journaled parameters (none in an older build's record: the defaults).
      const again = this.wire.step("supervise", modelOf("supervise", (r["params"] ?? null) as Params | null), "RestartBudget", s.budget, r["event"]);
      if (!again.ok || !same(again.value.output, r["verdict"]) || !same(again.value.state, r["next"])) {
        this.disagreements.push(`record ${r.seq}: the budget of ${s.name} replays to ${again.ok ? JSON.stringify(again.value.output) : again.error.message}, journaled ${JSON.stringify(r["verdict"])}`);
      }
    }
    s.budget = carried("supervise", "RestartBudget", r["next"], `record ${r.seq}`);
    s.lastVerdict = r["verdict"] as Verdict;
    s.budgetBoot = r["boot"] as string;
    s.pendingRestart = kind === "Restart" && s.active;
  }
}

/** Fold the records; the books returned are the caller's to change. */
export function replay(records: readonly JournalRecord[], wire: Wire): Replayed {
  const fold = new Fold(wire);
  for (const r of records) fold.apply(r);
  return { sessions: fold.copy(), disagreements: fold.disagreements };
}
