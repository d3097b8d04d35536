// Explore stage: the compiled engine, breadth-first search over the machine compiled to
// JavaScript, its states stepped as bit-packed words (compile/packed.ts) when its types allow,
// else as objects (compile/machine.ts), each state's transitions by the machine's own compiled
// loop. Level by level, so the first violation found has a shortest trace; two
// levels of states are held packed (frontier.ts), older ones as fingerprints and parent pointers
// (visited.ts). With the spec's `symmetric` fields, states that differ by a permutation of the
// workers share a fingerprint and are expanded once. Anything the compiled
// code reports (a broken law, a throw) is confirmed and worded by the interpreter (oracle.ts).

import { availableParallelism } from "node:os";
import { getHeapStatistics } from "node:v8";
import type { Explore, Law, Program } from "../ir/module.js";
import { findMachine } from "../interpret/lookup.js";
import { stepMachine } from "../interpret/machine.js";
import { InterpretError, type Value } from "../interpret/value.js";
import * as expansion from "./compile/expand.js";
import { newExpansion, type Expansion } from "./compile/expand.js";
import { compileMachine } from "./compile/machine.js";
import type { SearchMachine } from "./compile/instantiate.js";
import { firstNatBits, packedMachine, widenedNatBits } from "./compile/packed.js";
import { WideValue } from "./compile/helpers.js";
import { candidateEvents } from "./domains.js";
import { firstBroken, lawKind, memoryStop, rebuild } from "./oracle.js";
import type { ExploreOptions, ExploreResult, Violation } from "./search.js";
import type { TraceStep } from "./trace.js";
import { Frontier } from "./frontier.js";
import { levelChunk, Pool, searchParallel, type ParallelOutcome } from "./parallel.js";
import { Round, type Chunk } from "./parallel-round.js";
import { Visited } from "./visited.js";
import { stateCheck } from "./state-check.js";
import { statesAhead } from "./ahead.js";

export { permutations } from "./arrangements.js";

/**
 * When a search goes on with worker threads (a thread per core but one: this thread takes its
 * part of each round): once the workers are ready (it goes on alone until they are) and the
 * search so far predicts at least PARALLEL_WORTH_MS more of one thread's work (timeAhead); or
 * past ExploreOptions.parallelFrom states when that is given (waiting for the workers there).
 * The workers start once PRESTART_MS is predicted (or at a third of parallelFrom), as many at
 * once as there are spare cores; each takes about 0.1 s to start, then warms up in slices until
 * its first order (parallel-worker.ts). Asked at each level's end and every CHECK_EVERY
 * transitions within a level (a level can take longer than the whole search before it). Workers
 * that boot beside a short search cost it more than their CPU: lock_clients CLIENTS = 5
 * (0.6-0.8 s alone) took 1.38x as long with two booting and never handed anything; with the
 * thresholds at 300 and 500 ms it still took 1.16x as long. Measured through the compiled CLI,
 * alternating with --threads 1 (medians of 3-5, a noisy host): launcher WORKERS = 5 (9.5 s
 * alone) 1.58x; retry_queue SLOTS = 5 (4.2 s) 1.55x (1.40x with the guess by growth alone,
 * which handed off after a fifth of its states); lock_clients CLIENTS = 5 (0.8 s) 1.07x.
 */
const PRESTART_MS = 600;
const PARALLEL_WORTH_MS = 800;

/**
 * The search's time still to come on one thread, the larger of two guesses from its time so far
 * (`elapsed` ms for `done` states expanded) and its levels (`sizes`, the last the one being
 * expanded, `left` of it still to do, at most `levelsLeft` levels to come):
 * - the states ahead (ahead.ts) at the time per state so far; it holds back while the growth's
 *   fall is steep and early (launcher's) and sees far ahead when levels grow slowly for long
 *   (retry_queue's sixty levels);
 * - while levels grow, the time so far times the last level's growth; once they shrink, the
 *   rest of a geometric tail from the `left` states, at most the time so far.
 */
