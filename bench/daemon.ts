// Benchmark: the reference supervisor's journal. Decisions journaled per second (each through
// the wire, the generated budget, a checksummed record and an fsync) against bare fsync'ed
// appends of the same bytes, and again with the replay fold fed and the journal rotating every
// 64 KiB; recovery (open + scan + replay of the budgets) of a journal of 100 000 records against
// a bare read and JSON.parse of its lines, and of the same history rotated (a snapshot of the
// first 90 000 records, then the last 10 000); memory per supervised session (the supervisor's
// book and the fold's, no worker process). Medians of runs.

import { closeSync, fsyncSync, mkdtempSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { models, wire } from "../daemon/config.js";
import { Decider } from "../daemon/decide.js";
import { encodeHeader, encodeJournal, encodeRecord } from "../daemon/journal-format.js";
import { Journal } from "../daemon/journal.js";
import { Fold, newBook, replay } from "../daemon/replay.js";
import { Supervisor } from "../daemon/supervisor.js";
import { bootId, systemMonotonic } from "../daemon/system.js";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { median } from "./median.js";
import { defaultParams } from "../daemon/config.js";

/** The restart budget at the default parameters (the bench runs no override). */
const defaultSupervise = models.supervise.instance();

// A collection before each heap reading, without asking for --expose-gc on the command line.
setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc") as () => void;

const RUNS = 5;
const DECISIONS = 200;
const RECORDS = 100_000;

function decisionsPerSecond(dir: string, run: number): [number, number, number] {
  const rotating = decisionsWith(dir, `r${run}`, true);
  const journal = new Journal(join(dir, `d${run}`));
  const decider = new Decider(journal, wire(), defaultParams);
  let state = defaultSupervise.initialRestartBudget();
  const t0 = process.hrtime.bigint();
  for (let i = 0; i < DECISIONS; i++) {
    const r = decider.step(`s${i % 50}`, "supervise", "RestartBudget", state, { kind: "Failure", at_ms: i * 1_000_000 });
    if (r !== null) state = defaultSupervise.initialRestartBudget();
  }
  const ours = DECISIONS / (Number(process.hrtime.bigint() - t0) / 1e9);
  journal.close();
  const line = encodeRecord({ seq: 1, type: "decision", pad: "x".repeat(300) });
  const fd = openSync(join(dir, `raw${run}`), "a");
  const t1 = process.hrtime.bigint();
  for (let i = 0; i < DECISIONS; i++) {
    writeSync(fd, line);
    fsyncSync(fd);
  }
  const bare = DECISIONS / (Number(process.hrtime.bigint() - t1) / 1e9);
  closeSync(fd);
  return [ours, bare, rotating];
}

/** Decisions per second through a journal that feeds the replay fold and rotates every 64 KiB, as run.ts opens it. */
function decisionsWith(dir: string, name: string, rotate: boolean): number {
  const fold = new Fold(wire());
  const journal = new Journal(join(dir, name), (r) => fold.apply(r), rotate ? { maxBytes: 64 * 1024, keepArchives: 2, snapshot: () => fold.snapshot() } : null);
  const decider = new Decider(journal, wire(), defaultParams);
  const t0 = process.hrtime.bigint();
  for (let i = 0; i < DECISIONS; i++) {
    const session = `s${i % 50}`;
    const state = fold.sessions.get(session)?.budget ?? defaultSupervise.initialRestartBudget();
    decider.step(session, "supervise", "RestartBudget", state, { kind: "Failure", at_ms: i * 1_000_000 });
  }
  const rate = DECISIONS / (Number(process.hrtime.bigint() - t0) / 1e9);
  journal.close();
  if (fold.disagreements.length > 0) throw new Error(`bench: the fold disagrees: ${fold.disagreements[0]}`);
  return rate;
}

function recovery(dir: string): [number, number, number] {
  const path = join(dir, "big");
  const fd = openSync(path, "a", 0o600);
  const boot = bootId();
  const chunks: Buffer[] = [encodeHeader()];
  const states = new Map<string, ReturnType<typeof defaultSupervise.initialRestartBudget>>();
  for (let seq = 1; seq <= RECORDS; seq++) {
    // Failures a window apart: every one restarts, and each session's budget is its own.
    const session = `s${seq % 1000}`;
    const state = states.get(session) ?? defaultSupervise.initialRestartBudget();
    const event = { kind: "Failure", at_ms: seq * 1_000_000 };
    const step = defaultSupervise.stepRestartBudget(state, event as never);
    chunks.push(encodeRecord({ seq, type: "decision", boot, session, module: "supervise", machine: "RestartBudget", state, event, verdict: step.output, rule: step.rule, next: step.state }));
    states.set(session, step.state);
    if (chunks.length === 5000) writeSync(fd, Buffer.concat(chunks.splice(0)));
  }
  writeSync(fd, Buffer.concat(chunks));
  closeSync(fd);
  const rotated = rotatedCopy(dir, path);
  const ours: number[] = [];
  const bare: number[] = [];
  const afterRotation: number[] = [];
  for (let r = 0; r < 3; r++) {
    const t0 = process.hrtime.bigint();
    const j = new Journal(path);
    replay(j.recovered, wire());
    j.close();
    ours.push(Number(process.hrtime.bigint() - t0) / 1e6);
    const t1 = process.hrtime.bigint();
    for (const l of readFileSync(path, "utf8").split("\n")) if (l !== "") JSON.parse(l.slice(9));
    bare.push(Number(process.hrtime.bigint() - t1) / 1e6);
    const t2 = process.hrtime.bigint();
    const k = new Journal(rotated);
    const again = replay(k.recovered, wire());
    k.close();
    afterRotation.push(Number(process.hrtime.bigint() - t2) / 1e6);
    if (again.disagreements.length > 0) throw new Error(`bench: the rotated journal disagrees: ${again.disagreements[0]}`);
  }
  return [median(ours), median(bare), median(afterRotation)];
}

/** The same history as a rotation leaves it: a snapshot of the first 90% of the records, then the rest. */
function rotatedCopy(dir: string, path: string): string {
  const records = new Journal(path).recovered;
  const cut = Math.floor(records.length * 0.9);
  const fold = new Fold(null);
  for (const r of records.slice(0, cut)) fold.apply(r);
  const snap = { seq: cut + 1, type: "snapshot", boot: bootId(), ...fold.snapshot(), archived: cut };
  const rest = records.slice(cut).map((r) => ({ ...r, seq: r.seq + 1 }));
  const out = join(dir, "rotated");
  const fd = openSync(out, "w", 0o600);
  writeSync(fd, encodeJournal([snap, ...rest]));
  closeSync(fd);
  return out;
}

function bytesPerSession(dir: string): number {
  const journal = new Journal(join(dir, "mem"));
  const sup = new Supervisor({
    journal, decider: new Decider(journal, wire(), defaultParams), clock: systemMonotonic, build: { version: "0", buildId: "bench" },
    stopTimes: { stopGraceMs: 0, termGraceMs: 0, killVerifyMs: 0 }, workerArgv: () => [], workerEnv: {}, logPath: join(dir, "log"), pauseScale: 0,
  });
  const n = 20_000;
  const fold = new Fold(null);
  gc();
  const before = process.memoryUsage().heapUsed;
  for (let i = 0; i < n; i++) {
    fold.apply({ seq: i + 1, type: "session_started", session: `session-${i}` });
    sup.live(newBook(`session-${i}`));
  }
  gc();
  const after = process.memoryUsage().heapUsed;
  journal.close();
  if (sup.sessions.size !== n || fold.sessions.size !== n) throw new Error("bench: sessions were not held");
  return (after - before) / n;
}

export async function benchDaemon(): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), "statute-bench-daemon-"));
  try {
    const pairs = Array.from({ length: RUNS }, (_, r) => decisionsPerSecond(dir, r));
    const ours = median(pairs.map((p) => p[0]));
    const bare = median(pairs.map((p) => p[1]));
    const rotating = median(pairs.map((p) => p[2]));
    const [rec, recBare, recRotated] = recovery(dir);
    const mem = bytesPerSession(dir);
    return [
      `decisions journaled with fsync: ${ours.toFixed(0)}/s (bare fsync'ed appends of the same size: ${bare.toFixed(0)}/s, ratio ${(ours / bare).toFixed(2)})`,
      `  with the replay fold fed and a rotation every 64 KiB: ${rotating.toFixed(0)}/s (ratio to bare ${(rotating / bare).toFixed(2)})`,
      `recovery of ${RECORDS} records (open, checksums, replay of budgets): ${rec.toFixed(0)} ms (bare read + JSON.parse: ${recBare.toFixed(0)} ms, ratio ${(rec / recBare).toFixed(1)})`,
      `  the same history rotated (snapshot of ${RECORDS * 0.9} records + ${RECORDS * 0.1}): ${recRotated.toFixed(0)} ms (ratio to unrotated ${(recRotated / rec).toFixed(2)})`,
      `memory per supervised session (supervisor's book + state, the fold's book; no worker): ${mem.toFixed(0)} bytes`,
    ].join("\n");
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) process.stdout.write(`${await benchDaemon()}\n`);
