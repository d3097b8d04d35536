// The Quint target checked by the Quint CLI (the @informalsystems/quint devDependency, its
// TypeScript backend: nothing is downloaded). Every generated .qnt type-checks (`quint test`
// type-checks before it runs; the prelude, which has no tests, by `quint typecheck`); every
// example, decision law and order law passes as a `run` test; `quint run` on each machine
// finds no violation of its laws, and every trace it writes replays step for step through the
// generated TypeScript. A mutant of the restart budget shows the invariants are not vacuous.
// Quint calls cost 1-3 s each on an idle machine (mostly start-up); they run two at a time, and
// their times are printed so CI's budget can be watched.

import { mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compileSpecs } from "../../generator/check/index.js";
import { quintBin, runQuint, simulate, type QuintCall, type SimulateResult } from "../../generator/cli/quint.js";
import { quintConsts } from "../../generator/emit/quint/params.js";
import { emitQuint } from "../../generator/emit/quint/index.js";
import type { Program } from "../../generator/ir/module.js";

const ROOT = join(import.meta.dirname, "..", "..");
const QUINT = join(ROOT, "generated", "quint");
const OUT = join(ROOT, ".tmp", `emit-quint-${process.pid}`);
const SAMPLES = 50;

let program: Program;
const tests = new Map<string, QuintCall>();
const sims = new Map<string, SimulateResult>();
let prelude: QuintCall;
let mutant: QuintCall;
const timings: string[] = [];

/** Runs the jobs two at a time (the CI machine has two cores). */
async function pool(jobs: readonly (() => Promise<void>)[]): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < jobs.length) await (jobs[next++] as () => Promise<void>)();
  };
  await Promise.all([worker(), worker()]);
}

/** The module `quint test` runs: a machine module includes its pure module's tests. */
function testedModule(p: Program, module: string): string {
  const m = p.modules.find((x) => x.name === module);
  const machine = m?.machines[0];
  // A module with parameters (Quint consts) is tested where it is instantiated at the defaults.
  if (machine === undefined) return m !== undefined && quintConsts(p, m).length > 0 ? `${module}_defaults` : module;
  return `${module}_${machine.name}`;
}

beforeAll(async () => {
  expect(quintBin(ROOT), "npm ci installs @informalsystems/quint").not.toBeNull();
  const r = compileSpecs(ROOT);
  if (!r.ok) throw new Error("spec/ does not compile");
  program = r.program;
  mkdirSync(OUT, { recursive: true });
  const jobs: (() => Promise<void>)[] = [];
  jobs.push(async () => {
    prelude = await runQuint(ROOT, ["typecheck", "statute_prelude.qnt"], QUINT);
    timings.push(`typecheck statute_prelude: ${prelude.ms} ms`);
  });
  for (const m of program.modules) {
    jobs.push(async () => {
      const main = testedModule(program, m.name);
      const call = await runQuint(ROOT, ["test", "--backend=typescript", `--main=${main}`, `--max-samples=${SAMPLES}`, "--seed=13", "--match=Test$", `${m.name}.qnt`], QUINT);
      tests.set(m.name, call);
      timings.push(`test ${main}: ${call.ms} ms`);
    });
    for (const x of m.explore) {
      jobs.push(async () => {
        const s = await simulate(ROOT, program, m.name, x.machine.name, { depth: x.depth, samples: SAMPLES, traces: 3, out: OUT, seed: "13" });
        sims.set(`${m.name}.${x.machine.name}`, s);
        timings.push(`run ${m.name}_${x.machine.name}: ${s.call.ms} ms`);
      });
    }
  }
  jobs.push(async () => {
    mutant = await mutantRun(program);
    timings.push(`run mutant of supervise_RestartBudget: ${mutant.ms} ms`);
  });
  await pool(jobs);
  process.stdout.write(`quint calls:\n  ${timings.join("\n  ")}\n`);
}, 600_000);

afterAll(() => rmSync(OUT, { recursive: true, force: true }));

/**
 * The restart budget with the window comparison of its step flipped (`<` read as `<=`: a failure
 * exactly one window old still counts), emitted to a scratch folder beside a copy of the
 * prelude; the laws keep `<`, so `quint run` must report one of them violated.
 */
async function mutantRun(p: Program): Promise<QuintCall> {
  const dir = join(OUT, "mutant");
  mkdirSync(dir, { recursive: true });
  for (const f of emitQuint(p, {})) {
    const step = "val recent = s.failures.select(t => natSub(e.at_ms, t) < RESTART_WINDOW_MS)";
    if (f.path === "quint/supervise.qnt" && !f.content.includes(step)) throw new Error("the restart budget's window filter moved: update the mutant");
    const text = f.path === "quint/supervise.qnt" ? f.content.replace(step, step.replace("< RESTART_WINDOW_MS", "<= RESTART_WINDOW_MS")) : f.content;
    writeFileSync(join(dir, f.path.replace(/^quint\//, "")), text);
  }
  const args = ["run", "--backend=typescript", "--main=supervise_RestartBudget", "--max-steps=7", "--max-samples=500", "--seed=13", "--invariant=laws", "supervise.qnt"];
  return runQuint(ROOT, args, dir);
}

describe("generated/quint with the Quint CLI", () => {
  it("has a file per module and the prelude", () => {
    const files = readdirSync(QUINT).sort();
    expect(files).toEqual(["statute_prelude.qnt", ...program.modules.map((m) => `${m.name}.qnt`)].sort());
  });

  it("type-checks the prelude", () => {
    expect(prelude.stderr + prelude.stdout).not.toMatch(/error/i);
    expect(prelude.code).toBe(0);
  });

  it("type-checks every module and passes its examples and sampled laws as run tests", () => {
    for (const m of program.modules) {
      const call = tests.get(m.name);
      // A types-only module that imports nothing (spec/journal.yaml) has no run to pass: Quint prints none.
      const runsNothing = m.examples.length === 0 && m.laws.length === 0 && m.imports.length === 0;
      if (!runsNothing) expect(call?.stdout ?? "", `${m.name}: ${call?.stderr}`).toMatch(/\d+ passing/);
      expect(call?.stdout ?? "").not.toMatch(/\d+ failing/);
      expect(call?.code, m.name).toBe(0);
      // One run per example and per decision or order law, at least.
      const runs = Number(/(\d+) passing/.exec(call?.stdout ?? "")?.[1] ?? 0);
      expect(runs, m.name).toBeGreaterThanOrEqual(m.examples.length);
    }
  });

  it("simulates every explored machine with quint run: no law violated, every trace replays through the generated TypeScript", () => {
    const explored = program.modules.flatMap((m) => m.explore.map((x) => `${m.name}.${x.machine.name}`));
    expect([...sims.keys()].sort()).toEqual(explored.sort());
    for (const [name, s] of sims) {
      expect(s.ok, `${name}: ${s.call.stdout.slice(-2000)}`).toBe(true);
      expect(s.traces, name).toBeGreaterThan(0);
      expect(s.mismatch, name).toBeNull();
      expect(s.replayed, name).toBe(s.traces);
    }
  });

  it("finds the violation in a restart budget whose window comparison is flipped", () => {
    expect(mutant.code).not.toBe(0);
    expect(mutant.stdout).toMatch(/violation/i);
    expect(mutant.stdout + mutant.stderr).toMatch(/Invariant violated/);
  });
});
