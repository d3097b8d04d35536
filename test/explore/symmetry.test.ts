// The permutations a symmetric search checks the order-sensitive laws on (arrangements.ts): every
// arrangement of the rows, the state itself first, each distinct arrangement once when rows are
// equal, and the symmetric fields permuted together; for a law that reads rows at fixed
// positions, one arrangement per choice of rows there, which still finds what it breaks.

import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { compileSpecs, specFiles } from "../../generator/check/index.js";
import { findArrangement } from "../../generator/explore/arrangements.js";
import { permutations } from "../../generator/explore/compiled.js";
import fc from "fast-check";
import { arbContext, declArb } from "../../generator/arbitrary/index.js";
import { compileMachine, exploreMachine } from "../../generator/explore/index.js";
import { findMachine } from "../../generator/interpret/lookup.js";
import type { Module } from "../../generator/ir/module.js";
import type { Value } from "../../generator/interpret/index.js";
import type { Explore } from "../../generator/ir/module.js";

const text = (v: Value): string => JSON.stringify(v);

/** spec/ with bench/specs/lock_clients.yaml as `module`, whose invariant bans the client at `index` from holding the lock. */
function lockSpecBanning(index: number, module: string): Extract<ReturnType<typeof compileSpecs>, { ok: true }> {
  const root = fileURLToPath(new URL("../..", import.meta.url));
  const dir = join(root, ".tmp", "symmetry-test");
  mkdirSync(dir, { recursive: true });
  const spec = readFileSync(join(root, "bench/specs/lock_clients.yaml"), "utf8")
    .replace("module: lock_clients", `module: ${module}`)
    .replace('holds: "all(s.clients, x -> x.tries <= MAX_TRIES && x.renews <= MAX_RENEWS)"', `holds: "!(nth_or(s.clients, ${index}, Client { phase: Idle, tries: 0, renews: 0 }).phase is Holding)"`);
  writeFileSync(join(dir, `${module}.yaml`), spec);
  const r = compileSpecs(root, [...specFiles(root), `.tmp/symmetry-test/${module}.yaml`]);
  if (!r.ok) throw new Error("the test spec does not compile");
  return r;
}

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

describe("arrangements for laws that read rows at fixed positions (findArrangement, rowPositions)", () => {
  const same = (s: Value, i: number, j: number): boolean => text((s as { workers: Value[] }).workers[i] as Value) === text((s as { workers: Value[] }).workers[j] as Value);

  it("tries each distinct row once at the position, never the state itself again", () => {
    const s = { workers: [{ id: "a" }, { id: "b" }, { id: "a" }, { id: "c" }] };
    const tried: string[] = [];
    const found = findArrangement(s, ["workers"], [0], same, (v) => {
      tried.push(text((v as { workers: Value[] }).workers[0] as Value));
      return false;
    });
    expect(found).toBeNull();
    // a is at position 0 already (the state itself is checked apart); b and c once each.
    expect(tried.sort()).toEqual([text({ id: "b" }), text({ id: "c" })]);
  });

  it("returns the arrangement a law fails on, the rows permuted together; null positions try every permutation", () => {
    const s = { workers: [{ id: "a" }, { id: "b" }, { id: "c" }], budgets: [1, 2, 3] };
    const bad = (v: Value): boolean => (v as { budgets: number[] }).budgets[1] === 3;
    const found = findArrangement(s, ["workers", "budgets"], [1], same, bad) as { workers: { id: string }[]; budgets: number[] };
    expect(found.budgets[1]).toBe(3);
    expect(found.workers[1]).toEqual({ id: "c" });
    const all: string[] = [];
    findArrangement(s, ["workers", "budgets"], null, same, (v) => (all.push(text(v)), false));
    expect(all).toHaveLength(5);
  });

  it("compiled for one position (swappedBad), gives what findArrangement gives, on reachable and random states", () => {
    // The first client may never hold the lock: a law that tells position 0 from the others.
    const r = lockSpecBanning(0, "lock_first");
    let found = 0;
    for (const name of ["launcher", "lock_first"]) {
      const m = r.program.modules.find((y) => y.name === name) as Module;
      const x = m.explore[0] as Explore;
      const cm = compileMachine(r.program, x);
      expect(cm.orderedPositions).toEqual([0]);
      expect(cm.swappedBad).not.toBeNull();
      const bad = (v: Value): boolean => {
        try {
          return cm.orderedInvariant(v) >= 0;
        } catch {
          return true;
        }
      };
      const agree = (s: Value): void => {
        const want = findArrangement(s, x.symmetric, cm.orderedPositions, cm.sameRows, bad);
        const got = cm.swappedBad?.(s) ?? null;
        expect(got === null ? null : text(got)).toBe(want === null ? null : text(want));
        if (want !== null) found++;
      };
      if (name === "launcher") exploreMachine(r.program, x, { depth: 64, symmetry: false, onState: agree });
      const ctx = arbContext(r.program, m);
      fc.assert(fc.property(declArb(ctx, findMachine(r.program, x.machine).state), (s) => agree(s)), { numRuns: 2000, seed: 7 });
    }
    // Random lock states hold the lock at another row: the comparison is not all nulls.
    expect(found).toBeGreaterThan(50);
  });

  it("a symmetric search finds a law broken only at another row's position, as short as without symmetry", () => {
    // The third client may never hold the lock: under symmetry the holder is any row, so only an
    // arrangement with it at index 2 shows the violation.
    const r = lockSpecBanning(2, "lock_third");
    const x = r.program.modules.find((m) => m.name === "lock_third")?.explore[0] as Explore;
    expect(compileMachine(r.program, x).orderedPositions).toEqual([0, 2]);
    const reduced = exploreMachine(r.program, x, { depth: 10 });
    const plain = exploreMachine(r.program, x, { depth: 10, symmetry: false });
    expect(plain.violation?.law).toBe("lock_tries_bounded");
    expect(reduced.violation?.law).toBe("lock_tries_bounded");
    expect(reduced.violation?.trace).toHaveLength(plain.violation?.trace.length ?? -1);
  });
});
