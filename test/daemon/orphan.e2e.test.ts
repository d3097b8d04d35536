// The orphan watch end to end, with short timeouts that keep every relation (a lost-exit
// window of 1.5 s covering a supervisor's return of 0.4 s): after a kill -9 of its supervisor an
// idle worker closes its session after one window, and the next boot counts no failure; a busy
// worker leaves after two windows with its work recorded, aborting nothing, and the next boot
// revives it through the revival veto.

import { afterAll, describe, expect, it } from "vitest";
import { alive } from "../../daemon/proc.js";
import { ask, auditOf, cleanup, records, scratch, sessionStatus, supervisor, until } from "./harness.js";

afterAll(cleanup);

const SHORT = {
  STATUTE_CLIENT_RELAUNCH_WITHIN_MS: "100",
  STATUTE_DAEMON_STARTUP_MS: "100",
  STATUTE_REGISTRATION_BACKOFF_BASE_MS: "50",
  STATUTE_REGISTRATION_BACKOFF_MAX_MS: "100",
  STATUTE_REGISTRATION_CONNECT_MS: "50",
  STATUTE_REGISTRATION_RESPONSE_MS: "50",
  STATUTE_WORKER_LOST_EXIT_DEFAULT_MS: "1500",
};

describe("orphan watch with real processes", { timeout: 90_000 }, () => {
  it("idle: closes its session after one window; busy: leaves after two, and the next boot revives it", async () => {
    const d = scratch();
    const s1 = await supervisor(d, { env: SHORT });
    const idle = await ask(d, { kind: "Start", session: "idle" });
    const s1b = await supervisor(d, { env: SHORT }); // refused: the lock is held
    expect(await s1b.exited).toBe(1);
    const jobEnv = { ...SHORT, STATUTE_TEST_WORKER_INIT: JSON.stringify({ busy: [{ do: "bash", ms: 600_000 }] }) };
    s1.proc.kill("SIGTERM");
    await s1.exited;
    const s2 = await supervisor(d, { env: jobEnv });
    await ask(d, { kind: "Start", session: "idle" });
    await ask(d, { kind: "Start", session: "busy" });
    await until("both registered", () => ["idle", "busy"].every((n) => records(s2.journal).some((r) => r.type === "decision" && r["session"] === n && r["machine"] === "BusyRefresh")));
    const st = await ask(d, { kind: "Status" });
    const ids = ["idle", "busy"].map((n) => {
      const rec = records(s2.journal).filter((r) => r.type === "worker_started" && r["session"] === n).at(-1)!;
      expect(sessionStatus(st, n)?.["pid"]).toBe(rec["pid"]);
      return { pid: rec["pid"] as number, start: rec["start"] as number };
    });
    expect(idle["kind"]).toBe("Started");
    s2.proc.kill("SIGKILL");
    await s2.exited;
    await until("the idle worker leaves", () => !alive(ids[0]!));
    expect(alive(ids[1]!)).toBe(true);
    await until("the busy worker leaves", () => !alive(ids[1]!));
    const s3 = await supervisor(d, { env: SHORT });
    expect(sessionStatus(await ask(d, { kind: "Status" }), "idle")?.["state"]).toBe("Inactive");
    await until("busy revived", async () => sessionStatus(await ask(d, { kind: "Status" }), "busy")?.["state"] === "Running");
    const all = records(s3.journal);
    const boot = all.slice(all.map((r) => r.type).lastIndexOf("boot"));
    expect(boot.filter((r) => r.type === "worker_exited").map((r) => [r["session"], r["orphan"]]).sort()).toEqual([["busy", "ExitBusy"], ["idle", "ExitIdle"]]);
    expect(boot.filter((r) => r.type === "decision" && r["module"] === "supervise")).toEqual([]);
    expect(boot.filter((r) => r["decision"] === "RevivalVeto").map((r) => r["verdict"])).toEqual(["Revive"]);
    expect(auditOf(s3.journal)).toEqual([]);
    s3.proc.kill("SIGTERM");
    expect(await s3.exited).toBe(0);
    // The busy worker's bash was not aborted; it lives on in that worker's group: end it here.
    try {
      process.kill(-ids[1]!.pid, "SIGKILL");
    } catch {
      // already gone
    }
  });
});
