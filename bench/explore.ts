// Benchmark: the explorer's speed and memory. For each target, distinct states per second of the
// compiled engine, medians of several runs in this process, against the interpreted engine (the
// oracle's own search, on the first states of the same search: it is too slow to finish the
// bigger ones) as a ratio; bytes per state of everything the search holds (visited set, parent
// pointers, ordinals and the packed frontier at its peak). Targets (issue #25): >= 1 M states/s
// on supervise, launcher N = 3 and each spec of bench/specs/ (shapes a new user writes, never
// tuned into spec/), >= 300 k states/s with symmetry (launcher N = 5; N = 6 completes). Then the
// parallel search's speed-up, in this process and through the CLI, and a short search that
// every core allowed should not slow down.

import { execFileSync } from "node:child_process";
import { cpus, loadavg } from "node:os";
import { join } from "node:path";
import { compileSpecs, specFiles } from "../generator/check/index.js";
import { exploreMachine, withParams, type ExploreOptions, type ExploreResult } from "../generator/explore/index.js";
import type { Explore, Program } from "../generator/ir/module.js";
import { builtCli } from "./gen.js";
import { median } from "./median.js";
import { packedReferenceLine } from "./packed-reference.js";

const root = join(import.meta.dirname, "..");

/** The bench specs (bench/specs/*.yaml), compiled beside spec/ (they import nothing from it). */
export const benchSpecs = ["bench/specs/lease_replicas.yaml", "bench/specs/lock_clients.yaml", "bench/specs/retry_queue.yaml", "bench/specs/rollout_panel.yaml"];

/** The interpreted engine's sample: the first states of the same breadth-first search. */
const INTERPRETED_STATES = 5_000;

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

const k = (rate: number): string => `${Math.round(rate / 1000)} k`;

/**
 * The same rate in transitions (events stepped) per second, and transitions per state: a spec
 * whose states have many events (launcher's Quiesce, ~44 at WORKERS = 5) steps many times per
 * state found, so its states/s says less about the engine than this does.
 */
const perTransition = (rate: number, r: ExploreResult): string => `${((rate * r.transitions) / r.states / 1e6).toFixed(1)} M transitions/s, ${(r.transitions / r.states).toFixed(1)} a state`;

/** Single-threaded figures (the parallel search has its own line). */
function measure(prog: Program, x: Explore, options: ExploreOptions, label: string, interpreter = true): string {
  const opts: ExploreOptions = { ...options, threads: 1 };
  const compiled = runs(5, () => exploreMachine(prog, x, opts));
  const c = compiled.last;
  const how = c.complete ? "complete" : `depth ${c.depth}`;
  let line = `${label}: ${c.states} states (${how}), compiled ${k(compiled.rate)} states/s (${k(compiled.cpuRate)} per CPU second; ${perTransition(compiled.rate, c)}), ${(c.bytes / c.states).toFixed(1)} bytes/state held`;
  if (interpreter) {
    // The interpreted engine has no symmetry: compare on the plain search.
    const plain = opts.symmetry === false ? compiled : runs(3, () => exploreMachine(prog, x, { ...opts, symmetry: false }), 2);
    const interpreted = runs(3, () => exploreMachine(prog, x, { ...opts, symmetry: false, engine: "interpret", maxStates: INTERPRETED_STATES }), 1);
    line += `; interpreted ${k(interpreted.rate)} states/s (first ${interpreted.last.states} states), compiled/interpreted ${(plain.rate / interpreted.rate).toFixed(0)}x`;
  }
  return line;
}

/** The program with parameter `name` set to `n`, or null. */
function withParam(prog: Program, name: string, n: number): Program | null {
  const r = withParams(prog, new Map([[name, n]]));
  return "program" in r ? r.program : null;
}

function exploreOf(prog: Program | null, module: string): Explore | undefined {
  return prog?.modules.find((m) => m.name === module)?.explore[0];
}

