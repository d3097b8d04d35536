// generator/explore/shared-visited.ts on one thread: the set Visited holds, added once each,
// across a grown copy; a 0 half held as 1; a full table throws instead of looping. The threads'
// races are the parallel search's (test/explore/parallel.test.ts: the same counts as one thread).

import { describe, expect, it } from "vitest";
import { SharedVisited } from "../../generator/explore/shared-visited.js";
import { fingerprint, Visited } from "../../generator/explore/visited.js";

describe("SharedVisited", () => {
  it("adds each fingerprint once, answers has, and a grown table holds them all", () => {
    const t = SharedVisited.empty(1 << 16);
    const v = new Visited();
    for (let i = 0; i < 40_000; i++) {
      const [h1, h2] = fingerprint(`s${i % 30_000}`);
      expect(t.add(h1, h2)).toBe(v.add(h1, h2, 0, 0) >= 0 ? 0 : -1);
    }
    expect(t.added).toBe(30_000);
    const g = t.grown(1 << 17);
    expect(g.added).toBe(0);
    for (let i = 0; i < 30_000; i++) expect(g.has(...fingerprint(`s${i}`))).toBe(true);
    expect(g.has(...fingerprint("s30000"))).toBe(false);
    expect(g.add(...fingerprint("s29999"))).toBe(-1);
  });

  it("holds a 0 half as 1 (0 marks an empty slot)", () => {
    const t = SharedVisited.empty(16);
    expect(t.add(0, 0)).toBe(0);
    expect(t.add(1, 1)).toBe(-1);
    expect(t.add(7, 0)).toBe(0);
    expect(t.has(7, 1)).toBe(true);
    expect(t.has(7, 2)).toBe(false);
  });

  it("throws when full instead of probing forever", () => {
    const t = SharedVisited.empty(8);
    for (let i = 1; i <= 8; i++) expect(t.add(i, i)).toBe(0);
    expect(() => t.add(100, 100)).toThrow(/full/);
    expect(t.add(3, 3)).toBe(-1);
    expect(t.has(100, 100)).toBe(false);
  });
});
