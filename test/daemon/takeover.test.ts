// A newer build on an older build's journal (daemon/replay.ts `carried`, `foreign`; the audit):
// every decision record names the digest of its model; the audit replays the records of this
// build's models and counts those of other models (never a disagreement); a state another model
// wrote goes through the machine's declared migration, and one this build cannot read is
// refused, never skipped.

import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { audit } from "../../daemon/audit.js";
import { digestOf, wire } from "../../daemon/config.js";
import { crc32 } from "node:zlib";
import { encodeHeader, encodeJournal, encodeRecord, JOURNAL_VERSION, type JournalRecord, scanJournal } from "../../daemon/journal-format.js";
import { JOURNAL_VERSION as SPEC_JOURNAL_VERSION } from "../../generated/ts/journal.js";
import { carried } from "../../daemon/replay.js";
import { SPEC_DIGEST, instance } from "../../generated/ts/supervise.js";
import { cleanup, scratch } from "./harness.js";

afterEach(cleanup);

const OTHER = `sha256:${"0".repeat(64)}`;
const budget = instance({});
const s0 = budget.initialRestartBudget();

function failure(seq: number, state: unknown, at: number, digest: string, next?: unknown, verdict?: unknown): JournalRecord {
  const r = budget.stepRestartBudget(state as never, { kind: "Failure", at_ms: at });
  return { seq, type: "decision", session: "a", module: "supervise", machine: "RestartBudget", state, event: { kind: "Failure", at_ms: at }, verdict: verdict ?? r.output, rule: r.rule, next: next ?? r.state, boot: "b1", digest };
}

function journal(records: readonly JournalRecord[]): string {
  const path = join(scratch(), "journal");
  writeFileSync(path, encodeJournal([{ seq: 1, type: "session_started", session: "a" }, ...records]));
  return path;
}

describe("the journal's line formats are spec/journal.yaml's types", () => {
  it("a decision record without its rule, or with a digest that is no string, is refused at its byte offset", () => {
    const first: JournalRecord = { seq: 1, type: "session_started", session: "a" };
    const offset = encodeHeader().length + encodeRecord(first).length;
    const bad = (r: JournalRecord) => () => scanJournal(encodeJournal([first, r]), "j");
    expect(bad({ seq: 2, type: "decision", module: "supervise", digest: SPEC_DIGEST })).toThrow(new RegExp(`damaged record at byte ${offset} .*not a DecisionStamp .*rule`));
    expect(bad({ seq: 2, type: "decision", module: "supervise", rule: "r", digest: 7 })).toThrow(/not a DecisionStamp .*digest/);
    expect(bad({ seq: 2.5, type: "x" } as never)).toThrow(/not a Stamp .*seq/);
    // A record written before digests (none) still reads.
    expect(scanJournal(encodeJournal([first, { seq: 2, type: "decision", module: "supervise", rule: "r" }]), "j").records).toHaveLength(2);
  });

  it("a header of another version is refused, and the one version this build reads is the spec's", () => {
    expect(JOURNAL_VERSION).toBe(SPEC_JOURNAL_VERSION);
    const header = (v: unknown) => Buffer.from(`${(() => { const j = Buffer.from(JSON.stringify({ format: "statute-journal", version: v })); return `${crc32(j).toString(16).padStart(8, "0")} ${j.toString()}`; })()}\n`);
    expect(() => scanJournal(header(2), "j")).toThrow(/format version 2; this build reads version 1 only/);
    expect(scanJournal(header(1), "j").records).toEqual([]);
  });
});

describe("takeover across builds", () => {
  it("the digest a decision record names is the generated SPEC_DIGEST", () => {
    expect(digestOf("supervise")).toBe(SPEC_DIGEST);
    expect(SPEC_DIGEST).toMatch(/^sha256:[0-9a-f]{64}$/);
  });

  it("the audit replays its own model's records and counts another model's, even with a verdict this build does not know", () => {
    const first = failure(2, s0, 0, SPEC_DIGEST);
    const next = first["next"];
    // Another build's rules: a verdict variant this build lacks, and a next state its rules would not give.
    const other = failure(3, next, 1000, OTHER, { ...(next as object), failures: [0, 1000], last_ms: 1000 }, { kind: "Backoff", pause_ms: 9 });
    const r = audit(journal([first, other]), wire());
    expect(r.disagreements).toEqual([]);
    expect(r.decisions).toBe(1);
    expect(r.otherModels).toEqual([{ module: "supervise", digest: OTHER, records: 1 }]);
  });

  it("this build's own record that disagrees is still a disagreement", () => {
    const wrong = failure(2, s0, 0, SPEC_DIGEST, undefined, { kind: "GiveUp" });
    expect(audit(journal([wrong]), wire()).disagreements.length).toBeGreaterThan(0);
  });

  it("a state this build cannot read and has no migration for is refused, naming the record, its file and byte offset", () => {
    expect(carried("supervise", "RestartBudget", s0, "record 2")).toEqual(s0);
    expect(() => carried("supervise", "RestartBudget", { ...s0, restarts: 3 }, "record 7")).toThrow(/record 7: a supervise\.RestartBudget state this build cannot read .*declares no migration; refusing to start/);
    const old = failure(2, s0, 0, OTHER, { ...s0, restarts: 1 });
    const path = journal([old]);
    const scanned = scanJournal(readFileSync(path), path);
    const at = scanned.offsets[scanned.records.findIndex((r) => r.seq === 2)];
    expect(at).toBeGreaterThan(0);
    expect(() => audit(path, wire())).toThrow(`${path}: the record at byte ${at}: record 2: a supervise.RestartBudget state this build cannot read (at /restarts:`);
  });
});
