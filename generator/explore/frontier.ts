// Explore stage: one level of the breadth-first search, packed. Each state is its number in the
// visited set and its words (compile/codec.ts), one after another in a growable Int32Array, so
// a level of a million states of a few words costs a few megabytes, counted in the result's
// bytes, and never a million objects for the collector to trace.

export class Frontier {
  words = new Int32Array(256);
  /** Words in use. */
  length = 0;
  /** States held. */
  count = 0;

  /** Append state number `index` and the first `n` words of `src`. */
  push(index: number, src: Int32Array, n: number): void {
    const words = this.room(n + 1);
    const at = this.length + 1;
    words[at - 1] = index;
    // A loop, not set(subarray): a state is a few words, and a view per state is garbage.
    for (let i = 0; i < n; i++) words[at + i] = src[i] as number;
    this.length = at + n;
    this.count++;
  }

  /** The words, grown (doubling) to hold `n` more. */
  protected room(n: number): Int32Array {
    if (this.length + n > this.words.length) {
      const grown = new Int32Array(Math.max(this.words.length * 2, this.length + n));
      grown.set(this.words.subarray(0, this.length));
      this.words = grown;
    }
    return this.words;
  }

  clear(): void {
    this.length = 0;
    this.count = 0;
  }

  get bytes(): number {
    return this.words.byteLength;
  }
}
