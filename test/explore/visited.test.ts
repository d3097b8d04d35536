// generator/explore/visited.ts: the text fingerprint separates distinct texts; the open-addressing
// table keeps every state across growth (by half, multiply-shift slots), refuses duplicates, and
// the delta-coded parent pointers rebuild the path of ordinals, wide deltas and ordinals included.

import { describe, expect, it } from "vitest";
import { fingerprint, Visited } from "../../generator/explore/visited.js";

describe("fingerprint", () => {
  it("is deterministic and 2 x 32 bits", () => {
    const [a, b] = fingerprint('{"failures":[0],"given_up":false}');
    expect(fingerprint('{"failures":[0],"given_up":false}')).toEqual([a, b]);
    for (const h of [a, b]) expect(Number.isInteger(h) && h >= 0 && h < 2 ** 32).toBe(true);
  });

  it("gives 100 000 near-identical texts 100 000 distinct fingerprints", () => {
    const seen = new Set<string>();
    for (let i = 0; i < 100_000; i++) seen.add(fingerprint(`{"last_ms":${i},"w":[${i % 7}]}`).join(":"));
    expect(seen.size).toBe(100_000);
  });
});

describe("Visited", () => {
  it("adds once, refuses duplicates, and survives growth past the initial capacity", () => {
    const v = new Visited(16);
    for (let i = 0; i < 50_000; i++) expect(v.add(...fingerprint(`s${i}`), i === 0 ? -1 : i - 1, i % 3)).toBe(i);
    for (let i = 0; i < 50_000; i += 97) expect(v.add(...fingerprint(`s${i}`), 0, 0)).toBe(-1);
    for (let i = 0; i < 50_000; i += 89) expect(v.has(...fingerprint(`s${i}`))).toBe(true);
    expect(v.has(...fingerprint("never added"))).toBe(false);
    expect(v.size).toBe(50_000);
    // Fingerprints 8 bytes a slot at 58-88% load, the recent ones at most 2 bytes a slot, plus
    // two bytes of parent and ordinal.
    expect(v.bytes / v.size).toBeLessThanOrEqual(20);
    expect(v.parent(49_999)).toBe(49_998);
    expect(v.ordinal(49_999)).toBe(49_999 % 3);
  });

  it("takes the fingerprint (0, 0) and the (0, 1) it shares a key with as one", () => {
    const v = new Visited();
    expect(v.add(0, 0, -1, 0)).toBe(0);
    expect(v.add(0, 1, 0, 0)).toBe(-1);
  });

  it("rebuilds the ordinals from the root to a state", () => {
    const v = new Visited();
    v.add(...fingerprint("root"), -1, 0);
    const a = v.add(...fingerprint("a"), 0, 2);
    const b = v.add(...fingerprint("b"), a, 0);
    const c = v.add(...fingerprint("c"), b, 4);
    expect(v.path(c)).toEqual([2, 0, 4]);
    expect(v.path(0)).toEqual([]);
  });

  it("keeps parents far behind and ordinals past one byte", () => {
    const v = new Visited();
    v.add(...fingerprint("root"), -1, 0);
    for (let i = 1; i < 1000; i++) v.add(...fingerprint(`a${i}`), 0, i);
    const far = v.add(...fingerprint("far"), 999, 300);
    const farther = v.add(...fingerprint("farther"), far, 7);
    expect(v.parent(far)).toBe(999);
    expect(v.path(999)).toEqual([999]);
    expect(v.path(farther)).toEqual([999, 300, 7]);
    expect(() => v.add(...fingerprint("backwards"), 3, 0)).toThrow(/breadth-first/);
  });
});
