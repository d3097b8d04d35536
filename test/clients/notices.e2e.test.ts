// Restore notices end to end: a kernel started over a snapshot stores one notice per restore;
// every attach rebuilds the transcript from the stored notices, so two restores, attach, view,
// attach again, view shows each notice once per restore (not once per attach); a restore while a
// view is attached is shown live exactly once; a worker restart's restore and a supervisor
// restart keep one notice per restore.

import { readFileSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { auditAll, client, cleanupClients, clientDone, command, journalOf, records, registered, scratch, until } from "./harness.js";

afterAll(cleanupClients);

const B = { version: "1.0.0", id: "n" };
const shown = (out: string) => out.split("\n").filter((l) => l.startsWith("notice ")).map((l) => Number(l.slice(7)));
const notices = (d: string) => (readFileSync(journalOf(d), "utf8").match(/"event":\{"kind":"Restore"\}/g) ?? []).length;

describe("restore notices", { timeout: 180_000 }, () => {
  it("two restores, attach, view, attach again, view: each notice once per restore", async () => {
    const d = scratch();
    const a0 = await clientDone(d, B, ["attach", "s", "--once"]);
    expect(a0.code, a0.out).toBe(0);
    expect(shown(a0.out)).toEqual([]);
    await until("registered", () => registered(journalOf(d), "s"), 60_000);
    command(d, "s", { do: "restore" });
    command(d, "s", { do: "restore" });
    await until("two restores stored", () => notices(d) === 2);
    for (let i = 0; i < 2; i++) {
      const v = await clientDone(d, B, ["attach", "s", "--once"]);
      expect(v.code, v.out).toBe(0);
      expect(v.out).toContain("view: transcript of s: 2 notices");
      expect(shown(v.out)).toEqual([0, 1]);
    }
    // A live view sees a new restore once, and the next attach rebuilds three, not more.
    const live = client(d, B, ["attach", "s"]);
    await until("the live view's transcript", () => live.output().includes("view: transcript"), 60_000);
    command(d, "s", { do: "restore" });
    await until("shown live", () => shown(live.output()).includes(2));
    await new Promise((r) => setTimeout(r, 300));
    expect(shown(live.output())).toEqual([0, 1, 2]);
    live.proc.kill("SIGTERM");
    await live.exited;
    const after = await clientDone(d, B, ["attach", "s", "--once"]);
    expect(shown(after.out)).toEqual([0, 1, 2]);
    // A new supervisor folds the journaled notices back: still one per restore.
    expect((await clientDone(d, B, ["shutdown"])).code).toBe(0);
    const reborn = await clientDone(d, B, ["attach", "s", "--once"]);
    expect(reborn.code, reborn.out).toBe(0);
    expect(reborn.out).toContain("daemon: launched");
    expect(shown(reborn.out)).toEqual([0, 1, 2]);
    // A worker stopped by the Shutdown is not a failure: the new boot launches it without a budget step.
    const recs = records(journalOf(d));
    const shut = recs.findIndex((r) => r.type === "shutdown");
    expect(shut).toBeGreaterThan(0);
    expect(recs.slice(shut).filter((r) => r["machine"] === "RestartBudget")).toEqual([]);
    expect(auditAll(d)).toEqual([]);
  });
});
