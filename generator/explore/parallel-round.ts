// Explore stage, parallel search: one thread's part of a round (parallel.ts, parallel-worker.ts).
// Every thread reads and adds to one shared table of visited fingerprints (shared-visited.ts), so
// a successor is added by whichever thread finds it first and never travels. In a round the
// threads claim the level's states (ranges of them, across the chunks found in the level before)
// a run at a time from a shared cursor, so a thread that is done early takes more; each checks
// the invariants of the states it added and packs them into its chunk of the next level, in
// shared memory. A round ends early, at a state's end, once the threads together have added the
// round's limit of fingerprints: the main thread grows the table and goes on.

import type { Value } from "../interpret/value.js";
import { newExpansion, type Expansion } from "./compile/expand.js";
import type { SearchMachine } from "./compile/instantiate.js";
import { stateCheck } from "./state-check.js";
import { Frontier } from "./frontier.js";
import { SharedVisited } from "./shared-visited.js";

/** States of one level found by one thread's part of a round: packed words, and where each state starts. */
export interface Chunk {
  readonly words: Int32Array;
  readonly starts: Int32Array;
  readonly count: number;
}

/** A run of states of the level, by their place in it (chunk after chunk). */
export type Range = readonly [number, number];

/**
 * A round: the states of `ranges` (in order) of the level's chunks, claimed from the shared
 * cursor by whichever of the `threads` is free, until they together have added about `limit`
 * fingerprints. A claim takes a share of what is left (GUIDED), at least `batch` states; every
 * `batch` states a thread flushes its additions and reads the others', and stops at a state's
 * end once they reach the limit. `probe`: the level at the depth bound, expanded only to learn
 * whether it leads to a new state (nothing is added).
 */
export interface Expand {
  readonly type: "expand";
  readonly level: readonly Chunk[];
  readonly ranges: readonly Range[];
  readonly batch: number;
  readonly threads: number;
  readonly limit: number;
  readonly probe: boolean;
}

/**
 * A claim takes 1/(GUIDED x threads) of the round's states still unclaimed: long runs early,
 * so a thread expands states one after another as the single-threaded search does and its cache
 * of recent fingerprints (recent.ts) keeps hitting, short ones at the end, so the threads end
 * together. With claims of 256 states at most, retry_queue SLOTS = 5's threads each hit that
 * cache on 46% of their lookups (59% on one thread); with these, on 51%. Measured through the
 * compiled CLI, alternating with the claims of 256 (medians of 6 and 4): retry_queue SLOTS = 5
 * took 0.97x the time, launcher WORKERS = 5 0.96x.
 */
const GUIDED = 4;

/**
 * The words of the round's counters (WorkerSetup.sync): replies sent (the main thread waits on
 * it); a word nothing sets (a short wait's); the round's cursor, in places of its ranges
 * claimed; fingerprints the round's workers added, flushed after each claim.
 */
export const SYNC_REPLIES = 0;
export const SYNC_IDLE = 1;
export const SYNC_CURSOR = 2;
export const SYNC_ADDED = 3;
export const SYNC_WORDS = 4;

/** How many states `ranges` hold. */
export function placesOf(ranges: readonly Range[]): number {
  return ranges.reduce((n, [lo, hi]) => n + hi - lo, 0);
}

/** A new round on `counter`: nothing claimed, nothing added. */
export function resetRound(counter: Int32Array): void {
  Atomics.store(counter, SYNC_CURSOR, 0);
  Atomics.store(counter, SYNC_ADDED, 0);
}

/** The states at places `from` to `to` of `ranges` (places count the ranges' states in order). */
export function statesAt(ranges: readonly Range[], from: number, to: number): Range[] {
  const out: Range[] = [];
  let start = 0;
  for (const [lo, hi] of ranges) {
    const a = Math.max(from, start);
    const b = Math.min(to, start + hi - lo);
    if (a < b) out.push([lo + a - start, lo + b - start]);
    start += hi - lo;
  }
  return out;
}

