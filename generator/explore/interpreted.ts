// Explore stage: the interpreted engine, breadth-first search of one machine on the interpreter
// itself (the reference the compiled engine is measured and tested against; no symmetry). Every
// reachable state (up to the depth bound) is checked against the machine's invariants, every
// transition against its step and variant laws. Level by level, so the first violation found
// has a shortest trace. Only two levels of states are held; older ones live as fingerprints
// and parent pointers (visited.ts), and a trace is rebuilt by re-running its event ordinals.

import type { Explore, Program } from "../ir/module.js";
import { findMachine } from "../interpret/lookup.js";
import { initialState, stepMachine } from "../interpret/machine.js";
import { InterpretError, type Value } from "../interpret/value.js";
import { candidateEvents, machineLaws } from "./domains.js";
import { firstBroken, lawKind, rebuild } from "./oracle.js";
import type { ExploreOptions, ExploreResult, Violation } from "./search.js";
import type { TraceStep } from "./trace.js";
import { fingerprint, Visited } from "./visited.js";

export function exploreInterpreted(prog: Program, explore: Explore, opts: ExploreOptions = {}): ExploreResult {
  const started = performance.now();
  const machine = findMachine(prog, explore.machine);
  const laws = machineLaws(prog, explore.machine);
  const bound = opts.depth ?? explore.depth;
  const visited = new Visited();
  const fired = new Set<string>();
  const firstFire = new Map<string, [number, number]>();
  let transitions = 0;
  let reached = 0;
  let violation: Violation | null = null;
  let truncated = false;
  const fail = (law: string, kind: Violation["kind"], message: string, ordinals: number[]): void => {
    violation = { law, kind, message, trace: rebuild(prog, explore, ordinals) };
  };

  const init = initialState(prog, explore.machine);
  visited.add(...fingerprint(JSON.stringify(init)), -1, 0);
  opts.onState?.(init);
  const bad = firstBroken(prog, laws.invariants, { s: init });
  if (bad) fail(bad.law.name, lawKind(bad.law), bad.message, []);
  let frontier: { index: number; state: Value }[] = [{ index: 0, state: init }];
  let depth = 0;
  search: for (; depth < bound && frontier.length > 0 && violation === null; depth++) {
    const next: { index: number; state: Value }[] = [];
    for (const { index, state } of frontier) {
      const events = candidateEvents(prog, explore, state);
      for (let ord = 0; ord < events.length; ord++) {
        const event = events[ord] as Value;
        let r;
        try {
          r = stepMachine(prog, explore.machine, state, event);
        } catch (e) {
          if (!(e instanceof InterpretError)) throw e;
          fail("error", "error", `stepping ${JSON.stringify(event)} failed: ${e.message}`, visited.path(index));
          break search;
        }
        transitions++;
        if (!fired.has(r.rule)) {
          fired.add(r.rule);
          firstFire.set(r.rule, [index, ord]);
        }
        const broken = firstBroken(prog, laws.steps, { s: state, e: event, n: r.state, o: r.output });
        if (broken) {
          fail(broken.law.name, lawKind(broken.law), broken.message, [...visited.path(index), ord]);
          break search;
        }
        const added = visited.add(...fingerprint(JSON.stringify(r.state)), index, ord);
        if (added >= 0) {
          reached = depth + 1;
          const inv = firstBroken(prog, laws.invariants, { s: r.state });
          if (inv) {
            fail(inv.law.name, lawKind(inv.law), inv.message, visited.path(added));
            break search;
          }
          next.push({ index: added, state: r.state });
          opts.onState?.(r.state);
          if (opts.maxStates !== undefined && visited.size >= opts.maxStates) {
            truncated = true;
            break search;
          }
        }
        if (opts.onProgress && transitions % 256 === 0) {
          opts.onProgress({ states: visited.size, transitions, depth: depth + 1, elapsedMs: performance.now() - started, memory: process.memoryUsage.rss() });
        }
      }
    }
    frontier = next;
  }
  // At the depth bound, the search is complete when the last level leads to no new state.
  const closed = frontier.every(({ state }) => candidateEvents(prog, explore, state).every((e) => {
    try {
      return visited.has(...fingerprint(JSON.stringify(stepMachine(prog, explore.machine, state, e).state)));
    } catch (err) {
      if (!(err instanceof InterpretError)) throw err;
      return false;
    }
  }));
  const witnesses = new Map<string, readonly TraceStep[]>();
  if (opts.witnesses) {
    for (const [rule, [index, ord]] of firstFire) witnesses.set(rule, rebuild(prog, explore, [...visited.path(index), ord]));
  }
  return {
    module: explore.machine.module,
    machine: machine.name,
    depth: bound,
    reached,
    complete: violation === null && !truncated && closed,
    truncated,
    stopped: truncated ? { budget: "states", message: `stopped at --max-states ${opts.maxStates}` } : null,
    symmetric: [],
    states: visited.size,
    transitions,
    elapsedMs: performance.now() - started,
    rules: machine.handlers.flatMap((h) => h.branches.map((b) => b.rule)),
    fired,
    laws: [...laws.invariants, ...laws.steps].map((l) => l.name),
    violation,
    witnesses,
    bytes: visited.bytes,
    threads: 1,
    engine: "interpret",
  };
}
