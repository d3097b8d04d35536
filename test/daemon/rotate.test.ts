// Journal rotation with compaction: past its size bound the journal starts again with a snapshot
// of the replay, the old one archived. A crash is simulated before each step of a rotation (the
// test hook throws there and the journal object is dropped); each time the next open repairs what
// was left, every acknowledged record is still in the chain (archives + journal) with no gap,
// the replay gives the same books as before the crash, the audit agrees, and appending goes on.

import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { RestartBudgetState, Verdict } from "../../generated/ts/supervise.js";
import { instance } from "../../generated/ts/supervise.js";

const { initialRestartBudget } = instance();
import { audit } from "../../daemon/audit.js";
import { wire } from "../../daemon/config.js";
import { Decider } from "../../daemon/decide.js";
import { archives, readChain, rotatingPath } from "../../daemon/journal-chain.js";
import { encodeHeader } from "../../daemon/journal-format.js";
import { ROTATE_STEPS, type RotateStep } from "../../daemon/journal-rotate.js";
import { Journal, type RotateOptions } from "../../daemon/journal.js";
import { Fold } from "../../daemon/replay.js";
import { cleanup, scratch } from "./harness.js";
import { defaultParams } from "../../daemon/config.js";

afterEach(cleanup);

class Crash extends Error {}

interface Rig {
  readonly journal: Journal;
  readonly fold: Fold;
  readonly acknowledged: number[];
  readonly budgets: Map<string, RestartBudgetState>;
}

/** A journal with the daemon's fold wired in, as run.ts does; `crashAt` throws before that step once. */
function open(path: string, maxBytes: number, crashAt: RotateStep | null = null, budgets = new Map<string, RestartBudgetState>()): Rig {
  const fold = new Fold(wire());
  let armed = crashAt !== null;
  const rotation: RotateOptions = {
    maxBytes,
    keepArchives: 1000,
    snapshot: () => fold.snapshot(),
    before: (step) => {
      if (armed && step === crashAt) {
        armed = false;
        throw new Crash(`crash before ${step}`);
      }
    },
  };
  const journal = new Journal(path, (r) => fold.apply(r), rotation);
  for (const r of journal.recovered) fold.apply(r);
  for (const b of fold.sessions.values()) budgets.set(b.name, b.budget);
  return { journal, fold, acknowledged: [], budgets };
}

/** One step of a workload: a session starts, launches, fails; its budget decides (journaled). */
function work(rig: Rig, i: number): void {
  const name = `s${i % 4}`;
  const decider = new Decider(rig.journal, wire(), defaultParams);
  rig.acknowledged.push(rig.journal.append("session_started", { session: name }).seq);
  rig.acknowledged.push(rig.journal.append("launch", { session: name }).seq);
  const state = rig.budgets.get(name) ?? initialRestartBudget();
  const r = decider.step<RestartBudgetState, Verdict>(name, "supervise", "RestartBudget", state, { kind: "Failure", at_ms: 1_000_000 + i * 60_000 });
  if (r === null) throw new Error("the failure was refused");
  rig.budgets.set(name, r.state);
  rig.acknowledged.push(rig.journal.lastSeq);
}

const books = (f: Fold) => JSON.stringify(f.snapshot());

describe("journal rotation", () => {
  it("rotates past the bound into a snapshot; the chain joins, the replay and the audit agree", () => {
    const path = join(scratch(), "journal");
    const rig = open(path, 2048);
    for (let i = 0; i < 60; i++) work(rig, i);
    rig.journal.close();
    const chain = readChain(path);
    expect(chain.segments).toBeGreaterThan(3);
    expect(chain.records.map((r) => r.seq)).toEqual(chain.records.map((_, i) => i + 1));
    for (const seq of rig.acknowledged) expect(chain.records.some((r) => r.seq === seq)).toBe(true);
    const again = open(path, 2048);
    expect(again.journal.recovered[0]?.type).toBe("snapshot");
    expect(books(again.fold)).toBe(books(rig.fold));
    expect(again.fold.disagreements).toEqual([]);
    again.journal.close();
    // Every segment, archives and journal, begins with the format header, byte for byte.
    for (const f of [...archives(path), path]) expect(readFileSync(f).subarray(0, encodeHeader().length).equals(encodeHeader())).toBe(true);
    const report = audit(path, wire());
    expect(report.disagreements).toEqual([]);
    expect(report.segments).toBe(chain.segments);
    expect(report.decisions).toBe(60);
  });

  it("an audit catches a snapshot that is not the replay of the records before it", () => {
    const path = join(scratch(), "journal");
    const fold = new Fold(wire());
    const j = new Journal(path, (r) => fold.apply(r), { maxBytes: 600, keepArchives: 1000, snapshot: () => ({ sessions: [] }) });
    const rig: Rig = { journal: j, fold, acknowledged: [], budgets: new Map() };
    for (let i = 0; i < 3; i++) work(rig, i);
    j.close();
    expect(archives(path).length).toBeGreaterThan(0);
    expect(audit(path, wire()).disagreements.join("\n")).toContain("the snapshot differs from the replay");
  });

  it.each(ROTATE_STEPS.map((s) => [s]))("a crash before step %s loses nothing, and the next open goes on", (step) => {
    const path = join(scratch(), "journal");
    const rig = open(path, 1500, step);
    let crashed = false;
    for (let i = 0; i < 30 && !crashed; i++) {
      try {
        work(rig, i);
      } catch (e) {
        if (!(e instanceof Crash)) throw e;
        crashed = true;
      }
    }
    expect(crashed).toBe(true);
    // The record whose append triggered the rotation was on disk (fsync'ed) before the crash.
    const written = rig.journal.lastSeq;
    rig.journal.close();
    const before = books(rig.fold);
    const again = open(path, 1500, null, new Map());
    expect(existsSync(rotatingPath(path))).toBe(false);
    const chain = readChain(path);
    const seqs = chain.records.map((r) => r.seq);
    expect(seqs).toEqual(seqs.map((_, i) => i + 1));
    for (const seq of [...rig.acknowledged, written]) expect(seqs).toContain(seq);
    expect(books(again.fold)).toBe(before);
    expect(again.fold.disagreements).toEqual([]);
    // The same inode is never both the journal and an archive.
    expect(readdirSync(join(path, "..")).filter((n) => n.endsWith(".rotating"))).toEqual([]);
    for (let i = 30; i < 60; i++) work(again, i);
    expect(archives(path).length).toBeGreaterThan(1);
    again.journal.close();
    expect(audit(path, wire()).disagreements).toEqual([]);
  });

  it("keeps only the newest archives when told to; the audit then starts at a snapshot", () => {
    const path = join(scratch(), "journal");
    const fold = new Fold(wire());
    const j = new Journal(path, (r) => fold.apply(r), { maxBytes: 1500, keepArchives: 2, snapshot: () => fold.snapshot() });
    const rig: Rig = { journal: j, fold, acknowledged: [], budgets: new Map() };
    for (let i = 0; i < 60; i++) work(rig, i);
    j.close();
    expect(archives(path)).toHaveLength(2);
    const chain = readChain(path);
    expect(chain.records[0]?.type).toBe("snapshot");
    expect(audit(path, wire()).disagreements).toEqual([]);
  });
});
