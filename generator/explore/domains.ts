// Explore stage: what the explorer may do from a state. Each explored event variant's payload
// fields have candidate expressions over the current state `s`; evaluated per state and
// deduplicated, their cartesian product gives the events tried, in a fixed order (variants as
// the spec lists them, then fields in declaration order, then candidates as written), so a
// state's event ordinal always names the same event and traces can be rebuilt from ordinals.

import type { Explore, Law, Program } from "../ir/module.js";
import type { TypeRef } from "../ir/types.js";
import { evalExpr } from "../interpret/expr.js";
import type { Value } from "../interpret/value.js";

/** The events tried from `state`. */
export function candidateEvents(prog: Program, explore: Explore, state: Value): Value[] {
  const env = new Map<string, Value>([["s", state]]);
  const out: Value[] = [];
  for (const d of explore.domains) {
    let partial: Record<string, Value>[] = [{ kind: d.event }];
    for (const f of d.fields) {
      const seen = new Set<string>();
      const values: Value[] = [];
      for (const x of f.values) {
        const v = evalExpr(x, env, prog);
        const key = JSON.stringify(v);
        if (seen.has(key)) continue;
        seen.add(key);
        values.push(v);
      }
      partial = partial.flatMap((p) => values.map((v) => ({ ...p, [f.name]: v })));
    }
    out.push(...partial);
  }
  return out;
}

const same = (a: TypeRef, b: TypeRef): boolean => a.module === b.module && a.name === b.name;

/** The laws the explorer checks on one machine, from every module of the program. */
export interface MachineLaws {
  /** Over every reachable state: invariants, then progress laws (checked from each state). */
  readonly invariants: readonly Law[];
  /** Over every transition: step laws, then variant laws. */
  readonly steps: readonly Law[];
}

export function machineLaws(prog: Program, machine: TypeRef): MachineLaws {
  const all = prog.modules.flatMap((m) => m.laws);
  const about = (l: Law, kind: "invariant" | "step" | "variant" | "progress"): boolean => l.body.kind === kind && same(l.body.machine, machine);
  return {
    invariants: [...all.filter((l) => about(l, "invariant")), ...all.filter((l) => about(l, "progress"))],
    steps: [...all.filter((l) => about(l, "step")), ...all.filter((l) => about(l, "variant"))],
  };
}
