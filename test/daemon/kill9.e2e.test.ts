// Kill -9 rounds. The supervisor killed at random moments and restarted on the same journal:
// no acknowledged record lost, never two live workers of one session, at most
// RESTART_MAX_FAILURES + 1 launches per session inside the window, no launch after a give-up,
// the audit agreeing; the same with the journal rotating every few KiB (so the kills land before,
// during and after rotations). Random workers killed under one supervisor: the budget as the laws say.
// Round counts: STATUTE_SOAK_SUPERVISOR_ROUNDS (default 4) and STATUTE_SOAK_WORKER_ROUNDS
// (default 50); the soak is 50 and 50.

import { afterAll, describe, expect, it } from "vitest";
import { RESTART_MAX_FAILURES } from "../../generated/ts/supervise.js";
import { archives } from "../../daemon/journal-chain.js";
import { ask, auditOf, cleanup, quickWorker, records, scratch, sessionStatus, supervisor, until, workersOf } from "./harness.js";

afterAll(cleanup);

const rounds = (name: string, d: number) => {
  const v = Number(process.env[name]);
  return Number.isSafeInteger(v) && v > 0 ? v : d;
};
const SUP_ROUNDS = rounds("STATUTE_SOAK_SUPERVISOR_ROUNDS", 4);
const WORKER_ROUNDS = rounds("STATUTE_SOAK_WORKER_ROUNDS", 50);
const SESSIONS = Array.from({ length: 8 }, (_, i) => `s${i}`);

/** Launches per session, and whether any launch follows the session's give-up. */
function launches(journal: string): { per: Map<string, number>; afterGiveUp: string[] } {
  const per = new Map<string, number>();
  const gaveUp = new Set<string>();
  const afterGiveUp: string[] = [];
  for (const r of records(journal)) {
    const s = r["session"] as string;
    if (r.type === "launch") {
      per.set(s, (per.get(s) ?? 0) + 1);
      if (gaveUp.has(s)) afterGiveUp.push(s);
    }
    if (r.type === "decision" && (r["verdict"] as { kind?: string }).kind === "GiveUp") gaveUp.add(s);
  }
  return { per, afterGiveUp };
}

/** Supervisor rounds on one journal: killed -9 at a random moment each round, restarted. */
async function supervisorRounds(extra: Record<string, string>): Promise<{ journal: string; segments: number }> {
  const d = scratch();
  const acknowledged: number[] = [];
  const env = { STATUTE_QUICK_LIFE_MS: "400", ...extra };
  for (let round = 0; round < SUP_ROUNDS; round++) {
    const s = await supervisor(d, { worker: quickWorker, env, print: true });
    expect(s.output()).toContain("listening on");
    for (const w of workersOf(s.journal).values()) expect(w.length).toBeLessThanOrEqual(1);
    await Promise.all(SESSIONS.map((name) => ask(d, { kind: "Start", session: name })));
    await new Promise((r) => setTimeout(r, Math.floor(Math.random() * 1500)));
    s.proc.kill("SIGKILL");
    await s.exited;
    for (const m of s.output().matchAll(/^journaled (\d+) /gm)) acknowledged.push(Number(m[1]));
    for (const w of workersOf(s.journal).values()) expect(w.length).toBeLessThanOrEqual(1);
  }
  const last = await supervisor(d, { worker: quickWorker, env });
  const rs = records(last.journal);
  const onDisk = new Set(rs.map((r) => r.seq));
  expect(acknowledged.length).toBeGreaterThan(SUP_ROUNDS);
  expect(acknowledged.filter((seq) => !onDisk.has(seq))).toEqual([]);
  expect(rs.map((r) => r.seq)).toEqual(rs.map((_, i) => i + 1));
  const { per, afterGiveUp } = launches(last.journal);
  for (const n of per.values()) expect(n).toBeLessThanOrEqual(RESTART_MAX_FAILURES + 1);
  expect(afterGiveUp).toEqual([]);
  expect(auditOf(last.journal)).toEqual([]);
  last.proc.kill("SIGTERM");
  expect(await last.exited, last.output()).toBe(0);
  return { journal: last.journal, segments: 1 + archives(last.journal).length };
}

describe("kill -9 rounds", { timeout: 600_000 }, () => {
  it(`supervisor killed -9 ${SUP_ROUNDS} times: nothing acknowledged lost, nothing launched twice, budgets durable`, async () => {
    await supervisorRounds({});
  });

  it(`supervisor killed -9 ${SUP_ROUNDS} times with the journal rotating every few KiB: the chain joins, the audit agrees`, async () => {
    const { segments } = await supervisorRounds({ STATUTE_JOURNAL_MAX_BYTES: "6000", STATUTE_JOURNAL_KEEP_ARCHIVES: "100000" });
    expect(segments).toBeGreaterThan(2);
  });

  it(`workers killed -9 ${WORKER_ROUNDS} times: each kill is one failure, the 6th in the window gives up`, async () => {
    const d = scratch();
    const s = await supervisor(d, { worker: quickWorker, env: { STATUTE_QUICK_LIFE_MS: "600000" } });
    await Promise.all(SESSIONS.map((name) => ask(d, { kind: "Start", session: name })));
    const kills = new Map<string, number>();
    for (let round = 0; round < WORKER_ROUNDS; round++) {
      const status = await ask(d, { kind: "Status" });
      const running = SESSIONS.filter((n) => sessionStatus(status, n)?.["state"] === "Running");
      if (running.length === 0) break;
      const name = running[Math.floor(Math.random() * running.length)] as string;
      const pid = sessionStatus(status, name)?.["pid"] as number;
      process.kill(-pid, "SIGKILL");
      kills.set(name, (kills.get(name) ?? 0) + 1);
      await until(`${name} restarted or given up`, async () => {
        const st = sessionStatus(await ask(d, { kind: "Status" }), name);
        return st?.["state"] === "GivenUp" || (st?.["state"] === "Running" && st["pid"] !== pid);
      });
    }
    const status = await ask(d, { kind: "Status" });
    const { per } = launches(s.journal);
    for (const name of SESSIONS) {
      const k = kills.get(name) ?? 0;
      expect(per.get(name)).toBe(Math.min(k, RESTART_MAX_FAILURES) + 1);
      expect(sessionStatus(status, name)?.["state"]).toBe(k > RESTART_MAX_FAILURES ? "GivenUp" : "Running");
    }
    expect(auditOf(s.journal)).toEqual([]);
    s.proc.kill("SIGTERM");
    expect(await s.exited, s.output()).toBe(0);
  });
});
