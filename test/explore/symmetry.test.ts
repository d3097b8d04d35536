// The permutations a symmetric search checks the order-sensitive laws on (compiled.ts): every
// arrangement of the rows, the state itself first, each distinct arrangement once when rows are
// equal, and the symmetric fields permuted together.

import { describe, expect, it } from "vitest";
import { permutations } from "../../generator/explore/compiled.js";
import type { Value } from "../../generator/interpret/index.js";

const text = (v: Value): string => JSON.stringify(v);

describe("permutations of symmetric rows", () => {
  it("gives all n! arrangements of distinct rows, the state itself first", () => {
    const s = { phase: "P", workers: [{ id: 0 }, { id: 1 }, { id: 2 }, { id: 3 }] };
    const all = [...permutations(s, ["workers"])];
    expect(all[0]).toBe(s);
    expect(all).toHaveLength(24);
    expect(new Set(all.map(text)).size).toBe(24);
    for (const v of all) expect((v as { phase: string }).phase).toBe("P");
  });

  it("gives each arrangement once when rows are equal, and still every one", () => {
    const a = { id: "a" };
    const b = { id: "b" };
    const s = { workers: [a, b, { id: "a" }, a, { id: "b" }] };
    const all = [...permutations(s, ["workers"])].map(text);
    // 5! / (3! 2!) arrangements of three a and two b.
    expect(all).toHaveLength(10);
    expect(new Set(all).size).toBe(10);
    expect(all[0]).toBe(text(s));
  });

  it("permutes the symmetric fields together, and rows equal in one field only stay apart", () => {
    const s = { workers: [{ v: 1 }, { v: 1 }, { v: 2 }], budgets: [10, 20, 10] };
    const all = [...permutations(s, ["workers", "budgets"])] as { workers: { v: number }[]; budgets: number[] }[];
    // Rows 0 and 1 share the worker but not the budget: three distinct rows, 3! arrangements.
    expect(all).toHaveLength(6);
    expect(new Set(all.map(text)).size).toBe(6);
    const pairs = (v: { workers: { v: number }[]; budgets: number[] }): string => v.workers.map((w, i) => `${w.v}:${v.budgets[i]}`).sort().join(" ");
    for (const v of all) expect(pairs(v)).toBe(pairs(all[0] as (typeof all)[number]));
  });

  it("leaves lists of different lengths alone", () => {
    const s = { workers: [1, 2], budgets: [1] };
    expect([...permutations(s, ["workers", "budgets"])]).toEqual([s]);
  });
});
