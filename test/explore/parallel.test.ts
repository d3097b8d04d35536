// The parallel search (parallel.ts, parallel-worker.ts) against the search on one thread: forced
// onto two threads early (parallelFrom: a worker and this thread; three once), it counts the same
// states and transitions, fires the same rules and completes alike, with and without symmetry;
// on a broken spec it reports the same shortest counterexample (the single-threaded rerun words
// it). A worker's machine is made from the main thread's compiled source alone (plain data, a
// small fraction of the program) and steps, checks and fingerprints alike. Wall-clock speed-ups
// are the bench's (`npm run bench`), never asserted here.

import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { compileSpecs, specFiles } from "../../generator/check/index.js";
import { compileMachine, exploreMachine, withParams, type ExploreResult } from "../../generator/explore/index.js";
import { instantiate } from "../../generator/explore/compile/instantiate.js";
import type { Value } from "../../generator/interpret/index.js";
import type { Explore, Program } from "../../generator/ir/module.js";

const root = fileURLToPath(new URL("../..", import.meta.url));

function program(extra: readonly string[] = []): Program {
  const r = compileSpecs(root, [...specFiles(root), ...extra]);
  if (!r.ok) throw new Error("specs do not compile");
  return r.program;
}

function exploreOf(prog: Program, module: string): Explore {
  const x = prog.modules.find((m) => m.name === module)?.explore[0];
  if (x === undefined) throw new Error(`no explore section in ${module}`);
  return x;
}

const summary = (r: ExploreResult) => ({ states: r.states, transitions: r.transitions, complete: r.complete, reached: r.reached, fired: [...r.fired].sort(), violation: r.violation });

describe("parallel search", { timeout: 300_000 }, () => {
  it("counts what one thread counts: launcher WORKERS = 4, with and without symmetry, and a bench spec of numbers and options", () => {
    const withBench = program(["bench/specs/retry_queue.yaml"]);
    const r = withParams(withBench, new Map([["WORKERS", 4]]));
    if (!("program" in r)) throw new Error(r.message);
    const cases: [Program, Explore, boolean][] = [
      [r.program, exploreOf(r.program, "launcher"), false],
      [r.program, exploreOf(r.program, "launcher"), true],
      [withBench, exploreOf(withBench, "retry_queue"), false],
    ];
    for (const [prog, x, symmetry] of cases) {
      const one = exploreMachine(prog, x, { depth: 64, symmetry, threads: 1 });
      const two = exploreMachine(prog, x, { depth: 64, symmetry, threads: 2, parallelFrom: 50 });
      expect(one.threads).toBe(1);
      expect(two.threads).toBe(2);
      expect(summary(two)).toEqual(summary(one));
      expect(one.complete).toBe(true);
    }
  });

  it("counts what one thread counts with two workers beside this thread (three claim each round)", () => {
    const r = withParams(program(), new Map([["WORKERS", 4]]));
    if (!("program" in r)) throw new Error(r.message);
    const x = exploreOf(r.program, "launcher");
    const one = exploreMachine(r.program, x, { depth: 64, symmetry: false, threads: 1 });
    const three = exploreMachine(r.program, x, { depth: 64, symmetry: false, threads: 3, parallelFrom: 50 });
    expect(three.threads).toBe(3);
    expect(summary(three)).toEqual(summary(one));
  });

  it("counts what one thread counts when handed off in the middle of a level (the level's rest and the next level's states found so far)", () => {
    const r = withParams(program(), new Map([["WORKERS", 4]]));
    if (!("program" in r)) throw new Error(r.message);
    const x = exploreOf(r.program, "launcher");
    const one = exploreMachine(r.program, x, { depth: 64, symmetry: false, threads: 1 });
    // The states at each depth's end: the hand-off (asked every 8192 transitions, about 230
    // states here) falls inside a level when `from` is far from all of them.
    const ends = Array.from({ length: one.reached + 1 }, (_, d) => exploreMachine(r.program, x, { depth: d, symmetry: false, threads: 1 }).states);
    for (const from of [30_000, 45_000]) {
      expect(Math.min(...ends.map((e) => Math.abs(e - from)))).toBeGreaterThan(2_000);
      const two = exploreMachine(r.program, x, { depth: 64, symmetry: false, threads: 2, parallelFrom: from });
      expect(two.threads).toBe(2);
      expect(summary(two)).toEqual(summary(one));
    }
  });

  it("stops at the same depth bound as one thread: not complete below the last level, complete at it", () => {
    const prog = program();
    const x = exploreOf(prog, "launcher");
    const last = exploreMachine(prog, x, { depth: 64, symmetry: false, threads: 1 }).reached;
    for (const depth of [7, last]) {
      const one = exploreMachine(prog, x, { depth, symmetry: false, threads: 1 });
      const two = exploreMachine(prog, x, { depth, symmetry: false, threads: 2, parallelFrom: 50 });
      expect(two.threads).toBe(2);
      expect(one.complete).toBe(depth === last);
      expect(summary(two)).toEqual(summary(one));
    }
  });

  it("reports the same shortest counterexample as one thread", () => {
    const prog = program(["fixtures/explore/launcher_busy_quiesces.yaml"]);
    const x = exploreOf(prog, "launcher_busy_quiesces");
    const one = exploreMachine(prog, x, { threads: 1 });
    const two = exploreMachine(prog, x, { threads: 2, parallelFrom: 10 });
    expect(two.threads).toBe(2);
    expect(one.violation?.law).toBe("idle_shutdown_never_aborts");
    expect(two.violation?.trace).toHaveLength(one.violation?.trace.length ?? -1);
    expect(summary(two)).toEqual(summary(one));
  });

  it("gives a worker the machine as its compiled source, which alone makes the same functions", () => {
    const withBench = program(["bench/specs/lock_clients.yaml"]);
    const r = withParams(withBench, new Map([["WORKERS", 3]]));
    if (!("program" in r)) throw new Error(r.message);
    for (const [prog, x, symmetry] of [
      [r.program, exploreOf(r.program, "launcher"), true],
      [withBench, exploreOf(withBench, "lock_clients"), false],
    ] as const) {
      const cm = compileMachine(prog, x, symmetry);
      // What a worker gets: plain data (a structured clone, as postMessage makes), far smaller than the program.
      const made = structuredClone(cm.made);
      expect(JSON.stringify(made).length).toBeLessThan(JSON.stringify(prog).length / 10);
      const again = instantiate(made);
      expect(again.rules).toEqual(cm.rules);
      const states: Value[] = [];
      exploreMachine(prog, x, { depth: 64, symmetry, maxStates: 400, onState: (s) => void states.push(s) });
      expect(states.length).toBe(400);
      for (const s of states) {
        expect(again.key(s)).toBe(cm.key(s));
        expect(again.invariant(s)).toBe(cm.invariant(s));
        const events = cm.events(s);
        expect(again.events(s)).toEqual(events);
        for (const e of events) {
          const o1 = { output: null as Value, rule: -1 };
          const o2 = { output: null as Value, rule: -1 };
          expect(again.step(s, e, o2)).toEqual(cm.step(s, e, o1));
          expect(o2).toEqual(o1);
        }
      }
    }
  });
});
