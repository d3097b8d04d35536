// Explore stage, compiled engine: the inner loop of the search, written into each machine's
// compiled source (machine.ts) so its calls to the step, the step laws and the fingerprint see
// one machine only and V8 can inline them; and what it shares with the search around it
// (compiled.ts): the visited set, the rules' first firings, where a throw happened, and a
// parallel worker's partition (which successors it keeps, which it sends to their owners).

import type { Value } from "../../interpret/value.js";
import type { Transition } from "../search.js";
import type { Visited } from "../visited.js";

/**
 * The parallel search's partition (parallel-worker.ts): a successor whose fingerprint's h1 mod
 * `parts` is not `part` belongs to another worker and goes to `remote` (its fingerprint in the
 * machine's `fp`) unless `sent` holds it. One part (the default) keeps every successor here.
 */
export interface Partition {
  readonly parts: number;
  readonly part: number;
  /**
   * The fingerprints sent lately, a direct-mapped cache that forgets on a clash (2 words an
   * entry, a power of two of entries; an entry (0, 0) is empty, so the fingerprint (0, 0) is held
   * as (0, 1), as in Visited): one it holds was sent, so its owner has it; one it forgot is sent
   * again and its owner, whose set is exact, drops it.
   */
  readonly sent: Int32Array;
  /** Hand a successor to its owner: 0 to go on. */
  remote(n: Value, owner: number): number;
}

/**
 * What `expand` shares with the search (compiled.ts, or a parallel worker) around it. One object
 * per search, made at one site, so the compiled loops of every machine see one shape.
 */
export interface Expansion extends Partition {
  readonly visited: Visited;
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

const ONE_PART: Partition = { parts: 1, part: 0, sent: new Int32Array(2), remote: () => 0 };

/** The one place an Expansion is made (one object shape for every compiled loop). */
export function newExpansion(visited: Visited, rules: readonly string[], found: Expansion["found"], partition: Partition = ONE_PART): Expansion {
  const { parts, part, sent, remote } = partition;
  return { visited, firstFire: new Int32Array(rules.length * 2).fill(-1), rules, succ: null, transitions: 0, ord: -1, phase: EXPAND_EVENTS, found, parts, part, sent, remote };
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
  const ff = x.firstFire, visited = x.visited, succ = x.succ, parts = x.parts, part = x.part, sent = x.sent, sentMask = (sent.length >> 1) - 1;
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
    if (parts !== 1) {
      const owner = (h1 >>> 0) % parts;
      if (owner !== part) {
        const at = ((h2 ^ (h1 >>> 7)) & sentMask) << 1, held = (h1 | h2) === 0 ? 1 : h2;
        if (sent[at] === h1 && sent[at + 1] === held) continue;
        sent[at] = h1; sent[at + 1] = held;
        if (x.remote(n, owner) !== 0) return ${STOPPED};
        continue;
      }
    }
    const added = visited.add(h1, h2, index, ord);
    if (added >= 0 && x.found(n, added) !== 0) return ${STOPPED};
  }
  return ${EXPANDED};
}`;
}