/** The states of one thread's part of a round, and what it met. */
export interface Expanded {
  readonly type: "expanded";
  readonly found: Chunk;
  readonly added: number;
  /** What this thread claimed and left when the limit was reached (the main thread adds the cursor's rest). */
  readonly left: readonly Range[];
  readonly transitions: number;
  /** The most transitions one state of the round had (the room a state may need in the table). */
  readonly fanout: number;
  readonly fired: Uint8Array;
  readonly violation: boolean;
  /** The probe met a state the table does not hold. */
  readonly probed: boolean;
}

/**
 * A warm-up's transitions at most (about 30 ms once warm), its table's slots, its batch, and the
 * states it expands at a time (so a slice can end soon after its budget).
 */
const WARM_TRANSITIONS = 300_000;
const WARM_SLOTS = 1 << 16;
const WARM_BATCH = 64;
const WARM_STATES = 256;

/** Where a warm-up stands: its own table and counters, the level it expands, and how far. */
interface Warm {
  readonly counter: Int32Array;
  level: Chunk[];
  count: number;
  done: number;
  found: Chunk[];
  held: number;
  transitions: number;
}

/** `n` words of `src` in a new shared buffer (a chunk every thread reads without a copy). */
export function shared(src: Int32Array, n: number): Int32Array {
  const out = new Int32Array(new SharedArrayBuffer(Math.max(1, n) * 4));
  out.set(src.subarray(0, n));
  return out;
}

/** One thread's rounds: its machine, its chunk of the next level, and the table it adds to. */
export class Round {
  private readonly next = new Frontier();
  private starts = new Int32Array(1024);
  private readonly fired: Uint8Array;
  private violation = false;
  private probed = false;
  private visited = SharedVisited.empty(1);
  private x: Expansion;
  private warm: Warm | null = null;
  private readonly badState: (s: Value) => Value | null;

  constructor(
    private readonly cm: SearchMachine,
    symmetric: readonly string[],
  ) {
    this.badState = stateCheck(cm, symmetric);
    this.fired = new Uint8Array(cm.rules.length);
    this.x = newExpansion(this.visited, cm.rules, this.found);
  }

  private readonly found = (n: Value): number => {
    if (this.badState(n) !== null) {
      this.violation = true;
      return 1;
    }
    const next = this.next;
    if (next.count >= this.starts.length) {
      const grown = new Int32Array(this.starts.length * 2);
      grown.set(this.starts);
      this.starts = grown;
    }
    this.starts[next.count] = next.length;
    this.cm.pack(n, next, 0);
    return 0;
  };

  /** The states found since the round began, copied into shared memory. */
  private chunk(): Chunk {
    const next = this.next;
    return { words: shared(next.words, next.length), starts: shared(this.starts, next.count), count: next.count };
  }

  /**
   * Warm-up while there is nothing else to do: a search of this thread's own from the initial
   * state, through the same code and tables of the same kind, thrown away. Each call goes on for
   * about `most` transitions more; true while there is more to do. A cold thread's first round
   * ran at half speed or less (the code not yet optimised, the shared table new to the loop).
   */
  warmUp(most: number): boolean {
    if (this.warm === null) {
      this.use(SharedVisited.empty(WARM_SLOTS));
      this.next.clear();
      this.found(this.cm.init());
      const first = this.chunk();
      this.warm = { counter: new Int32Array(new SharedArrayBuffer(SYNC_WORDS * 4)), level: [first], count: first.count, done: 0, found: [], held: 1, transitions: 0 };
    }
    const w = this.warm;
    for (let spent = 0; spent < most; ) {
      if (w.count === 0 || w.transitions >= WARM_TRANSITIONS || this.violation) return false;
      resetRound(w.counter);
      // Half the table at most: one state's successors more fit (a full table throws, which ends the warm-up).
      const limit = WARM_SLOTS / 2 - w.held;
      if (limit <= 0) return false;
      const to = Math.min(w.count, w.done + WARM_STATES);
      const r = this.expand({ type: "expand", level: w.level, ranges: [[w.done, to]], batch: WARM_BATCH, threads: 1, limit, probe: false }, w.counter);
      if (r.left.length > 0) return false;
      w.found.push(r.found);
      w.held += r.added;
      w.transitions += r.transitions;
      spent += r.transitions;
      w.done = to;
      if (w.done === w.count) {
        [w.level, w.found] = [w.found, []];
        w.count = w.level.reduce((n, c) => n + c.count, 0);
        w.done = 0;
      }
    }
    return true;
  }

