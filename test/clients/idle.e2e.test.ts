// Idle shutdown end to end, with real workers and a real run (a child process doing work): a
// newer interactive client facing a daemon with one running worker is told busy and keeps it; no
// run is aborted and the idle worker's gate, closed for the round, is released; once every worker
// is idle the same client replaces the daemon: every worker stops at its closed gate and the new
// build serves. A supervisor killed -9 between the ask and the commit leaves every quiesced gate
// to its hold, which reopens it; work at the closed gate is refused until then.

import { afterAll, describe, expect, it } from "vitest";
import { pidAlive } from "../../daemon/client/link.js";
import { auditAll, client, cleanupClients, clientDone, command, daemonOf, events, journalOf, registered, scratch, until, untilDaemon, workersOf } from "./harness.js";

afterAll(cleanupClients);

const OLD = { version: "1.0.0", id: "old" };
const NEW = { version: "2.0.0", id: "new" };

const has = (d: string, s: string, p: (e: Record<string, unknown>) => boolean) => events(d, s).some(p);

async function twoSessions(d: string): Promise<void> {
  for (const s of ["a", "b"]) {
    const r = await clientDone(d, OLD, ["attach", s, "--once"]);
    expect(r.code, r.out).toBe(0);
  }
  await until("both workers registered", () => registered(journalOf(d), "a") && registered(journalOf(d), "b"), 60_000);
}

describe("idle shutdown with real workers", { timeout: 240_000 }, () => {
  it("busy: nothing aborted, gates released, client told; idle: all stopped, the new build serves", async () => {
    const d = scratch();
    await twoSessions(d);
    const oldPid = (await daemonOf(d))!.pid;
    command(d, "a", { do: "run", ms: 8000 });
    await until("the run started", () => has(d, "a", (e) => e["kind"] === "started"));
    const busy = await clientDone(d, NEW, ["start"]);
    expect(busy.code, busy.out).toBe(0);
    expect(busy.out).toContain("tell: BusyDaemon");
    expect(busy.out).not.toContain("replacing");
    expect((await daemonOf(d))!.pid).toBe(oldPid);
    // The idle worker quiesced (gate closed) and was released; the busy one never closed its gate.
    expect(events(d, "b").filter((e) => e["kind"] === "gate").map((e) => e["gate"])).toEqual(["Closed", "Open"]);
    expect(events(d, "b").find((e) => e["gate"] === "Open")?.["why"]).toBe("released");
    expect(has(d, "a", (e) => e["kind"] === "gate")).toBe(false);
    // A reopened gate takes work again.
    command(d, "b", { do: "run", ms: 100 });
    await until("b runs again", () => has(d, "b", (e) => e["kind"] === "done"));
    await until("the run ends by itself", () => has(d, "a", (e) => e["kind"] === "done"), 60_000);
    expect(events(d, "a").find((e) => e["kind"] === "done")).toMatchObject({ code: 0, signal: null });
    const idle = await clientDone(d, NEW, ["start"]);
    expect(idle.code, idle.out).toBe(0);
    expect(idle.out).toContain("daemon: replacing 1.0.0+old");
    await untilDaemon(d, "2.0.0+new");
    expect(pidAlive(oldPid)).toBe(false);
    for (const s of ["a", "b"]) {
      const ev = events(d, s);
      expect(ev.at(-1)?.["kind"], s).toBe("stop");
      expect(ev.at(-2)).toMatchObject({ kind: "answer" });
      expect(ev.filter((e) => e["kind"] === "refused")).toEqual([]);
    }
    const again = await clientDone(d, NEW, ["attach", "a", "--once"]);
    expect(again.code, again.out).toBe(0);
    expect(again.out).toContain("attach: session a worker pid");
    expect(auditAll(d)).toEqual([]);
  });

  it("the supervisor killed -9 between ask and commit: every quiesced gate reopens after its hold", async () => {
    const d = scratch();
    await twoSessions(d);
    const sup = (await daemonOf(d))!.pid;
    // b cannot answer (stopped), so the round waits in Asking for its answer.
    const b = (workersOf(journalOf(d)).get("b") as { id: { pid: number } }[])[0]!.id.pid;
    process.kill(b, "SIGSTOP");
    const shut = client(d, NEW, ["shutdown", "--if-idle"]);
    await until("a's gate closed", () => has(d, "a", (e) => e["gate"] === "Closed"));
    process.kill(sup, "SIGKILL");
    command(d, "a", { do: "run", ms: 100 });
    await until("the run is refused at the closed gate", () => has(d, "a", (e) => e["kind"] === "refused"));
    expect(has(d, "a", (e) => e["kind"] === "started")).toBe(false);
    process.kill(b, "SIGCONT");
    expect(await shut.exited).toBe(1);
    await until("a's hold reopens its gate", () => has(d, "a", (e) => e["gate"] === "Open"), 60_000);
    expect(events(d, "a").find((e) => e["gate"] === "Open")?.["why"]).toBe("hold expired");
    // b may still read the dead supervisor's ask once it runs again; a gate it closes reopens too.
    await new Promise((r) => setTimeout(r, 500));
    if (has(d, "b", (e) => e["gate"] === "Closed")) await until("b's hold reopens its gate", () => has(d, "b", (e) => e["gate"] === "Open"), 60_000);
    command(d, "a", { do: "run", ms: 100 });
    await until("a runs after its hold", () => has(d, "a", (e) => e["kind"] === "done"));
    expect(has(d, "a", (e) => e["kind"] === "stop")).toBe(false);
    expect(auditAll(d)).toEqual([]);
  });
});
