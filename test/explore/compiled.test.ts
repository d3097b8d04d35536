// The compiled explorer (generator/explore/compile) against the interpreter, its oracle: on every
// reachable state of every explored machine and on random states and events of the machine's
// types, the compiled events, step, output, rule, invariants and step laws equal the
// interpreter's, and where the interpreter throws the compiled code throws too. The arithmetic
// helpers agree with the interpreter's BigInt arithmetic at the edges of the safe integers.

import fc from "fast-check";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { Frontier } from "../../generator/explore/frontier.js";
import { describe, expect, it } from "vitest";
import { arbContext, declArb } from "../../generator/arbitrary/index.js";
import { compileSpecs, specFiles } from "../../generator/check/index.js";
import { candidateEvents, compileMachine, exploreMachine, machineLaws, type CompiledMachine } from "../../generator/explore/index.js";
import { permutations } from "../../generator/explore/compiled.js";
import { helpers, prologue } from "../../generator/explore/compile/helpers.js";
import { intArith, natArith } from "../../generator/interpret/arith.js";
import { evalCall } from "../../generator/interpret/builtins.js";
import { checkLaw, InterpretError, stepMachine, type Value } from "../../generator/interpret/index.js";
import { findMachine } from "../../generator/interpret/lookup.js";
import type { Explore, Module, Program } from "../../generator/ir/module.js";

const root = fileURLToPath(new URL("../..", import.meta.url));
// The bench specs (bench/specs/: a decision called from a step, nested records and options, a
// wide enum product, symmetric rows of numbers) are shapes spec/ lacks.
const fixtures = ["fixtures/explore/supervise_off_by_one.yaml", "fixtures/explore/launcher_busy_quiesces.yaml", ...readdirSync(join(root, "bench/specs")).map((f) => `bench/specs/${f}`)];

function program(): Program {
  const r = compileSpecs(root, [...specFiles(root), ...fixtures]);
  if (!r.ok) throw new Error("specs do not compile");
  return r.program;
}

const prog = program();
const explored = prog.modules.flatMap((m) => m.explore.map((x) => [m, x] as const));

/** What the interpreter says about one transition, or the error it throws. */
function oracleStep(x: Explore, s: Value, e: Value): { state: Value; output: Value; rule: string; law: number } | "throws" {
  try {
    const r = stepMachine(prog, x.machine, s, e);
    const laws = machineLaws(prog, x.machine).steps;
    return { ...r, law: laws.findIndex((l) => !checkLaw(prog, l, { s, e, n: r.state, o: r.output })) };
  } catch (err) {
    if (err instanceof InterpretError) return "throws";
    throw err;
  }
}

function compiledStep(cm: CompiledMachine, s: Value, e: Value): { state: Value; output: Value; rule: string; law: number } | "throws" {
  const out = { output: null as Value, rule: -1 };
  try {
    const n = cm.step(s, e, out);
    return { state: n, output: out.output, rule: cm.rules[out.rule] as string, law: cm.stepLaw(s, e, n, out.output) };
  } catch (err) {
    if (err instanceof InterpretError) return "throws";
    throw err;
  }
}

function oracleInvariant(x: Explore, s: Value): number | "throws" {
  try {
    return machineLaws(prog, x.machine).invariants.findIndex((l) => !checkLaw(prog, l, { s }));
  } catch (err) {
    if (err instanceof InterpretError) return "throws";
    throw err;
  }
}

function compiledInvariant(cm: CompiledMachine, s: Value): number | "throws" {
  try {
    return cm.invariant(s);
  } catch (err) {
    if (err instanceof InterpretError) return "throws";
    throw err;
  }
}

