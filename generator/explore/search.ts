// Explore stage: the explicit-state breadth-first search of one machine, its options and its
// result. Two engines share them: the compiled one (compiled.ts, the default: the IR compiled to
// JavaScript, structural fingerprints, symmetry) and the interpreted one (interpreted.ts, the
// oracle's own search, kept as the reference the compiled one is measured and tested against).
// Either way a violation is confirmed, and its message and trace made, by the interpreter.

import type { Explore, Program } from "../ir/module.js";
import type { Value } from "../interpret/value.js";
import { exploreCompiled } from "./compiled.js";
import { exploreInterpreted } from "./interpreted.js";
import type { TraceStep } from "./trace.js";

export { rebuild } from "./oracle.js";

export interface ExploreOptions {
  /** Number of events to explore to; default: the spec's `explore` depth. */
  readonly depth?: number;
  /** Stop (and report the search truncated) after this many distinct states. */
  readonly maxStates?: number;
  /** Stop (and report the search truncated) once the process holds this many bytes (RSS). */
  readonly maxMemory?: number;
  /** Keep, for each rule, a shortest trace that fires it. */
  readonly witnesses?: boolean;
  /**
   * `compiled` (default: states stepped as words when the machine's types have a fixed size,
   * compile/packed.ts, else as objects), `objects` (the compiled engine on objects always), or
   * `interpret` (the oracle's own, slow search).
   */
  readonly engine?: "compiled" | "objects" | "interpret";
  /** Count states that differ by a permutation of the spec's `symmetric` fields once (default true). */
  readonly symmetry?: boolean;
  /**
   * Threads a big search may go on in (parallel.ts), this one included (the others are worker
   * threads): default the machine's cores; 1 keeps it on this thread. Never used with onState,
   * onSuccessors, witnesses or a budget.
   */
  readonly threads?: number;
  /** Distinct states after which the search goes parallel (default: once its levels so far predict a second or so more of one thread's work and the workers are ready; compiled.ts). */
  readonly parallelFrom?: number;
  /** Called with each distinct state reached, the initial one first. */
  readonly onState?: (state: Value) => void;
  /**
   * Called once for each expanded state (every state above the depth bound) with its
   * transitions in ordinal order, to states new or already seen. A pass over the reachable
   * graph (e.g. a leads-to check) keys states by `CompiledMachine.key`.
   */
  readonly onSuccessors?: (state: Value, successors: readonly Transition[]) => void;
  /** Called every few thousand transitions; the caller throttles what it prints. */
  readonly onProgress?: (p: Progress) => void;
}

/** One transition handed to `onSuccessors`. */
export interface Transition {
  readonly event: Value;
  readonly state: Value;
  readonly output: Value;
  readonly rule: string;
}

export interface Progress {
  readonly states: number;
  readonly transitions: number;
  readonly depth: number;
  readonly elapsedMs: number;
  /** Resident set size of the process, bytes. */
  readonly memory: number;
}

/** A law that failed (or an evaluation that threw), with a shortest run that shows it. */
export interface Violation {
  /** Law name, or `error` when the model itself failed to evaluate. */
  readonly law: string;
  readonly kind: "invariant" | "step" | "variant" | "progress" | "error";
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
  /** A budget (states or memory) ran out before the bound. */
  readonly truncated: boolean;
  /** Which budget, and in words, when truncated. */
  readonly stopped: { readonly budget: "states" | "memory"; readonly message: string } | null;
  /** The state fields permuted by symmetry reduction (empty: none). */
  readonly symmetric: readonly string[];
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
  /**
   * Bytes the search held: the visited set and parent pointers, and (compiled engine) the two
   * packed levels at their largest; the interpreted engine's levels of objects are not counted.
   */
  readonly bytes: number;
  /** Threads the search went on in, this one included (1: this thread only); a violation's rerun on one thread keeps the count. */
  readonly threads: number;
  /**
   * How states were held and stepped: as bit-packed words (compile/packed.ts), as objects
   * (compile/machine.ts: symmetry, a watched search, a type words cannot hold, a number that
   * outgrew 31 bits), or by the interpreter.
   */
  readonly engine: "words" | "objects" | "interpret";
}

export function exploreMachine(prog: Program, explore: Explore, opts: ExploreOptions = {}): ExploreResult {
  return opts.engine === "interpret" ? exploreInterpreted(prog, explore, opts) : exploreCompiled(prog, explore, opts);
}

