// The launch path after a failure (daemon/retry.ts): every budget verdict goes to RetryLaunch
// with the facts about the session's earlier process. A survivor (a real `sleep` process whose
// stop the test's signal function never delivers, since a root process cannot make a process
// that outlives SIGKILL) is stopped before any retry and, alive after its stop, counted as one
// more failure, until the budget gives up: no launch ever happens beside it. A survivor that dies
// of its stop lets the launch go on after the budget's pause; a pid reused by another process
// (the identity differs) is neither signalled nor waited for. The audit agrees each time.

import { type ChildProcess, spawn } from "node:child_process";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { wire } from "../../daemon/config.js";
import { Decider } from "../../daemon/decide.js";
import { Journal, type JournalRecord } from "../../daemon/journal.js";
import { alive, type Identity, identityOf, signalGroup } from "../../daemon/proc.js";
import { Fold, newBook } from "../../daemon/replay.js";
import { type Live, Supervisor } from "../../daemon/supervisor.js";
import { systemMonotonic } from "../../daemon/system.js";
import { auditOf, cleanup, quickWorker, scratch, until } from "./harness.js";
import { defaultParams } from "../../daemon/config.js";

const children: ChildProcess[] = [];
afterEach(async () => {
  for (const c of children.splice(0)) if (c.exitCode === null && c.signalCode === null) c.kill("SIGKILL");
  await cleanup();
});

function sleeper(): Identity {
  const c = spawn("sleep", ["60"], { detached: true, stdio: "ignore" });
  children.push(c);
  const id = identityOf(c.pid as number);
  if (id === null) throw new Error("sleep did not start");
  return id;
}

function rig(unkillable: Set<number>) {
  const dir = scratch();
  const path = join(dir, "journal");
  const seen: JournalRecord[] = [];
  const fold = new Fold(wire());
  const journal = new Journal(path, (r) => {
    seen.push(r);
    fold.apply(r);
  });
  const sup = new Supervisor({
    journal,
    decider: new Decider(journal, wire(), defaultParams),
    clock: systemMonotonic,
    build: { version: "0.1.0", buildId: "test" },
    stopTimes: { stopGraceMs: 50, termGraceMs: 100, killVerifyMs: 100 },
    workerArgv: () => [quickWorker],
    workerEnv: { ...process.env, STATUTE_QUICK_LIFE_MS: "600000" },
    logPath: join(dir, "workers.log"),
    pauseScale: 0.01,
    signal: (id, sig) => (unkillable.has(id.pid) ? true : signalGroup(id, sig)),
  });
  /** A session whose worker just failed, with `earlier` as its latest worker process. */
  const session = (name: string, earlier: Identity): Live => {
    journal.append("session_started", { session: name });
    const book = newBook(name);
    book.active = true;
    const s = sup.live(book);
    s.earlier = earlier;
    return s;
  };
  const retries = (name: string) => seen.filter((r) => r["decision"] === "RetryLaunch" && r["session"] === name);
  return { sup, journal, path, seen, fold, session, retries };
}

const kinds = (rs: JournalRecord[]) => rs.map((r) => (r["verdict"] as { kind: string }).kind);

describe("RetryLaunch on the launch path", { timeout: 60_000 }, () => {
  it("a survivor is stopped before every retry, counted as one more failure each time it lives on, and the budget gives up; nothing is launched beside it", async () => {
    const id = sleeper();
    const r = rig(new Set([id.pid]));
    const s = r.session("stubborn", id);
    r.sup.failure(s);
    await until("give-up", () => s.state === "GivenUp");
    await new Promise((res) => setTimeout(res, 300));
    expect(kinds(r.retries("stubborn"))).toEqual([...Array.from({ length: 5 }, () => ["StopSurvivor", "CountFailure"]).flat(), "GiveUp"]);
    expect(r.retries("stubborn").map((x) => x["rule"])).toEqual([...Array.from({ length: 5 }, () => ["RetryLaunch.stop_survivor", "RetryLaunch.survivor_lives_on"]).flat(), "RetryLaunch.given_up"]);
    const budget = r.seen.filter((x) => x["machine"] === "RestartBudget").map((x) => (x["verdict"] as { kind: string; pause_ms?: number }));
    expect(budget.map((v) => v.pause_ms ?? v.kind)).toEqual([250, 500, 1000, 2000, 4000, "GiveUp"]);
    expect(r.seen.filter((x) => x.type === "launch")).toEqual([]);
    expect(r.seen.filter((x) => x.type === "stop_step" && x["step"] === "survived")).toHaveLength(5);
    expect(alive(id)).toBe(true);
    expect(r.fold.disagreements).toEqual([]);
    r.journal.close();
    expect(auditOf(r.path)).toEqual([]);
  });

  it("a survivor that dies of its stop lets the launch go on after the budget's pause, never before it is gone", async () => {
    const id = sleeper();
    const r = rig(new Set());
    const s = r.session("mortal", id);
    r.sup.failure(s);
    await until("relaunch", () => s.state === "Running");
    expect(kinds(r.retries("mortal"))).toEqual(["StopSurvivor", "Launch"]);
    expect(r.retries("mortal")[1]?.["verdict"]).toEqual({ kind: "Launch", pause_ms: 250 });
    const gone = r.seen.findIndex((x) => x.type === "stop_step" && x["step"] === "gone");
    const launch = r.seen.findIndex((x) => x.type === "launch");
    expect(gone).toBeGreaterThan(-1);
    expect(launch).toBeGreaterThan(gone);
    expect(alive(id)).toBe(false);
    await r.sup.shutdown();
    r.journal.close();
    expect(auditOf(r.path)).toEqual([]);
  });

  it("a pid reused by another process is not a survivor: it is neither signalled nor waited for", async () => {
    const other = sleeper();
    const r = rig(new Set());
    const s = r.session("reused", { pid: other.pid, start: other.start + 1 });
    r.sup.failure(s);
    await until("relaunch", () => s.state === "Running");
    const facts = r.retries("reused")[0]?.["facts"];
    expect(facts).toMatchObject({ earlier_alive: true, identity_matches: false, stop_sent: false });
    expect(kinds(r.retries("reused"))).toEqual(["Launch"]);
    expect(r.seen.filter((x) => x.type === "stop_step")).toEqual([]);
    expect(alive(other)).toBe(true);
    await r.sup.shutdown();
    r.journal.close();
    expect(auditOf(r.path)).toEqual([]);
  });

  it("a client Start is refused while the session's earlier worker survives its stop", () => {
    const id = sleeper();
    const r = rig(new Set([id.pid]));
    const s = r.sup.live(newBook("held"));
    s.earlier = id;
    expect(r.sup.start("held")).toMatchObject({ kind: "Refused" });
    expect(r.seen.filter((x) => x.type === "launch")).toEqual([]);
    r.journal.close();
  });
});