function timeAhead(elapsed: number, done: number, sizes: readonly number[], left: number, levelsLeft: number): number {
  const n = sizes.length;
  const growth = n < 2 ? 1 : (sizes[n - 1] as number) / Math.max(1, sizes[n - 2] as number);
  const byGrowth = growth >= 1 ? elapsed * growth : (elapsed * Math.min(done, left / (1 - growth))) / Math.max(1, done);
  const ahead = statesAhead(sizes, left, levelsLeft);
  return ahead === null ? byGrowth : Math.max(byGrowth, (elapsed * ahead) / Math.max(1, done));
}

/** Transitions between clock reads (progress, memory). */
const CHECK_EVERY = 1 << 13;

/**
 * `natBits`: the bits of a nat on words (packed.ts); undefined: the machine's first guess; null:
 * on objects. A value that outgrows them starts the search again wider (32), then on objects.
 */
export function exploreCompiled(prog: Program, explore: Explore, opts: ExploreOptions = {}, natBits?: number | null): ExploreResult {
  const started = performance.now();
  // Read once: under tsx an imported binding is a getter call, a percent of a small search.
  const { EXPAND_EVENTS, EXPAND_FOUND, EXPAND_LAW, EXPAND_STEP, BROKEN_STEP, STOPPED } = expansion;
  const symmetric = opts.symmetry === false ? [] : explore.symmetric;
  // Worker threads for the rest of a search that has grown past `from` states (parallel.ts);
  // never when a caller watches each state or transition, or a budget must stop it exactly.
  const watched = opts.onState !== undefined || opts.onSuccessors !== undefined || opts.witnesses === true || opts.maxStates !== undefined || opts.maxMemory !== undefined;
  // On words when the machine allows (packed.ts); a caller that watches states gets them as values.
  const onWords = !(natBits === null || opts.engine === "objects" || opts.onState !== undefined || opts.onSuccessors !== undefined);
  const bits = onWords ? (natBits ?? firstNatBits(prog, explore)) : 32;
  const packed = onWords ? packedMachine(prog, explore, bits, symmetric) : null;
  // A value words cannot hold: the whole search again, wider, then on objects.
  const wider = (): ExploreResult => {
    if (bits < 32) widenedNatBits(explore, 32);
    return exploreCompiled(prog, explore, opts, bits < 32 ? 32 : null);
  };
  // A state law broken on words under symmetry may be broken on an arrangement of its rows only:
  // the search on objects finds it again and words it with that arrangement.
  let again = false;
  const cm: SearchMachine & { readonly invariants: readonly Law[]; readonly stepLaws: readonly Law[] } = packed ?? compileMachine(prog, explore, opts.symmetry !== false);
  const bound = opts.depth ?? explore.depth;
  const heapLimit = getHeapStatistics().heap_size_limit;
  const visited = new Visited();
  let reached = 0;
  let violation: Violation | null = null;
  let stopped: ExploreResult["stopped"] = null;
  const fail = (v: Violation): void => void (violation = v);

  const init = cm.init();
  cm.fingerprint(init);
  visited.add(cm.fp[0] as number, cm.fp[1] as number, -1, 0);
  opts.onState?.(init);
  const badState = stateCheck(cm, symmetric);
  const bad0 = badState(init);
  if (bad0 !== null) fail(confirmInvariant(prog, explore, cm.invariants, [], packed === null ? bad0 : null));
  // Two levels, packed (frontier.ts): the one being expanded and the one being found.
  let frontier = new Frontier();
  let next = new Frontier();
  cm.pack(init, frontier, 0);
  let peakLevels = frontier.bytes + next.bytes;
  let depth = 0;
  const threads = watched ? 1 : (opts.threads ?? availableParallelism());
  // The size of each level so far (the last: the one being expanded), and the states expanded
  // in the levels before it.
  const sizes = [1];
  let expandedBefore = 0;
  // Whether the time ahead (timeAhead: `left` of the current level at depth `at`, `done`
  // expanded) is worth `ms`, or past `share` of parallelFrom when given.
  const due = (ms: number, share: number, at: number, left: number, done: number): boolean =>
    opts.parallelFrom === undefined ? timeAhead(performance.now() - started, done, sizes, left, bound - at - 1) >= ms : visited.size >= opts.parallelFrom * share;
  let par: ParallelOutcome | null = null;
  // Set and cleared in handOff (a closure), so typed as the wider type from the start.
  let pool = null as Pool | null;
  let own = null as Round | null;
  let nextCheck = CHECK_EVERY;
  const x: Expansion = newExpansion(visited, cm.rules, (n: Value, added: number): number => {
      // What throws from here on is no law's and no step's.
      x.phase = EXPAND_FOUND;
      reached = depth + 1;
      const bad = badState(n);
      if (bad !== null && packed !== null && symmetric.length > 0) {
        again = true;
        return 1;
      }
      if (bad !== null) {
        fail(confirmInvariant(prog, explore, cm.invariants, visited.path(added), packed === null ? bad : null));
        return 1;
      }
      cm.pack(n, next, added);
      opts.onState?.(n);
      if (opts.maxStates !== undefined && visited.size >= opts.maxStates) {
        stopped = { budget: "states", message: `stopped at --max-states ${opts.maxStates}` };
        return 1;
      }
      return 0;
  });
  const firstFire = x.firstFire;
  const onLevel = (p: { states: number; transitions: number; depth: number }): void =>
    opts.onProgress?.({ ...p, transitions: p.transitions + x.transitions, elapsedMs: performance.now() - started, memory: process.memoryUsage.rss() });
  // Start the workers once due; once the rest is worth it and they are ready, hand them the
  // search from the `count` states of `level` (at depth `at`), with the next level's states
  // found so far (`partial`). The outcome, or null to go on alone.
  const handOff = (at: number, count: number, done: number, level: () => Chunk, partial: () => Chunk | null): ParallelOutcome | null => {
    if (threads <= 1 || count === 0 || at >= bound) return null;
    if (pool === null && due(PRESTART_MS, 1 / 3, at, count, done)) {
      pool = Pool.start(cm, symmetric, threads - 1);
      // This thread's part of the rounds to come, run once now on a search of its own: the
      // loop then meets the shared table while the workers boot, not at the hand-off.
      own = new Round(cm, symmetric);
      own.warmUp(1);
    }
    if (pool === null || own === null) return null;
    pool.advance();
    if (!(pool.ready || opts.parallelFrom !== undefined) || !due(PARALLEL_WORTH_MS, 1, at, count, done)) return null;
    const [handed, mine] = [pool, own];
    [pool, own] = [null, null];
    mine.endWarmUp();
    return searchParallel(handed, mine, cm.rules.length, visited, level(), at, bound, onLevel, partial());
  };
  search: for (; depth < bound && frontier.count > 0 && violation === null; depth++) {
    next.clear();
    for (let f = 0, at = 0; f < frontier.count; f++) {
      const index = frontier.words[at] as number;
      const s = cm.unpack(frontier.words, at + 1);
      at = cm.unpackedEnd();
      x.succ = opts.onSuccessors ? [] : null;
      let result: number;
      try {
        x.phase = EXPAND_EVENTS;
        result = cm.expand(s, index, x);
      } catch (err) {
        if (err instanceof WideValue) {
          pool?.close();
          return wider();
        }
        // A step law that throws is a broken law (the oracle words it); a throw while listing
        // events or stepping is the model's error. Anything else is ours.
        if (x.phase === EXPAND_LAW) fail(confirmStep(prog, explore, cm.stepLaws, [...visited.path(index), x.ord]));
        else if (x.phase === EXPAND_STEP) fail(confirmError(prog, explore, visited.path(index), x.ord));
        else if (x.phase === EXPAND_EVENTS) fail(confirmError(prog, explore, visited.path(index), null));
        else {
          pool?.close();
          throw err;
        }
        break search;
      }
      if (result === BROKEN_STEP) {
        fail(confirmStep(prog, explore, cm.stepLaws, [...visited.path(index), x.ord]));
        break search;
      }
      if (result === STOPPED) break search;
      if (x.succ) opts.onSuccessors?.(s, x.succ);
      if (x.transitions >= nextCheck) {
        nextCheck = x.transitions + CHECK_EVERY;
        const elapsedMs = performance.now() - started;
        opts.onProgress?.({ states: visited.size, transitions: x.transitions, depth: depth + 1, elapsedMs, memory: process.memoryUsage.rss() });
        stopped = memoryStop(opts.maxMemory, heapLimit, { visited: visited.bytes, levels: frontier.bytes + next.bytes, states: visited.size });
        if (stopped) break search;
        const rest = f + 1;
        par = handOff(depth, frontier.count - rest, expandedBefore + rest, () => levelChunk(cm.unpack, cm.unpackedEnd, frontier, rest, at), () => levelChunk(cm.unpack, cm.unpackedEnd, next));
        if (par !== null) break search;
      }
    }
    peakLevels = Math.max(peakLevels, frontier.bytes + next.bytes);
    expandedBefore += frontier.count;
    sizes.push(next.count);
    [frontier, next] = [next, frontier];
    par = handOff(depth + 1, frontier.count, expandedBefore, () => levelChunk(cm.unpack, cm.unpackedEnd, frontier), () => null);
    if (par !== null) break;
  }
  pool?.close();
  if (again || (bad0 !== null && packed !== null && symmetric.length > 0)) return exploreCompiled(prog, explore, opts, null);
  if (par?.violation === true) {
    // The workers keep no parents: the search on one thread finds the same shortest violation and its trace.
    const r = exploreCompiled(prog, explore, { ...opts, threads: 1 });
    return { ...r, elapsedMs: performance.now() - started, threads: par.threads };
  }
  if (par !== null) {
    reached = Math.max(reached, par.reached);
    par.fired.forEach((f, i) => void (f === 1 && (firstFire[i * 2] as number) < 0 && (firstFire[i * 2] = 0)));
  }
  const transitions = x.transitions + (par?.transitions ?? 0);
  peakLevels = Math.max(peakLevels, frontier.bytes + next.bytes);
  // At the depth bound, the search is complete when the last level leads to no new state.
  let closed: boolean;
  try {
    closed = par === null && (frontier.count === 0 || (violation === null && stopped === null && closedLevel(cm, frontier, x, visited)));
  } catch (e) {
    if (!(e instanceof WideValue)) throw e;
    return wider();
  }
  const witnesses = new Map<string, readonly TraceStep[]>();
  const fired = new Set<string>();
  cm.rules.forEach((rule, i) => {
    const index = firstFire[i * 2] as number;
    if (index < 0) return;
    fired.add(rule);
    if (opts.witnesses) witnesses.set(rule, rebuild(prog, explore, [...visited.path(index), firstFire[i * 2 + 1] as number]));
  });
  const v = violation as Violation | null;
  return {
    module: explore.machine.module,
    machine: findMachine(prog, explore.machine).name,
    depth: bound,
    reached,
    complete: v === null && stopped === null && (par === null ? closed : par.complete),
    truncated: stopped !== null,
    stopped,
    symmetric,
    states: par?.states ?? visited.size,
    transitions,
    elapsedMs: performance.now() - started,
    rules: cm.rules,
    fired,
    laws: [...cm.invariants, ...cm.stepLaws].map((l) => l.name),
    violation: v,
    witnesses,
    bytes: visited.bytes + peakLevels + (par?.bytes ?? 0),
    threads: par?.threads ?? 1,
    engine: packed === null ? "objects" : "words",
  };
}

