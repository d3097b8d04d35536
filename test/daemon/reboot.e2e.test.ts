// Monotonic times across a reboot (spec/supervise.yaml, CarryBudget): a journal written on
// another boot (its records carry another boot id; its failure times lie ahead of this boot's
// monotonic clock, as after a reboot) is opened by a real supervisor. Each budget crosses by a
// journaled CarryBudget verdict: the give-up carries, the times do not, so the crash loop of this
// boot is counted from zero (250 ms first) instead of being read as a clock going backwards.
// The replay refuses a failure judged on another boot's budget without a carry.

import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { instance } from "../../generated/ts/supervise.js";

const { initialRestartBudget, stepRestartBudget } = instance();
import { wire } from "../../daemon/config.js";
import { encodeJournal, type JournalRecord } from "../../daemon/journal-format.js";
import { replay } from "../../daemon/replay.js";
import { bootId, systemMonotonic } from "../../daemon/system.js";
import { ask, auditOf, cleanup, quickWorker, records, scratch, sessionStatus, supervisor, until } from "./harness.js";

afterAll(cleanup);

const OTHER = "an-earlier-boot";

/** Records of an earlier boot: `failures` failures of `session`, each judged by the budget. */
function earlierBoot(session: string, failures: number, from: number, seq0: number): JournalRecord[] {
  const out: JournalRecord[] = [];
  let seq = seq0;
  const rec = (type: string, f: Record<string, unknown>) => out.push({ seq: seq++, type, boot: OTHER, wall_ms: 1, mono_ms: from, ...f });
  rec("session_started", { session });
  let state = initialRestartBudget();
  for (let i = 0; i < failures; i++) {
    const launch = seq;
    rec("launch", { session });
    rec("worker_exited", { session, launch, code: 3, signal: null, unknown: false, requested: false, clean: false });
    const event = { kind: "Failure" as const, at_ms: from + i * 1000 };
    const r = stepRestartBudget(state, event);
    rec("decision", { session, module: "supervise", machine: "RestartBudget", state, event, verdict: r.output, rule: r.rule, next: r.state });
    state = r.state;
  }
  return out;
}

describe("a journal of another boot", { timeout: 90_000 }, () => {
  it("carries each give-up and no failure time; this boot's crash loop counts from zero", async () => {
    const d = scratch();
    const ahead = systemMonotonic.now() + 1_000_000_000;
    const loop = earlierBoot("loop", 3, ahead, 1);
    const gone = earlierBoot("gone", 6, ahead, loop.length + 1);
    writeFileSync(join(d, "journal"), encodeJournal([...loop, ...gone]), { mode: 0o600 });
    const s = await supervisor(d, { worker: quickWorker, env: { STATUTE_QUICK_LIFE_MS: "0" } });
    await until("give-up on this boot", async () => sessionStatus(await ask(d, { kind: "Status" }), "loop")?.["state"] === "GivenUp");
    const rs = records(s.journal);
    const carries = rs.filter((r) => r["decision"] === "CarryBudget");
    expect(carries.map((r) => [r["session"], r["verdict"]])).toEqual([
      ["gone", { failures: [], given_up: true, last_ms: 0 }],
      ["loop", { failures: [], given_up: false, last_ms: 0 }],
    ]);
    expect(carries.every((r) => r["rule"] === "CarryBudget.reboot" && r["boot"] === bootId())).toBe(true);
    const now = rs.filter((r) => r["boot"] === bootId() && r["machine"] === "RestartBudget" && r["session"] === "loop");
    expect(now.map((r) => (r["verdict"] as { kind: string; pause_ms?: number })).map((v) => v.pause_ms ?? v.kind)).toEqual([250, 500, 1000, 2000, 4000, "GiveUp"]);
    expect(now.some((r) => (r["verdict"] as { kind: string }).kind === "ClockBackwards")).toBe(false);
    expect(sessionStatus(await ask(d, { kind: "Status" }), "gone")?.["state"]).toBe("GivenUp");
    expect(await ask(d, { kind: "Start", session: "gone" })).toMatchObject({ kind: "Refused" });
    expect(auditOf(s.journal)).toEqual([]);
    s.proc.kill("SIGTERM");
    expect(await s.exited).toBe(0);
  });

  it("the replay refuses a failure judged on another boot's budget without a journaled carry", () => {
    const ahead = 5_000_000;
    const before = earlierBoot("x", 2, ahead, 1);
    const last = before[before.length - 1] as JournalRecord;
    const event = { kind: "Failure" as const, at_ms: 10 };
    const state = last["next"] as ReturnType<typeof initialRestartBudget>;
    const r = stepRestartBudget(state, event);
    const uncarried: JournalRecord = { seq: last.seq + 1, type: "decision", boot: "this-boot", session: "x", module: "supervise", machine: "RestartBudget", state, event, verdict: r.output, rule: r.rule, next: r.state };
    expect(r.output.kind).toBe("ClockBackwards");
    expect(replay([...before, uncarried], wire()).disagreements.join("\n")).toContain("without a journaled CarryBudget");
  });
});
