// Explore stage, parallel search: the visited fingerprints in one table that every worker
// thread reads and adds to (a SharedArrayBuffer), so no successor travels between threads. Open
// addressing as in visited.ts; a slot is claimed by a compare-and-swap of its second word, then
// its first word is stored. A word is never 0 in a held fingerprint (0 marks an empty or
// half-written slot): a 0 half is held as 1, which merges two fingerprints in about 2^-31 of
// the states that have one (a collision the search accepts, as visited.ts does for (0, 0)).
// The table never grows while workers add: the main thread grows it between their rounds
// (parallel.ts), and the workers stop once they together reach the round's limit of additions.
// Each thread looks up through a cache of its own of the fingerprints it met lately (recent.ts).

import { recentBits, recentTable, seenLately } from "./recent.js";

const TWO_POW_MINUS_32 = 2.3283064365386963e-10;

/** The load the main thread keeps the table under, the rounds' limits included. */
export const SHARED_LOAD = 0.8;

export class SharedVisited {
  readonly keys: Int32Array;
  /** Fingerprints this thread added since its round began. */
  added = 0;
  /** This thread's recent fingerprints (each held in the table). */
  private readonly recent: Int32Array;
  private readonly recentShift: number;

  constructor(
    readonly buffer: SharedArrayBuffer,
    readonly capacity: number,
  ) {
    this.keys = new Int32Array(buffer);
    const bits = recentBits(capacity);
    this.recent = recentTable(bits);
    this.recentShift = 32 - bits;
  }

  /** An empty table of `capacity` slots. */
  static empty(capacity: number): SharedVisited {
    return new SharedVisited(new SharedArrayBuffer(capacity * 8), capacity);
  }

  private home(h1: number): number {
    return Math.min(this.capacity - 1, Math.floor((h1 >>> 0) * TWO_POW_MINUS_32 * this.capacity));
  }

  /**
   * Add a fingerprint unless it is held: 0 when this call added it, -1 when it was there (the
   * shape of Visited.add, for the compiled search loop; the parent and ordinal are not kept).
   * The probe reads plainly (most fingerprints are held already); an empty or half-written slot
   * goes to `claim`, kept out of line so the loop that inlines this stays small.
   */
  add(h1: number, h2: number): number {
    h1 |= 0;
    h2 |= 0;
    if (h1 === 0) h1 = 1;
    if (h2 === 0) h2 = 1;
    if (seenLately(this.recent, this.recentShift, h1, h2)) return -1;
    const keys = this.keys;
    const capacity = this.capacity;
    let slot = this.home(h1);
    // A full table (no empty slot: the claim throws) is probed once around, not forever.
    for (let probes = 0; probes < capacity; probes++) {
      const b = keys[slot * 2 + 1] as number;
      if (b === 0) return this.claim(h1, h2, slot);
      if (b === h2) {
        const a = keys[slot * 2] as number;
        if (a === h1) return -1;
        if (a === 0) return this.claim(h1, h2, slot);
      }
      slot = slot + 1 === capacity ? 0 : slot + 1;
    }
    return this.claim(h1, h2, slot);
  }

  /** Go on probing from `slot`, claiming the first empty slot by compare-and-swap. */
  private claim(h1: number, h2: number, slot: number): number {
    const keys = this.keys;
    const capacity = this.capacity;
    for (let probes = 0; ; probes++) {
      // Full: a state led to more new ones than the round left room for (parallel.ts keeps room
      // for the most seen so far); the throw ends the round as a violation would, and the
      // search is rerun on one thread.
      if (probes === capacity) throw new Error("SharedVisited: the table is full");
      const at = slot * 2;
      let b = keys[at + 1] as number;
      if (b === 0) {
        b = Atomics.compareExchange(keys, at + 1, 0, h2);
        if (b === 0) {
          Atomics.store(keys, at, h1);
          this.added++;
          return 0;
        }
      }
      if (b === h2) {
        let a = keys[at] as number;
        // Claimed by another thread a moment ago: its first word follows.
        while (a === 0) a = Atomics.load(keys, at);
        if (a === h1) return -1;
      }
      slot = slot + 1 === capacity ? 0 : slot + 1;
    }
  }

  /** Whether the fingerprint is held (no thread adds meanwhile). */
  has(h1: number, h2: number): boolean {
    h1 |= 0;
    h2 |= 0;
    if (h1 === 0) h1 = 1;
    if (h2 === 0) h2 = 1;
    let slot = this.home(h1);
    for (let probes = 0; probes < this.capacity; probes++) {
      const a = this.keys[slot * 2] as number;
      const b = this.keys[slot * 2 + 1] as number;
      if (b === 0) return false;
      if (a === h1 && b === h2) return true;
      slot = slot + 1 === this.capacity ? 0 : slot + 1;
    }
    return false;
  }

  /**
   * A table of `capacity` slots holding the fingerprints of `pairs` ((h1, h2) pairs, (0, 0) for
   * none: Visited's table, or a SharedVisited's), before any thread adds to it: plain stores.
   */
  static of(pairs: Int32Array, capacity: number): SharedVisited {
    const out = SharedVisited.empty(capacity);
    const keys = out.keys;
    for (let i = 0; i < pairs.length; i += 2) {
      let h1 = pairs[i] as number;
      let h2 = pairs[i + 1] as number;
      if ((h1 | h2) === 0) continue;
      if (h1 === 0) h1 = 1;
      if (h2 === 0) h2 = 1;
      let slot = out.home(h1);
      for (;;) {
        const b = keys[slot * 2 + 1] as number;
        if (b === 0) break;
        if (b === h2 && keys[slot * 2] === h1) break;
        slot = slot + 1 === capacity ? 0 : slot + 1;
      }
      keys[slot * 2] = h1;
      keys[slot * 2 + 1] = h2;
    }
    return out;
  }

  /** A table of `capacity` slots holding every fingerprint of this one (no thread adds meanwhile). */
  grown(capacity: number): SharedVisited {
    return SharedVisited.of(this.keys, capacity);
  }

  get bytes(): number {
    return this.keys.byteLength;
  }

  /** Bytes each thread that adds holds beside the table (its recent fingerprints). */
  get threadBytes(): number {
    return this.recent.byteLength;
  }
}
