// Daemon: boot. The journal is replayed (daemon/replay.ts), then every session is settled
// before the socket answers: a live worker of this journal (found by its marker) is adopted
// only if the launcher's Adopt verdict says so, else stopped as lost and its session restarted
// on this build; a worker that died while no supervisor watched counts as a failure, and its
// session is offered to the revival veto with the facts the journal holds; a restart the last
// supervisor was pausing for is carried out. Strays (a marker of no current launch) are stopped.

import { readFileSync } from "node:fs";
import type { AdoptVerdict } from "../generated/ts/launcher.js";
import type { WorkSet } from "../generated/ts/orphan.js";
import type { RestartBudgetState } from "../generated/ts/supervise.js";
import type { Veto } from "../generated/ts/revive.js";
import { readStamp } from "../runtime/stamp.js";
import { bootId, wallClock } from "./system.js";
import { findMarked, type Identity } from "./proc.js";
import type { Replayed, SessionBook } from "./replay.js";
import { earlierFacts, retry } from "./retry.js";
import type { Live, Supervisor } from "./supervisor.js";
import { WorkerHandle } from "./worker-handle.js";

export const MARKER = "--statute-worker=";

export interface Marker {
  readonly key: string;
  readonly session: string;
  readonly launch: number;
  readonly version: string;
  readonly buildId: string;
}

export function markerArg(m: Marker): string {
  return `${MARKER}${[m.key, m.session, String(m.launch), m.version, m.buildId].map(encodeURIComponent).join(":")}`;
}

export function parseMarker(arg: string): Marker | null {
  const parts = arg.slice(MARKER.length).split(":").map((p) => decodeURIComponent(p));
  if (parts.length !== 5) return null;
  const [key, session, launch, version, buildId] = parts as [string, string, string, string, string];
  return /^\d+$/.test(launch) ? { key, session, launch: Number(launch), version, buildId } : null;
}

/** Live workers of this journal (key), by session. */
export function liveWorkers(key: string): Map<string, { id: Identity; marker: Marker }[]> {
  const out = new Map<string, { id: Identity; marker: Marker }[]>();
  for (const { id, arg } of findMarked(`${MARKER}${encodeURIComponent(key)}:`)) {
    const marker = parseMarker(arg);
    if (marker === null || id.pid === process.pid) continue;
    out.set(marker.session, [...(out.get(marker.session) ?? []), { id, marker }]);
  }
  return out;
}

/** What a worker that exited on the orphan verdict left for the next boot (daemon/worker-side.ts). */
interface ExitNote {
  readonly how: "ExitIdle" | "ExitBusy";
  readonly work: unknown;
  readonly stamp_ms: number;
}

function readNote(path: string): ExitNote | null {
  try {
    const v = JSON.parse(readFileSync(path, "utf8")) as Partial<ExitNote>;
    const stamp = readStamp(v.stamp_ms);
    return (v.how === "ExitIdle" || v.how === "ExitBusy") && stamp !== null ? { how: v.how, work: v.work, stamp_ms: stamp } : null;
  } catch {
    return null;
  }
}

/**
 * A budget whose failure times were taken on another boot crosses to this one only by the
 * model's CarryBudget verdict (spec/supervise.yaml: the give-up carries, the times do not),
 * journaled before any failure of this boot is judged on it.
 */
function carry(sup: Supervisor, book: SessionBook): void {
  if (book.budgetBoot === null || book.budgetBoot === bootId()) return;
  const d = sup.o.decider.decide<RestartBudgetState>(book.name, "supervise", "CarryBudget", { budget: book.budget, same_boot: false });
  if (d === null) return;
  book.budget = d.verdict;
  book.budgetBoot = bootId();
}

