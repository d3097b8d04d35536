// Explore stage, compiled engine: a machine's functions made from its generated source
// (machine.ts writes it for objects, packed.ts for words), with what the search reads beside
// them. Apart from the compiler so a parallel worker (parallel-worker.ts) gets the source (11-60
// KB for this repository's machines) rather than the program (1.25 MB as JSON for spec/ and two
// bench specs, growing with every module of the project) and loads none of the compiler.

import type { Value } from "../../interpret/value.js";
import type { Frontier } from "../frontier.js";
import type { Expansion } from "./expand.js";
import { helpers } from "./helpers.js";

/** What one step produced besides the next state; reused across steps to save allocation. */
export interface StepOut {
  output: Value;
  /** Index into `rules`. */
  rule: number;
}

/** What a machine's functions are made from: plain data, so it crosses to a worker thread. */
export interface MachineSource {
  /** The generated source (the body of one `new Function`). */
  readonly source: string;
  /** Rule ids, in declaration order. */
  readonly rules: readonly string[];
  /** Whether some invariant can tell one arrangement of the symmetric rows from another. */
  readonly ordered: boolean;
  /** The row positions those invariants read (laws.ts rowPositions), or null. */
  readonly orderedPositions: readonly number[] | null;
  /** Whether a candidate domain reads the state (else the events are listed once). */
  readonly readsState: boolean;
  /** Whether the source steps states as words (packed.ts) rather than objects (machine.ts). */
  readonly packed: boolean;
}

/**
 * What a search (compiled.ts, a parallel round) calls of a machine. On objects (machine.ts) a
 * state is a value; on words (packed.ts) it is a handle the machine's own functions read.
 */
export interface SearchMachine {
  /** Rule ids, in declaration order (StepOut.rule indexes this). */
  readonly rules: readonly string[];
  init(): Value;
  /** Index of the first invariant that fails on `s`, or -1. */
  invariant(s: Value): number;
  /**
   * The same over the invariants that may tell a permutation of the symmetric rows from another
   * (those that read a row by its index); -1 when there are none or no symmetry.
   */
  orderedInvariant(s: Value): number;
  /** Whether orderedInvariant checks any law at all. */
  readonly ordered: boolean;
  /**
   * The row positions those laws can tell apart (laws.ts rowPositions), or null when they read
   * rows otherwise: then every permutation of the rows is checked.
   */
  readonly orderedPositions: readonly number[] | null;
  /** Whether rows `i` and `j` of `s` are equal in every symmetric field. */
  sameRows(s: Value, i: number, j: number): boolean;
  /**
   * When the order-sensitive laws tell apart one row position only: arrangements.ts
   * findArrangement for that position, compiled (each distinct row swapped into it, the first
   * arrangement orderedInvariant fails on, or null), with no generic permutation machinery or
   * closures per state. Null otherwise.
   */
  readonly swappedBad: ((s: Value) => Value | null) | null;
  /** The 64-bit fingerprint of `s` into `fp[0]` (low lane) and `fp[1]`; symmetric fields as a multiset. */
  fingerprint(s: Value): void;
  readonly fp: Int32Array;
  /**
   * Every transition from `s` (the state numbered `index`): EXPANDED, BROKEN_STEP or STOPPED.
   * A throw leaves `x.ord` and `x.phase` saying where (EXPAND_EVENTS: listing the events).
   */
  expand(s: Value, index: number, x: Expansion): number;
  /** Append `s`, numbered `index`, to a packed level (codec.ts). */
  pack(s: Value, into: Frontier, index: number): void;
  /** The state whose words start at `at`; `unpackedEnd()` is then where the next one starts. */
  unpack(words: Int32Array, at: number): Value;
  unpackedEnd(): number;
  /** The generated source, for debugging (`STATUTE_EXPLORE_SOURCE=1` prints it). */
  readonly source: string;
  /** What these functions were made from (a parallel worker makes its own from it). */
  readonly made: MachineSource;
}

/** The search's functions of the machine `m` describes, on words or on objects. */
export function searchMachine(m: MachineSource): SearchMachine {
  if (!m.packed) return instantiate(m);
  const built = new Function("$h", m.source)(helpers) as Omit<SearchMachine, "rules" | "ordered" | "orderedPositions" | "source" | "made">;
  return { ...built, rules: m.rules, ordered: m.ordered, orderedPositions: m.orderedPositions, source: m.source, made: m };
}

/**
 * A machine's functions for exploring on objects, made from its source. Every function may throw
 * InterpretError as the oracle does.
 */
export interface Instantiated extends SearchMachine {
  /** The candidate events from `s`; the same array for every state when no domain reads `s`. */
  events(s: Value): readonly Value[];
  /** The next state; output and rule into `out`. A branch that changes no field returns `s` itself. */
  step(s: Value, e: Value, out: StepOut): Value;
  /** Index of the first step or variant law that fails on the transition, or -1. */
  stepLaw(s: Value, e: Value, n: Value, o: Value): number;
  /** The fingerprint as text, a Map key for passes over the reachable graph (orbits under symmetry). */
  key(s: Value): string;
  /** The same key computed as the search's loop does, beside the state `parent` that `s` was stepped from. */
  keyFrom(s: Value, parent: Value): string;
}

/** The functions of the machine `m` describes. */
export function instantiate(m: MachineSource): Instantiated {
  const built = new Function("$h", m.source)(helpers) as Omit<Instantiated, "rules" | "ordered" | "orderedPositions" | "source" | "key" | "made"> & { cacheEvents(): readonly Value[]; fingerprintFrom(s: Value, p: Value): void };
  const cached = m.readsState ? null : built.cacheEvents();
  const hex = (x: number): string => (x >>> 0).toString(16).padStart(8, "0");
  return {
    ...built,
    events: cached === null ? built.events : () => cached,
    key(s) {
      built.fingerprint(s);
      return hex(built.fp[0] as number) + hex(built.fp[1] as number);
    },
    keyFrom(s, parent) {
      built.fingerprintFrom(s, parent);
      return hex(built.fp[0] as number) + hex(built.fp[1] as number);
    },
    rules: m.rules,
    ordered: m.ordered,
    orderedPositions: m.orderedPositions,
    source: m.source,
    made: m,
  };
}
