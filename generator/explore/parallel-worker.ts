// Explore stage, parallel search: one worker thread (parallel.ts starts them). It owns the
// states whose fingerprint falls in its share (h1 mod threads): their fingerprints, its part of
// each level (packed, frontier.ts), and the invariant checks of the states it finds. A successor
// owned by another worker goes into that worker's outbox as its fingerprint and packed words,
// and reaches it through the main thread as a transferred buffer, never a structured clone of
// objects. Level by level, in step with the others: expand, then absorb what the others found.

import { parentPort, workerData, type MessagePort } from "node:worker_threads";
import type { Explore, Program } from "../ir/module.js";
import type { Value } from "../interpret/value.js";
import { newExpansion, type Expansion, type Partition } from "./compile/expand.js";
import { compileMachine } from "./compile/machine.js";
import { stateCheck } from "./compiled.js";
import { Frontier } from "./frontier.js";
import { Visited } from "./visited.js";

export interface WorkerSetup {
  readonly prog: Program;
  /** Which explore section: module index and explore index in `prog`. */
  readonly module: number;
  readonly explore: number;
  readonly symmetry: boolean;
  readonly id: number;
  readonly threads: number;
  /** Replies go here; the main thread reads them synchronously. */
  readonly port: MessagePort;
  /** [0]: replies sent, for the main thread's Atomics.wait. */
  readonly sync: SharedArrayBuffer;
}

/** Main thread to worker. */
export type Order =
  | { readonly type: "start"; readonly table: Int32Array; readonly words: Int32Array; readonly count: number }
  /** `probe`: the level at the depth bound, expanded only to learn whether it leads to a new state (nothing is added). */
  | { readonly type: "expand"; readonly probe: boolean }
  | { readonly type: "absorb"; readonly inboxes: readonly Int32Array[]; readonly probe: boolean }
  | { readonly type: "stop" };

/** Worker to main thread, one per order. */
export type Reply =
  | { readonly type: "started" }
  | { readonly type: "expanded"; readonly outboxes: readonly Int32Array[]; readonly transitions: number; readonly fired: Uint8Array; readonly violation: boolean }
  | { readonly type: "absorbed"; readonly states: number; readonly next: number; readonly bytes: number; readonly violation: boolean };

/** The worker that owns a fingerprint (the compiled loop, compile/expand.ts, computes the same). */
export function ownerOf(h1: number, threads: number): number {
  return (h1 >>> 0) % threads;
}

/**
 * The states sent to one other worker in a level: records of h1, h2, word count and the state's
 * words. The compiled `pack` writes into it as into a level (its `push`), the fingerprint set
 * beforehand, so a state sent is copied once.
 */
class Outbox extends Frontier {
  h1 = 0;
  h2 = 0;
  override push(_index: number, src: Int32Array, n: number): void {
    const words = this.room(n + 3);
    const at = this.length;
    words[at] = this.h1;
    words[at + 1] = this.h2;
    words[at + 2] = n;
    for (let i = 0; i < n; i++) words[at + 3 + i] = src[i] as number;
    this.length = at + 3 + n;
    this.count++;
  }
}

/** Entries of the cache of fingerprints sent (Expansion.sent), 8 bytes each: 1 MB. */
const SENT_ENTRIES = 1 << 17;