  /** Stop the warm-up (before the first real round): what it met is forgotten. */
  endWarmUp(): void {
    this.warm = null;
    this.violation = false;
    this.probed = false;
    this.fired.fill(0);
  }

  /** Add to `table` from now on. */
  use(table: SharedVisited): void {
    this.visited = table;
    this.x = newExpansion(table, this.cm.rules, this.found);
  }

  /**
   * This thread's part of the round `o`, claiming from `counter` (SYNC_* words). A probe (the
   * level at the depth bound) counts no transition and fires no rule, as the single-threaded
   * search's closedLevel; a broken law or a throw there only means not closed.
   */
  expand({ level, ranges, batch, threads, limit, probe }: Expand, counter: Int32Array): Expanded {
    const { cm, next, visited, x } = this;
    next.clear();
    this.probed = false;
    visited.added = 0;
    // The probe's expansion: successors are looked up, not added (the first new one answers).
    const e: Expansion = probe ? { ...x, visited: { add: (h1: number, h2: number) => ((this.probed ||= !visited.has(h1, h2)), -1) } } : x;
    e.transitions = 0;
    e.firstFire.fill(-1);
    const span = (k: number): number => (ranges[k] as Range)[1] - (ranges[k] as Range)[0];
    const size = placesOf(ranges);
    let left: Range[] = [];
    let fanout = 0;
    let flushed = 0;
    // This thread's additions since its last flush into the round's count; the others' since then.
    const flush = (): number => {
      Atomics.add(counter, SYNC_ADDED, visited.added - flushed);
      flushed = visited.added;
      return Atomics.load(counter, SYNC_ADDED) - flushed;
    };
    // Forward cursors: claims rise, so a thread's states do too (ranges are in order).
    let r = 0;
    let start = 0;
    let c = 0;
    let base = 0;
    claims: for (;;) {
      let from = Atomics.load(counter, SYNC_CURSOR);
      let to = from;
      for (;;) {
        if (from >= size) break claims;
        to = Math.min(size, from + Math.max(batch, Math.floor((size - from) / (threads * GUIDED))));
        const seen = Atomics.compareExchange(counter, SYNC_CURSOR, from, to);
        if (seen === from) break;
        from = seen;
      }
      // The others' additions as flushed lately (each may add a batch's more meanwhile).
      let others = Atomics.load(counter, SYNC_ADDED) - flushed;
      for (let p = from; p < to; p++) {
        if ((p - from) % batch === 0 && p > from) others = flush();
        if (this.violation || (probe && this.probed)) break claims;
        if (!probe && others + visited.added >= limit) {
          left = statesAt(ranges, p, to);
          break claims;
        }
        while (p - start >= span(r)) start += span(r++);
        const g = (ranges[r] as Range)[0] + p - start;
        while (g - base >= (level[c] as Chunk).count) base += (level[c++] as Chunk).count;
        const chunk = level[c] as Chunk;
        const s = cm.unpack(chunk.words, (chunk.starts[g - base] as number) + 1);
        let result: number;
        const before = e.transitions;
        try {
          result = cm.expand(s, 0, e);
        } catch {
          result = -1;
        }
        if (e.transitions - before > fanout) fanout = e.transitions - before;
        // A broken step law or a throw: the search is rerun on one thread, which words it.
        if (result !== 0) {
          if (probe) this.probed = true;
          else this.violation = true;
        }
      }
      flush();
    }
    flush();
    const fired = this.fired;
    if (!probe) for (let k = 0; k < cm.rules.length; k++) if ((x.firstFire[k * 2] as number) >= 0) fired[k] = 1;
    return { type: "expanded", found: this.chunk(), added: visited.added, left, transitions: probe ? 0 : x.transitions, fanout, fired: fired.slice(), violation: this.violation, probed: this.probed };
  }
}
