// Client: what a client learns about the daemon on its socket without deciding anything: one
// request and its reply (or whether nothing listens at all), the daemon's identity (replace's
// facts: version, build id, protocol, idle-shutdown capability), whether a launch holds the
// journal's single-instance lock, and whether a process is still alive.

import { connect } from "node:net";
import { journalKey } from "../lock.js";
import { startTicks } from "../proc.js";

/** The answer of one request: a reply, nothing listening, or a listener that did not answer in time. */
export type Asked = { readonly kind: "reply"; readonly reply: Record<string, unknown> } | { readonly kind: "down" } | { readonly kind: "silent" };

export function ask(path: string, message: unknown, timeoutMs: number): Promise<Asked> {
  return new Promise((resolve) => {
    const c = connect(path);
    let buf = "";
    let done = false;
    const finish = (a: Asked) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      c.destroy();
      resolve(a);
    };
    const timer = setTimeout(() => finish({ kind: "silent" }), timeoutMs);
    c.once("connect", () => c.write(`${JSON.stringify(message)}\n`));
    c.on("data", (d) => {
      buf += d.toString("utf8");
      const nl = buf.indexOf("\n");
      if (nl < 0) return;
      try {
        finish({ kind: "reply", reply: JSON.parse(buf.slice(0, nl)) as Record<string, unknown> });
      } catch {
        finish({ kind: "silent" });
      }
    });
    c.once("error", () => finish({ kind: "down" }));
    // Closed before a whole reply: the daemon went away (it was killed, or it is leaving).
    c.once("close", () => finish({ kind: "down" }));
  });
}

/** The daemon's identity as Identify reports it; an old daemon that does not know Identify has none. */
export interface Identity {
  readonly pid: number;
  readonly version: string | undefined;
  readonly buildId: string | null;
  readonly protocol: number | null;
  readonly idleShutdown: boolean;
}

export async function identify(path: string, timeoutMs: number): Promise<Identity | "down" | "silent"> {
  const a = await ask(path, { kind: "Identify" }, timeoutMs);
  if (a.kind !== "reply") return a.kind;
  const r = a.reply;
  if (r["kind"] !== "Identity") return { pid: 0, version: undefined, buildId: null, protocol: null, idleShutdown: false };
  return { pid: r["pid"] as number, version: r["version"] as string, buildId: r["build_id"] as string, protocol: r["protocol"] as number, idleShutdown: r["idle_shutdown"] === true };
}

/** A supervisor holds the journal's lock (it is starting, or running): its abstract socket accepts. */
export function lockHeld(journal: string): Promise<boolean> {
  let key: string;
  try {
    key = journalKey(journal);
  } catch {
    return Promise.resolve(false);
  }
  return new Promise((resolve) => {
    const c = connect(`\0statute-supervisor-${key}`);
    c.once("connect", () => {
      c.destroy();
      resolve(true);
    });
    c.once("error", () => resolve(false));
  });
}

export function pidAlive(pid: number): boolean {
  return pid > 0 && startTicks(pid) !== null;
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
