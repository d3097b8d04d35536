// Benchmark reference: how fast the explorer could go on one bench spec. lock_clients
// (bench/specs/lock_clients.yaml) is searched four ways in one process, alternating: by the
// compiled engine on words (compile/packed.ts, its default for this spec) and on objects
// (compile/machine.ts), and by two hand-written searches over the same visited set (visited.ts)
// with the same fingerprint mixing, one stepping the state as objects, one as 32-bit words (a
// row word a client: phase | tries << 3 | renews << 8). The hand-written searches are references
// only, never a product path: each checks the spec's two invariants (not its progress law), and
// the line says whether all four agree on states and transitions. Before the packed engine, words
// by hand ran 2.8x the compiled engine on objects, and objects by hand 0.8-1.1x: the
// representation, not the compiled code, bounded the explorer. What is left between the engine
// on words and words by hand is the engine's generality (events read from a table, a law check
// per transition, the progress law, a fingerprint of every word).

import type { Explore, Program } from "../generator/ir/module.js";
import { exploreMachine } from "../generator/explore/index.js";
import { Visited } from "../generator/explore/visited.js";
import { median } from "./median.js";

const MAX_TRIES = 2;
const MAX_RENEWS = 2;
const EVENT_KINDS = 6;
const PHASES = ["Idle", "Waiting", "Holding", "Backoff", "Gone"] as const;
type Phase = (typeof PHASES)[number];
interface Client {
  readonly phase: Phase;
  readonly tries: number;
  readonly renews: number;
}
interface Lock {
  readonly held: boolean;
  readonly clients: readonly Client[];
}

interface Counts {
  readonly states: number;
  readonly transitions: number;
}

/**
 * The fingerprint of `width` words of `w` from `at` into `fp`, mixed as the compiled engine
 * mixes a state's words (hash.ts): two lanes, then a final avalanche of each.
 */
function fingerprintWords(w: Int32Array, at: number, width: number, fp: Int32Array): void {
  let a = 0x811c9dc5 | 0;
  let b = 0x2545f491;
  for (let i = 0; i < width; i++) {
    const x = w[at + i] as number;
    a = Math.imul(a ^ x, 0x9e3779b1);
    a = (a << 15) | (a >>> 17);
    b = Math.imul(b + x, 0x85ebca77);
    b ^= b >>> 13;
    b = Math.imul(b, 0xc2b2ae3d);
  }
  fp[0] = fmix(a ^ Math.imul(b, 0x27d4eb2f));
  fp[1] = fmix(b + a);
}

function fmix(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return h ^ (h >>> 16);
}

function phaseOrdinal(p: Phase): number {
  switch (p) {
    case "Idle":
      return 0;
    case "Waiting":
      return 1;
    case "Holding":
      return 2;
    case "Backoff":
      return 3;
    default:
      return 4;
  }
}

const rowWord = (phase: number, tries: number, renews: number): number => phase | (tries << 3) | (renews << 8);

/** The search on words: a state is [held, row 0 .. row n-1], a level an Int32Array of [index, state]. */
function searchWords(n: number, depth: number): Counts {
  const width = n + 1;
  const fp = new Int32Array(2);
  const visited = new Visited();
  const succ = new Int32Array(width);
  let level = new Int32Array((width + 1) * 64);
  let found = new Int32Array((width + 1) * 64);
  let count = 1;
  fingerprintWords(level, 1, width, fp);
  visited.add(fp[0] as number, fp[1] as number, -1, 0);
  let transitions = 0;
  for (let d = 0; d < depth && count > 0; d++) {
    let nextCount = 0;
    for (let f = 0; f < count; f++) {
      const at = f * (width + 1);
      const index = level[at] as number;
      const held = level[at + 1] as number;
      for (let k = 0; k < EVENT_KINDS; k++) {
        for (let c = 0; c < n; c++) {
          transitions++;
          const r = level[at + 2 + c] as number;
          const phase = r & 7;
          const tries = (r >> 3) & 31;
          const renews = r >> 8;
          let row = r;
          let h = held;
          if (k === 0 && phase === 0) row = rowWord(1, 0, renews);
          else if (k === 1 && phase === 1 && held === 0) {
            row = rowWord(2, tries, 0);
            h = 1;
          } else if (k === 2 && phase === 2 && renews < MAX_RENEWS) row = rowWord(2, tries, renews + 1);
          else if (k === 3 && phase === 2) {
            row = rowWord(0, tries, 0);
            h = 0;
          } else if (k === 4 && phase === 1) row = tries >= MAX_TRIES ? rowWord(4, tries, renews) : rowWord(3, tries + 1, renews);
          else if (k === 5 && phase === 3) row = rowWord(1, tries, renews);
          if (row === r && h === held) continue;
          for (let i = 0; i < width; i++) succ[i] = level[at + 1 + i] as number;
          succ[0] = h;
          succ[1 + c] = row;
          fingerprintWords(succ, 0, width, fp);
          const added = visited.add(fp[0] as number, fp[1] as number, index, k * n + c);
          if (added < 0) continue;
          if (!wordsHold(succ)) throw new Error("packed reference: an invariant of lock_clients fails");
          const o = nextCount * (width + 1);
          if (o + width + 1 > found.length) found = grown(found);
          found[o] = added;
          found.set(succ, o + 1);
          nextCount++;
        }
      }
    }
    const done = level;
    level = found;
    found = done;
    count = nextCount;
  }
  return { states: visited.size, transitions };
}

function wordsHold(w: Int32Array): boolean {
  let holding = 0;
  for (let i = 1; i < w.length; i++) {
    const r = w[i] as number;
    if ((r & 7) === 2) holding++;
    if (((r >> 3) & 31) > MAX_TRIES || r >> 8 > MAX_RENEWS) return false;
  }
  return holding <= 1 && (w[0] === 1) === holding > 0;
}

