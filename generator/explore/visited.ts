// Explore stage: the visited set. A state is remembered by a 64-bit fingerprint of its canonical
// JSON (the interpreter builds records in declaration order, so equal states give equal text),
// two independent 32-bit hashes (FNV-1a and a murmur-style multiply-xorshift). Per state we keep
// only the fingerprint, the parent's index and the ordinal of the event among the parent's
// candidates (32 to 64 bytes a state, with the table between 1/4 and 1/2 full), enough to
// rebuild any trace by re-running it.
// A fingerprint collision (about n^2 / 2^65 for n states) would hide a state; we accept that.

/** Both 32-bit halves of the fingerprint of `text`. */
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

/** Open addressing over typed arrays: fingerprint -> state index, plus the parent pointers. */
export class Visited {
  private keys: Uint32Array;
  private slots: Int32Array;
  private mask: number;
  private parents = new Int32Array(256);
  private ordinals = new Uint32Array(256);
  /** How many states are stored; indices are 0..size-1 in insertion (= BFS) order. */
  size = 0;

  constructor(capacity = 1 << 9) {
    this.keys = new Uint32Array(capacity * 2);
    this.slots = new Int32Array(capacity).fill(-1);
    this.mask = capacity - 1;
  }

  /** Add a state unless present: its new index, or -1 when it was already visited. */
  add(fp: readonly [number, number], parent: number, ordinal: number): number {
    if ((this.size + 1) * 2 > this.slots.length) this.grow();
    const slot = this.find(fp[0], fp[1]);
    if (this.slots[slot] !== -1) return -1;
    const index = this.size++;
    this.keys[slot * 2] = fp[0];
    this.keys[slot * 2 + 1] = fp[1];
    this.slots[slot] = index;
    if (index >= this.parents.length) {
      this.parents = grown(this.parents, new Int32Array(this.parents.length * 2));
      this.ordinals = grown(this.ordinals, new Uint32Array(this.ordinals.length * 2));
    }
    this.parents[index] = parent;
    this.ordinals[index] = ordinal;
    return index;
  }

  /** The event ordinals from the initial state to state `index`, in order. */
  path(index: number): number[] {
    const out: number[] = [];
    for (let i = index; i > 0; i = this.parents[i] ?? 0) out.push(this.ordinals[i] ?? 0);
    return out.reverse();
  }

  /** Bytes held by the set and the parent pointers (typed arrays only). */
  get bytes(): number {
    return this.keys.byteLength + this.slots.byteLength + this.parents.byteLength + this.ordinals.byteLength;
  }

  private find(h1: number, h2: number): number {
    let slot = (h1 ^ Math.imul(h2, 0x9e3779b1)) & this.mask;
    for (;;) {
      const at = this.slots[slot] ?? -1;
      if (at === -1 || (this.keys[slot * 2] === h1 && this.keys[slot * 2 + 1] === h2)) return slot;
      slot = (slot + 1) & this.mask;
    }
  }

  private grow(): void {
    const oldKeys = this.keys;
    const oldSlots = this.slots;
    this.keys = new Uint32Array(oldKeys.length * 2);
    this.slots = new Int32Array(oldSlots.length * 2).fill(-1);
    this.mask = this.slots.length - 1;
    for (let s = 0; s < oldSlots.length; s++) {
      const index = oldSlots[s] ?? -1;
      if (index === -1) continue;
      const h1 = oldKeys[s * 2] ?? 0;
      const h2 = oldKeys[s * 2 + 1] ?? 0;
      const slot = this.find(h1, h2);
      this.keys[slot * 2] = h1;
      this.keys[slot * 2 + 1] = h2;
      this.slots[slot] = index;
    }
  }
}

function grown<T extends Int32Array | Uint32Array>(from: T, to: T): T {
  to.set(from);
  return to;
}
