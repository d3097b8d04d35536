// The packed engine (generator/explore/compile/packed.ts: states stepped as bit-packed words)
// against the compiled engine on objects, which compiled.test.ts holds to the interpreter: on
// every explored machine of spec/, the explore fixtures and the bench specs that words can hold,
// the same states, transitions, depth reached, completeness, rules fired and violation (law,
// message, trace). A number that outgrows the bits first given to it starts the search again
// wider, then on objects, with the same result.

import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { compileSpecs, specFiles } from "../../generator/check/index.js";
import { exploreMachine, withParams, type ExploreResult } from "../../generator/explore/index.js";
import { firstNatBits, packedMachine } from "../../generator/explore/compile/packed.js";
import type { Program } from "../../generator/ir/module.js";

const root = fileURLToPath(new URL("../..", import.meta.url));
const fixtures = ["fixtures/explore/supervise_off_by_one.yaml", "fixtures/explore/launcher_busy_quiesces.yaml", "bench/specs/lease_replicas.yaml", "bench/specs/lock_clients.yaml", "bench/specs/retry_queue.yaml", "bench/specs/rollout_panel.yaml"];

function program(extra: readonly string[] = []): Program {
  const r = compileSpecs(root, [...specFiles(root), ...fixtures, ...extra]);
  if (!r.ok) throw new Error("specs do not compile");
  return r.program;
}

/** What two searches must agree on. */
function summary(r: ExploreResult): unknown {
  return { states: r.states, transitions: r.transitions, reached: r.reached, complete: r.complete, fired: [...r.fired].sort(), violation: r.violation };
}