/**
 * Whether every successor of `level` (the states at the depth bound, not expanded) was visited
 * already, so the bound cut nothing off. Probed on a copy of the expansion: nothing is added,
 * counted or recorded, and the first new state (or a step law that breaks) answers no.
 */
function closedLevel(cm: SearchMachine, level: Frontier, x: Expansion, seen: Visited): boolean {
  const probe: Expansion = { ...x, firstFire: new Int32Array(x.firstFire.length).fill(-1), succ: null, visited: { add: (h1: number, h2: number) => (seen.has(h1, h2) ? -1 : 0) }, found: () => 1 };
  for (let f = 0, at = 0; f < level.count; f++) {
    const index = level.words[at] as number;
    const s = cm.unpack(level.words, at + 1);
    at = cm.unpackedEnd();
    try {
      if (cm.expand(s, index, probe) !== expansion.EXPANDED) return false;
    } catch (e) {
      // A value words cannot hold says nothing of the level: the caller starts again wider.
      if (e instanceof WideValue) throw e;
      return false;
    }
  }
  return true;
}

/** When the oracle does not see what the compiled code saw, say so rather than hide it. */
function disagreement(what: string, trace: readonly TraceStep[]): Violation {
  return { law: "error", kind: "error", message: `the compiled explorer and the interpreter disagree: ${what} (please report this)`, trace };
}

