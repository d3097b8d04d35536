// Explore stage, parallel search: once a single-threaded search (compiled.ts) has found enough
// states that more threads pay for their start, it copies its visited fingerprints into one
// table in shared memory (shared-visited.ts) and goes on level by level with worker threads
// (parallel-worker.ts): each round, every worker expands an equal share of the level's states
// and adds the successors it finds first to the shared table, keeping the new ones as its chunk
// of the next level (packed, in shared memory: no state is copied between threads). A worker
// that added its quota stops at a state's boundary; this thread then grows the table and hands
// out what is left. The same breadth-first levels, so the same states and the same count; a
// violation stops the search, and the caller reruns it on one thread for the shortest
// counterexample and its trace. Synchronous for the caller: this thread waits on a shared
// counter (Atomics.wait) and reads the replies with receiveMessageOnPort, so exploreMachine
// stays a plain function.

import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import { MessageChannel, receiveMessageOnPort, Worker, type MessagePort } from "node:worker_threads";
import type { Explore, Program } from "../ir/module.js";
import type { Frontier } from "./frontier.js";
import type { Chunk, Order, Range, Reply, WorkerSetup } from "./parallel-worker.js";
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

/** Wait until `sync[0]` reaches `expected`, then read one reply from each thread; null on a timeout. */
function replies(sync: Int32Array, expected: number, threads: readonly Thread[]): Reply[] | null {
  const deadline = performance.now() + ANSWER_MS;
  for (;;) {
    const seen = Atomics.load(sync, 0);
    if (seen >= expected) break;
    if (performance.now() > deadline) return null;
    Atomics.wait(sync, 0, seen, 1000);
  }
  return threads.map((t) => {
    for (;;) {
      const m = receiveMessageOnPort(t.port);
      if (m !== undefined) return m.message as Reply;
      // Posted before the counter moved; in flight for a moment at most.
      Atomics.wait(sync, 1, 0, 1);
    }
  });
}

/** `ranges` cut into `parts` runs of about equal numbers of states, in order. */
function split(ranges: readonly Range[], parts: number): Range[][] {
  const total = ranges.reduce((n, [lo, hi]) => n + hi - lo, 0);
  const out: Range[][] = Array.from({ length: parts }, () => []);
  let part = 0;
  let room = Math.ceil(total / parts);
  for (let [lo, hi] of ranges) {
    while (lo < hi) {
      const take = Math.min(hi - lo, room);
      (out[part] as Range[]).push([lo, lo + take]);
      lo += take;
      room -= take;
      if (room === 0 && part < parts - 1) {
        part++;
        room = Math.ceil(total / parts);
      }
    }
  }
  return out;
}

/** The place of each state in a packed level (the hand-off's level comes without them). */
export function levelChunk(unpack: (words: Int32Array, at: number) => unknown, end: () => number, frontier: Frontier): Chunk {
  const words = new Int32Array(new SharedArrayBuffer(Math.max(1, frontier.length) * 4));
  words.set(frontier.words.subarray(0, frontier.length));
  const starts = new Int32Array(new SharedArrayBuffer(Math.max(1, frontier.count) * 4));
  for (let f = 0, at = 0; f < frontier.count; f++) {
    starts[f] = at;
    unpack(words, at + 1);
    at = end();
  }
  return { words, starts, count: frontier.count };
}

/**
 * Go on with the search from level `depth` (the states of `level`, all in `visited`) on
 * `count` worker threads, to the depth bound. Null when the threads could not start.
 */
export function searchParallel(
  prog: Program,
  explore: Explore,
  symmetry: boolean,
  rules: number,
  visited: Visited,
  level: Chunk,
  depth: number,
  bound: number,
  count: number,
  onLevel?: (p: Omit<Progress, "elapsedMs" | "memory">) => void,
): ParallelOutcome | null {
  const module = prog.modules.findIndex((m) => m.explore.includes(explore));
  if (module < 0) return null;
  const index = (prog.modules[module] as Program["modules"][number]).explore.indexOf(explore);
  const sync = new Int32Array(new SharedArrayBuffer(8));
  const url = workerEntry();
  const threads: Thread[] = [];
  for (let id = 0; id < count; id++) {
    const { port1, port2 } = new MessageChannel();
    const setup: WorkerSetup = { prog, module, explore: index, symmetry, port: port2, sync: sync.buffer as SharedArrayBuffer };
    const worker = new Worker(url, { workerData: setup, transferList: [port2] });
    worker.unref();
    // A worker that fails never answers: the wait times out and the search stays on this thread.
    worker.on("error", () => undefined);
    threads.push({ worker, port: port1 });
  }
  let answers = 0;
  const order = (o: (id: number) => Order | null): Reply[] | null => {
    const asked: Thread[] = [];
    threads.forEach((t, id) => {
      const m = o(id);
      if (m === null) return;
      t.worker.postMessage(m);
      asked.push(t);
    });
    answers += asked.length;
    return replies(sync, answers, asked);
  };
  const stop = (): void => {
    for (const t of threads) {
      t.worker.postMessage({ type: "stop" } satisfies Order);
      void t.worker.terminate();
      t.port.close();
    }
  };
  try {
    let states = visited.size;
    let table = SharedVisited.empty(Math.max(1 << 12, Math.ceil((states * 2) / SHARED_LOAD)));
    const keys = visited.table;
    for (let i = 0; i < keys.length; i += 2) if (((keys[i] as number) | (keys[i + 1] as number)) !== 0) table.add(keys[i] as number, keys[i + 1] as number);
    const share = (): Reply[] | null => order(() => ({ type: "table", buffer: table.buffer, capacity: table.capacity }));
    if (share() === null) return null;
    let transitions = 0;
    let fanout = 0;
    let reached = depth;
    let bytes = 0;
    let chunks: Chunk[] = [level];
    const fired = new Uint8Array(rules);
    const result = (violation: boolean, complete: boolean): ParallelOutcome => ({ states, transitions, fired, reached, depth, complete, violation, bytes, threads: count });
    // One level per pass; at the depth bound one more, a probe, that adds nothing and says
    // whether the last level leads to a new state (complete when it does not).
    for (let total = level.count; total > 0; depth++) {
      const probe = depth >= bound;
      const found: Chunk[] = [];
      let ranges: Range[] = [[0, total]];
      while (ranges.length > 0) {
        // Room for every worker's quota under the load limit (a worker stops past its quota at
        // a state's end, so a state's successors more); the table doubles when there is little.
        const room = (): number => Math.floor((table.capacity * SHARED_LOAD - states) / count) - fanout;
        let quota = room();
        while (quota < Math.max(1024, total / count / 4)) {
          table = table.grown(table.capacity * 2);
          if (share() === null) return null;
          quota = room();
        }
        const shares = split(ranges, count);
        const rs = order((id) => ((shares[id] as Range[]).length === 0 ? null : { type: "expand", level: chunks, ranges: shares[id] as Range[], quota, probe }));
        if (rs === null) return null;
        ranges = [];
        for (const r of rs as (Reply & { type: "expanded" })[]) {
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
      bytes = Math.max(bytes, table.bytes + [...chunks, ...found].reduce((n, c) => n + c.words.byteLength + c.starts.byteLength, 0));
      chunks = found;
      total = found.reduce((n, c) => n + c.count, 0);
      if (total > 0) reached = depth + 1;
      onLevel?.({ states, transitions, depth: depth + 1 });
    }
    return { ...result(false, true), depth };
  } finally {
    stop();
  }
}
