// generator/explore on the real specs and the broken fixtures: every spec module passes; the
// visited set agrees with a naive BFS over JSON strings; the broken fixtures fail with a
// SHORTEST trace (lengths argued below), whose ITF decodes back to the same run; and --workers
// changes the composed machine's size.

import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { compileSpecs, specFiles } from "../../generator/check/index.js";
import { candidateEvents, counterexample, exploreMachine, exploreModule, fromTrace, withParams } from "../../generator/explore/index.js";
import { initialState, stepMachine, type Value } from "../../generator/interpret/index.js";
import type { Explore, Program } from "../../generator/ir/module.js";
import { readItf, writeItf } from "../../runtime/itf.js";

const root = fileURLToPath(new URL("../..", import.meta.url));

function program(extra: string[] = []): Program {
  const r = compileSpecs(root, [...specFiles(root), ...extra]);
  if (!r.ok) throw new Error(`specs do not compile: ${JSON.stringify(r.diagnostics.slice(0, 3))}`);
  return r.program;
}

function exploreOf(prog: Program, module: string): Explore {
  const x = prog.modules.find((m) => m.name === module)?.explore[0];
  if (!x) throw new Error(`${module} has no explore section`);
  return x;
}

/** The oracle: BFS with the full JSON text of each state in a Set, no fingerprints. */
function naiveCount(prog: Program, x: Explore, depth: number): number {
  const seen = new Set<string>();
  let frontier: Value[] = [initialState(prog, x.machine)];
  seen.add(JSON.stringify(frontier[0]));
  for (let d = 0; d < depth; d++) {
    const next: Value[] = [];
    for (const s of frontier) {
      for (const e of candidateEvents(prog, x, s)) {
        const n = stepMachine(prog, x.machine, s, e).state;
        const key = JSON.stringify(n);
        if (!seen.has(key)) {
          seen.add(key);
          next.push(n);
        }
      }
    }
    frontier = next;
  }
  return seen.size;
}

describe("explore on spec/*.yaml", { timeout: 120_000 }, () => {
  const prog = program();

  it("every explored machine of every module passes, and every rule of supervise and launcher fires", () => {
    for (const m of prog.modules) {
      for (const r of exploreModule(prog, m)) {
        expect(r.violation, `${m.name}.${r.machine}: ${r.violation?.message}`).toBeNull();
        expect(r.states).toBeGreaterThan(1);
        if (m.name === "supervise" || m.name === "launcher") expect(r.rules.filter((x) => !r.fired.has(x))).toEqual([]);
      }
    }
  });

  it("counts the same states as a naive BFS over JSON strings", () => {
    const sup = exploreOf(prog, "supervise");
    expect(exploreMachine(prog, sup, { depth: 5 }).states).toBe(naiveCount(prog, sup, 5));
    const launcher = exploreOf(prog, "launcher");
    // Symmetry off: the naive search counts every permutation of the workers.
    const full = exploreMachine(prog, launcher, { depth: 40, symmetry: false });
    expect(full.complete).toBe(true);
    expect(full.states).toBe(naiveCount(prog, launcher, 40));
  });

  it("launcher: a full ask-answer-commit round, release and hold expiry all lie within the spec's depth", () => {
    const launcher = exploreOf(prog, "launcher");
    const r = exploreMachine(prog, launcher);
    // Explored without a bound, the search completes and every rule fires within the spec's depth.
    // (The reworked Quiesce reaches new states up to 12 events deep, past its depth of 10.)
    const unbounded = exploreMachine(prog, launcher, { depth: 64 });
    expect(unbounded.complete).toBe(true);
    expect(unbounded.violation).toBeNull();
    expect(r.states).toBeLessThanOrEqual(unbounded.states);
    expect(r.rules.filter((x) => !r.fired.has(x))).toEqual([]);
    for (const rule of ["Quiesce.Commit.stop", "Quiesce.Commit.busy", "Quiesce.Release.reopen", "Quiesce.HoldExpiry.reopen", "Quiesce.AnswerTimeout.timeout"]) expect(r.fired.has(rule)).toBe(true);
  });

  it("--param WORKERS=N sets the parameter: the state holds N workers and the range domain refolds", () => {
    const launcher = exploreOf(prog, "launcher");
    const two = withWorkers(prog, 2);
    const four = withWorkers(prog, 4);
    expect((initialState(two, launcher.machine) as { workers: unknown[] }).workers).toHaveLength(2);
    expect((initialState(four, launcher.machine) as { workers: unknown[] }).workers).toHaveLength(4);
    const ws = (p: Program): Value[] => candidateEvents(p, exploreOf(p, "launcher"), initialState(p, launcher.machine)).filter((e) => (e as { kind: string }).kind === "Answer").map((e) => (e as { w: Value }).w);
    expect(ws(four)).toEqual([0, 1, 2, 3]);
    const r2 = exploreMachine(two, exploreOf(two, "launcher"), { depth: 40 });
    const r4 = exploreMachine(four, exploreOf(four, "launcher"), { depth: 40 });
    expect(r2.violation).toBeNull();
    expect(r4.violation).toBeNull();
    expect(r2.states).toBeLessThan(exploreMachine(prog, launcher, { depth: 40 }).states);
    expect(r4.states).toBeGreaterThan(exploreMachine(prog, launcher, { depth: 40 }).states);
    expect(withParams({ modules: prog.modules.filter((m) => m.name === "supervise") }, new Map([["WORKERS", 4]]))).toEqual({ message: expect.stringMatching(/no constant of these modules is a parameter named WORKERS \(parameters: RESTART_WINDOW_MS\)/) });
    expect(withParams(prog, new Map([["RESTART_MAX_FAILURES", 4]]))).toEqual({ message: expect.stringMatching(/parameters: .*RESTART_WINDOW_MS.*, WORKERS, /) });
    expect(withParams(prog, new Map([["WORKERS", 0]]))).toEqual({ message: "--param WORKERS=0: outside its range 1..100000" });
  });
});

