// Explore stage, parallel search: once a single-threaded search (compiled.ts) has found enough
// states that more threads pay for their start, it copies its visited fingerprints into one
// table in shared memory (shared-visited.ts) and goes on level by level with worker threads
// (parallel-worker.ts; started early, so they have loaded by the hand-off) and itself: each round,
// every thread claims runs of the level's states from a shared cursor (long ones first, short
// ones at the end; one done early takes more) and adds the successors it finds first to the
// shared table, keeping its new ones as its chunk of the next level (parallel-round.ts: packed,
// in shared memory, so no state is copied between threads). Once the threads together have
// added the round's limit they stop at a state's end; this thread then grows the table and
// hands out what is left. The same breadth-first levels, so the same states and the same count;
// a violation stops the search, and the caller reruns it on one thread for the shortest
// counterexample and its trace.
// Synchronous for the caller: this thread does its part of a round, then waits on a shared
// counter (Atomics.wait) and reads the replies with receiveMessageOnPort, so exploreMachine
// stays a plain function. On 2 cores that is one worker, one boot, beside this thread.

import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import { availableParallelism } from "node:os";
import { MessageChannel, receiveMessageOnPort, Worker, type MessagePort } from "node:worker_threads";
import type { SearchMachine } from "./compile/instantiate.js";
import type { Frontier } from "./frontier.js";
import { placesOf, resetRound, shared, statesAt, SYNC_CURSOR, SYNC_IDLE, SYNC_REPLIES, SYNC_WORDS, type Chunk, type Expanded, type Range, type Round } from "./parallel-round.js";
import type { Order, Reply, WorkerSetup } from "./parallel-worker.js";
import { SHARED_LOAD, SharedVisited } from "./shared-visited.js";
import type { Progress } from "./search.js";
import type { Visited } from "./visited.js";

export interface ParallelOutcome {
  readonly states: number;
  readonly transitions: number;
  /** Per rule, whether some worker's transition fired it. */
  readonly fired: Uint8Array;
  /** The deepest level that held a new state, and the next level to expand. */
  readonly reached: number;
  readonly depth: number;
  /** The level after the last one expanded is empty. */
  readonly complete: boolean;
  /** Some worker met a broken law or a throw: rerun on one thread to word it. */
  readonly violation: boolean;
  /** The workers' bytes (fingerprints and levels) at their largest, summed. */
  readonly bytes: number;
  readonly threads: number;
}

/**
 * How much the shared table grows at a time (and its room at the hand-off): as the visited set,
 * by half. A larger table is slower, not faster (more of it misses the caches).
 */
const GROWTH = 1.5;

/** The most states a thread expands between two flushes of its additions (and the fewest it claims at once). */
const BATCH_MOST = 256;

/** How long a worker may take to answer before the search gives the threads up (a worker that failed to start). */
const ANSWER_MS = 120_000;

interface Thread {
  readonly worker: Worker;
  readonly port: MessagePort;
}

/**
 * The worker's module. In a source checkout (TypeScript under tsx) a worker does not inherit the
 * loader's hooks: a bootstrap module registers tsx in the worker, then imports the source.
 */
function workerEntry(): URL {
  const source = import.meta.url.endsWith(".ts");
  const url = new URL(source ? "./parallel-worker.ts" : "./parallel-worker.js", import.meta.url);
  if (!source) return url;
  const api = pathToFileURL(createRequire(import.meta.url).resolve("tsx/package.json").replace(/package\.json$/, "dist/esm/api/index.mjs")).href;
  const boot = `const { register } = await import(${JSON.stringify(api)}); register(); await import(${JSON.stringify(url.href)});`;
  return new URL(`data:text/javascript,${encodeURIComponent(boot)}`);
}

