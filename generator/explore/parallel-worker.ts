// Explore stage, parallel search: one worker thread (parallel.ts starts them). It owns the
// states whose fingerprint falls in its share (h1 mod threads): their fingerprints, its part of
// each level (packed, frontier.ts), and the invariant checks of the states it finds. A successor
// owned by another worker goes into that worker's outbox as its fingerprint and packed words,
// and reaches it through the main thread as a transferred buffer, never a structured clone of
// objects. Level by level, in step with the others: expand, then absorb what the others found.

import { parentPort, workerData, type MessagePort } from "node:worker_threads";
import type { Explore, Program } from "../ir/module.js";
import type { Value } from "../interpret/value.js";
import { newExpansion, type Expansion } from "./compile/expand.js";
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

/** The worker that owns a fingerprint. */
export function ownerOf(h1: number, threads: number): number {
  return (h1 >>> 0) % threads;
}

/** Outbox record: h1, h2, word count, words. */
class Outbox {
  words = new Int32Array(1024);
  length = 0;
  add(h1: number, h2: number, src: Int32Array, n: number): void {
    if (this.length + n + 3 > this.words.length) {
      const grown = new Int32Array(Math.max(this.words.length * 2, this.length + n + 3));
      grown.set(this.words.subarray(0, this.length));
      this.words = grown;
    }
    this.words[this.length] = h1;
    this.words[this.length + 1] = h2;
    this.words[this.length + 2] = n;
    this.words.set(src.subarray(0, n), this.length + 3);
    this.length += n + 3;
  }
}

/**
 * The fingerprints a worker sent to others, as a direct-mapped cache that forgets on a clash:
 * a fixed megabyte, where a set of every state sent grows as large as the owners' own sets. A
 * state it forgot is sent again and its owner, whose set is exact, drops it; one it holds was
 * sent, so its owner has it.
 */
class SentCache {
  private readonly keys = new Int32Array(2 << SENT_BITS);
  /** Remember (h1, h2): false when it was already there (sent before). */
  add(h1: number, h2: number): boolean {
    if (this.has(h1, h2)) return false;
    const at = slot(h1, h2);
    this.keys[at] = h1;
    this.keys[at + 1] = held(h1, h2);
    return true;
  }
  has(h1: number, h2: number): boolean {
    const at = slot(h1, h2);
    return this.keys[at] === h1 && this.keys[at + 1] === held(h1, h2);
  }
  get bytes(): number {
    return this.keys.byteLength;
  }
}

/** 2^SENT_BITS entries of 8 bytes: 1 MB. */
const SENT_BITS = 17;
const SENT_MASK = (1 << SENT_BITS) - 1;

/** Where a fingerprint sits in the cache (h2's bits, as h1's pick the owner and its table slot). */
const slot = (h1: number, h2: number): number => ((h2 ^ (h1 >>> 7)) & SENT_MASK) << 1;

/** The second half as held: (0, 0) marks an empty entry, so that fingerprint is held as (0, 1), as in Visited. */
const held = (h1: number, h2: number): number => ((h1 | h2) === 0 ? 1 : h2);

/** Marks a successor another worker owns (any index the set never gives). */
const REMOTE = 0x7fffffff;

function run(setup: WorkerSetup): void {
  const { prog, id, threads, port } = setup;
  const sync = new Int32Array(setup.sync);
  const explore = (prog.modules[setup.module] as Program["modules"][number]).explore[setup.explore] as Explore;
  const cm = compileMachine(prog, explore, setup.symmetry);
  const symmetric = setup.symmetry ? explore.symmetric : [];
  const badState = stateCheck(cm, symmetric);
  let visited = new Visited(64, false);
  let frontier = new Frontier();
  let next = new Frontier();
  const scratch = new Frontier();
  const fired = new Uint8Array(cm.rules.length);
  let violation = false;
  let outboxes: Outbox[] = [];
  let remote = -1;
  const reply = (r: Reply, transfer: ArrayBuffer[] = []): void => {
    port.postMessage(r, transfer);
    Atomics.add(sync, 0, 1);
    Atomics.notify(sync, 0);
  };
  // The fingerprints of other workers' states this one sent lately (a lossy cache, SentCache):
  // most successors were seen before, so the traffic is about the states, not the transitions.
  const sent = new SentCache();
  // The set the compiled loop adds to: states of other workers are sent to them, not added.
  let probing = false;
  let probed = false;
  const owned = {
    add(h1: number, h2: number): number {
      const owner = ownerOf(h1, threads);
      if (probing && owner === id) {
        probed ||= !visited.has(h1, h2);
        return -1;
      }
      if (owner === id) return visited.add(h1, h2, 0, 0);
      // Probing, a state never sent may still be known to its owner: ask it (absorb with probe).
      if (probing) return sent.has(h1, h2) ? -1 : ((remote = owner), REMOTE);
      if (!sent.add(h1, h2)) return -1;
      remote = owner;
      return REMOTE;
    },
  };
  const x: Expansion = newExpansion(owned as unknown as Visited, cm.rules, (n: Value, added: number): number => {
      if (added === REMOTE) {
        scratch.clear();
        cm.pack(n, scratch, 0);
        (outboxes[remote] as Outbox).add(cm.fp[0] as number, cm.fp[1] as number, scratch.words.subarray(1), scratch.length - 1);
        return 0;
      }
      if (badState(n) !== null) {
        violation = true;
        return 1;
      }
      cm.pack(n, next, 0);
      return 0;
  });

  // A probe (the level at the depth bound) counts no transition and fires no rule, as the
  // single-threaded search's closedLevel; a broken law or a throw there only means not closed.
  const expand = (probe: boolean): void => {
    outboxes = Array.from({ length: threads }, () => new Outbox());
    probing = probe;
    probed = false;
    x.transitions = 0;
    x.firstFire.fill(-1);
    for (let f = 0, at = 0; f < frontier.count && !violation && !(probe && probed); f++) {
      const s = cm.unpack(frontier.words, at + 1);
      at = cm.unpackedEnd();
      let result: number;
      try {
        result = cm.expand(s, 0, x);
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
        if (visited.add(h1, h2, 0, 0) >= 0) {
          const s = cm.unpack(inbox, at + 3);
          if (badState(s) !== null) violation = true;
          else next.push(0, inbox.subarray(at + 3, at + 3 + n), n);
        }
        at += n + 3;
      }
    }
    const bytes = visited.bytes + sent.bytes + frontier.bytes + next.bytes;
    [frontier, next] = [next, frontier];
    next.clear();
    reply({ type: "absorbed", states: visited.size, next: frontier.count, bytes, violation });
  };

  const start = (table: Int32Array, words: Int32Array, count: number): void => {
    // Sized as the main thread's table: its slots come in order of their home, and filling a
    // smaller table in that order would pack its first part solid (every add a long probe).
    visited = new Visited(table.length / 2, false);
    for (let i = 0; i < table.length; i += 2) {
      const h1 = table[i] as number;
      const h2 = table[i + 1] as number;
      if ((h1 | h2) !== 0 && ownerOf(h1, threads) === id) visited.add(h1, h2, 0, 0);
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
