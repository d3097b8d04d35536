// Unit tests of runtime/model.ts, the prelude of generated TypeScript: Lean Nat/Int arithmetic
// (truncating subtraction, Euclidean division and remainder, `/ 0 = 0`, `% 0 = x`), structural
// equality, and the bounded-list helpers. Expected values follow Lean 4's definitions.

import { describe, expect, it } from "vitest";
import * as rt from "../../runtime/index.js";

describe("runtime/model arithmetic", () => {
  it("sub truncates at 0 like Nat", () => {
    expect(rt.sub(5, 3)).toBe(2);
    expect(rt.sub(3, 5)).toBe(0);
    expect(rt.sub(4, 4)).toBe(0);
  });

  it("div and mod: floor for nats, x / 0 = 0, x % 0 = x", () => {
    expect(rt.div(7, 2)).toBe(3);
    expect(rt.mod(7, 2)).toBe(1);
    expect(rt.div(7, 0)).toBe(0);
    expect(rt.mod(7, 0)).toBe(7);
    expect(rt.div(0, 5)).toBe(0);
  });

  it("div and mod on ints are Euclidean: a = b * (a / b) + a % b with 0 <= a % b < |b|", () => {
    expect([rt.div(-7, 2), rt.mod(-7, 2)]).toEqual([-4, 1]);
    expect([rt.div(7, -2), rt.mod(7, -2)]).toEqual([-3, 1]);
    expect([rt.div(-7, -2), rt.mod(-7, -2)]).toEqual([4, 1]);
    for (const a of [-9, -4, -1, 0, 3, 8]) {
      for (const b of [-3, -2, 2, 3]) {
        const r = rt.mod(a, b);
        expect(b * rt.div(a, b) + r).toBe(a);
        expect(r >= 0 && r < Math.abs(b)).toBe(true);
      }
    }
  });

  it("pow2", () => {
    expect([0, 1, 4, 10].map(rt.pow2)).toEqual([1, 2, 16, 1024]);
  });
});

describe("runtime/model eq", () => {
  it("compares records, unions, lists and options by structure", () => {
    expect(rt.eq({ kind: "Restart", pause_ms: 5 }, { kind: "Restart", pause_ms: 5 })).toBe(true);
    expect(rt.eq({ kind: "Restart", pause_ms: 5 }, { kind: "Restart", pause_ms: 6 })).toBe(false);
    expect(rt.eq({ kind: "GiveUp" }, { kind: "Restart", pause_ms: 5 })).toBe(false);
    expect(rt.eq([1, [2, 3]], [1, [2, 3]])).toBe(true);
    expect(rt.eq([1, 2], [1, 2, 3])).toBe(false);
    expect(rt.eq([], {})).toBe(false);
    expect(rt.eq(null, null)).toBe(true);
    expect(rt.eq(null, 0)).toBe(false);
    expect(rt.eq({ a: null }, { a: null })).toBe(true);
    expect(rt.eq({ a: 1 }, { b: 1 })).toBe(false);
  });
});

describe("runtime/model lists", () => {
  it("keepLast keeps the last n", () => {
    expect(rt.keepLast([1, 2, 3, 4], 2)).toEqual([3, 4]);
    expect(rt.keepLast([1, 2], 5)).toEqual([1, 2]);
    expect(rt.keepLast([1, 2], 0)).toEqual([]);
  });

  it("nthOr, setAt: in range and out of range", () => {
    expect(rt.nthOr([7, 8], 1, 0)).toBe(8);
    expect(rt.nthOr([7, 8], 2, 0)).toBe(0);
    const l = [1, 2, 3] as const;
    expect(rt.setAt(l, 1, 9)).toEqual([1, 9, 3]);
    expect(l).toEqual([1, 2, 3]); // never mutates its argument
    expect(rt.setAt(l, 3, 9)).toBe(l);
  });

  it("repeat, count, getOr", () => {
    expect(rt.repeat(3, "Open")).toEqual(["Open", "Open", "Open"]);
    expect(rt.repeat(0, 1)).toEqual([]);
    expect(rt.count([1, 5, 7, 2], (x) => x > 3)).toBe(2);
    expect(rt.getOr(null, 4)).toBe(4);
    expect(rt.getOr(0, 4)).toBe(0);
  });
});