/** Symmetric machines with and without symmetry reduction, at several sizes. */
function symmetryLines(prog: Program): string[] {
  const lines: string[] = [];
  const cases: [string, string, number, boolean][] = [
    ["launcher", "WORKERS", 3, true],
    ["launcher", "WORKERS", 5, true],
    ["launcher", "WORKERS", 6, false],
    ["lock_clients", "CLIENTS", 4, true],
    ["lock_clients", "CLIENTS", 5, true],
  ];
  for (const [module, param, n, plain] of cases) {
    const p = withParam(prog, param, n);
    const x = exploreOf(p, module);
    if (!p || !x) continue;
    const label = `${module} ${param} = ${n}`;
    const reduced = runs(3, () => exploreMachine(p, x, { depth: 64, threads: 1 }), 3);
    let line = `${label}: with symmetry [${x.symmetric.join(", ")}] ${reduced.last.states} states${reduced.last.complete ? " (complete)" : " (NOT complete)"} at ${k(reduced.rate)} states/s (${k(reduced.cpuRate)} per CPU second; ${perTransition(reduced.rate, reduced.last)}), ${(reduced.last.bytes / reduced.last.states).toFixed(1)} bytes/state`;
    if (plain) {
      const full = runs(3, () => exploreMachine(p, x, { depth: 64, symmetry: false, threads: 1 }), 3);
      line += `; without ${full.last.states} states at ${k(full.rate)} states/s (${k(full.cpuRate)} per CPU second), ${(full.last.bytes / full.last.states).toFixed(1)} bytes/state; ${(full.last.states / reduced.last.states).toFixed(1)}x fewer with`;
    }
    lines.push(line);
  }
  return lines;
}

/** One search's figures, from exploreMachine or the CLI's summary line. */
interface Search {
  readonly states: number;
  readonly transitions: number;
  readonly ms: number;
  readonly threads: number;
}

/**
 * One thread against every core, alternating (so drift hits both), three times: the medians of
 * the searches' own times, the threads used, and whether the counts agree.
 */
function speedUp(one: () => Search, all: () => Search): string {
  const a: Search[] = [];
  const b: Search[] = [];
  for (let i = 0; i < 3; i++) {
    a.push(one());
    b.push(all());
  }
  const [x, y] = [a[2] as Search, b[2] as Search];
  const same = a.every((r) => r.states === x.states && r.transitions === x.transitions) && b.every((r) => r.states === x.states && r.transitions === x.transitions);
  const counts = same ? `equal counts (${x.states} states, ${x.transitions} transitions)` : `COUNTS DIFFER: ${x.states}/${x.transitions} on one thread, ${y.states}/${y.transitions} on ${y.threads}`;
  const [t1, tn] = [median(a.map((r) => r.ms)), median(b.map((r) => r.ms))];
  return `${y.threads} threads: ${k((x.states * 1000) / tn)} states/s (${(tn / 1000).toFixed(2)} s) against ${k((x.states * 1000) / t1)} (${(t1 / 1000).toFixed(2)} s) on one thread, speed-up ${(t1 / tn).toFixed(2)}x (medians of 3, load average ${loadavg()[0]?.toFixed(1)} on ${cpus().length} cores); ${counts}`;
}

/**
 * The parallel search's speed-up in this process: launcher WORKERS = 5 without symmetry (1.1 M
 * states). Worker threads compete with whatever else runs on the host: on a loaded host the
 * figure says little; under tsx each worker also loads the sources first.
 */
function parallelLine(prog: Program): string {
  const p = withParam(prog, "WORKERS", 5);
  const x = exploreOf(p, "launcher");
  if (!p || !x) return "parallel: no launcher";
  const search = (threads?: number) => (): Search => {
    const r = exploreMachine(p, x, { depth: 64, symmetry: false, ...(threads === undefined ? {} : { threads }) });
    return { states: r.states, transitions: r.transitions, ms: r.elapsedMs, threads: r.threads };
  };
  return `parallel (in this process, under tsx): launcher WORKERS = 5, no symmetry, ${speedUp(search(1), search())}`;
}

/** The search's own figures from the CLI's summary line. */
function cliSearch(args: readonly string[]): Search {
  const out = execFileSync(process.execPath, [builtCli(), "explore", ...args], { cwd: root, encoding: "utf8" });
  const m = /(\d+) states, (\d+) transitions, ([\d.]+) s, .*?(?:, on (\d+) threads)?\n/.exec(out);
  if (m === null) throw new Error(`statute explore ${args.join(" ")}: no summary line in\n${out}`);
  return { states: Number(m[1]), transitions: Number(m[2]), ms: Number(m[3]) * 1000, threads: Number(m[4] ?? 1) };
}

