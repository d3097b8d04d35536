// Explore stage: the visited set, in typed arrays, about 14-19 bytes a state. Fingerprints (64
// bits) sit in an open-addressing table kept 58-88% full (it grows by half, and the slot is
// taken by multiply-shift, so any size works). States are numbered in breadth-first order, so
// their parents never decrease: a parent is stored as the difference to the previous state's
// parent (one byte, with an absolute checkpoint every 256 states) and the event ordinal as one
// byte; the rare wider values go to side maps. Lookups pass a cache of recent fingerprints first
// (recent.ts, 2-3 bytes a state). A fingerprint collision (about n^2 / 2^65 for n states) would
// hide a state; we accept that.

import { recentBits, recentBytes, recentTable, seenLately } from "./recent.js";

/** Both 32-bit halves of the fingerprint of `text` (the interpreted engine's key, and replay's). */
export function fingerprint(text: string): [number, number] {
  let a = 0x811c9dc5;
  let b = 0x9747b28c;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x5bd1e995);
    b ^= b >>> 15;
  }
  // A final avalanche so short texts that differ in one character spread over every bit.
  b = Math.imul(b ^ (b >>> 13), 0xc2b2ae35);
  return [a >>> 0, (b ^ (b >>> 16)) >>> 0];
}

const MAX_LOAD = 0.875;
const WIDE = 255;
const TWO_POW_MINUS_32 = 2.3283064365386963e-10;

export class Visited {
  private keys: Int32Array;
  private capacity: number;
  private limit: number;
  private deltas = new Uint8Array(64);
  private ordinals = new Uint8Array(64);
  private checkpoints = new Int32Array(1);
  private readonly wideDeltas = new Map<number, number>();
  private readonly wideOrdinals = new Map<number, number>();
  private lastParent = -1;
  private recent: Int32Array;
  private recentShift: number;
  /** How many states are stored; indices are 0..size-1 in insertion (= BFS) order. */
  size = 0;

  constructor(capacity = 64) {
    this.capacity = capacity;
    this.limit = Math.floor(capacity * MAX_LOAD);
    this.keys = new Int32Array(capacity * 2);
    const bits = recentBits(capacity);
    this.recent = recentTable(bits);
    this.recentShift = 32 - bits;
  }

  /**
   * Add a state unless present: its new index, or -1 when it was already visited. Parents must
   * come in non-decreasing order (breadth-first), the first state's parent is -1.
   */
  add(h1: number, h2: number, parent: number, ordinal: number): number {
    h1 |= 0;
    h2 |= 0;
    // (0, 0) marks an empty slot; the one fingerprint equal to it shares a key with (0, 1).
    if ((h1 | h2) === 0) h2 = 1;
    if (seenLately(this.recent, this.recentShift, h1, h2)) return -1;
    if (this.size >= this.limit) this.grow();
    const keys = this.keys;
    let slot = this.home(h1);
    for (;;) {
      const a = keys[slot * 2] as number;
      const b = keys[slot * 2 + 1] as number;
      if ((a | b) === 0) break;
      if (a === h1 && b === h2) return -1;
      slot = slot + 1 === this.capacity ? 0 : slot + 1;
    }
    keys[slot * 2] = h1;
    keys[slot * 2 + 1] = h2;
    return this.append(parent, ordinal);
  }

  /** Whether the fingerprint is in the set. */
  has(h1: number, h2: number): boolean {
    return this.free(h1, h2) < 0;
  }

  /** The empty slot where the fingerprint would go, or -1 when it is in the set. */
  private free(h1: number, h2: number): number {
    h1 |= 0;
    h2 |= 0;
    if ((h1 | h2) === 0) h2 = 1;
    let slot = this.home(h1);
    for (;;) {
      const a = this.keys[slot * 2] as number;
      const b = this.keys[slot * 2 + 1] as number;
      if ((a | b) === 0) return slot;
      if (a === h1 && b === h2) return -1;
      slot = slot + 1 === this.capacity ? 0 : slot + 1;
    }
  }

