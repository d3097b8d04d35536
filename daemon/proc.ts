// Daemon, process identity: a process is its pid plus its start time (field 22 of
// /proc/<pid>/stat, in clock ticks since boot), so a pid reused by another process is never
// taken for the worker it once was. Every signal the supervisor sends goes through `signalGroup`,
// which checks the identity first and signals the worker's whole process group.

import { readdirSync, readFileSync } from "node:fs";

export interface Identity {
  readonly pid: number;
  /** Start time in clock ticks since boot; 0 never matches a live process. */
  readonly start: number;
}

/** The start time of a live (not zombie) pid, or null when there is none. */
export function startTicks(pid: number): number | null {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, "latin1");
  } catch {
    return null;
  }
  // The command name (field 2) may hold spaces and parentheses: fields resume after the last ')'.
  const rest = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  if (rest[0] === "Z" || rest[0] === "X") return null;
  const ticks = Number(rest[19]);
  return Number.isSafeInteger(ticks) ? ticks : null;
}

export function identityOf(pid: number): Identity | null {
  const start = startTicks(pid);
  return start === null ? null : { pid, start };
}

/** The recorded process is alive: same pid, same start time. */
export function alive(id: Identity): boolean {
  return startTicks(id.pid) === id.start;
}

/**
 * Signal the process group led by `id` (workers are group leaders), only when the leader still
 * has the recorded identity. Returns whether a signal was sent. (Between the check and the kill
 * the pid could in principle be reused; the window is one system call, and pids wrap slowly.)
 */
export function signalGroup(id: Identity, signal: NodeJS.Signals): boolean {
  if (!alive(id)) return false;
  try {
    process.kill(-id.pid, signal);
    return true;
  } catch {
    try {
      process.kill(id.pid, signal);
      return true;
    } catch {
      return false;
    }
  }
}

/** Live processes whose command line holds an argument starting with `prefix`, with that argument. */
export function findMarked(prefix: string): { id: Identity; arg: string }[] {
  const out: { id: Identity; arg: string }[] = [];
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    let argv: string[];
    try {
      argv = readFileSync(`/proc/${name}/cmdline`, "latin1").split("\0");
    } catch {
      continue;
    }
    const arg = argv.find((a) => a.startsWith(prefix));
    const id = arg === undefined ? null : identityOf(Number(name));
    if (arg !== undefined && id !== null) out.push({ id, arg });
  }
  return out;
}