/** Wait until the replies sent reach `expected`, then read one reply from each thread; null on a timeout. */
function replies(sync: Int32Array, expected: number, threads: readonly Thread[]): Reply[] | null {
  const deadline = performance.now() + ANSWER_MS;
  for (;;) {
    const seen = Atomics.load(sync, SYNC_REPLIES);
    if (seen >= expected) break;
    if (performance.now() > deadline) return null;
    Atomics.wait(sync, SYNC_REPLIES, seen, 1000);
  }
  return threads.map((t) => {
    for (;;) {
      const m = receiveMessageOnPort(t.port);
      if (m !== undefined) return m.message as Reply;
      // Posted before the counter moved; in flight for a moment at most.
      Atomics.wait(sync, SYNC_IDLE, 0, 1);
    }
  });
}

/**
 * The states of a packed level from its state `from` on (which starts at word `at`), copied into
 * shared memory with the place of each (the hand-off's level comes without them).
 */
export function levelChunk(unpack: (words: Int32Array, at: number) => unknown, end: () => number, frontier: Frontier, from = 0, at = 0): Chunk {
  const count = frontier.count - from;
  const words = shared(frontier.words.subarray(at), frontier.length - at);
  const starts = new Int32Array(new SharedArrayBuffer(Math.max(1, count) * 4));
  for (let f = 0, w = 0; f < count; f++) {
    starts[f] = w;
    unpack(words, w + 1);
    w = end();
  }
  return { words, starts, count };
}

/**
 * Worker threads for one search, started before they are needed: each loads and makes the
 * machine's functions from the source this thread compiled, while this thread goes on alone
 * (parallel-worker.ts), then says it is ready. As many boot at once as there are spare cores
 * (`advance`): this thread is busy searching, and on 2 cores two booting beside it slowed its
 * search by a third.
 */
export class Pool {
  private readonly threads: Thread[] = [];
  private readonly sync = new Int32Array(new SharedArrayBuffer(SYNC_WORDS * 4));
  private readonly url = workerEntry();
  private answers = 0;
  private closed = false;

  private constructor(
    private readonly setup: Omit<WorkerSetup, "port" | "sync">,
    readonly size: number,
  ) {
    this.advance();
  }

  /** `count` workers for the machine `cm` (a search permuting the `symmetric` fields). */
  static start(cm: SearchMachine, symmetric: readonly string[], count: number): Pool {
    return new Pool({ machine: cm.made, symmetric }, count);
  }

  private spawn(): void {
    const { port1, port2 } = new MessageChannel();
    const worker = new Worker(this.url, { workerData: { ...this.setup, port: port2, sync: this.sync.buffer as SharedArrayBuffer } satisfies WorkerSetup, transferList: [port2] });
    worker.unref();
    // A worker that fails never answers: the wait times out and the search stays on this thread.
    worker.on("error", () => undefined);
    this.threads.push({ worker, port: port1 });
  }

  /** Start workers while fewer than the spare cores are still starting (without waiting). */
  advance(): void {
    const spare = Math.max(1, availableParallelism() - 1);
    while (this.threads.length < this.size && this.threads.length - Atomics.load(this.sync, SYNC_REPLIES) < spare) this.spawn();
  }

  /** Whether every worker has started (without waiting). */
  get ready(): boolean {
    return this.threads.length === this.size && Atomics.load(this.sync, SYNC_REPLIES) >= this.size;
  }

  /** Start the workers not started yet and wait for every worker's ready; false on a timeout. */
  started(): boolean {
    if (this.answers > 0) return true;
    while (this.threads.length < this.size) this.spawn();
    this.answers = this.size;
    return replies(this.sync, this.answers, this.threads) !== null;
  }

  /**
   * Give every worker `o` (after resetting the round's counters), do this thread's part of it
   * (`mine`, on the same counters) meanwhile, and wait for the workers' replies: theirs, then
   * this thread's; null on a timeout.
   */
  order(o: Order, mine: (sync: Int32Array) => Reply): Reply[] | null {
    resetRound(this.sync);
    for (const t of this.threads) t.worker.postMessage(o);
    this.answers += this.threads.length;
    const own = mine(this.sync);
    const theirs = replies(this.sync, this.answers, this.threads);
    return theirs === null ? null : [...theirs, own];
  }

  /** Where the round's cursor ended, in places of its ranges. */
  get claimed(): number {
    return Atomics.load(this.sync, SYNC_CURSOR);
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    for (const t of this.threads) {
      t.worker.postMessage({ type: "stop" } satisfies Order);
      void t.worker.terminate();
      t.port.close();
    }
  }
}

