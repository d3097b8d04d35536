// Park releases with real processes (spec/park.yaml, daemon/park.ts, daemon/park-side.ts), the
// eviction time shortened to 1.5 s (STATUTE_IDLE_EVICTION_MS): an idle unattached root worker
// parks at registration, arms the timer EvictionIn gives, and at its expiry asks to be stopped;
// the supervisor ends the session and stops it (exit 0: no failure, no restart). An attached
// root is kept. A child (depth 1) releases its kernel at its park, but not while a background
// job runs: the job's settlement parks again and releases then. A pause lease holds the kernel.
// Every verdict is journaled with its rule, and the audit agrees.

import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ask, auditOf, cleanup, records, scratch, sessionStatus, supervisor, until } from "./harness.js";

afterAll(cleanup);

const EVICT = { STATUTE_IDLE_EVICTION_MS: "1500" };
const parks = (journal: string, name: string, decision: string) =>
  records(journal).filter((r) => r.type === "decision" && r["session"] === name && r["decision"] === decision);

describe("park releases with real processes", { timeout: 90_000 }, () => {
  it("an idle unattached root is stopped after the eviction time; an attached one is kept", async () => {
    const d = scratch();
    const init = { attached: [{ do: "holds", attached: true }] };
    const s = await supervisor(d, { env: { ...EVICT, STATUTE_TEST_WORKER_INIT: JSON.stringify(init) } });
    await ask(d, { kind: "Start", session: "idle" });
    await ask(d, { kind: "Start", session: "attached" });
    await until("eviction", async () => sessionStatus(await ask(d, { kind: "Status" }), "idle")?.["state"] === "Stopped");
    const idle = parks(s.journal, "idle", "ParkRelease");
    expect(idle.map((r) => [r["verdict"], r["rule"]])).toEqual([["Keep", "ParkRelease.root"], ["AskStop", "ParkRelease.evict"]]);
    expect(parks(s.journal, "idle", "EvictionIn").map((r) => (r["verdict"] as { kind: string }).kind)).toEqual(["After", "Due"]);
    expect((idle[1]?.["facts"] as { idle_ms: number }).idle_ms).toBeGreaterThanOrEqual(1500);
    const rs = records(s.journal).filter((r) => r["session"] === "idle");
    expect(rs.filter((r) => r.type === "launch")).toHaveLength(1);
    expect(rs.filter((r) => r["machine"] === "RestartBudget")).toEqual([]);
    expect(rs.find((r) => r.type === "worker_exited")).toMatchObject({ code: 0, requested: true });
    // The attached root parked too, and its re-check at the eviction time keeps it.
    await until("attached re-check", () => parks(s.journal, "attached", "ParkRelease").length >= 2);
    expect(parks(s.journal, "attached", "ParkRelease").map((r) => r["verdict"])).toEqual(["Keep", "Keep"]);
    expect(sessionStatus(await ask(d, { kind: "Status" }), "attached")?.["state"]).toBe("Running");
    expect(auditOf(s.journal)).toEqual([]);
    s.proc.kill("SIGTERM");
    expect(await s.exited).toBe(0);
  });

  it("a child releases its kernel at its park, not while a job runs; a pause lease holds it", async () => {
    const d = scratch();
    const init = {
      child: [{ do: "holds", depth: 1 }],
      leased: [{ do: "holds", depth: 1, pause_lease: true }],
      busy: [{ do: "holds", depth: 1 }, { do: "run", ms: 300 }, { do: "job", ms: 1500 }],
    };
    const s = await supervisor(d, { env: { ...EVICT, STATUTE_TEST_WORKER_INIT: JSON.stringify(init) } });
    for (const name of ["child", "leased", "busy"]) await ask(d, { kind: "Start", session: name });
    await until("the job's settlement parks", () => parks(s.journal, "busy", "ParkRelease").some((r) => r["verdict"] === "ReleaseKernel"));
    // A child's parks (the opening one, then its timer's re-checks) each release a free child's kernel.
    const child = parks(s.journal, "child", "ParkRelease");
    expect(child.length).toBeGreaterThan(0);
    expect(new Set(child.map((r) => `${String(r["verdict"])} ${String(r["rule"])}`))).toEqual(new Set(["ReleaseKernel ParkRelease.release"]));
    const leased = parks(s.journal, "leased", "ParkRelease");
    expect(leased.length).toBeGreaterThan(0);
    expect(new Set(leased.map((r) => `${String(r["verdict"])} ${String(r["rule"])}`))).toEqual(new Set(["Keep ParkRelease.held"]));
    const busy = parks(s.journal, "busy", "ParkRelease");
    // The run's end parks with the job still running: the job holds the kernel; its settlement releases it.
    const first = busy.findIndex((r) => r["verdict"] === "ReleaseKernel");
    const held = busy.slice(0, first).filter((r) => (r["facts"] as { work: { background_job: boolean } }).work.background_job);
    expect(held.some((r) => !(r["facts"] as { work: { run: boolean } }).work.run)).toBe(true);
    expect(held.every((r) => r["verdict"] === "Keep" && r["rule"] === "ParkRelease.working")).toBe(true);
    expect((busy[first]?.["facts"] as { work: { background_job: boolean } }).work.background_job).toBe(false);
    mkdirSync(join(d, "run", "cmd"), { recursive: true });
    writeFileSync(join(d, "run", "cmd", "child"), `${JSON.stringify({ do: "run", ms: 100 })}\n`);
    const before = parks(s.journal, "child", "ParkRelease").length;
    await until("the child's run end parks again", () => parks(s.journal, "child", "ParkRelease").length > before);
    for (const name of ["child", "leased", "busy"]) expect(sessionStatus(await ask(d, { kind: "Status" }), name)?.["state"]).toBe("Running");
    expect(auditOf(s.journal)).toEqual([]);
    s.proc.kill("SIGTERM");
    expect(await s.exited).toBe(0);
  });
});
