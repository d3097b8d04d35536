// Explore stage: explicit-state breadth-first search of one machine on the interpreter. Every
// reachable state (up to the depth bound) is checked against the machine's invariants, every
// transition against its step and variant laws. Level by level, so the first violation found
// has a shortest trace. Only two levels of states are held; older ones live as fingerprints
// and parent pointers (visited.ts), and a trace is rebuilt by re-running its event ordinals.

import type { Explore, Law, Program } from "../ir/module.js";
import { checkLaw } from "../interpret/law.js";
import { findMachine } from "../interpret/lookup.js";
import { initialState, stepMachine } from "../interpret/machine.js";
import { InterpretError, type Value } from "../interpret/value.js";
import { candidateEvents, machineLaws } from "./domains.js";
import type { TraceStep } from "./trace.js";
import { fingerprint, Visited } from "./visited.js";

export interface ExploreOptions {
  /** Number of events to explore to; default: the spec's `explore` depth. */
  readonly depth?: number;
  /** Stop (and report the search truncated) after this many distinct states. */
  readonly maxStates?: number;
  /** Keep, for each rule, a shortest trace that fires it. */
  readonly witnesses?: boolean;
  /** Called with each distinct state reached, the initial one first. */
  readonly onState?: (state: Value) => void;
  /** Called every few hundred transitions; the caller throttles what it prints. */
  readonly onProgress?: (p: Progress) => void;
}

export interface Progress {
  readonly states: number;
  readonly transitions: number;
  readonly depth: number;
  readonly elapsedMs: number;
}

/** A law that failed (or an evaluation that threw), with a shortest run that shows it. */
export interface Violation {
  /** Law name, or `error` when the model itself failed to evaluate. */
  readonly law: string;
  readonly kind: "invariant" | "step" | "variant" | "error";
  readonly message: string;
  readonly trace: readonly TraceStep[];
}

export interface ExploreResult {
  readonly module: string;
  readonly machine: string;
  /** The depth bound used. */
  readonly depth: number;
  /** The deepest level that held a new state. */
  readonly reached: number;
  /** No new state appeared before the bound: every reachable state was seen. */
  readonly complete: boolean;
  /** The state budget ran out before the bound. */
  readonly truncated: boolean;
  readonly states: number;
  readonly transitions: number;
  readonly elapsedMs: number;
  /** Every rule of the machine, in declaration order, and those that fired. */
  readonly rules: readonly string[];
  readonly fired: ReadonlySet<string>;
  /** The laws checked (names). */
  readonly laws: readonly string[];
  readonly violation: Violation | null;
  /** With `witnesses`: for each rule that fired, a shortest trace ending with it. */
  readonly witnesses: ReadonlyMap<string, readonly TraceStep[]>;
  /** Bytes of the visited set and parent pointers. */
  readonly bytes: number;
}

/** Re-run a path of event ordinals from the initial state. */
export function rebuild(prog: Program, explore: Explore, ordinals: readonly number[]): TraceStep[] {
  let state = initialState(prog, explore.machine);
  const steps: TraceStep[] = [{ state, event: null, output: null, rule: null }];
  for (const ord of ordinals) {
    const event = candidateEvents(prog, explore, state)[ord];
    if (event === undefined) throw new InterpretError(`rebuild: no event #${ord}`);
    const r = stepMachine(prog, explore.machine, state, event);
    state = r.state;
    steps.push({ state, event, output: r.output, rule: r.rule });
  }
  return steps;
}

function lawKind(l: Law): "invariant" | "step" | "variant" {
  return l.body.kind === "invariant" ? "invariant" : l.body.kind === "variant" ? "variant" : "step";
}

/** The first law in `laws` that does not hold on `binding`, with why. */
function firstBroken(prog: Program, laws: readonly Law[], binding: { s: Value; e?: Value; n?: Value; o?: Value }): { law: Law; message: string } | null {
  for (const law of laws) {
    try {
      if (!checkLaw(prog, law, binding)) return { law, message: `${law.name} does not hold: ${law.doc}` };
    } catch (e) {
      if (!(e instanceof InterpretError)) throw e;
      return { law, message: `${law.name} could not be evaluated: ${e.message}` };
    }
  }
  return null;
}

export function exploreMachine(prog: Program, explore: Explore, opts: ExploreOptions = {}): ExploreResult {
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
  visited.add(fingerprint(JSON.stringify(init)), -1, 0);
  opts.onState?.(init);
  const bad = firstBroken(prog, laws.invariants, { s: init });
  if (bad) fail(bad.law.name, "invariant", bad.message, []);
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
        const added = visited.add(fingerprint(JSON.stringify(r.state)), index, ord);
        if (added >= 0) {
          reached = depth + 1;
          const inv = firstBroken(prog, laws.invariants, { s: r.state });
          if (inv) {
            fail(inv.law.name, "invariant", inv.message, visited.path(added));
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
          opts.onProgress({ states: visited.size, transitions, depth: depth + 1, elapsedMs: performance.now() - started });
        }
      }
    }
    frontier = next;
  }
  const witnesses = new Map<string, readonly TraceStep[]>();
  if (opts.witnesses) {
    for (const [rule, [index, ord]] of firstFire) witnesses.set(rule, rebuild(prog, explore, [...visited.path(index), ord]));
  }
  return {
    module: explore.machine.module,
    machine: machine.name,
    depth: bound,
    reached,
    complete: violation === null && !truncated && frontier.length === 0,
    truncated,
    states: visited.size,
    transitions,
    elapsedMs: performance.now() - started,
    rules: machine.handlers.flatMap((h) => h.branches.map((b) => b.rule)),
    fired,
    laws: [...laws.invariants, ...laws.steps].map((l) => l.name),
    violation,
    witnesses,
    bytes: visited.bytes,
  };
}