describe("packed engine", () => {
  const prog = program();
  const explored = prog.modules.flatMap((m) => m.explore.map((x) => [m.name, x] as const));

  it("holds every bench spec, supervise and launcher on words, and leaves a machine with a number past 31 bits on objects", () => {
    const onWords = new Set(explored.filter(([, x]) => packedMachine(prog, x, firstNatBits(prog, x)) !== null).map(([name]) => name));
    for (const name of ["lease_replicas", "lock_clients", "retry_queue", "rollout_panel", "launcher", "launcher_busy_quiesces", "supervise"]) expect(onWords, name).toContain(name);
    // park's idle times start at 10^14 ms.
    expect(onWords).not.toContain("park");
  });

  for (const [name, x] of explored) {
    it(`${name}: words and objects agree (at most 10 levels)`, () => {
      const depth = Math.min(x.depth, 10);
      const words = exploreMachine(prog, x, { depth, symmetry: false, threads: 1 });
      const objects = exploreMachine(prog, x, { depth, symmetry: false, threads: 1, engine: "objects" });
      expect(objects.engine).toBe("objects");
      expect(words.engine).toBe(packedMachine(prog, x, firstNatBits(prog, x)) === null ? "objects" : "words");
      expect(summary(words)).toEqual(summary(objects));
    });
  }

  // Other instances: a bound in an expression's type may predate the parameters (the engine
  // sizes lists from the state's declared types).
  for (const [module, param, value] of [["launcher", "WORKERS", 1], ["launcher", "WORKERS", 4], ["lock_clients", "CLIENTS", 5], ["retry_queue", "SLOTS", 2], ["retry_queue", "SLOTS", 5]] as const) {
    it(`${module} ${param} = ${value}: words and objects agree (at most 8 levels)`, () => {
      const r = withParams(prog, new Map([[param, value]]));
      if (!("program" in r)) throw new Error(r.message);
      const x = r.program.modules.find((m) => m.name === module)?.explore[0];
      if (x === undefined) throw new Error(`no ${module}`);
      const words = exploreMachine(r.program, x, { depth: 8, symmetry: false, threads: 1 });
      expect(words.engine).toBe("words");
      expect(summary(words)).toEqual(summary(exploreMachine(r.program, x, { depth: 8, symmetry: false, threads: 1, engine: "objects" })));
    });
  }

  // Under symmetry: rows as a multiset, order-sensitive laws on each arrangement (words), and a
  // state law broken on words found again on objects for its arrangement.
  for (const [module, param, value] of [["launcher", "WORKERS", 3], ["launcher", "WORKERS", 5], ["lock_clients", "CLIENTS", 4]] as const) {
    it(`${module} ${param} = ${value}, with symmetry: words and objects agree`, () => {
      const r = withParams(prog, new Map([[param, value]]));
      if (!("program" in r)) throw new Error(r.message);
      const x = r.program.modules.find((m) => m.name === module)?.explore[0];
      if (x === undefined) throw new Error(`no ${module}`);
      const words = exploreMachine(r.program, x, { depth: 64, threads: 1 });
      expect(words.engine).toBe("words");
      expect(summary(words)).toEqual(summary(exploreMachine(r.program, x, { depth: 64, threads: 1, engine: "objects" })));
    });
  }

  it("finds the explore fixture's violation on words, with the trace the object engine finds", () => {
    const x = prog.modules.find((m) => m.name === "launcher_busy_quiesces")?.explore[0];
    if (x === undefined) throw new Error("no fixture");
    const words = exploreMachine(prog, x, { symmetry: false, threads: 1 });
    expect(words.engine).toBe("words");
    expect(words.violation?.law).toBe("idle_shutdown_never_aborts");
    expect(summary(words)).toEqual(summary(exploreMachine(prog, x, { symmetry: false, threads: 1, engine: "objects" })));
  });

  describe("numbers past their bits", () => {
    // n grows by STEP (100) and m a thousandfold: the first guess (12 bits, from the constants)
    // holds neither for long.
    const dir = join(root, ".tmp/packed-test");
    mkdirSync(dir, { recursive: true });
    writeFileSync(
      join(dir, "packed_widen.yaml"),
      `# yaml-language-server: $schema=../../generator/spec.schema.json
module: packed_widen
doc: "Test spec: counters that outgrow the bits the packed engine first gives a nat."
constants:
  STEP: { type: nat, value: 100, doc: each addition }
types:
  WidenOutput: { doc: what an event did, enum: [Added, Grown] }
machines:
  Counter:
    doc: Two counters.
    state:
      n: { type: nat, init: 0, doc: a count that grows by STEP }
      m: { type: nat, init: 1, doc: a count that grows a thousandfold }
    events:
      Add: { doc: add STEP to n }
      Grow: { doc: multiply m by 1000 }
    output: WidenOutput
    on:
      Add:
        branches:
          - { id: add, set: { n: s.n + STEP }, emit: Added }
      Grow:
        branches:
          - { id: grow, set: { m: s.m * 1000 }, emit: Grown }
laws:
  widen_steps:
    doc: n is a multiple of STEP
    secures: the count moves by whole steps
    adversary: a partial step
    invariant:
      machine: Counter
      holds: s.n % STEP == 0
explore:
  Counter:
    depth: 6
    events:
      Add: {}
      Grow: {}
`,
    );
    const widen = program([".tmp/packed-test/packed_widen.yaml"]);
    const x = widen.modules.find((m) => m.name === "packed_widen")?.explore[0];
    if (x === undefined) throw new Error("no packed_widen");
    const both = (depth: number): [ExploreResult, ExploreResult] => [exploreMachine(widen, x, { depth, threads: 1 }), exploreMachine(widen, x, { depth, threads: 1, engine: "objects" })];

    it("starts again on wider words when a nat outgrows its first bits, and the next search starts wide", () => {
      // m = 10^6 after two steps: past the first guess, inside 31 bits.
      expect(firstNatBits(widen, x)).toBeLessThan(20);
      const [words, objects] = both(2);
      expect(words.engine).toBe("words");
      expect(firstNatBits(widen, x)).toBe(32);
      expect(summary(words)).toEqual(summary(objects));
    });

    it("goes on objects once a nat outgrows 31 bits, and words a model error as the object engine does", () => {
      for (const depth of [4, 6]) {
        const [words, objects] = both(depth);
        expect(words.engine).toBe("objects");
        expect(summary(words)).toEqual(summary(objects));
      }
      expect(both(6)[0].violation?.message).toContain("past the safe integer range");
    });
  });
});
