// `statute explore` and `statute replay` end to end: spec/ passes with counts printed; the broken
// fixture fails with exit 1 and an ITF file; replay steps that file through the generated
// TypeScript and reports every step as matching; a tampered trace is reported as a mismatch.

import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { main } from "../../generator/cli/main.js";

const root = fileURLToPath(new URL("../..", import.meta.url));
const out = mkdtempSync(join(tmpdir(), "statute-explore-"));
afterAll(() => rmSync(out, { recursive: true, force: true }));

async function run(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  let o = "";
  let e = "";
  const code = await main(argv, root, { out: (t) => void (o += t), err: (t) => void (e += t) });
  return { code, out: o, err: e };
}

describe("statute explore", { timeout: 120_000 }, () => {
  it("passes on every module of spec/ and prints counts, or says a module has nothing to explore", async () => {
    const r = await run("explore", "--out", out);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^supervise\.RestartBudget: ok, .*\n {2}\d+ states, \d+ transitions, /m);
    expect(r.out).toMatch(/^launcher\.Quiesce: ok, (complete|bounded) at depth \d+/m);
    expect(r.out).toMatch(/explore: \d+ machine\(s\) explored, 0 violation\(s\)/);
  });

  it("stops at --max-states and --max-memory with the budget named", async () => {
    const states = await run("explore", "launcher", "--param", "WORKERS=5", "--depth", "64", "--no-symmetry", "--max-states", "500", "--out", out);
    expect(states.code).toBe(0);
    expect(states.out).toContain("truncated at 500 states (stopped at --max-states 500)");
    const memory = await run("explore", "launcher", "--param", "WORKERS=5", "--depth", "64", "--no-symmetry", "--max-memory", "1", "--out", out);
    expect(memory.out).toMatch(/truncated at \d+ states \(stopped at --max-memory 1 MB: the process holds \d+ MB .*raise --max-memory, lower --depth, or declare interchangeable workers `symmetric:`/);
    // Why there is no disk-backed frontier, with what the search itself holds.
    expect(memory.out).toMatch(/the process holds \d+ MB \(the search's own: [\d.]+ MB of visited fingerprints and parents for \d+ states, [\d.]+ MB of packed levels;.*\); there is no disk-backed frontier: .*visited fingerprints.*must stay in memory/);
    const progress = await run("explore", "launcher", "--param", "WORKERS=5", "--depth", "64", "--no-symmetry", "--progress", "--max-states", "30000", "--out", out);
    expect(progress.err).toMatch(/^explore: \d+ states, \d+ states\/s, \d+ transitions, depth \d+, \d+ MB$/m);
    const sym = await run("explore", "launcher", "--param", "WORKERS=5", "--depth", "64", "--out", out);
    expect(sym.out).toMatch(/complete at depth \d+/);
    expect(sym.out).toContain("symmetry: states that differ by a permutation of workers counted once");
  });

  it("rejects bad options with exit 2", async () => {
    expect((await run("explore", "--depth", "zero")).code).toBe(2);
    const threads = await run("explore", "launcher", "--threads", "0");
    expect(threads.code).toBe(2);
    expect(threads.err).toContain("--threads needs a positive integer");
    expect((await run("explore", "nosuchmodule")).code).toBe(1);
    // --workers is gone: a parameter is named by the spec (`param: true`), not by the tool.
    expect((await run("explore", "launcher", "--workers", "2")).code).toBe(2);
    const unknown = await run("explore", "launcher", "--param", "RESTART_MAX_FAILURES=2");
    expect(unknown.code).toBe(2);
    expect(unknown.err).toMatch(/no constant of these modules is a parameter named RESTART_MAX_FAILURES \(parameters: .*RESTART_WINDOW_MS, .*WORKERS, /);
    const bad = await run("explore", "launcher", "--param", "WORKERS");
    expect(bad.code).toBe(2);
    expect(bad.err).toContain("--param WORKERS: expected NAME=VALUE");
  });

  it("--param sets a parameter for explore, the trace records it, and replay applies it", async () => {
    const r = await run("explore", "launcher", "--param", "WORKERS=2", "--witnesses", "--out", out);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^launcher\.Quiesce \(WORKERS = 2\): ok/m);
    const file = join(out, "launcher.Quiesce.Commit.stop.witness.itf.json");
    const trace = JSON.parse(readFileSync(file, "utf8")) as { "#meta": { params?: unknown }; states: { workers: unknown[] }[] };
    expect(trace["#meta"].params).toEqual({ WORKERS: 2 });
    expect(trace.states[0]?.workers).toHaveLength(2);
    const replay = await run("replay", file);
    expect(replay.code).toBe(0);
    expect(replay.out).toContain("on TypeScript rendered from spec/launcher.yaml");
    expect(replay.out).toContain("the last step fires Quiesce.Commit.stop");
    // Three workers in code, two in the trace: the initial state does not match.
    const forced = await run("replay", file, "--param", "WORKERS=3");
    expect(forced.code).toBe(1);
    expect(forced.out).toMatch(/#0 initial .*MISMATCH initial state/s);
  });

  it("fails on the broken launcher, writes the ITF, and replay steps through it", async () => {
    const r = await run("explore", "fixtures/explore/launcher_busy_quiesces.yaml", "--out", out);
    expect(r.code).toBe(1);
    expect(r.out).toContain("idle_shutdown_never_aborts (invariant) fails after 6 step(s)");
    const file = join(out, "launcher_busy_quiesces.idle_shutdown_never_aborts.itf.json");
    const trace = JSON.parse(readFileSync(file, "utf8")) as { states: Record<string, unknown>[] };
    expect(trace.states).toHaveLength(7);

    // Every step matches, and the law the trace is about is violated: replay fails.
    const replay = await run("replay", file);
    expect(replay.code).toBe(1);
    expect(replay.out.match(/\(matches\)/g)).toHaveLength(7);
    expect(replay.out).toContain("#6 Commit -> Stopped  [Quiesce.Commit.stop]");
    expect(replay.out).toContain("law idle_shutdown_never_aborts (invariant) is violated on the last state");

    // Tamper with the recorded output of step 3: replay must notice.
    const s3 = trace.states[3] as Record<string, unknown>;
    s3["output"] = { tag: "Some", value: { tag: "AnsweredBusy", value: { "#tup": [] } } };
    const bad = join(out, "tampered.itf.json");
    writeFileSync(bad, JSON.stringify(trace));
    const r2 = await run("replay", bad);
    expect(r2.code).toBe(1);
    expect(r2.out).toMatch(/#3 .*MISMATCH output: trace has AnsweredBusy, generated code has AnsweredQuiesced/s);
  });

  it("a violated progress law is labelled progress, shows the continuation that avoids `to`, and replay fails on it", async () => {
    const r = await run("explore", "fixtures/explore/turnstile_stuck.yaml", "--out", out);
    expect(r.code).toBe(1);
    expect(r.out).toContain("push_unlocks (progress) fails after 0 step(s)");
    expect(r.out).toContain("from the last state, 2 event(s) of its `by` (within 2) never reach its `to`:\n      Push -> { locked: true }\n      Push -> { locked: true }\n");
    const replay = await run("replay", join(out, "turnstile_stuck.push_unlocks.itf.json"));
    expect(replay.code).toBe(1);
    expect(replay.out).toContain("law push_unlocks (progress) is violated on the last state (interpreter): push_unlocks does not hold");
    expect(replay.out).toContain("every state, output and rule matches the trace");
  });

  it("says complete when the depth bound cut nothing off, with either engine", async () => {
    for (const engine of [[], ["--interpret"]]) {
      const r = await run("explore", "launcher", "--param", "WORKERS=1", "--depth", "6", ...engine, "--out", out);
      expect(r.out).toMatch(/^launcher\.Quiesce \(WORKERS = 1\): ok, complete at depth 6\n {2}38 states/m);
      const cut = await run("explore", "launcher", "--param", "WORKERS=1", "--depth", "5", ...engine, "--out", out);
      expect(cut.out).toMatch(/^launcher\.Quiesce \(WORKERS = 1\): ok, bounded at depth 5\n/m);
    }
  });

  it("writes witnesses for a spec module that replay runs on generated/ts/", async () => {
    const r = await run("explore", "supervise", "--witnesses", "--out", out);
    expect(r.code).toBe(0);
    const replay = await run("replay", join(out, "supervise.RestartBudget.Failure.give_up.witness.itf.json"));
    expect(replay.code).toBe(0);
    expect(replay.out).toContain("on generated/ts/ of spec/supervise.yaml");
    expect(replay.out).toContain("the last step fires RestartBudget.Failure.give_up");
  });

  it("replay says what is wrong with a file that is not a statute trace", async () => {
    const junk = join(out, "junk.itf.json");
    writeFileSync(junk, JSON.stringify({ "#meta": {}, vars: [], states: [] }));
    const r = await run("replay", junk);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/#meta\.source/);
  });
});
