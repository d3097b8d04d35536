// The supervisor with real workers in a scratch folder: a crash loop is given up after 6 starts
// and stays given up across a kill -9 of the supervisor; a clean exit 0 is not a failure; a
// worker ignoring the stop request and TERM is killed after the grace; a live worker survives a
// kill -9 of its supervisor and is adopted by the next one of the same build, stopped as lost
// by one of another build; the audit agrees after every scenario.

import { writeFileSync } from "node:fs";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { alive } from "../../daemon/proc.js";
import { ask, auditOf, cleanup, quickWorker, records, scratch, sessionStatus, supervisor, until } from "./harness.js";

afterAll(cleanup);

const state = async (dir: string, name: string) => sessionStatus(await ask(dir, { kind: "Status" }), name);

describe("reference supervisor", { timeout: 90_000 }, () => {
  it("gives up a crash loop after 6 starts, journals each verdict, and the give-up survives a kill -9", async () => {
    const d = scratch();
    const env = { STATUTE_QUICK_LIFE_MS: "0" };
    const s1 = await supervisor(d, { worker: quickWorker, env });
    expect(await ask(d, { kind: "Start", session: "loop" })).toMatchObject({ kind: "Started", session: "loop" });
    await until("give-up", async () => (await state(d, "loop"))?.["state"] === "GivenUp");
    s1.proc.kill("SIGKILL");
    await s1.exited;
    const s2 = await supervisor(d, { worker: quickWorker, env });
    expect((await state(d, "loop"))?.["state"]).toBe("GivenUp");
    expect(await ask(d, { kind: "Start", session: "loop" })).toMatchObject({ kind: "Refused" });
    const rs = records(s2.journal);
    const verdicts = rs.filter((r) => r.type === "decision" && r["module"] === "supervise").map((r) => (r["verdict"] as { kind: string; pause_ms?: number }));
    expect(verdicts.map((v) => v.pause_ms ?? v.kind)).toEqual([250, 500, 1000, 2000, 4000, "GiveUp"]);
    expect(rs.filter((r) => r.type === "launch")).toHaveLength(6);
    // Each verdict is on disk before the act it decides: every launch after a failure follows its Restart.
    const seqOf = (t: string) => rs.filter((r) => r.type === t).map((r) => r.seq);
    expect(seqOf("launch").slice(1).every((l, i) => l > (seqOf("decision")[i] ?? Infinity))).toBe(true);
    expect(auditOf(s2.journal)).toEqual([]);
    s2.proc.kill("SIGTERM");
    expect(await s2.exited).toBe(0);
  });

  it("a closed stdout (EPIPE) does not stop the supervisor between journaling a verdict and acting on it", async () => {
    const d = scratch();
    const s = await supervisor(d, { worker: quickWorker, env: { STATUTE_QUICK_LIFE_MS: "0" }, print: true });
    s.proc.stdout?.destroy();
    await ask(d, { kind: "Start", session: "loop" });
    await until("give-up", async () => (await state(d, "loop"))?.["state"] === "GivenUp");
    expect(s.proc.exitCode).toBeNull();
    expect(records(s.journal).filter((r) => r.type === "launch")).toHaveLength(6);
    s.proc.kill("SIGTERM");
    expect(await s.exited).toBe(0);
  });

  it("a worker exiting 0 is not a failure; a worker ignoring stop and TERM is killed after the grace", async () => {
    const d = scratch();
    const s = await supervisor(d, { env: { STATUTE_TEST_WORKER_INIT: JSON.stringify([{ do: "ignore-term" }, { do: "ignore-stop" }]) } });
    const started = await ask(d, { kind: "Start", session: "stubborn" });
    const pid = started["pid"] as number;
    await until("registration", () => records(s.journal).some((r) => r.type === "decision" && r["machine"] === "BusyRefresh"));
    expect(await ask(d, { kind: "Stop", session: "stubborn" })).toEqual({ kind: "Ok" });
    const steps = records(s.journal).filter((r) => r.type === "stop_step").map((r) => r["step"]);
    expect(steps).toEqual(["asked", "term", "kill", "gone"]);
    const exited = records(s.journal).find((r) => r.type === "worker_exited");
    expect(exited).toMatchObject({ signal: "SIGKILL", requested: true });
    expect(() => process.kill(pid, 0)).toThrow();

    mkdirSync(join(d, "run", "cmd"), { recursive: true });
    await ask(d, { kind: "Start", session: "clean" });
    await until("registration", () => records(s.journal).some((r) => r.type === "decision" && r["session"] === "clean"));
    writeFileSync(join(d, "run", "cmd", "clean"), `${JSON.stringify({ do: "exit", code: 0 })}\n`);
    await until("clean exit", async () => (await state(d, "clean"))?.["state"] === "Stopped");
    const rs = records(s.journal).filter((r) => r["session"] === "clean");
    expect(rs.filter((r) => r.type === "decision" && r["module"] === "supervise")).toEqual([]);
    expect(rs.filter((r) => r.type === "launch")).toHaveLength(1);
    expect(auditOf(s.journal)).toEqual([]);
    s.proc.kill("SIGTERM");
    await s.exited;
  });

  it("a worker outlives a kill -9 of its supervisor; the same build adopts it, another build stops it as lost", async () => {
    const d = scratch();
    const s1 = await supervisor(d);
    const pid = (await ask(d, { kind: "Start", session: "w" }))["pid"] as number;
    s1.proc.kill("SIGKILL");
    await s1.exited;
    const s2 = await supervisor(d);
    expect((await state(d, "w"))?.["pid"]).toBe(pid);
    expect(records(s2.journal).filter((r) => r.type === "worker_adopted")).toHaveLength(1);
    expect(records(s2.journal).filter((r) => r.type === "launch")).toHaveLength(1);
    s2.proc.kill("SIGKILL");
    await s2.exited;
    const s3 = await supervisor(d, { env: { STATUTE_BUILD_ID: "other" } });
    await until("relaunch on this build", async () => {
      const st = await state(d, "w");
      return st?.["state"] === "Running" && st["pid"] !== pid;
    });
    const adopt = records(s3.journal).filter((r) => r.type === "decision" && r["decision"] === "Adopt").map((r) => r["verdict"]);
    expect(adopt).toEqual(["AdoptWorker", "StopAsLost"]);
    expect(alive({ pid, start: records(s3.journal).find((r) => r.type === "worker_started")?.["start"] as number })).toBe(false);
    expect(auditOf(s3.journal)).toEqual([]);
    s3.proc.kill("SIGTERM");
    expect(await s3.exited).toBe(0);
  });

  it("a busy worker that died with its supervisor is revived at boot; an idle one is vetoed", async () => {
    const d = scratch();
    const busyInit = JSON.stringify([{ do: "run", ms: 600_000 }]);
    const s1 = await supervisor(d, { env: { STATUTE_TEST_WORKER_INIT: busyInit } });
    const busyPid = (await ask(d, { kind: "Start", session: "busy" }))["pid"] as number;
    await until("busy record", () => records(s1.journal).some((r) => r.type === "decision" && r["session"] === "busy" && r["verdict"] === "RecordedBusy"));
    s1.proc.kill("SIGKILL");
    await s1.exited;
    process.kill(-busyPid, "SIGKILL");
    const s2 = await supervisor(d, { env: { STATUTE_TEST_WORKER_INIT: "[]" } });
    await until("revival", async () => (await state(d, "busy"))?.["state"] === "Running");
    const veto = records(s2.journal).filter((r) => r.type === "decision" && r["decision"] === "RevivalVeto");
    expect(veto.map((r) => r["verdict"])).toEqual(["Revive"]);
    const idlePid = (await ask(d, { kind: "Start", session: "idle" }))["pid"] as number;
    await until("idle record", () => records(s2.journal).some((r) => r.type === "decision" && r["session"] === "idle"));
    s2.proc.kill("SIGKILL");
    await s2.exited;
    process.kill(-idlePid, "SIGKILL");
    const s3 = await supervisor(d);
    expect((await state(d, "idle"))?.["state"]).toBe("Inactive");
    const vetoes = records(s3.journal).filter((r) => r.type === "decision" && r["decision"] === "RevivalVeto" && r["session"] === "idle");
    expect(vetoes.map((r) => r["verdict"])).toEqual(["NoBusyTime"]);
    expect(auditOf(s3.journal)).toEqual([]);
    s3.proc.kill("SIGTERM");
    await s3.exited;
  });
});