/** `failing` is the last state itself (null: the search held it as words), or (under symmetry) a permutation of its rows. */
function confirmInvariant(prog: Program, explore: Explore, laws: readonly Law[], path: readonly number[], failing: Value): Violation {
  const trace = rebuild(prog, explore, path);
  const last = (trace[trace.length - 1] as TraceStep).state;
  const permuted = failing !== null && JSON.stringify(failing) !== JSON.stringify(last);
  const bad = firstBroken(prog, laws, { s: permuted ? failing : last });
  if (!bad) return disagreement("a state law fails on the last state", trace);
  const note = permuted ? ` (on the last state with its symmetric rows permuted: ${JSON.stringify(failing)}; run with --no-symmetry for a trace that ends in that state)` : "";
  return { law: bad.law.name, kind: lawKind(bad.law), message: `${bad.message}${note}`, trace };
}

function confirmStep(prog: Program, explore: Explore, laws: readonly Law[], path: readonly number[]): Violation {
  const trace = rebuild(prog, explore, path);
  const last = trace[trace.length - 1] as TraceStep;
  const before = trace[trace.length - 2] as TraceStep;
  const bad = firstBroken(prog, laws, { s: before.state, e: last.event as Value, n: last.state, o: last.output as Value });
  return bad ? { law: bad.law.name, kind: lawKind(bad.law), message: bad.message, trace } : disagreement("a step law fails on the last step", trace);
}

/** The compiled code threw on the state at `path` (listing events, or stepping event `ord`). */
function confirmError(prog: Program, explore: Explore, path: readonly number[], ord: number | null): Violation {
  const trace = rebuild(prog, explore, path);
  const state = (trace[trace.length - 1] as TraceStep).state;
  try {
    const events = candidateEvents(prog, explore, state);
    if (ord === null) return disagreement("listing the candidate events failed", trace);
    const event = events[ord] as Value;
    try {
      stepMachine(prog, explore.machine, state, event);
    } catch (e) {
      if (!(e instanceof InterpretError)) throw e;
      return { law: "error", kind: "error", message: `stepping ${JSON.stringify(event)} failed: ${e.message}`, trace };
    }
    return disagreement(`stepping ${JSON.stringify(event)} failed`, trace);
  } catch (e) {
    if (!(e instanceof InterpretError)) throw e;
    return { law: "error", kind: "error", message: `listing the candidate events failed: ${e.message}`, trace };
  }
}