/** The program with the launcher's worker count parameter set to `n`. */
function withWorkers(prog: Program, n: number): Program {
  const r = withParams(prog, new Map([["WORKERS", n]]));
  if ("message" in r) throw new Error(r.message);
  return r.program;
}

/** Every state reachable without symmetry, as JSON texts (interpreter's BFS, no bound). */
function allStates(prog: Program, x: Explore): Value[] {
  const out: Value[] = [];
  exploreMachine(prog, x, { depth: 64, symmetry: false, onState: (s) => void out.push(s) });
  return out;
}

describe("symmetry reduction (symmetric: [workers])", { timeout: 120_000 }, () => {
  const prog = program();

  it("counts exactly the orbits: states equal up to a permutation of the workers count once", () => {
    for (const n of [2, 3, 4]) {
      const p = withWorkers(prog, n);
      const x = exploreOf(p, "launcher");
      expect(x.symmetric).toEqual(["workers"]);
      const states = allStates(p, x);
      const orbits = new Set(states.map((s) => {
        // Every field but the workers as is, the workers as a sorted multiset.
        const { workers, ...rest } = s as { workers: Value[] };
        return JSON.stringify([rest, workers.map((w) => JSON.stringify(w)).sort()]);
      }));
      const reduced = exploreMachine(p, x, { depth: 64 });
      expect(reduced.complete).toBe(true);
      expect(reduced.violation).toBeNull();
      expect(reduced.states).toBe(orbits.size);
      expect(reduced.states).toBeLessThan(states.length);
      // The interpreter's naive search is slow: hold the plain count to it where it is small.
      if (n <= 2) expect(states.length).toBe(naiveCount(p, x, 64));
    }
  });

  it("keeps every rule firing and completes the launcher at N = 5", () => {
    const p = withWorkers(prog, 5);
    const r = exploreMachine(p, exploreOf(p, "launcher"), { depth: 64 });
    expect(r.complete).toBe(true);
    expect(r.rules.filter((x) => !r.fired.has(x))).toEqual([]);
  });

  it("still finds the shortest counterexample, and its trace is a real run the interpreter replays", () => {
    const withFixture = program(["fixtures/explore/launcher_busy_quiesces.yaml"]);
    const module = withFixture.modules.find((m) => m.name === "launcher_busy_quiesces");
    const x = { ...(module?.explore[0] as Explore), symmetric: ["workers"] };
    const r = exploreMachine(withFixture, x);
    expect(r.violation?.law).toBe("idle_shutdown_never_aborts");
    const trace = r.violation?.trace ?? [];
    expect(trace).toHaveLength(7);
    let state = initialState(withFixture, x.machine);
    for (const step of trace.slice(1)) {
      const next = stepMachine(withFixture, x.machine, state, step.event as Value);
      expect(next.state).toEqual(step.state);
      state = next.state;
    }
  });
});

describe("explore on the broken fixtures", () => {
  it("supervise off by one: restart_gives_up fails after exactly 6 failures", () => {
    const prog = program(["fixtures/explore/supervise_off_by_one.yaml"]);
    const module = prog.modules.find((m) => m.name === "supervise_off_by_one");
    const [r] = exploreModule(prog, module as NonNullable<typeof module>);
    // Give-up needs 5 remembered failures plus this one; each event adds at most one, so no
    // shorter run can show the missing give-up.
    expect(r?.violation?.law).toBe("restart_gives_up");
    expect(r?.violation?.trace).toHaveLength(7);
    expect(r?.violation?.trace[6]?.output).toEqual({ kind: "Restart", pause_ms: 8000 });
  });

  it("launcher busy quiesces: idle_shutdown_never_aborts fails after 6 steps, and the ITF decodes to the same run", () => {
    const prog = program(["fixtures/explore/launcher_busy_quiesces.yaml"]);
    const module = prog.modules.find((m) => m.name === "launcher_busy_quiesces");
    if (!module) throw new Error("fixture module missing");
    const [r] = exploreModule(prog, module);
    const v = r?.violation;
    // A run must start (1), the supervisor ask (1), all three workers answer (3), commit (1).
    expect(v?.law).toBe("idle_shutdown_never_aborts");
    expect(v?.kind).toBe("invariant");
    expect(v?.trace).toHaveLength(7);
    const last = v?.trace[6]?.state as { phase: string; workers: { running: boolean }[] };
    expect(last.phase).toBe("Stopped");
    expect(last.workers.some((w) => w.running)).toBe(true);
    const itf = counterexample(prog, module, r as NonNullable<typeof r>);
    expect(itf?.["#meta"]["source"]).toBe("fixtures/explore/launcher_busy_quiesces.yaml");
    expect(itf?.vars).toEqual(["phase", "workers", "event", "output"]);
    const back = fromTrace(prog, readItf(writeItf(itf as NonNullable<typeof itf>)));
    expect(back).toEqual(v?.trace);
  });
});
