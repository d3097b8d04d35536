// Explore stage, compiled engine: V8's inlining budget for the search's inner loop. A machine's
// loop (expand.ts) calls a step and a law function per handler, the visited set and, for a new
// state, the packing; under V8's default budget (a cumulative 920 bytes of bytecode inlined into
// one function) the optimizing compiler stops part-way through them. On rollout_panel it inlined
// 4 of the 10 step functions (`--trace-turbo-inlining`), so most transitions paid a call; with a
// budget of 10 000 bytes it inlines all 10, the laws, the visited set's lookup and the packing.
//
// Measured (Node 20, V8 11.3), states/s single-threaded, the same process running a machine
// compiled before the flag against a fresh compile of it after (medians of 9 alternating
// samples): rollout_panel 1.15x, lock_clients 1.06x, launcher WORKERS = 3 1.06x, launcher
// WORKERS = 5 with symmetry 1.05x; in separate processes alternating (medians of 3-4):
// rollout_panel 1.15x, lock_clients 1.10x, launcher WORKERS = 3 1.10x, supervise 1.10x,
// lease_replicas 1.04x, retry_queue 1.06x. 4 000 gave about half of that; 30 000 no more.
//
// Raised by `statute explore` (and the explore bench), before it compiles a machine: V8 flags
// are the whole process's, and not every process that explores gains. `statute mutate` compiles
// a machine per mutant and explores each briefly: with the budget raised it took 1.11-1.15x the
// time (more to compile, little to run), so it keeps V8's default, as do the package's entries.

import { setFlagsFromString } from "node:v8";

/** The cumulative bytecode V8 may inline into one optimized function. */
export const INLINING_BUDGET = 10_000;

let raised = false;

/** Raise V8's inlining budget for this process, once (before the machines it explores are compiled). */
export function raiseInliningBudget(): void {
  if (raised) return;
  raised = true;
  setFlagsFromString(`--max-inlined-bytecode-size-cumulative=${INLINING_BUDGET}`);
}