function grown(a: Int32Array): Int32Array<ArrayBuffer> {
  const b = new Int32Array(a.length * 2);
  b.set(a);
  return b;
}

/** The search on objects, each successor a new state record and list. */
function searchObjects(n: number, depth: number): Counts {
  const fp = new Int32Array(2);
  const words = new Int32Array(n + 1);
  const visited = new Visited();
  const fingerprint = (s: Lock): void => {
    words[0] = s.held ? 1 : 0;
    s.clients.forEach((r, i) => void (words[i + 1] = rowWord(phaseOrdinal(r.phase), r.tries, r.renews)));
    fingerprintWords(words, 0, n + 1, fp);
  };
  const init: Lock = { held: false, clients: Array.from({ length: n }, () => ({ phase: "Idle", tries: 0, renews: 0 })) };
  fingerprint(init);
  visited.add(fp[0] as number, fp[1] as number, -1, 0);
  let level: [Lock, number][] = [[init, 0]];
  let transitions = 0;
  for (let d = 0; d < depth && level.length > 0; d++) {
    const found: [Lock, number][] = [];
    for (const [s, index] of level) {
      for (let k = 0; k < EVENT_KINDS; k++) {
        for (let c = 0; c < n; c++) {
          transitions++;
          const next = stepObject(s, k, c);
          if (next === s) continue;
          fingerprint(next);
          const added = visited.add(fp[0] as number, fp[1] as number, index, k * n + c);
          if (added < 0) continue;
          if (!objectHolds(next)) throw new Error("objects reference: an invariant of lock_clients fails");
          found.push([next, added]);
        }
      }
    }
    level = found;
  }
  return { states: visited.size, transitions };
}

function stepObject(s: Lock, k: number, c: number): Lock {
  const me = s.clients[c] as Client;
  if (k === 0 && me.phase === "Idle") return put(s, c, { phase: "Waiting", tries: 0, renews: me.renews }, s.held);
  if (k === 1 && me.phase === "Waiting" && !s.held) return put(s, c, { phase: "Holding", tries: me.tries, renews: 0 }, true);
  if (k === 2 && me.phase === "Holding" && me.renews < MAX_RENEWS) return put(s, c, { phase: "Holding", tries: me.tries, renews: me.renews + 1 }, s.held);
  if (k === 3 && me.phase === "Holding") return put(s, c, { phase: "Idle", tries: me.tries, renews: 0 }, false);
  if (k === 4 && me.phase === "Waiting") {
    const x: Client = me.tries >= MAX_TRIES ? { phase: "Gone", tries: me.tries, renews: me.renews } : { phase: "Backoff", tries: me.tries + 1, renews: me.renews };
    return put(s, c, x, s.held);
  }
  if (k === 5 && me.phase === "Backoff") return put(s, c, { phase: "Waiting", tries: me.tries, renews: me.renews }, s.held);
  return s;
}

/** `s` with client `c` replaced by `x` and the flag set to `held`. */
function put(s: Lock, c: number, x: Client, held: boolean): Lock {
  const clients = s.clients.slice();
  clients[c] = x;
  return { held, clients };
}

function objectHolds(s: Lock): boolean {
  let holding = 0;
  for (const r of s.clients) {
    if (r.phase === "Holding") holding++;
    if (r.tries > MAX_TRIES || r.renews > MAX_RENEWS) return false;
  }
  return holding <= 1 && s.held === holding > 0;
}

/** States per second of `f`, repeated until 200 ms pass. */
function rate(f: () => Counts): { rate: number; counts: Counts } {
  const start = performance.now();
  let states = 0;
  let counts: Counts;
  do {
    counts = f();
    states += counts.states;
  } while (performance.now() - start < 200);
  return { rate: (states * 1000) / (performance.now() - start), counts };
}

/** The reference line: lock_clients at its bench size (`x` from `prog`, CLIENTS = `n`). */
export function packedReferenceLine(prog: Program, x: Explore, n: number): string {
  const depth = x.depth;
  const ways: [string, () => Counts][] = [
    ["compiled on words", () => exploreMachine(prog, x, { depth, symmetry: false, threads: 1 })],
    ["compiled on objects", () => exploreMachine(prog, x, { depth, symmetry: false, threads: 1, engine: "objects" })],
    ["objects by hand", () => searchObjects(n, depth)],
    ["words by hand", () => searchWords(n, depth)],
  ];
  const rates = ways.map((): number[] => []);
  const counts = new Set<string>();
  for (let round = 0; round < 7; round++) {
    ways.forEach(([, f], i) => {
      const r = rate(f);
      // The first two rounds warm the JIT.
      if (round >= 2) rates[i]?.push(r.rate);
      counts.add(`${r.counts.states}/${r.counts.transitions}`);
    });
  }
  const [packed, compiled, objects, words] = rates.map((r) => median(r)) as [number, number, number, number];
  const k = (r: number): string => `${Math.round(r / 1000)} k`;
  const agree = counts.size === 1 ? `all four ${[...counts][0]} states/transitions` : `COUNTS DIFFER: ${[...counts].join(", ")}`;
  return `reference (bench/packed-reference.ts, lock_clients CLIENTS = ${n}): compiled on words ${k(packed)} states/s, on objects ${k(compiled)}; by hand (never a product path) objects ${k(objects)}, words ${k(words)}; engine words/objects ${(packed / compiled).toFixed(2)}, by hand words/engine words ${(words / packed).toFixed(2)}, engine objects/objects by hand ${(compiled / objects).toFixed(2)} (medians of 5, alternating; ${agree})`;
}
