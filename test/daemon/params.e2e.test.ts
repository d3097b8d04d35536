// The parameters of the model reach the daemon's verdicts, with real processes: a supervisor
// started with a smaller STATUTE_RESTART_WINDOW_MS judges a crash loop by that window (the
// decision records carry the window they were decided with, and the audit replays them with it);
// an idle shutdown is one Quiesce instance of however many workers run: six idle sessions are all
// stopped, and six with one running child are none of them stopped or aborted.
// The failure clock runs 100 times faster (--clock-scale 100, a test-only flag), so a window of
// minutes passes in seconds; the crash-loop relation of timeouts still holds for every value here.

import { afterAll, describe, expect, it } from "vitest";
import { ask, auditOf, cleanup, quickWorker, records, scratch, sessionStatus, supervisor, until } from "./harness.js";

afterAll(cleanup);

const state = async (dir: string, name: string) => sessionStatus(await ask(dir, { kind: "Status" }), name);
const budgetVerdicts = (journal: string) => records(journal).filter((r) => r.type === "decision" && r["module"] === "supervise" && r["machine"] === "RestartBudget");

describe("parameters at run time", { timeout: 120_000 }, () => {
  it("a smaller restart window is the window the budget judges by: failures spaced past it never give up", async () => {
    // 6 steps of 30 s + 1 s connect = 186 s fit the 200 s window (the crash-loop relation).
    const small = { STATUTE_RESTART_WINDOW_MS: "200000", STATUTE_WORKER_CONNECT_MS: "1000", STATUTE_WORKER_AUTH_FLOOR_MS: "1" };
    // Each worker lives 1.5 s (150 s of the scaled clock): a 200 s window holds one earlier failure.
    const d = scratch();
    const s = await supervisor(d, { worker: quickWorker, clockScale: 100, env: { ...small, STATUTE_QUICK_LIFE_MS: "1500" } });
    expect(await ask(d, { kind: "Start", session: "loop" })).toMatchObject({ kind: "Started" });
    await until("eight failures", () => budgetVerdicts(s.journal).length >= 8, 60_000);
    const vs = budgetVerdicts(s.journal);
    expect(vs.map((r) => (r["verdict"] as { kind: string }).kind)).not.toContain("GiveUp");
    expect(vs.every((r) => (r["params"] as Record<string, number>)["RESTART_WINDOW_MS"] === 200_000)).toBe(true);
    // The model remembered only the failures inside 200 s: never more than one earlier one.
    expect(Math.max(...vs.map((r) => (r["next"] as { failures: number[] }).failures.length))).toBeLessThanOrEqual(2);
    expect((await state(d, "loop"))?.["state"]).not.toBe("GivenUp");
    expect(auditOf(s.journal)).toEqual([]);
    s.proc.kill("SIGTERM");
    await s.exited;

    // The same loop under the default window (900 s) is given up at its sixth failure.
    const d2 = scratch();
    const s2 = await supervisor(d2, { worker: quickWorker, clockScale: 100, env: { STATUTE_QUICK_LIFE_MS: "300" } });
    await ask(d2, { kind: "Start", session: "loop" });
    await until("give-up", async () => (await state(d2, "loop"))?.["state"] === "GivenUp", 60_000);
    const kinds = budgetVerdicts(s2.journal).map((r) => (r["verdict"] as { kind: string }).kind);
    expect(kinds).toEqual(["Restart", "Restart", "Restart", "Restart", "Restart", "GiveUp"]);
    expect(budgetVerdicts(s2.journal).every((r) => (r["params"] as Record<string, number>)["RESTART_WINDOW_MS"] === 900_000)).toBe(true);
    expect(auditOf(s2.journal)).toEqual([]);
    s2.proc.kill("SIGTERM");
    await s2.exited;
  });

  const names = ["s0", "s1", "s2", "s3", "s4", "s5"];

  async function sixSessions(env: Record<string, string> = {}) {
    const d = scratch();
    const s = await supervisor(d, { env });
    for (const n of names) expect(await ask(d, { kind: "Start", session: n })).toMatchObject({ kind: "Started" });
    await until("six registrations", () => names.every((n) => records(s.journal).some((r) => r.type === "decision" && r["machine"] === "BusyRefresh" && r["session"] === n)));
    return { d, s };
  }

  it("an idle shutdown with six idle sessions stops all six (one Quiesce round of WORKERS = 6)", async () => {
    const { d, s } = await sixSessions();
    expect(await ask(d, { kind: "ShutdownIfIdle" })).toMatchObject({ kind: "Ok" });
    const quiesce = records(s.journal).filter((r) => r.type === "decision" && r["machine"] === "Quiesce");
    expect(quiesce.every((r) => (r["params"] as Record<string, number>)["WORKERS"] === 6)).toBe(true);
    expect(quiesce.filter((r) => r["verdict"] === "WorkerStopped")).toHaveLength(6);
    await until("supervisor exit", () => s.proc.exitCode !== null || s.proc.signalCode !== null, 60_000);
    const exited = records(s.journal).filter((r) => r.type === "worker_exited");
    expect(new Set(exited.map((r) => r["session"]))).toEqual(new Set(names));
    expect(auditOf(s.journal)).toEqual([]);
  });

  it("with one running child among six, the idle shutdown stops none and aborts nothing", async () => {
    const { d, s } = await sixSessions({ STATUTE_TEST_WORKER_INIT: JSON.stringify({ s3: [{ do: "run", ms: 60_000 }] }) });
    await until("s3 busy", () => records(s.journal).some((r) => r.type === "decision" && r["machine"] === "BusyRefresh" && r["session"] === "s3" && (r["next"] as { work: { run: boolean } }).work.run));
    expect(await ask(d, { kind: "ShutdownIfIdle" })).toMatchObject({ kind: "NotIdle" });
    const rs = records(s.journal);
    expect(rs.filter((r) => r.type === "decision" && r["machine"] === "Quiesce" && r["verdict"] === "WorkerStopped")).toEqual([]);
    expect(rs.filter((r) => r.type === "worker_exited")).toEqual([]);
    for (const n of names) expect((await state(d, n))?.["state"]).toBe("Running");
    expect(auditOf(s.journal)).toEqual([]);
    s.proc.kill("SIGTERM");
    await s.exited;
  });
});