export async function boot(sup: Supervisor, replayed: Replayed, key: string, notePath: (launch: number) => string): Promise<void> {
  const journal = sup.o.journal;
  for (const name of [...replayed.sessions.keys()].sort()) carry(sup, replayed.sessions.get(name) as SessionBook);
  const live = liveWorkers(key);
  const names = [...new Set([...replayed.sessions.keys(), ...live.keys()])].sort();
  const stops: Promise<void>[] = [];
  for (const name of names) {
    const book = replayed.sessions.get(name);
    const workers = live.get(name) ?? [];
    if (book === undefined) {
      for (const w of workers) stops.push(stray(sup, name, w.id, "no session of this journal"));
      continue;
    }
    const s = sup.live(book);
    const current = workers.find((w) => book.launch !== null && w.marker.launch === book.launch.seq && book.active && !book.givenUp);
    for (const w of workers) if (w !== current) stops.push(stray(sup, name, w.id, "not the session's current launch"));
    if (current !== undefined) {
      const d = sup.o.decider.decide<AdoptVerdict>(name, "launcher", "Adopt", {
        same_version: current.marker.version === sup.o.build.version,
        same_build_id: current.marker.buildId === sup.o.build.buildId,
      });
      const handle = WorkerHandle.adopt(current.id);
      sup.attach(s, handle, current.marker.launch);
      if (d !== null && d.verdict === "AdoptWorker") {
        journal.append("worker_adopted", { session: name, launch: current.marker.launch, pid: current.id.pid, start: current.id.start });
        continue;
      }
      // Stopped as a lost worker is (its work stays resumable); the session restarts on this build.
      // A worker that survives its stop is fed to the budget as one more failure (daemon/retry.ts).
      stops.push(sup.stopWorker(s).then(() => {
        if (!book.active) return;
        if (earlierFacts(s).identity_matches) sup.failure(s);
        else sup.launch(s);
      }));
      continue;
    }
    if (!book.active) continue;
    if (book.launch !== null && !book.launch.ended) {
      const note = readNote(notePath(book.launch.seq));
      journal.append("worker_exited", { session: name, launch: book.launch.seq, code: null, signal: null, unknown: true, requested: false, clean: note?.how === "ExitIdle", unsupervised: true, orphan: note?.how ?? null });
      book.launch.ended = true;
      if (note?.how === "ExitIdle") {
        // It closed its session on the orphan verdict: no failure, nothing to revive.
        sup.inactive(s, "the worker closed its session when its supervisor stayed lost");
      } else if (note?.how === "ExitBusy") {
        // It left with work, aborting nothing: its busy evidence goes to the journal, then the veto.
        sup.busy(name, note.work as WorkSet, note.stamp_ms);
        revive(sup, s);
      } else {
        // The worker died (or never started) while no supervisor watched: one more failure.
        deadAtBoot(sup, s);
      }
    } else if (book.pendingRestart && book.lastVerdict !== null) {
      // The last supervisor died while pausing: the launch path asks again, survivors first.
      retry(sup, s, book.lastVerdict, false);
    } else if (book.pendingRestart || book.launch === null || book.launch.requested === true) {
      // Nothing launched yet, a restart was due, or the last supervisor's Shutdown stopped the
      // worker on request (no failure to count): it starts on this build.
      sup.launch(s);
    } else {
      // The exit was journaled but its verdict was not (a crash between the two): decide it now.
      sup.failure(s);
    }
  }
  await Promise.all(stops);
}

/** A session whose worker died unsupervised: the budget counts it, then the revival veto decides. */
function deadAtBoot(sup: Supervisor, s: Live): void {
  const verdict = sup.failure(s);
  if (verdict === null || verdict.kind !== "Restart") return;
  if (!revive(sup, s) && s.timer !== null) {
    clearTimeout(s.timer);
    s.timer = null;
  }
}

/** Ask the revival veto; a veto is journaled with its reason and the session waits for a Start. */
function revive(sup: Supervisor, s: Live): boolean {
  const busy = s.book.busy;
  const d = sup.o.decider.decide<Veto>(s.book.name, "revive", "RevivalVeto", {
    given_up: s.book.givenUp,
    archived: false,
    live_lease: false,
    has_busy_time: busy !== null && busy.hasWork,
    stamp_ms: busy !== null && busy.hasWork ? busy.stampMs : null,
    now_ms: wallClock.now(),
  });
  if (d !== null && d.verdict === "Revive") {
    if (s.timer === null) sup.launch(s);
    return true;
  }
  sup.inactive(s, `not revived: ${d === null ? "the facts were refused" : d.verdict}`);
  return false;
}

async function stray(sup: Supervisor, session: string, id: Identity, why: string): Promise<void> {
  sup.o.journal.append("stray_stopped", { session, pid: id.pid, start: id.start, why });
  const h = WorkerHandle.adopt(id);
  await h.stop(sup.o.stopTimes, () => false, (step) => sup.o.journal.append("stop_step", { session, launch: 0, pid: id.pid, start: id.start, step }));
}
