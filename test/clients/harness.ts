// Test harness of the clients' end-to-end tests: real `statute-client` processes of several
// builds (STATUTE_VERSION, STATUTE_BUILD_ID) against one scratch runtime folder, the supervisors
// they launch found through the journal's lock file, the test worker's gate events read back, and
// every journal (the supervisor's and each client's) audited. Every process a test starts or a
// client launched is ended by its id in `cleanupClients`.

import { type ChildProcess, spawn } from "node:child_process";
import { appendFileSync, existsSync, mkdirSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { identify } from "../../daemon/client/link.js";
import { alive } from "../../daemon/proc.js";
import { FAST_STOP, auditOf, cleanup, root, testWorker, until } from "../daemon/harness.js";

export { auditOf, records, scratch, until, workersOf } from "../daemon/harness.js";

export const clientBin = join(root, "bin", "statute-client.js");

/** Short quiesce times (hold 6 s: long enough to see a closed gate on a loaded host). */
export const SHORT = { ...FAST_STOP, STATUTE_QUIESCE_ANSWER_MS: "3000", STATUTE_QUIESCE_COMMIT_MS: "3000" };

export interface Build {
  readonly version: string;
  readonly id: string;
}

export interface Run {
  readonly proc: ChildProcess;
  output(): string;
  readonly exited: Promise<number | null>;
}

const procs: ChildProcess[] = [];
const dirs: string[] = [];

export const runDir = (d: string) => join(d, "run");
export const journalOf = (d: string) => join(d, "journal");
export const sockOf = (d: string) => join(runDir(d), "control.sock");

/** Start `statute-client <args>` of a build on scratch folder `d`. */
export function client(d: string, b: Build, args: string[], env: Record<string, string> = {}): Run {
  if (!dirs.includes(d)) dirs.push(d);
  const proc = spawn(process.execPath, [clientBin, ...args, "--dir", runDir(d), "--journal", journalOf(d), "--worker", testWorker], {
    cwd: root,
    env: { ...process.env, ...SHORT, STATUTE_VERSION: b.version, STATUTE_BUILD_ID: b.id, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  procs.push(proc);
  let text = "";
  proc.stdout?.on("data", (x: Buffer) => (text += x.toString()));
  proc.stderr?.on("data", (x: Buffer) => (text += x.toString()));
  const exited = new Promise<number | null>((r) => proc.once("exit", (c) => r(c)));
  return { proc, output: () => text, exited };
}

/** Run a client to its end: its exit code and output. */
export async function clientDone(d: string, b: Build, args: string[], env: Record<string, string> = {}): Promise<{ code: number | null; out: string }> {
  const r = client(d, b, args, env);
  const code = await r.exited;
  return { code, out: r.output() };
}

/** The daemon on the socket now: its pid and build, or null when nothing answers. */
export async function daemonOf(d: string): Promise<{ pid: number; build: string } | null> {
  const id = await identify(sockOf(d), 5000);
  return typeof id === "object" ? { pid: id.pid, build: `${id.version ?? "?"}+${id.buildId ?? "?"}` } : null;
}

/** Append a command for the session's test worker. */
export function command(d: string, session: string, c: Record<string, unknown>): void {
  mkdirSync(join(runDir(d), "cmd"), { recursive: true });
  appendFileSync(join(runDir(d), "cmd", session), `${JSON.stringify(c)}\n`);
}

/** The session's test-worker events (gate, answers, work started, refused, done). */
export function events(d: string, session: string): Record<string, unknown>[] {
  const p = join(runDir(d), "events", session);
  if (!existsSync(p)) return [];
  return readFileSync(p, "utf8").split("\n").filter((l) => l !== "").map((l) => JSON.parse(l) as Record<string, unknown>);
}

/** The session's worker registered with its supervisor (its first busy record is journaled). */
export function registered(journal: string, session: string): boolean {
  return existsSync(journal) && readFileSync(journal, "utf8").split("\n").some((l) => l.includes('"machine":"BusyRefresh"') && l.includes(`"session":"${session}"`));
}

/** Every journal of the scratch folder: the supervisor's and each client's. */
export function journals(d: string): string[] {
  const cl = join(runDir(d), "clients");
  return [journalOf(d), ...(existsSync(cl) ? readdirSync(cl).sort().map((f) => join(cl, f)) : [])];
}

export function auditAll(d: string): string[] {
  return journals(d).flatMap((j) => auditOf(j).map((x) => `${j}: ${x}`));
}

export async function untilDaemon(d: string, build: string): Promise<number> {
  let pid = 0;
  await until(`daemon ${build}`, async () => {
    const x = await daemonOf(d);
    pid = x?.pid ?? 0;
    return x?.build === build;
  }, 60_000);
  return pid;
}

/** End the clients this file started and every supervisor (by its lock file) and worker of its folders. */
export async function cleanupClients(): Promise<void> {
  for (const p of procs.splice(0)) if (p.exitCode === null && p.signalCode === null) p.kill("SIGKILL");
  for (const d of dirs.splice(0)) {
    try {
      const h = JSON.parse(readFileSync(`${journalOf(d)}.lock`, "utf8")) as { pid: number; start: number };
      if (alive(h)) process.kill(h.pid, "SIGKILL");
    } catch {
      // no supervisor
    }
  }
  await cleanup();
}
