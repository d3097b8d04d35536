// The supervisor's idle-shutdown round (daemon/quiesce.ts) over fake worker links, without
// processes, on a real journal: all idle, the stops are sent and the answer is Ok; one busy, no
// stop is sent, the quiesced ones are released and the answer is NotIdle; one silent, the answer
// timeout ends the round; a stop refused after a hold is NotIdle; a shutdown in the middle of a
// round ends it at once, and nothing of it is decided after the journal closed. The journal
// audits clean.

import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { audit } from "../../daemon/audit.js";
import { wire } from "../../daemon/config.js";
import { Decider } from "../../daemon/decide.js";
import { Journal } from "../../daemon/journal.js";
import { IdleShutdown } from "../../daemon/quiesce.js";
import { newBook } from "../../daemon/replay.js";
import type { Live, Supervisor } from "../../daemon/supervisor.js";
import { NO_WORK } from "../../daemon/worker-side.js";
import { records } from "./harness.js";
import { defaultParams } from "../../daemon/config.js";

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

interface Fake {
  readonly name: string;
  readonly sent: Record<string, unknown>[];
  exit(): void;
}

function setup(names: string[]): { idle: IdleShutdown; fakes: Fake[]; journal: Journal } {
  const d = mkdtempSync(join(tmpdir(), "statute-quiesce-"));
  dirs.push(d);
  const journal = new Journal(join(d, "journal"));
  const sessions = new Map<string, Live>();
  const fakes = names.map((name, i) => {
    const sent: Record<string, unknown>[] = [];
    const exits: (() => void)[] = [];
    const book = { ...newBook(name), active: true, launch: { seq: i + 1, pid: 1, start: 1, ended: false } };
    const handle = { exited: false, onExit: (f: () => void) => exits.push(f), id: { pid: 1, start: 1 } };
    sessions.set(name, { book, state: "Running", handle, link: { launch: i + 1, send: (m: unknown) => sent.push(m as Record<string, unknown>) > 0 }, leaving: false, timer: null, stopping: null } as unknown as Live);
    return { name, sent, exit: () => exits.forEach((f) => f()) };
  });
  const sup = { sessions, o: { journal, decider: new Decider(journal, wire(), defaultParams) }, stopWorker: async () => {} } as unknown as Supervisor;
  return { idle: new IdleShutdown(sup, { answerMs: 200, commitMs: 5000, holdMs: 400 }), fakes, journal };
}

const kinds = (f: Fake) => f.sent.map((m) => m["kind"]);
const tick = () => new Promise((r) => setTimeout(r, 5));

describe("idle-shutdown round", () => {
  it.each([[["a", "b"]], [["a", "b", "c", "d", "e", "f"]]])("all idle (%j, any number of workers, more than the model's default 3 too): every worker gets its stop and the answer is Ok", async (names) => {
    const { idle, fakes, journal } = setup(names);
    const reply = idle.ask();
    await tick();
    for (const [i, f] of fakes.entries()) expect(idle.answer(f.name, i + 1, 1, NO_WORK)).toEqual({ kind: "Ok" });
    await tick();
    fakes.forEach((f) => f.exit());
    expect(await reply).toEqual({ kind: "Ok" });
    for (const f of fakes) expect(kinds(f)).toEqual(["Quiesce", "QuiesceStop"]);
    expect(audit(journal.path, wire()).disagreements).toEqual([]);
  });

  it("one busy: no stop, the quiesced worker is released, NotIdle", async () => {
    const { idle, fakes, journal } = setup(["a", "b", "c"]);
    const reply = idle.ask();
    await tick();
    idle.answer("a", 1, 1, NO_WORK);
    idle.answer("b", 2, 1, { ...NO_WORK, background_job: true });
    idle.answer("c", 3, 1, NO_WORK);
    expect(await reply).toMatchObject({ kind: "NotIdle", reason: "a worker is busy" });
    expect(fakes.map(kinds)).toEqual([["Quiesce", "Release"], ["Quiesce"], ["Quiesce", "Release"]]);
    expect(idle.answer("a", 1, 1, NO_WORK)).toMatchObject({ kind: "Refused" }); // the round is over
    expect(audit(journal.path, wire()).disagreements).toEqual([]);
  });

  it("one silent: the answer timeout ends the round", async () => {
    const { idle, fakes } = setup(["a", "b"]);
    const reply = idle.ask();
    await tick();
    idle.answer("a", 1, 1, NO_WORK);
    expect(await reply).toMatchObject({ kind: "NotIdle", reason: "a worker did not answer within 200 ms" });
    expect(fakes.map(kinds)).toEqual([["Quiesce", "Release"], ["Quiesce"]]);
  });

  it("a stop refused after the hold reopened the gate: NotIdle, the others stopped", async () => {
    const { idle, fakes, journal } = setup(["a", "b"]);
    const reply = idle.ask();
    await tick();
    idle.answer("a", 1, 1, NO_WORK);
    idle.answer("b", 2, 1, NO_WORK);
    await tick();
    fakes[0]!.exit();
    expect(idle.refused("b", 2, 1)).toEqual({ kind: "Ok" });
    expect(await reply).toMatchObject({ kind: "NotIdle", reason: "the hold of b reopened its gate before the stop" });
    expect(audit(journal.path, wire()).disagreements).toEqual([]);
  });

  const quiesceSteps = (journal: Journal) => records(journal.path).filter((r) => r["type"] === "decision" && r["machine"] === "Quiesce").length;

  it("a shutdown while it waits for answers: NotIdle at once, no timeout decided after the journal closed", async () => {
    const { idle, fakes, journal } = setup(["a", "b"]);
    const reply = idle.ask();
    await tick();
    idle.answer("a", 1, 1, NO_WORK);
    const steps = quiesceSteps(journal);
    idle.end("the supervisor is shutting down (SIGTERM)");
    expect(await reply).toEqual({ kind: "NotIdle", reason: "the supervisor is shutting down (SIGTERM)" });
    expect(idle.answer("b", 2, 1, NO_WORK)).toMatchObject({ kind: "Refused" });
    expect(audit(journal.path, wire()).disagreements).toEqual([]);
    journal.close();
    // Past the 200 ms answer window: a step now would append to the closed journal and throw.
    await new Promise((r) => setTimeout(r, 300));
    expect(fakes.map(kinds)).toEqual([["Quiesce"], ["Quiesce"]]);
    expect(quiesceSteps(journal)).toBe(steps);
  });

  it("a shutdown while the stops settle: NotIdle, and the exits that follow step nothing", async () => {
    const { idle, fakes, journal } = setup(["a", "b"]);
    const reply = idle.ask();
    await tick();
    idle.answer("a", 1, 1, NO_WORK);
    idle.answer("b", 2, 1, NO_WORK);
    await tick();
    const steps = quiesceSteps(journal);
    idle.end("the supervisor is shutting down (SIGTERM)");
    expect(await reply).toEqual({ kind: "NotIdle", reason: "the supervisor is shutting down (SIGTERM)" });
    journal.close();
    fakes.forEach((f) => f.exit());
    expect(quiesceSteps(journal)).toBe(steps);
  });
});
