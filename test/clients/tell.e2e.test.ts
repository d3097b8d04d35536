// What a kept daemon tells the user, end to end: a client of an older version is told the
// older-client message and uses the daemon when it speaks the daemon's protocol, else stops with
// the message (exit 3); a client of the same version and another build is told so and the daemon
// is kept; the same build is used silently. The text is replace's TellMessage, journaled. The daemon is the same process throughout.

import { afterAll, describe, expect, it } from "vitest";
import { APP } from "../../daemon/client/tell.js";
import { decideTellMessage } from "../../generated/ts/replace.js";
import { auditAll, cleanupClients, clientDone, daemonOf, records, scratch } from "./harness.js";

afterAll(cleanupClients);

describe("a kept daemon tells the user", { timeout: 180_000 }, () => {
  it("older client, older client of another protocol, same version of another build, same build", async () => {
    const d = scratch();
    const first = await clientDone(d, { version: "2.0.0", id: "x" }, ["start"]);
    expect(first.code, first.out).toBe(0);
    const pid = (await daemonOf(d))!.pid;

    const older = await clientDone(d, { version: "1.9.9", id: "y" }, ["start"]);
    expect(older.code, older.out).toBe(0);
    expect(older.out).toContain("(ClientOlder, Replacement.client_older)");
    // The seed's sentence, with this client's command name for <app>.
    expect(older.out).toContain(
      "tell: OlderClient: this statute-client (v1.9.9) is older than the running daemon (v2.0.0): update or run statute-client shutdown",
    );

    const foreign = await clientDone(d, { version: "1.9.9", id: "y" }, ["start"], { STATUTE_PROTOCOL: "2" });
    expect(foreign.code, foreign.out).toBe(3);
    expect(foreign.out).toContain("tell: OlderClient");

    const other = await clientDone(d, { version: "2.0.0", id: "z" }, ["start"]);
    expect(other.code, other.out).toBe(0);
    const told = decideTellMessage({ tell: "SameVersionOtherBuild", app: APP, client_version: "2.0.0", daemon_version: "2.0.0" }).verdict;
    expect(told).not.toBe("");
    expect(other.out).toContain(`tell: SameVersionOtherBuild: ${told}`);

    const same = await clientDone(d, { version: "2.0.0", id: "x" }, ["start"]);
    expect(same.code, same.out).toBe(0);
    expect(same.out).not.toContain("tell:");

    expect((await daemonOf(d))!.pid).toBe(pid);
    expect(records(`${d}/journal`).filter((r) => r.type === "boot")).toHaveLength(1);
    expect(auditAll(d)).toEqual([]);
  });
});
