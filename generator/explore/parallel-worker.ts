// Explore stage, parallel search: one worker thread (parallel.ts starts them). It makes the
// machine's functions from the source the main thread compiled (compile/instantiate.ts: no
// program to copy, no compiler to load), says it is ready, then takes its part of each round
// (parallel-round.ts). Until the first order comes it warms up, in slices between which the
// order can arrive, so the warm-up never holds the hand-off back (one that had to end first
// held it back by 0.2 s).

import { parentPort, workerData, type MessagePort } from "node:worker_threads";
import { searchMachine, type MachineSource } from "./compile/instantiate.js";
import { Round, SYNC_REPLIES, type Expand, type Expanded } from "./parallel-round.js";
import { SharedVisited } from "./shared-visited.js";

export interface WorkerSetup {
  /** The machine, as the main thread compiled it. */
  readonly machine: MachineSource;
  /** The symmetric fields the search permutes (none without symmetry). */
  readonly symmetric: readonly string[];
  /** Replies go here; the main thread reads them synchronously. */
  readonly port: MessagePort;
  /** SYNC_WORDS words: replies sent, the round's cursor and additions (SYNC_*). */
  readonly sync: SharedArrayBuffer;
}

/** Main thread to worker. */
export type Order = { readonly type: "table"; readonly buffer: SharedArrayBuffer; readonly capacity: number } | Expand | { readonly type: "stop" };

/** Worker to main thread: one when it has started, then one per order. */
export type Reply = { readonly type: "ready" } | { readonly type: "table" } | Expanded;

function run(setup: WorkerSetup): void {
  const { port } = setup;
  const sync = new Int32Array(setup.sync);
  const round = new Round(searchMachine(setup.machine), setup.symmetric);
  const reply = (r: Reply): void => {
    port.postMessage(r);
    Atomics.add(sync, SYNC_REPLIES, 1);
    Atomics.notify(sync, SYNC_REPLIES);
  };
  let warming = true;
  const endWarmUp = (): void => {
    if (!warming) return;
    warming = false;
    round.endWarmUp();
  };
  parentPort?.on("message", (o: Order) => {
    endWarmUp();
    if (o.type === "table") {
      round.use(new SharedVisited(o.buffer, o.capacity));
      reply({ type: "table" });
    } else if (o.type === "expand") reply(round.expand(o, sync));
    else parentPort?.close();
  });
  reply({ type: "ready" });
  const slice = (): void => {
    if (!warming) return;
    let more = false;
    // A throw ends the warm-up only: this thread has said it is ready, and its rounds are what count.
    try {
      more = round.warmUp(WARM_SLICE);
    } catch {
      more = false;
    }
    if (more) setImmediate(slice);
    else endWarmUp();
  };
  setImmediate(slice);
}

/** Transitions of the warm-up between looks at the port (a few milliseconds on cold code). */
const WARM_SLICE = 4096;

if (parentPort !== null && workerData !== null && typeof workerData === "object" && "sync" in workerData) run(workerData as WorkerSetup);