describe("compiled machines agree with the interpreter", () => {
  it("on every state the search reaches (spec/ and the broken fixtures), for every candidate event", () => {
    let checked = 0;
    for (const [, x] of explored) {
      const cm = compileMachine(prog, x);
      const states: Value[] = [];
      exploreMachine(prog, x, { engine: "interpret", maxStates: 3000, onState: (s) => void states.push(s) });
      for (const s of states) {
        const events = candidateEvents(prog, x, s);
        expect(cm.events(s)).toEqual(events);
        expect(compiledInvariant(cm, s)).toEqual(oracleInvariant(x, s));
        for (const e of events) {
          expect(compiledStep(cm, s, e)).toEqual(oracleStep(x, s, e));
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(10_000);
  }, 300_000);

  it("on random states and events of the machine's types, edges and huge numbers included", () => {
    for (const [m, x] of explored) {
      const cm = compileMachine(prog, x);
      const machine = findMachine(prog, x.machine);
      const ctx = arbContext(prog, m as Module);
      fc.assert(
        fc.property(declArb(ctx, machine.state), declArb(ctx, machine.event), (s, e) => {
          expect(compiledStep(cm, s, e)).toEqual(oracleStep(x, s, e));
          expect(compiledInvariant(cm, s)).toEqual(oracleInvariant(x, s));
        }),
        { numRuns: 300, seed: 13 },
      );
    }
  }, 300_000);

  it("the initial state is the interpreter's", () => {
    for (const [, x] of explored) expect(compileMachine(prog, x).init()).toEqual(exploreInit(x));
  });
});

function exploreInit(x: Explore): Value {
  let first: Value = null;
  exploreMachine(prog, x, { engine: "interpret", depth: 1, onState: (s) => void (first ??= s) });
  return first;
}

describe("the reachable graph for passes over it (onSuccessors, key)", () => {
  it("hands every expanded state its transitions; keys name exactly the states counted", () => {
    for (const symmetry of [false, true]) {
      const x = prog.modules.find((m) => m.name === "launcher")?.explore[0] as Explore;
      const cm = compileMachine(prog, x, symmetry);
      const keys = new Set<string>();
      let edges = 0;
      let expanded = 0;
      const r = exploreMachine(prog, x, {
        depth: 64,
        symmetry,
        onSuccessors: (s, succ) => {
          expanded++;
          keys.add(cm.key(s));
          for (const t of succ) {
            keys.add(cm.key(t.state));
            expect(t.rule).toMatch(/^Quiesce\./);
          }
          edges += succ.length;
        },
      });
      expect(r.complete).toBe(true);
      expect(expanded).toBe(r.states);
      expect(edges).toBe(r.transitions);
      expect(keys.size).toBe(r.states);
    }
  });
});

describe("the search loop's fingerprint, computed beside the state stepped from", () => {
  // The loop reuses the packed words of the rows a successor shares with its parent: the key it
  // gets must be the key of the state on its own, or states would be lost or counted twice.
  it("is the state's own on every transition of the reachable graph, with and without symmetry", () => {
    let checked = 0;
    for (const symmetry of [false, true]) {
      const x = prog.modules.find((m) => m.name === "launcher")?.explore[0] as Explore;
      const cm = compileMachine(prog, x, symmetry);
      exploreMachine(prog, x, {
        depth: 64,
        symmetry,
        onSuccessors: (s, succ) => {
          for (const t of succ) {
            expect(cm.keyFrom(t.state, s)).toBe(cm.key(t.state));
            checked++;
          }
        },
      });
    }
    expect(checked).toBeGreaterThan(10_000);
  });

  it("is the state's own after a step from a random state, and beside an unrelated state", () => {
    for (const [m, x] of explored) {
      const cm = compileMachine(prog, x);
      const machine = findMachine(prog, x.machine);
      const ctx = arbContext(prog, m as Module);
      fc.assert(
        fc.property(declArb(ctx, machine.state), declArb(ctx, machine.state), declArb(ctx, machine.event), (s, other, e) => {
          const step = compiledStep(cm, s, e);
          if (step !== "throws") expect(cm.keyFrom(step.state, s)).toBe(cm.key(step.state));
          expect(cm.keyFrom(s, other)).toBe(cm.key(s));
        }),
        { numRuns: 200, seed: 13 },
      );
    }
  }, 300_000);
});

/** Pack `states` into a level and read each back: it must equal the state packed. */
function roundTrip(cm: CompiledMachine, states: readonly Value[]): void {
  const f = new Frontier();
  states.forEach((s, i) => cm.pack(s, f, i));
  for (let i = 0, at = 0; i < states.length; i++) {
    expect(f.words[at]).toBe(i);
    expect(cm.unpack(f.words, at + 1)).toEqual(states[i]);
    at = cm.unpackedEnd();
  }
}

describe("records with numbers as one word while the numbers are small (hash.ts looseLayout)", () => {
  // A row of an enum and numbers enters the hash as one word below 2^30 when each number fits
  // its share of bits, and as the word 2^30 and then field by field when one does not; the codec
  // packs it alike (-1 and the fields). States on either side of every boundary must keep
  // distinct keys, computed alone or beside a parent, and come back from the frontier equal.
  const edges = [0, 1, 8191, 8192, 16383, 16384, 2 ** 30, 2 ** 31 - 1, 2 ** 31, 2 ** 32, 2 ** 53 - 1];
  const cases: [string, (row: Record<string, Value>, a: number, b: number) => Record<string, Value>][] = [
    ["lock_clients", (row, a, b) => ({ ...row, tries: a, renews: b })],
    ["retry_queue", (row, a, b) => ({ ...row, attempts: a, delay_ms: b === 0 ? null : b - 1 })],
  ];
  for (const [name, setRow] of cases)
    it(`${name}: a key per state across the boundaries of the rows' words, alone and beside the parent, with and without symmetry; the codec gives each back`, () => {
      const x = prog.modules.find((m) => m.name === name)?.explore[0] as Explore;
      for (const symmetry of [false, true]) {
        const cm = compileMachine(prog, x, symmetry);
        const s0 = cm.init() as Record<string, Value>;
        const list = Object.keys(s0).find((k) => Array.isArray(s0[k])) as string;
        const rows = s0[list] as Record<string, Value>[];
        const keys = new Set<string>();
        const states: Value[] = [];
        for (const a of edges)
          for (const b of edges) {
            const s = { ...s0, [list]: [setRow(rows[0] as Record<string, Value>, a, b), ...rows.slice(1)] };
            expect(cm.keyFrom(s, s0)).toBe(cm.key(s));
            keys.add(cm.key(s));
            states.push(s);
          }
        expect(keys.size).toBe(states.length);
        roundTrip(cm, states);
      }
    });
});

describe("the fingerprint under symmetry (a multiset hash of the rows)", () => {
  // The rows enter as a sum of row contributions, updated from the parent's: a state and every
  // arrangement of its rows must share a key, and states of different orbits must not.
  it("is one key per orbit on every state of the full graph, packed rows (launcher) and rows with numbers (lock_clients)", () => {
    for (const name of ["launcher", "lock_clients"]) {
      const x = prog.modules.find((m) => m.name === name)?.explore[0] as Explore;
      expect(x.symmetric.length).toBeGreaterThan(0);
      const cm = compileMachine(prog, x, true);
      const orbits = new Map<string, string>();
      const keys = new Set<string>();
      exploreMachine(prog, x, {
        depth: 64,
        symmetry: false,
        maxStates: 4000,
        onState: (s) => {
          const arranged = [...permutations(s, x.symmetric)];
          const orbit = arranged.map((v) => JSON.stringify(v)).sort()[0] as string;
          const key = cm.key(s);
          for (const v of arranged) expect(cm.key(v)).toBe(key);
          const known = orbits.get(orbit);
          if (known === undefined) orbits.set(orbit, key);
          else expect(key).toBe(known);
          keys.add(key);
        },
      });
      expect(orbits.size).toBeGreaterThan(100);
      expect(keys.size).toBe(orbits.size);
    }
  });
});

describe("the packed frontier (codec.ts)", () => {
  // A level is held as words: a state must come back equal, or the search would expand
  // another state than the one it found.

  it("gives back every reachable state", () => {
    for (const [, x] of explored) {
      const states: Value[] = [];
      exploreMachine(prog, x, { maxStates: 2000, onState: (s) => void states.push(s) });
      roundTrip(compileMachine(prog, x), states);
    }
  });

  it("gives back a state larger than the encoder's first buffer, and the states around it", () => {
    const x = prog.modules.find((m) => m.name === "retry_queue")?.explore[0] as Explore;
    const job = (i: number): Value => ({ status: "Waiting", attempts: i, delay_ms: i % 3 === 0 ? null : 2 ** 40 + i });
    const big: Value = { jobs: Array.from({ length: 1500 }, (_, i) => job(i)), running: 2 };
    const small: Value = { jobs: [job(1)], running: 0 };
    roundTrip(compileMachine(prog, x), [small, big, small, big]);
  });

  it("gives back random states of the machine's types, huge and negative numbers included", () => {
    for (const [m, x] of explored) {
      const cm = compileMachine(prog, x);
      const ctx = arbContext(prog, m as Module);
      fc.assert(
        fc.property(fc.array(declArb(ctx, findMachine(prog, x.machine).state), { maxLength: 4 }), (states) => roundTrip(cm, states)),
        { numRuns: 100, seed: 13 },
      );
    }
  });
});

/** What `f` gives, or "throws" when it throws as the interpreter does (InterpretError). */
function outcome<T>(f: () => T): T | "throws" {
  try {
    return f();
  } catch (err) {
    if (err instanceof InterpretError) return "throws";
    throw err;
  }
}

describe("arithmetic helpers", () => {
  const edges = [0, 1, 2, 3, 7, 1000, 2 ** 31, 2 ** 32 + 1, 2 ** 52, Number.MAX_SAFE_INTEGER - 1, Number.MAX_SAFE_INTEGER];
  const ops = [
    ["+", "add"],
    ["-", "sub"],
    ["*", "mul"],
    ["/", "div"],
    ["%", "mod"],
  ] as const;

  it("nat: truncating subtraction, x / 0 = 0, x % 0 = x, overflow throws, as the interpreter", () => {
    for (const a of edges) for (const b of edges) for (const [op, name] of ops) expect(outcome(() => helpers[`$n${name}`](a, b)), `${a} ${op} ${b}`).toEqual(outcome(() => natArith(op, a, b)));
    expect(helpers.$nsub(3, 5)).toBe(0);
    expect(helpers.$ndiv(7, 0)).toBe(0);
    expect(helpers.$nmod(7, 0)).toBe(7);
  });

  it("int: the same results on negative operands", () => {
    const signed = [...edges, ...edges.filter((x) => x > 0).map((x) => -x)];
    for (const a of signed) for (const b of signed) for (const [op, name] of ops) expect(outcome(() => helpers[`$i${name}`](a, b)), `${a} ${op} ${b}`).toEqual(outcome(() => intArith(op, a, b)));
  });

  it("pow2 is exact below 2^53 and throws from there", () => {
    expect(helpers.$pow2(52)).toBe(2 ** 52);
    expect(() => helpers.$pow2(53)).toThrow(InterpretError);
  });
});

describe("list helpers (each machine's own copies, compile/helpers.ts)", () => {
  // The helpers as a machine's compiled source has them: the prologue run on its own.
  const own = new Function("$h", `${prologue}\nreturn { $append, $keep_last, $nth_or, $set_at, $repeat, $get_or, $with, $filter, $all, $any, $count, $map };`)(helpers) as Record<string, (...args: unknown[]) => Value>;
  const lists: Value[][] = [[], [1], [1, 2, 3], [{ a: 1 }, { a: 2 }]];
  const counts = [-2, -1, 0, 1, 2, 3, 5];

  it("give what the interpreter's built-ins give, and throw where they throw (a negative count)", () => {
    for (const l of lists) {
      expect(own.$append?.(l, 9)).toEqual(evalCall("append", [l, 9]));
      for (const n of counts) {
        expect(outcome(() => own.$keep_last?.(l, n) as Value), `keep_last ${n}`).toEqual(outcome(() => evalCall("keep_last", [l, n])));
        expect(outcome(() => own.$nth_or?.(l, n, 7) as Value), `nth_or ${n}`).toEqual(outcome(() => evalCall("nth_or", [l, n, 7])));
        expect(outcome(() => own.$set_at?.(l, n, 8) as Value), `set_at ${n}`).toEqual(outcome(() => evalCall("set_at", [l, n, 8])));
        expect(outcome(() => own.$repeat?.(n, l) as Value), `repeat ${n}`).toEqual(outcome(() => evalCall("repeat", [n, l])));
      }
    }
    expect(own.$get_or?.(null, 4)).toBe(evalCall("get_or", [null, 4]));
    expect(own.$get_or?.(3, 4)).toBe(evalCall("get_or", [3, 4]));
  });

  it("with copies the record and refuses a field it does not have; the list operations keep order", () => {
    const r = { a: 1, b: 2 };
    expect(own.$with?.(r, { b: 3 })).toEqual({ a: 1, b: 3 });
    expect(r).toEqual({ a: 1, b: 2 });
    expect(outcome(() => own.$with?.(r, { c: 3 }) as Value)).toBe("throws");
    const odd = (x: unknown): boolean => (x as number) % 2 === 1;
    const l = [1, 2, 3, 5, 8];
    expect(own.$filter?.(l, odd)).toEqual([1, 3, 5]);
    expect(own.$count?.(l, odd)).toBe(3);
    expect([own.$all?.(l, odd), own.$all?.([1, 3], odd), own.$all?.([], odd)]).toEqual([false, true, true]);
    expect([own.$any?.(l, odd), own.$any?.([2, 4], odd), own.$any?.([], odd)]).toEqual([true, false, false]);
    expect(own.$map?.(l, (x: unknown) => (x as number) * 10)).toEqual([10, 20, 30, 50, 80]);
  });

  it("set_at gives back the list itself when the element is already the one set (a step that changes nothing returns its state)", () => {
    const row = { a: 1 };
    const l = [row, { a: 2 }];
    expect(own.$set_at?.(l, 0, row)).toBe(l);
    expect(own.$set_at?.(l, 5, row)).toBe(l);
    expect(own.$set_at?.(l, 0, { a: 1 })).not.toBe(l);
  });

  it("are not shared between two compiled machines", () => {
    const [first, second] = explored.slice(0, 2).map(([, x]) => compileMachine(prog, x).source);
    expect(first).toContain("function $set_at(");
    expect(second).toContain("function $set_at(");
    expect(Object.keys(helpers)).not.toContain("$set_at");
  });
});
