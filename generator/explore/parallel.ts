// Explore stage, parallel search: once a single-threaded search (compiled.ts) has found enough
// states that more threads pay for their start, it hands its visited fingerprints and its
// packed level to worker threads (parallel-worker.ts), each owning a share of the fingerprint
// space, and goes on level by level in step with them: every worker expands its share of the
// level, the successors it does not own travel as packed words in transferred buffers to their
// owner (through this thread), and each owner keeps the new ones as its share of the next level.
// The same breadth-first levels, so the same states and the same count; a violation stops the
// search, and the caller reruns it on one thread for the shortest counterexample and its trace.
// Synchronous for the caller: this thread waits on a shared counter (Atomics.wait) and reads the
// replies with receiveMessageOnPort, so exploreMachine stays a plain function.

import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import { MessageChannel, receiveMessageOnPort, Worker, type MessagePort } from "node:worker_threads";
import type { Explore, Program } from "../ir/module.js";
import type { Frontier } from "./frontier.js";
import type { Order, Reply, WorkerSetup } from "./parallel-worker.js";
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

/**
 * Go on with the search from level `depth` (the states of `frontier`, all in `visited`) on
 * `count` worker threads, to the depth bound. Null when the threads could not start.
 */
export function searchParallel(
  prog: Program,
  explore: Explore,
  symmetry: boolean,
  rules: number,
  visited: Visited,
  frontier: Frontier,
  depth: number,
  bound: number,
  count: number,
  onLevel?: (p: Omit<Progress, "elapsedMs" | "memory">) => void,
): ParallelOutcome | null {
  const module = prog.modules.findIndex((m) => m.explore.includes(explore));
  if (module < 0) return null;
  const index = (prog.modules[module] as Program["modules"][number]).explore.indexOf(explore);
  const shared = new SharedArrayBuffer(8);
  const sync = new Int32Array(shared);
  const url = workerEntry();
  const threads: Thread[] = [];
  for (let id = 0; id < count; id++) {
    const { port1, port2 } = new MessageChannel();
    const setup: WorkerSetup = { prog, module, explore: index, symmetry, id, threads: count, port: port2, sync: shared };
    const worker = new Worker(url, { workerData: setup, transferList: [port2] });
    worker.unref();
    // A worker that fails never answers: the wait times out and the search stays on this thread.
    worker.on("error", () => undefined);
    threads.push({ worker, port: port1 });
  }
  let answers = 0;
  const order = (o: (id: number) => Order, transfer: (id: number) => ArrayBuffer[] = () => []): Reply[] | null => {
    threads.forEach((t, id) => t.worker.postMessage(o(id), transfer(id)));
    answers += count;
    return replies(sync, answers, threads);
  };
  const stop = (): void => {
    for (const t of threads) {
      t.worker.postMessage({ type: "stop" } satisfies Order);
      void t.worker.terminate();
      t.port.close();
    }
  };
  try {
    const words = frontier.words.slice(0, frontier.length);
    if (order(() => ({ type: "start", table: visited.table, words, count: frontier.count })) === null) return null;
    let transitions = 0;
    let reached = depth;
    let states = visited.size;
    let bytes = 0;
    let level = frontier.count;
    const fired = new Uint8Array(rules);
    // One round per level; at the depth bound one more, a probe, that adds nothing and says
    // whether the last level leads to a new state (complete when it does not).
    for (; level > 0; depth++) {
      const probe = depth >= bound;
      const expanded = order(() => ({ type: "expand", probe }));
      if (expanded === null) return null;
      const outs = expanded as (Reply & { type: "expanded" })[];
      for (const r of outs) {
        transitions += r.transitions;
        r.fired.forEach((f, i) => void (fired[i] ||= f));
      }
      const result = (violation: boolean, complete: boolean): ParallelOutcome => ({ states, transitions, fired, reached, depth, complete, violation, bytes, threads: count });
      if (outs.some((r) => r.violation)) return result(true, false);
      const absorbed = order(
        (id) => ({ type: "absorb", inboxes: outs.map((r) => r.outboxes[id] as Int32Array), probe }),
        (id) => outs.map((r) => (r.outboxes[id] as Int32Array).buffer as ArrayBuffer),
      );
      if (absorbed === null) return null;
      const ins = absorbed as (Reply & { type: "absorbed" })[];
      if (probe) return { ...result(false, ins.every((r) => r.next === 0)), depth: bound };
      states = ins.reduce((n, r) => n + r.states, 0);
      level = ins.reduce((n, r) => n + r.next, 0);
      bytes = Math.max(bytes, ins.reduce((n, r) => n + r.bytes, 0));
      if (level > 0) reached = depth + 1;
      if (ins.some((r) => r.violation)) return result(true, false);
      onLevel?.({ states, transitions, depth: depth + 1 });
    }
    return { states, transitions, fired, reached, depth, complete: true, violation: false, bytes, threads: count };
  } finally {
    stop();
  }
}