function run(setup: WorkerSetup): void {
  const { prog, id, threads, port } = setup;
  const sync = new Int32Array(setup.sync);
  const explore = (prog.modules[setup.module] as Program["modules"][number]).explore[setup.explore] as Explore;
  const cm = compileMachine(prog, explore, setup.symmetry);
  const symmetric = setup.symmetry ? explore.symmetric : [];
  const badState = stateCheck(cm, symmetric);
  let frontier = new Frontier();
  let next = new Frontier();
  const fired = new Uint8Array(cm.rules.length);
  let violation = false;
  let outboxes: Outbox[] = [];
  const reply = (r: Reply, transfer: ArrayBuffer[] = []): void => {
    port.postMessage(r, transfer);
    Atomics.add(sync, 0, 1);
    Atomics.notify(sync, 0);
  };
  // What this worker sent lately (a lossy cache, Expansion.sent): most successors were seen
  // before, so the traffic is about the states, not the transitions.
  const sent = new Int32Array(2 * SENT_ENTRIES);
  const partition: Partition = {
    parts: threads,
    part: id,
    sent,
    remote(n: Value, owner: number): number {
      const o = outboxes[owner] as Outbox;
      o.h1 = cm.fp[0] as number;
      o.h2 = cm.fp[1] as number;
      cm.pack(n, o, 0);
      return 0;
    },
  };
  const found = (n: Value): number => {
    if (badState(n) !== null) {
      violation = true;
      return 1;
    }
    cm.pack(n, next, 0);
    return 0;
  };
  // Made at the start, with the set sized there. The probe's expansion: the states this worker
  // owns are looked up, not added (the first new one answers); the others go to their owners,
  // who look them up in their absorb.
  let visited = new Visited(64, false);
  let x: Expansion = newExpansion(visited, cm.rules, found, partition);
  let probed = false;
  const probeX = (): Expansion => ({ ...x, visited: { add: (h1: number, h2: number) => ((probed ||= !visited.has(h1, h2)), -1) } as unknown as Visited });

  // A probe (the level at the depth bound) counts no transition and fires no rule, as the
  // single-threaded search's closedLevel; a broken law or a throw there only means not closed.
  const expand = (probe: boolean): void => {
    outboxes = Array.from({ length: threads }, () => new Outbox());
    probed = false;
    const e = probe ? probeX() : x;
    e.transitions = 0;
    e.firstFire.fill(-1);
    for (let f = 0, at = 0; f < frontier.count && !violation && !(probe && probed); f++) {
      const s = cm.unpack(frontier.words, at + 1);
      at = cm.unpackedEnd();
      let result: number;
      try {
        result = cm.expand(s, 0, e);
      } catch {
        result = -1;
      }
      // A broken step law or a throw: the main thread reruns the search on one thread, which words it.
      if (result !== 0) {
        if (probe) probed = true;
        else violation = true;
      }
    }
    if (!probe) for (let r = 0; r < cm.rules.length; r++) if ((x.firstFire[r * 2] as number) >= 0) fired[r] = 1;
    const out = outboxes.map((o) => o.words.slice(0, o.length));
    reply({ type: "expanded", outboxes: out, transitions: probe ? 0 : x.transitions, fired: fired.slice(), violation }, out.map((o) => o.buffer as ArrayBuffer));
  };

  const absorb = (inboxes: readonly Int32Array[], probe: boolean): void => {
    if (probe) {
      for (const inbox of inboxes) for (let at = 0; at < inbox.length; at += (inbox[at + 2] as number) + 3) probed ||= !visited.has(inbox[at] as number, inbox[at + 1] as number);
      reply({ type: "absorbed", states: visited.size, next: probed ? 1 : 0, bytes: 0, violation: false });
      return;
    }
    for (const inbox of inboxes) {
      for (let at = 0; at < inbox.length && !violation; ) {
        const h1 = inbox[at] as number;
        const h2 = inbox[at + 1] as number;
        const n = inbox[at + 2] as number;
        if (visited.insert(h1, h2)) {
          const s = cm.unpack(inbox, at + 3);
          if (badState(s) !== null) violation = true;
          else next.push(0, inbox.subarray(at + 3, at + 3 + n), n);
        }
        at += n + 3;
      }
    }
    const bytes = visited.bytes + sent.byteLength + frontier.bytes + next.bytes;
    [frontier, next] = [next, frontier];
    next.clear();
    reply({ type: "absorbed", states: visited.size, next: frontier.count, bytes, violation });
  };

  const start = (table: Int32Array, words: Int32Array, count: number): void => {
    // Sized as the main thread's table: its slots come in order of their home, and filling a
    // smaller table in that order would pack its first part solid (every add a long probe).
    visited = new Visited(table.length / 2, false);
    x = newExpansion(visited, cm.rules, found, partition);
    for (let i = 0; i < table.length; i += 2) {
      const h1 = table[i] as number;
      const h2 = table[i + 1] as number;
      if ((h1 | h2) !== 0 && ownerOf(h1, threads) === id) visited.insert(h1, h2);
    }
    for (let f = 0, at = 0; f < count; f++) {
      const s = cm.unpack(words, at + 1);
      const end = cm.unpackedEnd();
      cm.fingerprint(s);
      if (ownerOf(cm.fp[0] as number, threads) === id) frontier.push(0, words.subarray(at + 1, end), end - at - 1);
      at = end;
    }
    reply({ type: "started" });
  };

  parentPort?.on("message", (o: Order) => {
    if (o.type === "start") start(o.table, o.words, o.count);
    else if (o.type === "expand") expand(o.probe);
    else if (o.type === "absorb") absorb(o.inboxes, o.probe);
    else parentPort?.close();
  });
}

if (parentPort !== null && workerData !== null && typeof workerData === "object" && "sync" in workerData) run(workerData as WorkerSetup);