/**
 * Go on with the search from level `depth` (the states of `level`, all in `visited`) on the
 * pool's workers and this thread (its part of each round is `own`'s), to the depth bound; the
 * pool is closed after. A hand-off in the middle of a level gives the level's states not
 * expanded yet as `level`, and the next level's states found so far as `partial` (they join
 * those the threads find). Null when the workers did not start.
 */
export function searchParallel(
  pool: Pool,
  own: Round,
  rules: number,
  visited: Visited,
  level: Chunk,
  depth: number,
  bound: number,
  onLevel?: (p: Omit<Progress, "elapsedMs" | "memory">) => void,
  partial: Chunk | null = null,
): ParallelOutcome | null {
  const count = pool.size + 1;
  try {
    if (!pool.started()) return null;
    let states = visited.size;
    let table = SharedVisited.of(visited.table, Math.max(1 << 12, Math.ceil((states * GROWTH) / SHARED_LOAD)));
    const share = (): Reply[] | null =>
      pool.order({ type: "table", buffer: table.buffer, capacity: table.capacity }, () => {
        own.use(table);
        return { type: "table" };
      });
    if (share() === null) return null;
    let transitions = 0;
    let fanout = 0;
    let reached = depth;
    let bytes = 0;
    let chunks: Chunk[] = [level];
    const fired = new Uint8Array(rules);
    const result = (violation: boolean, complete: boolean): ParallelOutcome => ({ states, transitions, fired, reached, depth, complete, violation, bytes, threads: count });
    // The next level's states found on this thread before the hand-off.
    let early = partial !== null && partial.count > 0 ? [partial] : [];
    // One level per pass; at the depth bound one more, a probe, that adds nothing and says
    // whether the last level leads to a new state (complete when it does not).
    for (let total = level.count; total > 0; depth++) {
      const probe = depth >= bound;
      const found: Chunk[] = early;
      early = [];
      let ranges: Range[] = [[0, total]];
      while (ranges.length > 0) {
        // Claims of at least a batch (parallel-round.ts): small enough that the threads end a
        // round together, large enough that claiming costs nothing beside the states.
        const size = placesOf(ranges);
        const batch = Math.max(1, Math.min(BATCH_MOST, Math.floor(size / (count * 32))));
        // Room under the load limit: the workers stop at a state's end once their flushed
        // additions reach the limit, so each may add a batch's successors more.
        const room = (): number => Math.floor(table.capacity * SHARED_LOAD - states) - count * (batch + 1) * fanout;
        while (room() < Math.max(1024, total / 4)) {
          table = table.grown(Math.ceil(table.capacity * GROWTH));
          if (share() === null) return null;
        }
        const o: Order = { type: "expand", level: chunks, ranges, batch, threads: count, limit: room(), probe };
        const rs = pool.order(o, (sync) => own.expand(o, sync));
        if (rs === null) return null;
        ranges = statesAt(ranges, Math.min(size, pool.claimed), size);
        for (const r of rs as Expanded[]) {
          transitions += r.transitions;
          fanout = Math.max(fanout, r.fanout);
          r.fired.forEach((f, i) => void (fired[i] ||= f));
          states += r.added;
          if (r.found.count > 0) found.push(r.found);
          ranges.push(...r.left);
          if (r.violation) return result(true, false);
          if (probe && r.probed) return { ...result(false, false), depth: bound };
        }
        ranges.sort((a, b) => a[0] - b[0]);
      }
      if (probe) return { ...result(false, true), depth: bound };
      bytes = Math.max(bytes, table.bytes + count * table.threadBytes + [...chunks, ...found].reduce((n, c) => n + c.words.byteLength + c.starts.byteLength, 0));
      chunks = found;
      total = found.reduce((n, c) => n + c.count, 0);
      if (total > 0) reached = depth + 1;
      onLevel?.({ states, transitions, depth: depth + 1 });
    }
    return { ...result(false, true), depth };
  } finally {
    pool.close();
  }
}
