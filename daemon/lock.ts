// Daemon, single instance: one supervisor per journal. The arbiter is a Linux abstract Unix
// socket named after the journal's real path: binding it is atomic and the kernel releases it
// when the holder dies, so a crash never leaves a lock that blocks the next start. Beside it a
// lock file records the holder's identity (pid and start time) for people and for `status`; a
// lock file whose holder is gone is stale, reported and replaced.

import { createHash } from "node:crypto";
import { existsSync, readFileSync, realpathSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { basename, dirname, join } from "node:path";
import { alive, type Identity, identityOf } from "./proc.js";

export interface Held {
  /** The key of this journal (also the worker marker prefix). */
  readonly key: string;
  /** A stale lock file that was replaced, described, or null. */
  readonly replacedStale: string | null;
  release(): void;
}

export class LockError extends Error {
  override readonly name = "LockError";
}

/** The journal's key: a hash of its real path (the file may not exist yet; its folder must). */
export function journalKey(journal: string): string {
  const real = join(realpathSync(dirname(journal)), basename(journal));
  return createHash("sha256").update(real).digest("hex").slice(0, 24);
}

function readHolder(path: string): (Identity & { readonly boot?: string }) | null {
  try {
    const v = JSON.parse(readFileSync(path, "utf8")) as { pid?: unknown; start?: unknown };
    return typeof v.pid === "number" && typeof v.start === "number" ? { pid: v.pid, start: v.start } : null;
  } catch {
    return null;
  }
}

export async function acquire(journal: string): Promise<Held> {
  const key = journalKey(journal);
  const lockPath = `${journal}.lock`;
  const server: Server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once("error", (e: NodeJS.ErrnoException) => {
      if (e.code !== "EADDRINUSE") return reject(new LockError(`lock: ${e.message}`));
      const h = readHolder(lockPath);
      const who = h !== null && alive(h) ? `pid ${h.pid}` : "another process";
      reject(new LockError(`another supervisor (${who}) already runs on journal ${journal}; not starting`));
    });
    server.listen(`\0statute-supervisor-${key}`, () => resolve());
  });
  let replacedStale: string | null = null;
  if (existsSync(lockPath)) {
    const h = readHolder(lockPath);
    replacedStale = h === null ? "an unreadable lock file" : `pid ${h.pid} (start ${h.start}, ${alive(h) ? "alive but not holding the lock" : "not running"})`;
  }
  const me = identityOf(process.pid);
  writeFileSync(lockPath, `${JSON.stringify({ pid: process.pid, start: me?.start ?? 0 })}\n`, { mode: 0o600 });
  return {
    key,
    replacedStale,
    release: () => server.close(),
  };
}
