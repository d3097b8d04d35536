// The questions LAWS.md asks of the law book, put through `statute eval` (the generated code
// behind the runtime wire), with answers written out by hand from the laws: revival vetoes in the
// seed's order, the clock-skew edge, the orphan windows, the wire's "never", and replacement.

import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { main } from "../../generator/cli/main.js";

const root = join(import.meta.dirname, "..", "..");

async function ask(spec: string, name: string, facts: unknown): Promise<unknown> {
  let out = "";
  let err = "";
  const code = await main(["eval", spec, name, JSON.stringify(facts)], root, { out: (t) => void (out += t), err: (t) => void (err += t) }, {});
  expect(err).toBe("");
  expect(code).toBe(0);
  return (JSON.parse(out) as { verdict: unknown }).verdict;
}

const H = 3_600_000;
const noWork = { run: false, compaction: false, queued_input: false, admitted_run_start: false, background_job: false, user_bash: false, unsettled_child: false, workflow_run: false, withdrawn_input: false };
const veto = (f: object) => ({ given_up: false, archived: false, live_lease: false, has_busy_time: true, stamp_ms: 10 * H, now_ms: 10 * H, ...f });

describe("revive: the vetoes in the seed's order", () => {
  it("a given-up worker with a fresh stamp is vetoed as given up, whatever else holds", async () => {
    expect(await ask("spec/revive.yaml", "RevivalVeto", veto({ given_up: true, archived: true, live_lease: true }))).toBe("GivenUp");
  });
  it("then archived, then a live lease, then no busy time, then an unreadable stamp", async () => {
    expect(await ask("spec/revive.yaml", "RevivalVeto", veto({ archived: true, live_lease: true, has_busy_time: false, stamp_ms: null }))).toBe("Archived");
    expect(await ask("spec/revive.yaml", "RevivalVeto", veto({ live_lease: true, has_busy_time: false, stamp_ms: null }))).toBe("LiveLease");
    expect(await ask("spec/revive.yaml", "RevivalVeto", veto({ has_busy_time: false, stamp_ms: null }))).toBe("NoBusyTime");
    expect(await ask("spec/revive.yaml", "RevivalVeto", veto({ stamp_ms: null }))).toBe("Unreadable");
  });
  it("a stamp 61 s in the future is vetoed, one 59 s in the future is not", async () => {
    expect(await ask("spec/revive.yaml", "RevivalVeto", veto({ stamp_ms: 10 * H + 61_000 }))).toBe("Future");
    expect(await ask("spec/revive.yaml", "RevivalVeto", veto({ stamp_ms: 10 * H + 59_000 }))).toBe("Revive");
  });
  it("a stamp 30 min old revives, one 30 min and 1 ms old is too old", async () => {
    expect(await ask("spec/revive.yaml", "RevivalVeto", veto({ stamp_ms: 10 * H - 1_800_000 }))).toBe("Revive");
    expect(await ask("spec/revive.yaml", "RevivalVeto", veto({ stamp_ms: 10 * H - 1_800_001 }))).toBe("TooOld");
  });
});

describe("orphan: the windows", () => {
  const W = 300_000;
  it("without work it exits after one window, not before", async () => {
    expect(await ask("spec/orphan.yaml", "OrphanExit", { absent_ms: W - 1, window_ms: W, work: noWork })).toBe("Wait");
    expect(await ask("spec/orphan.yaml", "OrphanExit", { absent_ms: W, window_ms: W, work: noWork })).toBe("ExitIdle");
  });
  it("with work it exits after two windows, recording busy", async () => {
    const work = { ...noWork, background_job: true };
    expect(await ask("spec/orphan.yaml", "OrphanExit", { absent_ms: W, window_ms: W, work })).toBe("Wait");
    expect(await ask("spec/orphan.yaml", "OrphanExit", { absent_ms: 2 * W - 1, window_ms: W, work })).toBe("Wait");
    expect(await ask("spec/orphan.yaml", "OrphanExit", { absent_ms: 2 * W, window_ms: W, work })).toBe("ExitBusy");
  });
  it("withdrawn input alone is not work", async () => {
    expect(await ask("spec/orphan.yaml", "OrphanExit", { absent_ms: W, window_ms: W, work: { ...noWork, withdrawn_input: true } })).toBe("ExitIdle");
  });
  it("a window above WIRE_MAX_MS never expires", async () => {
    expect(await ask("spec/orphan.yaml", "OrphanExit", { absent_ms: 100_000_000_000_000, window_ms: 100_000_000_000_001, work: noWork })).toBe("Wait");
  });
});

describe("replace: which client start replaces the daemon", () => {
  const series = (v: string) => {
    const [core, pre] = v.split("-");
    const [major, minor, patch] = (core ?? "").split(".").map(Number);
    return { major, minor, patch, pre_release: pre !== undefined };
  };
  const relate = (client: string, daemon: string) => ask("spec/replace.yaml", "Relate", { client: series(client), daemon: series(daemon), pre_cmp: "Equal", same_build_id: false });
  const start = (relation: unknown, client_kind: string) =>
    ask("spec/replace.yaml", "Replacement", { relation, client_kind, idle_shutdown: true, daemon_busy: false, protocol_agrees: true });

  it("an interactive 1.2.3 client replaces an idle 1.2.3-dev daemon that advertises idle shutdown", async () => {
    const relation = await relate("1.2.3", "1.2.3-dev");
    expect(relation).toBe("ClientNewer");
    expect(await start(relation, "Interactive")).toEqual({ kind: "Replace" });
  });
  it("a background 1.2.3 client does not", async () => {
    expect(await start(await relate("1.2.3", "1.2.3-dev"), "Background")).toMatchObject({ kind: "Keep" });
  });
  it("1.2.3 never replaces 1.3.0, and is told it is older", async () => {
    const relation = await relate("1.2.3", "1.3.0");
    expect(relation).toBe("ClientOlder");
    expect(await start(relation, "Interactive")).toEqual({ kind: "Keep", tell: "OlderClient", use_daemon: true });
  });
});
