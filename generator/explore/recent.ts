// Explore stage: the fingerprints a visited set was asked about lately, in a small
// direct-mapped cache in front of its table (visited.ts, shared-visited.ts). A state's successors
// are mostly states seen already, and states expanded one after another share many of them: with
// 2^16 entries, 76% of launcher WORKERS = 5's lookups hit the cache, 59% of lock_clients
// CLIENTS = 6's. A hit costs a read in a table that stays in the core's cache; a lookup in the
// visited table itself costs a miss once it outgrows the cache (about 60 ns at a million states
// on this 2-core host, against 8 in cache). Only fingerprints of held states are ever written
// into it (each lookup leaves its fingerprint in the table), so a hit always means held.
// Empty entries are (0, 0), which no looked-up fingerprint is: both sets hold (0, 0) as another.

/**
 * Entries: a power of two, at most a quarter of the table's slots (2 bytes a slot, 2.3-3.4 a
 * state held), between 2^8 and 2^16 (512 KB).
 */
const MIN_BITS = 8;
const MAX_BITS = 16;

/** The index bits of the cache for a table of `capacity` slots. */
export function recentBits(capacity: number): number {
  return Math.max(MIN_BITS, Math.min(MAX_BITS, Math.floor(Math.log2(Math.max(1, capacity / 4)))));
}

/** The bytes of a cache of 2^bits entries (two words each). */
export function recentBytes(bits: number): number {
  return 8 << bits;
}

/** An empty cache of 2^bits entries. */
export function recentTable(bits: number): Int32Array {
  return new Int32Array(recentBytes(bits) / 4);
}

/**
 * Whether the fingerprint (h1, h2) was looked up lately; either way it is in the cache afterwards
 * (the caller then makes sure the table holds it). The entry is chosen by the high bits of h2
 * (the tables place a fingerprint by those of h1). `shift` is 32 minus the cache's bits.
 */
export function seenLately(recent: Int32Array, shift: number, h1: number, h2: number): boolean {
  const at = (h2 >>> shift) << 1;
  if (recent[at] === h1 && recent[at + 1] === h2) return true;
  recent[at] = h1;
  recent[at + 1] = h2;
  return false;
}
