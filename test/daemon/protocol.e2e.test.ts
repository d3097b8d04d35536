// The control protocol against a real supervisor: malformed, oversized and wrongly typed lines
// get an Error reply with the JSON pointer of the fault on the same connection, which then
// still answers; nothing in the supervisor's state or journal changes. 1 000 clients at once
// all get their answer, and the supervisor's memory stays bounded.

import { readFileSync } from "node:fs";
import { connect } from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { ask, cleanup, quickWorker, records, scratch, sock, supervisor } from "./harness.js";

afterAll(cleanup);

/** Write lines on one connection; resolve with the first `n` reply lines. */
function converse(path: string, lines: (string | Buffer)[], n: number): Promise<Record<string, unknown>[]> {
  return new Promise((resolve, reject) => {
    const c = connect(path);
    let buf = "";
    const got: Record<string, unknown>[] = [];
    c.once("connect", () => {
      for (const l of lines) c.write(l);
    });
    c.on("data", (d) => {
      buf += d.toString();
      let nl;
      while ((nl = buf.indexOf("\n")) >= 0) {
        got.push(JSON.parse(buf.slice(0, nl)) as Record<string, unknown>);
        buf = buf.slice(nl + 1);
      }
      if (got.length >= n) {
        c.end();
        resolve(got);
      }
    });
    c.once("error", reject);
  });
}

const rss = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0);

describe("control protocol", { timeout: 90_000 }, () => {
  it("answers each bad line with its pointer, keeps the connection and changes nothing", async () => {
    const d = scratch();
    const s = await supervisor(d, { worker: quickWorker, env: { STATUTE_QUICK_LIFE_MS: "600000" } });
    await ask(d, { kind: "Start", session: "keep" });
    const before = await ask(d, { kind: "Status" });
    const journaled = records(s.journal).length;
    const deep = `${"[".repeat(50_000)}${"]".repeat(50_000)}`;
    const deepObject = `{"kind":"Start","session":${'{"a":'.repeat(5_000)}1${"}".repeat(5_000)}}`;
    const lines = [
      `${"x".repeat(1 << 20)}\n`,
      `${deep}\n`,
      `${deepObject}\n`,
      '{"kind":"Start"}\n',
      '{"kind":"Launch","session":"keep"}\n',
      '{"kind":"Stop","session":"keep","extra":1}\n',
      '{"kind":"Busy","session":"keep","work":{"run":"yes"},"stamp_ms":1}\n',
      '{"kind":"Hello","session":"keep","launch":-1,"pid":1}\n',
      "null\n",
      '{"kind":"Status"}\n',
    ];
    const replies = await converse(sock(d), lines, lines.length);
    expect(replies.slice(0, -1).map((r) => r["kind"])).toEqual(Array(lines.length - 1).fill("Error"));
    // The deep object is refused where the wire's depth limit is passed, inside `session`.
    const pointers = replies.slice(0, -1).map((r) => String(r["pointer"]));
    expect(pointers[2]).toMatch(/^\/session(\/a)+$/);
    expect(pointers.filter((_, i) => i !== 2)).toEqual(["", "", "/session", "/kind", "/extra", "/work/compaction", "/launch", ""]);
    expect(replies.at(-1)).toEqual(before);
    expect(records(s.journal)).toHaveLength(journaled);
    s.proc.kill("SIGTERM");
    expect(await s.exited).toBe(0);
  });

  it("1 000 clients at once all get their answer, with bounded memory", async () => {
    const d = scratch();
    const s = await supervisor(d, { worker: quickWorker });
    const pid = s.proc.pid!;
    await ask(d, { kind: "Status" });
    const base = rss(pid);
    const replies = await Promise.all(Array.from({ length: 1000 }, () => converse(sock(d), ['{"kind":"Status"}\n'], 1)));
    expect(replies.every((r) => r[0]?.["kind"] === "StatusReport")).toBe(true);
    // Generous: 1 000 idle sockets cost a few MB; a leak of the requests would cost far more.
    expect(rss(pid) - base).toBeLessThan(150_000);
    s.proc.kill("SIGTERM");
    expect(await s.exited).toBe(0);
  });
});
