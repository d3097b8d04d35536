// Test harness of the daemon's end-to-end tests: a scratch runtime folder under os.tmpdir(), a
// real supervisor process (`statute-supervisor run`) started and killed by pid, requests over
// its socket, the journal read back, and the audit. Every process a test starts is ended by its
// id in `cleanup` (workers by their process group, found by their marker; a supervisor that a
// `start` detached by the pid the test adopted).

import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { liveWorkers } from "../../daemon/boot.js";
import { audit } from "../../daemon/audit.js";
import { wire } from "../../daemon/config.js";
import { request } from "../../daemon/client.js";
import { readChain } from "../../daemon/journal-chain.js";
import type { JournalRecord } from "../../daemon/journal-format.js";
import { journalKey } from "../../daemon/lock.js";

export const root = join(import.meta.dirname, "..", "..");
export const bin = join(root, "bin", "statute-supervisor.js");
export const testWorker = join(root, "fixtures", "daemon", "test-worker.ts");
export const quickWorker = join(root, "fixtures", "daemon", "quick-worker.mjs");

/** Short stop timeouts that keep every relation of timeouts.yaml (STOP grace 300 ms). */
export const FAST_STOP = {
  STATUTE_KERNEL_ABORT_GRACE_MS: "100",
  STATUTE_KERNEL_SHUTDOWN_MS: "100",
  STATUTE_HARNESS_CLOSE_MS: "100",
  STATUTE_TERM_GRACE_MS: "300",
  STATUTE_KILL_VERIFY_MS: "300",
};

const dirs: string[] = [];
const procs: ChildProcess[] = [];
/** Processes a test did not spawn itself (a supervisor `start` detached), ended by pid in `cleanup`. */
const pids: number[] = [];

export function adopt(pid: number): void {
  pids.push(pid);
}

export function scratch(): string {
  const d = mkdtempSync(join(tmpdir(), "statute-daemon-"));
  dirs.push(d);
  return d;
}

export interface Sup {
  readonly proc: ChildProcess;
  readonly dir: string;
  readonly journal: string;
  output(): string;
  exited: Promise<number | null>;
}

/** Start `run` and resolve once it listens (or exits). */
export function supervisor(dir: string, opts: { worker?: string; env?: Record<string, string>; scale?: number; clockScale?: number; print?: boolean; build?: string } = {}): Promise<Sup> {
  const journal = join(dir, "journal");
  const clock = opts.clockScale === undefined ? [] : ["--clock-scale", String(opts.clockScale)];
  // `build`: the root of another build's sources (test/daemon/next-build.ts), whose supervisor runs instead.
  const from = opts.build ?? root;
  const proc = spawn(process.execPath, [join(from, "bin", "statute-supervisor.js"), "run", "--dir", join(dir, "run"), "--journal", journal, "--worker", opts.worker ?? testWorker, "--pause-scale", String(opts.scale ?? 0.01), ...clock, ...(opts.print === true ? ["--print-journal"] : [])], {
    cwd: from,
    env: { ...process.env, ...FAST_STOP, ...opts.env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  procs.push(proc);
  let text = "";
  proc.stdout?.on("data", (d: Buffer) => (text += d.toString()));
  proc.stderr?.on("data", (d: Buffer) => (text += d.toString()));
  const exited = new Promise<number | null>((r) => proc.once("exit", (c) => r(c)));
  const sup: Sup = { proc, dir, journal, output: () => text, exited };
  return new Promise((resolve) => {
    const check = setInterval(() => {
      if (text.includes("listening on") || proc.exitCode !== null || proc.signalCode !== null) {
        clearInterval(check);
        resolve(sup);
      }
    }, 20);
    void exited.then(() => {
      clearInterval(check);
      resolve(sup);
    });
  });
}

export function sock(dir: string): string {
  return join(dir, "run", "control.sock");
}

export function ask(dir: string, message: unknown): Promise<Record<string, unknown>> {
  return request(sock(dir), message, 60_000);
}

export async function until(what: string, p: () => boolean | Promise<boolean>, ms = 30_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await p())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** Every record of the journal, archives of earlier rotations first. */
export function records(journal: string): JournalRecord[] {
  return readChain(journal).records;
}

export function auditOf(journal: string): readonly string[] {
  return audit(journal, wire()).disagreements;
}

export function sessionStatus(reply: Record<string, unknown>, name: string): Record<string, unknown> | undefined {
  return (reply["sessions"] as Record<string, unknown>[]).find((s) => s["session"] === name);
}

/** Live workers of the journal, by session. */
export function workersOf(journal: string): Map<string, unknown[]> {
  return liveWorkers(journalKey(journal));
}

/** End every supervisor this file started, and their workers, by id; remove the scratch folders. */
export async function cleanup(): Promise<void> {
  for (const d of dirs) {
    for (const ws of liveWorkers(journalKey(join(d, "journal"))).values()) {
      for (const w of ws as { id: { pid: number } }[]) {
        try {
          process.kill(-w.id.pid, "SIGKILL");
        } catch {
          // gone
        }
      }
    }
  }
  for (const p of procs.splice(0)) if (p.exitCode === null && p.signalCode === null) p.kill("SIGKILL");
  for (const pid of pids.splice(0)) {
    try {
      process.kill(pid, "SIGKILL");
    } catch {
      // gone
    }
  }
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
}
