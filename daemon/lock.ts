// Daemon, single instance: one supervisor per journal. The arbiter is a Linux abstract Unix
// socket named after the journal's real path: binding it is atomic and the kernel releases it
// when the holder dies, so a crash never leaves a lock that blocks the next start. The holder
// answers each connection on it with its identity, so a refused start names the supervisor that
// holds the lock even before the lock file says so. Beside it a lock file records the holder's
// identity (pid and start time) for people and for `status`; a lock file whose holder is gone is
// stale, reported and replaced. Neither file is ever opened blocking or through a link.

import { createHash } from "node:crypto";
import { closeSync, constants, existsSync, fstatSync, ftruncateSync, openSync, realpathSync, writeSync } from "node:fs";
import { connect, createServer, type Server } from "node:net";
import { basename, dirname, join } from "node:path";
import { readRegular } from "./journal-file.js";
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

function identity(text: string): Identity | null {
  try {
    const v = JSON.parse(text) as { pid?: unknown; start?: unknown };
    return typeof v.pid === "number" && typeof v.start === "number" ? { pid: v.pid, start: v.start } : null;
  } catch {
    return null;
  }
}

function readHolder(path: string): Identity | null {
  try {
    return identity(readRegular(path).toString("utf8"));
  } catch {
    return null;
  }
}

/** The lock's holder as it answers on the lock socket, or null when it does not within `ms`. */
function askHolder(name: string, ms: number): Promise<Identity | null> {
  return new Promise((resolve) => {
    const c = connect(name);
    let text = "";
    const done = (id: Identity | null) => {
      clearTimeout(timer);
      c.destroy();
      resolve(id);
    };
    const timer = setTimeout(() => done(null), ms);
    c.on("data", (d: Buffer) => {
      text += d.toString("utf8");
      if (text.includes("\n")) done(identity(text.slice(0, text.indexOf("\n"))));
    });
    c.once("error", () => done(null));
    c.once("close", () => done(identity(text)));
  });
}

/** Write the lock file: a regular file of ours, never a FIFO (which would block) nor a link. */
function writeHolder(path: string, text: string): void {
  let fd: number;
  try {
    fd = openSync(path, constants.O_WRONLY | constants.O_CREAT | constants.O_NOFOLLOW | constants.O_NONBLOCK, 0o600);
  } catch (e) {
    throw new LockError(`lock file ${path}: ${(e as Error).message}`);
  }
  try {
    if (!fstatSync(fd).isFile()) throw new LockError(`lock file ${path} is not a regular file; not starting`);
    ftruncateSync(fd, 0);
    writeSync(fd, text, 0);
  } finally {
    closeSync(fd);
  }
}

export async function acquire(journal: string): Promise<Held> {
  const key = journalKey(journal);
  const lockPath = `${journal}.lock`;
  const name = `\0statute-supervisor-${key}`;
  const me = identityOf(process.pid);
  const server: Server = createServer((c) => {
    c.on("error", () => c.destroy());
    c.end(`${JSON.stringify({ pid: process.pid, start: me?.start ?? 0 })}\n`);
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", (e: NodeJS.ErrnoException) => {
      if (e.code !== "EADDRINUSE") return reject(new LockError(`lock: ${e.message}`));
      // The holder may be busy opening its journal: give it a few seconds to answer.
      void askHolder(name, 5000).then((h) => {
        const f = h ?? readHolder(lockPath);
        const who = f !== null && alive(f) ? `pid ${f.pid}` : "another process";
        reject(new LockError(`another supervisor (${who}) already runs on journal ${journal}; not starting`));
      });
    });
    server.listen(name, () => resolve());
  });
  let replacedStale: string | null = null;
  if (existsSync(lockPath)) {
    const h = readHolder(lockPath);
    replacedStale = h === null ? "an unreadable lock file" : `pid ${h.pid} (start ${h.start}, ${alive(h) ? "alive but not holding the lock" : "not running"})`;
  }
  try {
    writeHolder(lockPath, `${JSON.stringify({ pid: process.pid, start: me?.start ?? 0 })}\n`);
  } catch (e) {
    server.close();
    throw e;
  }
  return {
    key,
    replacedStale,
    release: () => server.close(),
  };
}
