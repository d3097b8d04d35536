// Explore stage, parallel search: one worker thread (parallel.ts starts them). It compiles the
// machine, says it is ready, then takes its part of each round (parallel-round.ts). It warms up
// on the search's own states: a cold worker claims fewer of a round's batches, and the main
// thread, already warm, takes the rest (a warm-up search of its own, thrown away, cost 0.2 s of
// a core and held the hand-off back by as much).

import { parentPort, workerData, type MessagePort } from "node:worker_threads";
import type { Explore, Program } from "../ir/module.js";
import { compileMachine } from "./compile/machine.js";
import { Round, SYNC_REPLIES, type Expand, type Expanded } from "./parallel-round.js";
import { SharedVisited } from "./shared-visited.js";

export interface WorkerSetup {
  readonly prog: Program;
  /** Which explore section: module index and explore index in `prog`. */
  readonly module: number;
  readonly explore: number;
  readonly symmetry: boolean;
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
  const { prog, port } = setup;
  const sync = new Int32Array(setup.sync);
  const explore = (prog.modules[setup.module] as Program["modules"][number]).explore[setup.explore] as Explore;
  const round = new Round(compileMachine(prog, explore, setup.symmetry), setup.symmetry ? explore.symmetric : []);
  const reply = (r: Reply): void => {
    port.postMessage(r);
    Atomics.add(sync, SYNC_REPLIES, 1);
    Atomics.notify(sync, SYNC_REPLIES);
  };
  parentPort?.on("message", (o: Order) => {
    if (o.type === "table") {
      round.use(new SharedVisited(o.buffer, o.capacity));
      reply({ type: "table" });
    } else if (o.type === "expand") reply(round.expand(o, sync));
    else parentPort?.close();
  });
  reply({ type: "ready" });
}

if (parentPort !== null && workerData !== null && typeof workerData === "object" && "sync" in workerData) run(workerData as WorkerSetup);
