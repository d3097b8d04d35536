// Benchmark: the generated `stepRestartBudget` against the hand-written reducer of
// bench/restart-budget.ts, in one process, on two workloads: failures spaced minutes apart (the
// window filter and the doubled pause on every step) and a crash loop (five restarts, the give
// up, then the absorbing given-up path). Reported as steps/s of each and the ratio
// generated / hand-written (>= 0.9 is the goal): the median of the ratios of adjacent runs.
// The generated step runs from two instances: bound to the default parameters, and to an
// overridden window (15 min + 1 ms: no failure of either workload falls between the two
// windows, so both do the same work as the hand-written reducer, whose window is a literal).

import { pathToFileURL } from "node:url";
import { instance, type RestartBudgetEvent } from "../generated/ts/supervise.js";
import { median } from "./median.js";
import { initialHand, stepHand } from "./restart-budget.js";

const RUNS = 21;
const EPISODES = 10_000;

interface Workload {
  readonly name: string;
  /** Each episode starts from the initial state and runs these events in order. */
  readonly events: readonly RestartBudgetEvent[];
}

const failure = (at_ms: number): RestartBudgetEvent => ({ kind: "Failure", at_ms });

/** Every 7 minutes for 3 hours: two or three failures in the window, never given up. */
const spaced: Workload = { name: "spaced", events: Array.from({ length: 26 }, (_, i) => failure(i * 7 * 60_000)) };
/** One a second: five restarts, the give up, then twenty absorbed failures. */
const crashLoop: Workload = { name: "crash-loop", events: Array.from({ length: 26 }, (_, i) => failure(i * 1000)) };

/*
 * Nanoseconds per step of one run: EPISODES episodes of the workload. Two copies of one driver,
 * on purpose: a call site shared by both reducers is polymorphic, and V8 then optimises each less
 * well than a daemon's own monomorphic call of its step (the hand-written reducer lost about a
 * third of its speed in a shared driver, the generated one less, which flattered the ratio).
 */
const defaults = instance();
const overridden = instance({ RESTART_WINDOW_MS: 900_001 });

function runGenerated(w: Workload): number {
  const { initialRestartBudget, stepRestartBudget } = defaults;
  let sink = 0;
  const t0 = process.hrtime.bigint();
  for (let k = 0; k < EPISODES; k++) {
    let s = initialRestartBudget();
    for (const e of w.events) {
      const r = stepRestartBudget(s, e);
      s = r.state;
      sink += r.output.kind.length;
    }
  }
  return perStep(t0, sink, w);
}

function runOverridden(w: Workload): number {
  const { initialRestartBudget, stepRestartBudget } = overridden;
  let sink = 0;
  const t0 = process.hrtime.bigint();
  for (let k = 0; k < EPISODES; k++) {
    let s = initialRestartBudget();
    for (const e of w.events) {
      const r = stepRestartBudget(s, e);
      s = r.state;
      sink += r.output.kind.length;
    }
  }
  return perStep(t0, sink, w);
}

function runHand(w: Workload): number {
  let sink = 0;
  const t0 = process.hrtime.bigint();
  for (let k = 0; k < EPISODES; k++) {
    let s = initialHand();
    for (const e of w.events) {
      const r = stepHand(s, e);
      s = r.state;
      sink += r.output.kind.length;
    }
  }
  return perStep(t0, sink, w);
}

function perStep(t0: bigint, sink: number, w: Workload): number {
  const ns = Number(process.hrtime.bigint() - t0);
  if (sink < 0) throw new Error("unreachable"); // keeps the work observable
  return ns / (EPISODES * w.events.length);
}

function measure(w: Workload, run: (w: Workload) => number, label: string): string {
  const gen = (): number => run(w);
  const hand = (): number => runHand(w);
  for (let i = 0; i < 20; i++) {
    gen();
    hand();
  } // warm up: both reach optimised code before anything is timed
  const g: number[] = [];
  const h: number[] = [];
  const ratios: number[] = [];
  for (let r = 0; r < RUNS; r++) {
    // Alternate which goes first, so drift and GC debt hit both alike; the ratio of each
    // adjacent pair is robust to the load of a shared machine changing between pairs.
    let gn: number;
    let hn: number;
    if (r % 2 === 0) {
      gn = gen();
      hn = hand();
    } else {
      hn = hand();
      gn = gen();
    }
    g.push(gn);
    h.push(hn);
    ratios.push(hn / gn);
  }
  const mps = (ns: number): string => `${(1000 / ns).toFixed(1)} M steps/s`;
  return `${w.name}, ${label}: generated ${mps(median(g))}, hand-written ${mps(median(h))}, ratio ${median(ratios).toFixed(2)}x`;
}

export async function benchStep(): Promise<string> {
  const head = `RestartBudget step, generated / hand-written (bench/restart-budget.ts), median of ${RUNS} pairs of ${EPISODES} episodes`;
  const rows = [spaced, crashLoop].flatMap((w) => [measure(w, runGenerated, "default parameters"), measure(w, runOverridden, "RESTART_WINDOW_MS overridden")]);
  return [head, ...rows].join("\n");
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  process.stdout.write(`${await benchStep()}\n`);
}
