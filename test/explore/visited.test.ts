// generator/explore/visited.ts: the fingerprint separates distinct texts, the open-addressing
// table keeps every state across growth, and parent pointers rebuild the path of ordinals.

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
    for (let i = 0; i < 5000; i++) expect(v.add(fingerprint(`s${i}`), i === 0 ? -1 : i - 1, i % 3)).toBe(i);
    for (let i = 0; i < 5000; i += 97) expect(v.add(fingerprint(`s${i}`), 0, 0)).toBe(-1);
    expect(v.size).toBe(5000);
    expect(v.bytes).toBeGreaterThan(5000 * 16);
  });

  it("rebuilds the ordinals from the root to a state", () => {
    const v = new Visited();
    v.add(fingerprint("root"), -1, 0);
    const a = v.add(fingerprint("a"), 0, 2);
    const b = v.add(fingerprint("b"), a, 0);
    const c = v.add(fingerprint("c"), b, 4);
    expect(v.path(c)).toEqual([2, 0, 4]);
    expect(v.path(0)).toEqual([]);
  });
});
