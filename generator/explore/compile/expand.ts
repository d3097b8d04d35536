// Explore stage, compiled engine: the inner loop of the search, written into each machine's
// compiled source (machine.ts) so its calls to the step, the step laws and the fingerprint see
// one machine only and V8 can inline them; and what it shares with the search around it
// (compiled.ts, or a parallel worker): the visited set, the rules' first firings, and where a
// throw happened.

import type { Value } from "../../interpret/value.js";
import type { Transition } from "../search.js";

/**
 * The set the loop adds successors to: Visited (one thread) or SharedVisited (a parallel
 * worker). The new state's index, or -1 when it was held.
 */
export interface StateSet {
  add(h1: number, h2: number, parent: number, ordinal: number): number;
}

/**
 * What `expand` shares with the search (compiled.ts, or a parallel worker) around it. One object
 * per search, made at one site, so the compiled loops of every machine see one shape.
 */
export interface Expansion {
  readonly visited: StateSet;
  /** Per rule, the index of a state that fired it and the event ordinal (-1: not yet). */
  readonly firstFire: Int32Array;
  readonly rules: readonly string[];
  /** The transitions of the state being expanded, when the caller asked for them. */
  succ: Transition[] | null;
  transitions: number;
  /** The event being stepped, and in which part (EXPAND_*) a throw happened. */
  ord: number;
  phase: number;
  /** A new state and its index: 0 to go on, nonzero to stop the search. */
  found(n: Value, index: number): number;
}

/** The one place an Expansion is made (one object shape for every compiled loop). */
export function newExpansion(visited: Expansion["visited"], rules: readonly string[], found: Expansion["found"]): Expansion {
  return { visited, firstFire: new Int32Array(rules.length * 2).fill(-1), rules, succ: null, transitions: 0, ord: -1, phase: EXPAND_EVENTS, found };
}

/** `Expansion.phase` while listing events, stepping, checking step laws, and in `found`. */
export const EXPAND_EVENTS = 0;
export const EXPAND_STEP = 1;
export const EXPAND_LAW = 2;
export const EXPAND_FOUND = 3;
/** `expand` results: every transition done; a step law broke (at `ord`); `found` said stop. */
export const EXPANDED = 0;
export const BROKEN_STEP = 1;
export const STOPPED = 2;

/**
 * The inner loop of the search, one per machine in its compiled source: every event from `s`,
 * stepped, its step laws checked, and the new states handed to `found`. Written with the machine
 * (not once in compiled.ts) so its calls to step, laws and fingerprint see one machine only and
 * V8 can inline them.
 */
export function expandSource(handlers: number, from: boolean): string {
  const each = (f: (k: number) => string, otherwise: string): string => `switch (k) { ${Array.from({ length: handlers }, (_, k) => `case ${k}: ${f(k)} break;`).join(" ")} default: ${otherwise} }`;
  return `function expand(s, index, x) {
  const evs = $events !== null ? $events : events(s);
  const kinds = $events !== null ? $eventKinds : null;
  const ff = x.firstFire, visited = x.visited, succ = x.succ;
  for (let ord = 0; ord < evs.length; ord++) {
    const e = evs[ord], k = kinds !== null ? kinds[ord] : $kindOf(e.kind);
    x.ord = ord; x.phase = ${EXPAND_STEP};
    let n;
    ${each((k) => `n = $step${k}(s, e, $out);`, "n = step(s, e, $out);")}
    x.transitions++;
    const rule = $out.rule, o = $out.output;
    if (ff[rule * 2] < 0) { ff[rule * 2] = index; ff[rule * 2 + 1] = ord; }
    x.phase = ${EXPAND_LAW};
    let bad;
    ${each((k) => `bad = $laws${k}(s, e, n, o);`, "bad = stepLaw(s, e, n, o);")}
    if (bad >= 0) return ${BROKEN_STEP};
    if (succ !== null) succ.push({ event: e, state: n, output: o, rule: x.rules[rule] });
    if (n === s) continue;
    ${from ? "$fingerprintFrom(n, s);" : "$fingerprint(n);"}
    const h1 = $fp[0], h2 = $fp[1];
    const added = visited.add(h1, h2, index, ord);
    if (added >= 0 && x.found(n, added) !== 0) return ${STOPPED};
  }
  return ${EXPANDED};
}`;
}
