// Explore stage, compiled engine: the check of each state a search finds, on its compiled
// invariants; under symmetry also on the arrangements of its rows that an order-sensitive law
// can tell apart. Shared by the search on one thread (compiled.ts) and each thread of the
// parallel search (parallel-round.ts).

import type { Value } from "../interpret/value.js";
import { findArrangement } from "./arrangements.js";
import { WideValue } from "./compile/helpers.js";
import type { SearchMachine } from "./compile/instantiate.js";

/**
 * The check of a state found: the state itself when an invariant fails on it, or (under
 * symmetry, where a state stands for its orbit and a law may name a worker by a fixed index)
 * the arrangement of its rows on which one fails; null when none does.
 */
export function stateCheck(cm: SearchMachine, symmetric: readonly string[]): (s: Value) => Value | null {
  const badArranged = (v: Value): boolean => badInvariant(cm, v, true);
  return (st) => {
    if (badInvariant(cm, st, false)) return st;
    if (symmetric.length === 0 || !cm.ordered) return null;
    if (cm.swappedBad !== null) return cm.swappedBad(st);
    return findArrangement(st, symmetric, cm.orderedPositions, cm.sameRows, badArranged);
  };
}

/** Whether an invariant fails on `s`; `ordered`: only those a permutation of the rows can break. */
function badInvariant(cm: SearchMachine, s: Value, ordered: boolean): boolean {
  try {
    return (ordered ? cm.orderedInvariant(s) : cm.invariant(s)) >= 0;
  } catch (e) {
    // A value words cannot hold is no law's failure: the search starts again on objects.
    if (e instanceof WideValue) throw e;
    return true;
  }
}
