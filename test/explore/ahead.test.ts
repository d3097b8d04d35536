// The guess of the states still ahead of a breadth-first search (generator/explore/ahead.ts),
// against the levels the search really has: on the bench specs (shapes spec/ lacks) and on
// launcher, the level sizes come from a plain breadth-first pass over the compiled machine, and
// at each level the guess is compared with the states actually left to expand. The search goes
// parallel on this guess: early it must not promise more than there is (a short search would
// start workers for nothing), and once a fifth of the states are found it must be near.

import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { compileSpecs, specFiles } from "../../generator/check/index.js";
import { statesAhead } from "../../generator/explore/ahead.js";
import { compileMachine, withParams } from "../../generator/explore/index.js";
import type { Program } from "../../generator/ir/module.js";

const root = fileURLToPath(new URL("../..", import.meta.url));
const bench = ["lease_replicas", "lock_clients", "retry_queue", "rollout_panel"];

function program(): Program {
  const r = compileSpecs(root, [...specFiles(root), ...bench.map((b) => `bench/specs/${b}.yaml`)]);
  if (!r.ok) throw new Error("specs do not compile");
  const p = withParams(r.program, new Map([["WORKERS", 4]]));
  if (!("program" in p)) throw new Error(p.message);
  return p.program;
}

/** The size of each breadth-first level of the module's explored machine, from the initial state. */
function levels(prog: Program, module: string): number[] {
  const x = prog.modules.find((m) => m.name === module)?.explore[0];
  if (x === undefined) throw new Error(`${module}: no explore section`);
  const cm = compileMachine(prog, x, false);
  const out = { output: null, rule: -1 };
  const seen = new Set<string>();
  const init = cm.init();
  let level = [init];
  seen.add(cm.key(init));
  const sizes: number[] = [];
  while (level.length > 0) {
    sizes.push(level.length);
    const next = [];
    for (const s of level)
      for (const e of cm.events(s)) {
        const n = cm.step(s, e, out);
        const key = cm.key(n);
        if (!seen.has(key)) {
          seen.add(key);
          next.push(n);
        }
      }
    level = next;
  }
  return sizes;
}

describe("the states ahead of a breadth-first search (ahead.ts)", () => {
  const prog = program();

  it("gives no guess on too few levels, or while the growth does not fall yet", () => {
    expect(statesAhead([1, 3, 9, 27, 81, 243], 243, 20)).toBeNull();
    expect(statesAhead([1, 2, 4, 8, 16, 32, 64], 64, 20)).toBeNull();
    expect(statesAhead([1, 4, 12, 30, 60, 100, 130], 130, 0)).toBe(130);
  });

  for (const module of [...bench, "launcher"])
    it(`${module}: never more than the states left before a fifth are found, within a factor of 2 from there to nine tenths`, () => {
      const sizes = levels(prog, module);
      const total = sizes.reduce((a, b) => a + b, 0);
      let found = 0;
      let expanded = 0;
      let judged = 0;
      for (let k = 0; k < sizes.length; k++) {
        const size = sizes[k] as number;
        found += size;
        const guess = statesAhead(sizes.slice(0, k + 1), size, sizes.length - k - 1);
        const actual = total - expanded;
        expanded += size;
        if (guess === null) continue;
        if (found < total / 5) expect(guess).toBeLessThanOrEqual(actual);
        else if (found <= (total * 9) / 10) {
          expect(guess).toBeGreaterThanOrEqual(actual / 2);
          expect(guess).toBeLessThanOrEqual(actual * 2);
          judged++;
        }
      }
      expect(judged).toBeGreaterThan(0);
    });
});
