// Relaunch end to end: an attached client whose supervisor is killed -9 probes with relaunch's
// RelaunchDecide, launches a supervisor of its own build within CLIENT_RELAUNCH_WITHIN_MS, and the
// relaunched supervisor adopts the live worker (same pid, launcher's Adopt); the view goes on and
// shows a new restore live, once. Two attached clients losing one supervisor end on one new supervisor,
// never two. A client whose lost supervisor was of another build leaves it (tells the user).

import { afterAll, describe, expect, it } from "vitest";
import { pidAlive } from "../../daemon/client/link.js";
import { auditAll, client, cleanupClients, clientDone, command, daemonOf, journalOf, records, registered, scratch, until } from "./harness.js";

afterAll(cleanupClients);

const A = { version: "1.0.0", id: "a" };
const ENV = { STATUTE_CLIENT_RELAUNCH_WITHIN_MS: "30000" };

const bootsAfter = (d: string, seq: number) => records(journalOf(d)).filter((r) => r.type === "boot" && r.seq > seq);

describe("relaunch of a lost supervisor", { timeout: 240_000 }, () => {
  it("kill -9 of the supervisor: the attached clients relaunch one of their build, which adopts the live worker", async () => {
    const d = scratch();
    const first = client(d, A, ["attach", "s"], ENV);
    await until("attached", () => first.output().includes("view: transcript"), 60_000);
    const second = client(d, A, ["attach", "s"], ENV);
    await until("attached twice", () => second.output().includes("view: transcript"), 60_000);
    await until("registered", () => registered(journalOf(d), "s"), 60_000);
    const worker = records(journalOf(d)).filter((r) => r.type === "worker_started").at(-1)!;
    const lost = (await daemonOf(d))!.pid;
    const mark = records(journalOf(d)).at(-1)!.seq;
    process.kill(lost, "SIGKILL");
    await until("both reconnected", () => first.output().includes("relaunch: connected") && second.output().includes("relaunch: connected"), 90_000);
    const now = (await daemonOf(d))!;
    expect(now.build).toBe("1.0.0+a");
    expect(now.pid).not.toBe(lost);
    // One new supervisor, whatever the two clients launched (a second launch loses the lock).
    expect(bootsAfter(d, mark)).toHaveLength(1);
    for (const c of [first, second]) expect(c.output()).toContain(`connected to 1.0.0+a pid ${now.pid}`);
    expect(first.output() + second.output()).toContain("(relaunched by this client)");
    // The live worker was adopted, not restarted.
    const adopted = records(journalOf(d)).filter((r) => r.type === "worker_adopted" && r.seq > mark);
    expect(adopted.map((r) => r["pid"])).toEqual([worker["pid"]]);
    expect(pidAlive(worker["pid"] as number)).toBe(true);
    expect(records(journalOf(d)).filter((r) => r.type === "launch" && r.seq > mark)).toEqual([]);
    // The views go on: a restore now is shown live once, in the session's one view (the last attached).
    await until("re-registered", () => records(journalOf(d)).some((r) => r.seq > mark && r["machine"] === "BusyRefresh"), 60_000);
    const lines = () => (first.output() + second.output()).split("\n").filter((l) => l === "notice 0").length;
    command(d, "s", { do: "restore" });
    await until("shown live", () => lines() > 0, 60_000);
    await new Promise((r) => setTimeout(r, 300));
    expect(lines()).toBe(1);
    for (const c of [first, second]) c.proc.kill("SIGTERM");
    expect(auditAll(d)).toEqual([]);
  });

  it("a lost supervisor of another build is left to its own clients", async () => {
    const d = scratch();
    const started = await clientDone(d, { version: "0.5.0", id: "other" }, ["start"]);
    expect(started.code, started.out).toBe(0);
    // A background client (a dashboard) never replaces: it uses the older daemon.
    const viewer = client(d, A, ["attach", "s", "--kind", "background"], ENV);
    await until("attached", () => viewer.output().includes("view: transcript"), 60_000);
    expect(viewer.output()).toContain("daemon: kept 0.5.0+other");
    const mark = records(journalOf(d)).at(-1)!.seq;
    process.kill((await daemonOf(d))!.pid, "SIGKILL");
    expect(await viewer.exited).toBe(1);
    expect(viewer.output()).toContain("relaunch: left (the lost supervisor was of another build)");
    expect(viewer.output()).not.toContain("relaunch: launched");
    expect(bootsAfter(d, mark)).toEqual([]);
    expect(auditAll(d)).toEqual([]);
  });
});
