// Process identity: pid plus start time. A recorded identity that no longer matches (the pid
// reused by another process) is never signalled; a matching one signals the whole group.

import { spawn } from "node:child_process";
import { describe, expect, it } from "vitest";
import { alive, identityOf, signalGroup, startTicks } from "../../daemon/proc.js";

function sleeper(detached: boolean) {
  const c = spawn("sleep", ["30"], { detached, stdio: "ignore" });
  return { c, exited: new Promise<string | null>((r) => c.once("exit", (_code, sig) => r(sig))) };
}

describe("process identity", () => {
  it("reads this process's start time and knows it alive", () => {
    const me = identityOf(process.pid);
    expect(me).not.toBeNull();
    expect(alive(me!)).toBe(true);
    expect(startTicks(2 ** 22 + 7)).toBeNull();
  });

  it("never signals a pid whose start time differs from the recorded one", async () => {
    const { c, exited } = sleeper(true);
    const id = identityOf(c.pid!)!;
    const reused = { pid: id.pid, start: id.start + 1 };
    expect(alive(reused)).toBe(false);
    expect(signalGroup(reused, "SIGKILL")).toBe(false);
    expect(alive(id)).toBe(true);
    expect(signalGroup(id, "SIGKILL")).toBe(true);
    expect(await exited).toBe("SIGKILL");
    expect(alive(id)).toBe(false);
  });
});