  /** The parent index of state `index` (-1 for the first state). */
  parent(index: number): number {
    const block = index >> 8;
    let p = this.checkpoints[block] as number;
    for (let i = (block << 8) + 1; i <= index; i++) p += this.delta(i);
    return p;
  }

  /** The ordinal of the event that first reached state `index`. */
  ordinal(index: number): number {
    const o = this.ordinals[index] as number;
    return o === WIDE ? (this.wideOrdinals.get(index) ?? WIDE) : o;
  }

  /** The event ordinals from the initial state to state `index`, in order. */
  path(index: number): number[] {
    const out: number[] = [];
    for (let i = index; i > 0; i = this.parent(i)) out.push(this.ordinal(i));
    return out.reverse();
  }

  /** Bytes held by the typed arrays (the side maps hold a handful of entries). */
  get bytes(): number {
    return this.keys.byteLength + this.recent.byteLength + this.deltas.byteLength + this.ordinals.byteLength + this.checkpoints.byteLength;
  }

  /** Bytes the set will hold after its next growth (for a memory budget checked beforehand). */
  get nextBytes(): number {
    const capacity = Math.ceil(this.capacity * 1.5);
    return capacity * 8 + recentBytes(recentBits(capacity)) + this.deltas.byteLength * 3;
  }

  private home(h1: number): number {
    // Multiply-shift: the high bits of h1 scaled to [0, capacity).
    return Math.min(this.capacity - 1, Math.floor((h1 >>> 0) * TWO_POW_MINUS_32 * this.capacity));
  }

  private delta(i: number): number {
    const d = this.deltas[i] as number;
    return d === WIDE ? (this.wideDeltas.get(i) ?? WIDE) : d;
  }

  /** Every fingerprint held, as (h1, h2) pairs of the table (empty slots are (0, 0)). */
  get table(): Int32Array {
    return this.keys;
  }

  private append(parent: number, ordinal: number): number {
    const index = this.size++;
    if (index >= this.deltas.length) {
      const n = Math.ceil(this.deltas.length * 1.5);
      this.deltas = grown(this.deltas, new Uint8Array(n));
      this.ordinals = grown(this.ordinals, new Uint8Array(n));
    }
    if ((index & 255) === 0) {
      if ((index >> 8) >= this.checkpoints.length) this.checkpoints = grown(this.checkpoints, new Int32Array(this.checkpoints.length * 2));
      this.checkpoints[index >> 8] = parent;
    } else {
      const d = parent - this.lastParent;
      if (d < 0) throw new Error(`Visited: parent ${parent} after ${this.lastParent}; states must be added breadth-first`);
      this.deltas[index] = d >= WIDE ? WIDE : d;
      if (d >= WIDE) this.wideDeltas.set(index, d);
    }
    this.lastParent = parent;
    this.ordinals[index] = ordinal >= WIDE ? WIDE : ordinal;
    if (ordinal >= WIDE) this.wideOrdinals.set(index, ordinal);
    return index;
  }

  private grow(): void {
    const old = this.keys;
    const oldCapacity = this.capacity;
    this.capacity = Math.ceil(oldCapacity * 1.5);
    this.limit = Math.floor(this.capacity * MAX_LOAD);
    this.keys = new Int32Array(this.capacity * 2);
    // A larger table gets a larger cache (the recent fingerprints are dropped: all are held).
    const bits = recentBits(this.capacity);
    if (32 - bits !== this.recentShift) {
      this.recent = recentTable(bits);
      this.recentShift = 32 - bits;
    }
    for (let s = 0; s < oldCapacity; s++) {
      const a = old[s * 2] as number;
      const b = old[s * 2 + 1] as number;
      if ((a | b) === 0) continue;
      let slot = this.home(a);
      while (((this.keys[slot * 2] as number) | (this.keys[slot * 2 + 1] as number)) !== 0) slot = slot + 1 === this.capacity ? 0 : slot + 1;
      this.keys[slot * 2] = a;
      this.keys[slot * 2 + 1] = b;
    }
  }
}

function grown<T extends Uint8Array | Int32Array>(from: T, to: T): T {
  to.set(from);
  return to;
}