/**
 * The parallel search as a user meets it: the compiled CLI (dist/) in a fresh process, with
 * `--threads 1` and with every core (worker start included in the search's time), on `args`.
 */
function parallelCliLine(args: readonly string[]): string {
  return `parallel (compiled CLI): statute explore ${args.join(" ")}, ${speedUp(() => cliSearch([...args, "--threads", "1"]), () => cliSearch(args))}`;
}

/**
 * A search of under a second as a user meets it (the compiled CLI, every core allowed): the
 * hand-off's guess of the work ahead decides whether a worker boots and takes part; either way
 * the search should take no longer than on one thread. Alternating with `--threads 1`, three
 * times.
 */
function shortSearchLine(): string {
  const args = ["bench/specs/lock_clients.yaml", "--param", "CLIENTS=5", "--no-symmetry"];
  const one: Search[] = [];
  const all: Search[] = [];
  for (let i = 0; i < 3; i++) {
    one.push(cliSearch([...args, "--threads", "1"]));
    all.push(cliSearch(args));
  }
  const [t1, tn] = [median(one.map((r) => r.ms)), median(all.map((r) => r.ms))];
  const parallel = all.filter((r) => r.threads > 1).length;
  return `short search (compiled CLI): statute explore ${args.join(" ")}: ${(t1 / 1000).toFixed(2)} s with --threads 1, ${(tn / 1000).toFixed(2)} s with every core allowed (${(tn / t1).toFixed(2)}x the time; went parallel in ${parallel} of ${all.length} runs)`;
}

export async function benchExplore(targetsOnly = false): Promise<string> {
  const compiled = compileSpecs(root, [...specFiles(root), ...benchSpecs]);
  if (!compiled.ok) throw new Error("spec/ or bench/specs/ does not compile; run `statute gen` for the diagnostics");
  const prog = compiled.program;
  const lines: string[] = [];
  const sup = exploreOf(prog, "supervise");
  if (sup) lines.push(measure(prog, sup, { depth: 15, symmetry: false }, "supervise.RestartBudget, depth 15"));
  const three = withParam(prog, "WORKERS", 3);
  const launcher = exploreOf(three, "launcher");
  if (three && launcher) lines.push(measure(three, launcher, { depth: 64, symmetry: false }, "launcher.Quiesce, WORKERS = 3, no symmetry"));
  for (const file of benchSpecs) {
    const m = prog.modules.find((x) => x.file === file);
    const x = m?.explore[0];
    if (!m || !x) continue;
    lines.push(measure(prog, x, { depth: x.depth, symmetry: false }, `bench ${m.name}.${x.machine.name}, no symmetry`));
  }
  // The first search again, after every machine above ran in this process: a machine's
  // compiled code shares no helper with the others (compile/helpers.ts), so its rate holds.
  if (sup) lines.push(measure(prog, sup, { depth: 15, symmetry: false }, "supervise.RestartBudget, depth 15, again after the machines above in this process", false));
  if (targetsOnly) return lines.join("\n");
  const lock = prog.modules.find((m) => m.name === "lock_clients")?.explore[0];
  if (lock) lines.push(packedReferenceLine(prog, lock, 4));
  lines.push(...symmetryLines(prog));
  lines.push(parallelLine(prog));
  lines.push(parallelCliLine(["launcher", "--param", "WORKERS=5", "--depth", "64", "--no-symmetry"]));
  // A bench spec of another shape: 1.3 M states over sixty levels, a few times cheaper a state.
  lines.push(parallelCliLine(["bench/specs/retry_queue.yaml", "--param", "SLOTS=5", "--no-symmetry"]));
  lines.push(shortSearchLine());
  // On a shared machine wall-clock rates fall with the load; the CPU-second figure much less.
  lines.push(`(wall-clock rates; load average ${loadavg()[0]?.toFixed(1)} on ${cpus().length} cores)`);
  return lines.join("\n");
}

// `npx tsx bench/explore.ts [targets]` runs this bench alone (`targets`: the target lines only).
if (process.argv[1] === import.meta.filename) process.stdout.write(`${await benchExplore(process.argv[2] === "targets")}\n`);
