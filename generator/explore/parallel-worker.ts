// Explore stage, parallel search: one worker thread (parallel.ts starts them). Every worker
// reads and adds to one shared table of visited fingerprints (shared-visited.ts), so a
// successor is added by whichever thread finds it first and never travels. A round expands a
// share of the level (ranges of its states, across the chunks the workers found in the level
// before), checks the invariants of the new states and packs them into this worker's chunk of
// the next level, handed back in shared memory. A round ends early, at a state's boundary, once
// this worker has added its quota of fingerprints: the main thread grows the table and goes on.

import { parentPort, workerData, type MessagePort } from "node:worker_threads";
import type { Explore, Program } from "../ir/module.js";
import type { Value } from "../interpret/value.js";
import { newExpansion, type Expansion } from "./compile/expand.js";
import { compileMachine } from "./compile/machine.js";
import { stateCheck } from "./compiled.js";
import { Frontier } from "./frontier.js";
import { SharedVisited } from "./shared-visited.js";

export interface WorkerSetup {
  readonly prog: Program;
  /** Which explore section: module index and explore index in `prog`. */
  readonly module: number;
  readonly explore: number;
  readonly symmetry: boolean;
  /** Replies go here; the main thread reads them synchronously. */
  readonly port: MessagePort;
  /** [0]: replies sent, for the main thread's Atomics.wait. */
  readonly sync: SharedArrayBuffer;
}

/** States of one level found by one round of one worker: packed words, and where each state starts. */
export interface Chunk {
  readonly words: Int32Array;
  readonly starts: Int32Array;
  readonly count: number;
}

/** A run of states of the level, by their place in it (chunk after chunk). */
export type Range = readonly [number, number];

/** Main thread to worker. */
export type Order =
  | { readonly type: "table"; readonly buffer: SharedArrayBuffer; readonly capacity: number }
  /** `probe`: the level at the depth bound, expanded only to learn whether it leads to a new state (nothing is added). */
  | { readonly type: "expand"; readonly level: readonly Chunk[]; readonly ranges: readonly Range[]; readonly quota: number; readonly probe: boolean }
  | { readonly type: "stop" };

/** Worker to main thread, one per order. */
export type Reply =
  | { readonly type: "table" }
  | {
      readonly type: "expanded";
      readonly found: Chunk;
      readonly added: number;
      /** The ranges left when the quota was reached (empty: the round expanded all it was given). */
      readonly left: readonly Range[];
      readonly transitions: number;
      /** The most transitions one state of the round had (the room a state may need in the table). */
      readonly fanout: number;
      readonly fired: Uint8Array;
      readonly violation: boolean;
      /** The probe met a state the table does not hold. */
      readonly probed: boolean;
    };

/** `n` words of `src` in a new shared buffer (a chunk every thread reads without a copy). */
function shared(src: Int32Array, n: number): Int32Array {
  const out = new Int32Array(new SharedArrayBuffer(Math.max(1, n) * 4));
  out.set(src.subarray(0, n));
  return out;
}

function run(setup: WorkerSetup): void {
  const { prog, port } = setup;
  const sync = new Int32Array(setup.sync);
  const explore = (prog.modules[setup.module] as Program["modules"][number]).explore[setup.explore] as Explore;
  const cm = compileMachine(prog, explore, setup.symmetry);
  const symmetric = setup.symmetry ? explore.symmetric : [];
  const badState = stateCheck(cm, symmetric);
  const next = new Frontier();
  let starts = new Int32Array(1024);
  const fired = new Uint8Array(cm.rules.length);
  let violation = false;
  let probed = false;
  const reply = (r: Reply): void => {
    port.postMessage(r);
    Atomics.add(sync, 0, 1);
    Atomics.notify(sync, 0);
  };
  const found = (n: Value): number => {
    if (badState(n) !== null) {
      violation = true;
      return 1;
    }
    if (next.count >= starts.length) {
      const grown = new Int32Array(starts.length * 2);
      grown.set(starts);
      starts = grown;
    }
    starts[next.count] = next.length;
    cm.pack(n, next, 0);
    return 0;
  };
  let visited = SharedVisited.empty(1);
  let x: Expansion = newExpansion(visited, cm.rules, found);
  // The probe's expansion: successors are looked up, not added (the first new one answers).
  const probeX = (): Expansion => ({ ...x, visited: { add: (h1: number, h2: number) => ((probed ||= !visited.has(h1, h2)), -1) } });

  // A probe (the level at the depth bound) counts no transition and fires no rule, as the
  // single-threaded search's closedLevel; a broken law or a throw there only means not closed.
  const expand = (level: readonly Chunk[], ranges: readonly Range[], quota: number, probe: boolean): void => {
    next.clear();
    probed = false;
    visited.added = 0;
    const e = probe ? probeX() : x;
    e.transitions = 0;
    e.firstFire.fill(-1);
    const left: Range[] = [];
    let fanout = 0;
    for (const [lo, hi] of ranges) {
      let g = lo;
      let c = 0;
      let base = 0;
      while (c < level.length && base + (level[c] as Chunk).count <= g) base += (level[c++] as Chunk).count;
      for (; g < hi && !violation && !(probe && probed); g++) {
        if (!probe && visited.added >= quota) break;
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
        // A broken step law or a throw: the main thread reruns the search on one thread, which words it.
        if (result !== 0) {
          if (probe) probed = true;
          else violation = true;
        }
      }
      if (g < hi && !violation && !probe) left.push([g, hi]);
    }
    if (!probe) for (let r = 0; r < cm.rules.length; r++) if ((x.firstFire[r * 2] as number) >= 0) fired[r] = 1;
    const chunk: Chunk = { words: shared(next.words, next.length), starts: shared(starts, next.count), count: next.count };
    reply({ type: "expanded", found: chunk, added: visited.added, left, transitions: probe ? 0 : x.transitions, fanout, fired: fired.slice(), violation, probed });
  };

  parentPort?.on("message", (o: Order) => {
    if (o.type === "table") {
      visited = new SharedVisited(o.buffer, o.capacity);
      x = newExpansion(visited, cm.rules, found);
      reply({ type: "table" });
    } else if (o.type === "expand") expand(o.level, o.ranges, o.quota, o.probe);
    else parentPort?.close();
  });
}

if (parentPort !== null && workerData !== null && typeof workerData === "object" && "sync" in workerData) run(workerData as WorkerSetup);
