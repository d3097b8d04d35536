// The CLI end to end on the repository's own spec/ and generated/: `list` shows the laws, `eval`
// answers from the generated code, and a user's mistake gets a message and exit 1, no stack trace.

import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { main } from "../../generator/cli/main.js";

const root = join(import.meta.dirname, "..", "..");

async function run(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  return runWith({}, ...argv);
}

async function runWith(env: Record<string, string>, ...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = "";
  let err = "";
  const code = await main(argv, root, { out: (t) => void (out += t), err: (t) => void (err += t) }, env);
  return { code, out, err };
}

const failures = (times: number[]) => JSON.stringify(times.map((at_ms) => ({ kind: "Failure", at_ms })));

describe("statute list", () => {
  it("lists the modules with their machines, decisions and laws as JSON", async () => {
    const r = await run("list");
    expect(r.code).toBe(0);
    const listed = JSON.parse(r.out) as { modules: { module: string; laws: { name: string }[] }[] };
    const supervise = listed.modules.find((m) => m.module === "supervise");
    expect(supervise?.laws.map((l) => l.name)).toEqual(expect.arrayContaining(["restart_gives_up", "restart_decide_window", "restart_decide_verdict", "restart_wire_*", "restart_ffi_*"]));
  });
});

describe("statute eval on spec/supervise.yaml", () => {
  it("the 6th failure inside 15 min gives up and the 5th pauses 4000 ms", async () => {
    const r = await run("eval", "spec/supervise.yaml", "RestartBudget", failures([0, 60_000, 120_000, 180_000, 240_000, 300_000]));
    expect(r.code).toBe(0);
    const { steps } = JSON.parse(r.out) as { steps: { output: unknown }[] };
    expect(steps[4]?.output).toEqual({ kind: "Restart", pause_ms: 4000 });
    expect(steps[5]?.output).toEqual({ kind: "GiveUp" });
  });

  it("a failure exactly 15 min after the first starts a fresh count", async () => {
    const r = await run("eval", "spec/supervise.yaml", "RestartBudget", failures([0, 900_000]));
    const { steps } = JSON.parse(r.out) as { steps: { output: unknown }[] };
    expect(steps.map((s) => s.output)).toEqual([{ kind: "Restart", pause_ms: 250 }, { kind: "Restart", pause_ms: 250 }]);
  });

  it("a decision takes a facts object", async () => {
    const r = await run("eval", "spec/supervise.yaml", "RestartDecide", '{"in_window": 7, "budget": 10}');
    expect(JSON.parse(r.out)).toMatchObject({ verdict: { kind: "Restart", pause_ms: 30000 } });
  });

  it("unknown names and bad JSON are user errors with exit 1", async () => {
    for (const argv of [
      ["eval", "spec/nope.yaml", "RestartBudget", "[]"],
      ["eval", "spec/supervise.yaml", "RestartBudgte", "[]"],
      ["eval", "spec/supervise.yaml", "RestartBudget", "[{"],
    ]) {
      const r = await run(...argv);
      expect(r.code).toBe(1);
      expect(r.err).toMatch(/^error: /);
      expect(r.err).not.toMatch(/\n\s+at /);
    }
  });
});

describe("statute timeouts", () => {
  it("derives the defaults when nothing is overridden", async () => {
    const r = await runWith({}, "timeouts");
    expect(r.code).toBe(0);
    expect(r.out).toContain("WORKER_LOST_EXIT_DEFAULT_MS = 300000\n");
    expect(r.out).toContain("REVIVAL_MAX_AGE_MS = 1800000\n");
  });

  it("a negative lost-exit window falls back to the default with a warning", async () => {
    const r = await runWith({ STATUTE_WORKER_LOST_EXIT_DEFAULT_MS: "-5" }, "timeouts");
    expect(r.code).toBe(0);
    expect(r.err).toContain("STATUTE_WORKER_LOST_EXIT_DEFAULT_MS");
    expect(r.err).toContain("negative");
    expect(r.out).toContain("WORKER_LOST_EXIT_DEFAULT_MS = 300000\n");
  });

  it("an override that breaks an order law refuses to start, naming the relation and both sides", async () => {
    const r = await runWith({ STATUTE_WORKER_LOST_EXIT_DEFAULT_MS: "100000" }, "timeouts");
    expect(r.code).toBe(1);
    expect(r.err).toContain("relation LostWorker is violated");
    expect(r.err).toContain("a lost worker sees a relaunched supervisor before it exits");
    expect(r.err).toContain("(100000 against 131000)");
  });

  it("a derived value moves with its bases", async () => {
    const r = await runWith({ STATUTE_BUSY_REFRESH_MS: "600000" }, "timeouts");
    expect(r.code).toBe(0);
    expect(r.out).toContain("REVIVAL_MAX_AGE_MS = 2100000\n");
  });
});

describe("--help", () => {
  it("every command answers --help and -h with its usage on stdout, exit 0", async () => {
    const names = ["init", "gen", "list", "eval", "explore", "replay", "mutate", "proofs", "timeouts", "quint"];
    for (const name of names) {
      for (const flag of ["--help", "-h"]) {
        const r = await run(name, flag);
        expect(r.code, `${name} ${flag}: ${r.err}`).toBe(0);
        expect(r.out, name).toMatch(new RegExp(`^usage: statute ${name}\\b`));
        expect(r.err).toBe("");
      }
    }
    expect((await run("--help")).out).toMatch(/^usage: statute <command>/);
  });
});

describe("statute eval reads JSON strictly", () => {
  it("a duplicate key or a fraction in the events is refused with its pointer, before any model runs", async () => {
    const dup = await run("eval", "spec/supervise.yaml", "RestartBudget", '[{"kind":"Failure","at_ms":1,"at_ms":2}]');
    expect(dup.code).toBe(1);
    expect(dup.err).toContain("at /0/at_ms");
    const frac = await run("eval", "spec/supervise.yaml", "RestartBudget", '[{"kind":"Failure","at_ms":1.5}]');
    expect(frac.code).toBe(1);
    expect(frac.err).toContain("at /0/at_ms");
    expect(frac.err).not.toMatch(/\n\s+at .*:\d+:\d+/);
  });

  it("a union tag that names no variant is pointed at, with the variants listed", async () => {
    const r = await run("eval", "spec/supervise.yaml", "RestartBudget", '[{"kind":"Fail","at_ms":1}]');
    expect(r.code).toBe(1);
    expect(r.err).toContain('malformed input at /0/kind: expected "Failure"');
  });
});
