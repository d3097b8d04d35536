// The control socket under a client that writes and never reads (issue 23), against a real
// supervisor: its resident memory (VmRSS) stays bounded while the client writes, because the
// supervisor stops reading a connection whose unsent replies pass a bound; the connection that
// stays stuck is dropped; after the close the memory is back near where it was, and the
// supervisor still answers everyone else. A client that reads late, not never, is paused and
// resumed, and gets every reply in order.

import { readFileSync } from "node:fs";
import { connect, type Socket } from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { ask, cleanup, quickWorker, scratch, sock, supervisor } from "./harness.js";

afterAll(cleanup);

/** Resident memory of a process, in KiB. */
const rss = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0);

/** Requests a greedy client sends at most: unread, their replies alone are some 80 MB. */
const REQUESTS = 1_000_000;
const LINE = '{"kind":"Status"}\n';

interface Greedy {
  /** Lines the kernel took from the client (written, not necessarily read by the supervisor). */
  sent: number;
  /** The supervisor closed the connection. */
  dropped: boolean;
  readonly socket: Socket;
  /** Resolves when the client has written everything or is stuck (no progress for `stuckMs`). */
  readonly settled: Promise<"all" | "stuck">;
  readonly closed: Promise<void>;
}

/** A client that writes REQUESTS lines as fast as its own socket takes them and never reads. */
function greedy(path: string, stuckMs: number): Greedy {
  const socket = connect(path);
  const g = { sent: 0, dropped: false, socket } as Greedy;
  (g as { closed: Promise<void> }).closed = new Promise((r) => socket.once("close", () => ((g.dropped = true), r())));
  socket.on("error", () => {});
  (g as { settled: Promise<"all" | "stuck"> }).settled = new Promise((resolve) => {
    let last = Date.now();
    const watch = setInterval(() => {
      if (Date.now() - last > stuckMs || g.dropped) {
        clearInterval(watch);
        resolve("stuck");
      }
    }, 100);
    const batch = Buffer.from(LINE.repeat(1000));
    const pump = () => {
      while (g.sent < REQUESTS) {
        g.sent += 1000;
        last = Date.now();
        if (!socket.write(batch)) return void socket.once("drain", pump);
      }
      clearInterval(watch);
      resolve("all");
    };
    socket.once("connect", pump);
  });
  return g;
}

describe("a client that writes and never reads", { timeout: 180_000 }, () => {
  it("is paused, then dropped; the supervisor's memory stays bounded and comes back after the close", async () => {
    const d = scratch();
    const s = await supervisor(d, { worker: quickWorker });
    const pid = s.proc.pid!;
    await ask(d, { kind: "Status" });
    const base = rss(pid);
    let peak = base;
    const sample = setInterval(() => (peak = Math.max(peak, rss(pid))), 50);
    const g = greedy(sock(d), 5000);
    const how = await g.settled;
    const during = peak;
    await Promise.race([g.closed, new Promise((r) => setTimeout(r, 60_000))]);
    clearInterval(sample);
    const dropped = g.dropped;
    g.socket.destroy();
    await new Promise((r) => setTimeout(r, 3000));
    const after = rss(pid);
    console.log(`supervisor VmRSS: ${base} KiB before, ${during} KiB at most while the client wrote (${g.sent} of ${REQUESTS} requests taken, ${how}), ${peak} KiB at most until the drop (dropped: ${dropped}), ${after} KiB 3 s after the close`);
    // Paused: the supervisor stopped taking requests long before the client ran out of them.
    expect(how).toBe("stuck");
    expect(g.sent).toBeLessThan(REQUESTS);
    // Dropped: a connection that stays over the bound is closed by the supervisor.
    expect(dropped).toBe(true);
    // Generous bounds for a loaded host (a supervisor's heap grows some 30 MB with any burst of
    // work); unbounded, the replies kept for this client cost some 300 MB.
    expect(peak - base).toBeLessThan(100_000);
    expect(after - base).toBeLessThan(100_000);
    expect((await ask(d, { kind: "Status" }))["kind"]).toBe("StatusReport");
    s.proc.kill("SIGTERM");
    expect(await s.exited).toBe(0);
  });

  it("a client that sends many requests and reads only later gets every reply, in order", async () => {
    const d = scratch();
    const s = await supervisor(d, { worker: quickWorker });
    const n = 60_000;
    const lines = Array.from({ length: n }, (_, i) => (i % 2 === 0 ? '{"kind":"Status"}\n' : '{"kind":"Identify"}\n')).join("");
    const kinds = await new Promise<string[]>((resolve, reject) => {
      const c = connect(sock(d));
      const got: string[] = [];
      let buf = "";
      c.once("connect", () => {
        c.write(lines);
        // Read nothing for a while: the supervisor pauses this connection meanwhile.
        setTimeout(() => {
          c.on("data", (b: Buffer) => {
            buf += b.toString();
            let nl;
            while ((nl = buf.indexOf("\n")) >= 0) {
              got.push((JSON.parse(buf.slice(0, nl)) as { kind: string }).kind);
              buf = buf.slice(nl + 1);
            }
            if (got.length >= n) {
              c.end();
              resolve(got);
            }
          });
        }, 3000);
      });
      c.once("error", reject);
      c.once("close", () => reject(new Error(`closed after ${got.length} replies`)));
    });
    expect(kinds).toEqual(Array.from({ length: n }, (_, i) => (i % 2 === 0 ? "StatusReport" : "Identity")));
    s.proc.kill("SIGTERM");
    expect(await s.exited).toBe(0);
  });
});
