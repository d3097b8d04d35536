import { describe, expect, it } from "vitest";
import { recentBits, recentTable, seenLately } from "../../generator/explore/recent.js";
import { SharedVisited } from "../../generator/explore/shared-visited.js";
import { Visited } from "../../generator/explore/visited.js";

describe("recent fingerprints", () => {
  it("answers seen for the fingerprint in its entry only, and an entry holds the last one", () => {
    const bits = 8;
    const recent = recentTable(bits);
    const shift = 32 - bits;
    // Same entry (the high bits of h2), other fingerprints: none is taken for another.
    const a: [number, number] = [1, 0x7f000001];
    const b: [number, number] = [2, 0x7f000001];
    const c: [number, number] = [1, 0x7f000002];
    expect(seenLately(recent, shift, ...a)).toBe(false);
    expect(seenLately(recent, shift, ...a)).toBe(true);
    expect(seenLately(recent, shift, ...b)).toBe(false);
    expect(seenLately(recent, shift, ...c)).toBe(false);
    expect(seenLately(recent, shift, ...c)).toBe(true);
    expect(seenLately(recent, shift, ...a)).toBe(false);
    // An empty entry is (0, 0), which is never looked up (the sets hold it as (0, 1)).
    expect(seenLately(recentTable(bits), shift, 0, 1)).toBe(false);
  });

  it("is at most a quarter of the table's slots, from 2^8 to 2^16 entries", () => {
    expect(recentBits(16)).toBe(8);
    expect(recentBits(4096)).toBe(10);
    expect(recentBits(5000)).toBe(10);
    expect(recentBits(1 << 24)).toBe(16);
  });

  it("never makes a set answer held for a fingerprint it was not given (one entry, many fingerprints)", () => {
    // Every fingerprint lands in one entry of the cache (equal h2), so each lookup evicts the last.
    const v = new Visited(16);
    const shared = SharedVisited.empty(1 << 12);
    for (let i = 1; i <= 1000; i++) {
      expect(v.add(i, 0x12345678, i === 1 ? -1 : 0, 0)).toBe(i - 1);
      expect(shared.add(i, 0x12345678)).toBe(0);
      expect(v.add(i, 0x12345678, 0, 0)).toBe(-1);
      expect(shared.add(i, 0x12345678)).toBe(-1);
    }
    // Past growth (the cache is dropped), what was added is still held.
    for (let i = 1; i <= 1000; i++) expect(v.add(i, 0x12345678, 0, 0)).toBe(-1);
    expect(v.size).toBe(1000);
    expect(shared.added).toBe(1000);
  });
});
