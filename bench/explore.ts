// Benchmark: the explorer's speed and memory. For each target, distinct states per second of the
// compiled engine and of the interpreted one (the oracle's own search) on the same search,
// medians of several runs in this process, and their ratio; bytes per visited state of the
// visited set (fingerprints, parent pointers, ordinals). Targets (issue #13): supervise at depth
// 15 and the launcher at WORKERS = 3 explored to completion, >= 300 k states/s and <= 16 bytes
// a state. Then the launcher's state counts with and without symmetry reduction at N = 3, 4, 5.

import { cpus, loadavg } from "node:os";
import { join } from "node:path";
import { compileSpecs } from "../generator/check/index.js";
import { exploreMachine, withParams, type ExploreResult } from "../generator/explore/index.js";
import type { Explore, Program } from "../generator/ir/module.js";
import { median } from "./median.js";

const root = join(import.meta.dirname, "..");

/**
 * Median states/s of `n` samples, after a warm-up (the JIT, and the compiled engine's code cache);
 * a sample repeats a short search until it spans 50 ms, so timer and scheduling noise stay small.
 */
function runs(n: number, f: () => ExploreResult, warmRuns = 30): { rate: number; cpuRate: number; last: ExploreResult } {
  let last = f();
  // Warm up for `warmRuns` runs or one second: the first dozen runs of a fresh machine pay
  // tier-up and deoptimisation pauses of tens of milliseconds each.
  const warm = performance.now();
  for (let i = 1; i < warmRuns && performance.now() - warm < 1000; i++) last = f();
  const rates: number[] = [];
  const cpuRates: number[] = [];
  for (let i = 0; i < n; i++) {
    let states = 0;
    let ms = 0;
    const cpu = process.cpuUsage();
    do {
      last = f();
      states += last.states;
      ms += last.elapsedMs;
    } while (ms < 50);
    const used = process.cpuUsage(cpu);
    rates.push((states * 1000) / ms);
    cpuRates.push((states * 1e6) / Math.max(1, used.user + used.system));
  }
  return { rate: median(rates), cpuRate: median(cpuRates), last };
}

function measure(prog: Program, x: Explore, depth: number, label: string): string {
  // Symmetry off for the comparison: the interpreted engine has none, so both count the same states.
  const compiled = runs(5, () => exploreMachine(prog, x, { depth, symmetry: false }));
  const interpreted = runs(3, () => exploreMachine(prog, x, { depth, engine: "interpret" }), 1);
  const c = compiled.last;
  const how = c.complete ? "complete" : `depth ${depth}`;
  return `${label}: ${c.states} states (${how}), compiled ${Math.round(compiled.rate)} states/s (${Math.round(compiled.cpuRate)} per CPU second), interpreted ${Math.round(interpreted.rate)} states/s, ratio ${(compiled.rate / interpreted.rate).toFixed(1)}x, visited set ${(c.bytes / c.states).toFixed(1)} bytes/state`;
}

/** The program with the launcher's worker count (its `param` WORKERS) set to `n`, or null. */
function withWorkers(prog: Program, n: number): Program | null {
  const r = withParams(prog, new Map([["WORKERS", n]]));
  return "program" in r ? r.program : null;
}

function symmetryCounts(prog: Program): string[] {
  const lines: string[] = [];
  for (const n of [3, 4, 5]) {
    const p = withWorkers(prog, n);
    const x = p?.modules.find((m) => m.name === "launcher")?.explore[0];
    if (!p || !x) continue;
    const plain = runs(3, () => exploreMachine(p, x, { depth: 64, symmetry: false }));
    const reduced = runs(3, () => exploreMachine(p, x, { depth: 64 }));
    const state = (r: ExploreResult): string => `${r.states} states${r.complete ? " (complete)" : " (NOT complete)"}`;
    lines.push(
      `launcher WORKERS = ${n}: without symmetry ${state(plain.last)} at ${Math.round(plain.rate)} states/s; with symmetry [${x.symmetric.join(", ")}] ${state(reduced.last)} at ${Math.round(reduced.rate)} states/s, ${(plain.last.states / reduced.last.states).toFixed(1)}x fewer`,
    );
  }
  return lines;
}

export async function benchExplore(targetsOnly = false): Promise<string> {
  const compiled = compileSpecs(root);
  if (!compiled.ok) throw new Error("spec/ does not compile; run `statute gen` for the diagnostics");
  const prog = compiled.program;
  const lines: string[] = [];
  const target = (module: string): Explore | undefined => prog.modules.find((m) => m.name === module)?.explore[0];
  const sup = target("supervise");
  if (sup) lines.push(measure(prog, sup, 15, "target supervise.RestartBudget, depth 15"));
  const three = withWorkers(prog, 3);
  const launcher = three?.modules.find((m) => m.name === "launcher")?.explore[0];
  if (three && launcher) lines.push(measure(three, launcher, 64, "target launcher.Quiesce, WORKERS = 3, to completion"));
  if (targetsOnly) return lines.join("\n");
  for (const m of prog.modules) for (const x of m.explore) lines.push(measure(prog, x, x.depth, `explore ${m.name}.${x.machine.name} (spec depth)`));
  lines.push(...symmetryCounts(prog));
  // On a shared machine wall-clock rates fall with the load; the CPU-second figure much less.
  lines.push(`(wall-clock rates; load average ${loadavg()[0]?.toFixed(1)} on ${cpus().length} cores)`);
  return lines.join("\n");
}

// `npx tsx bench/explore.ts [targets]` runs this bench alone (`targets`: the two target lines only).
if (process.argv[1] === import.meta.filename) process.stdout.write(`${await benchExplore(process.argv[2] === "targets")}\n`);
