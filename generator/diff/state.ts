// Diff stage: persisted states. Every state the old model reaches (explored on the interpreter
// over the OLD spec's own domain, at its parameters' defaults) must become a state of the new
// model, as it is or through the `migrate:` the new machine declares, and the result must
// satisfy every new invariant. A failure keeps the old state and the fit or law it breaks.

import type { Machine } from "../ir/module.js";
import type { TypeRef } from "../ir/types.js";
import { exploreMachine } from "../explore/search.js";
import { machineLaws } from "../explore/domains.js";
import { firstBroken } from "../explore/oracle.js";
import { evalExpr } from "../interpret/expr.js";
import { initialState } from "../interpret/machine.js";
import { InterpretError, type Value } from "../interpret/value.js";
import { migrationRef, misfit } from "./values.js";
import type { Side } from "./wire.js";

/** At most this many old states per machine (the search stops there and says so). */
export const STATE_LIMIT = 50_000;

/** The old state as a new one, or why it cannot be one. */
export type Migrated = { readonly ok: true; readonly state: Value } | { readonly ok: false; readonly reason: string };

/** An old state through the new machine's migration (or as it is), checked against the new state type. */
export function migrateState(now: Side, machine: Machine, old: Value): Migrated {
  let state = old;
  if (machine.migrate !== null) {
    const why = misfit(now.program, migrationRef(now.module.name, machine), old);
    if (why !== null) return { ok: false, reason: `it is no ${machine.name}State.from record: ${why}` };
    try {
      state = evalExpr(machine.migrate.to, new Map([["s", old]]), now.program);
    } catch (e) {
      if (!(e instanceof InterpretError)) throw e;
      return { ok: false, reason: `the migration fails on it: ${e.message}` };
    }
  }
  const fit = misfit(now.program, machine.state, state);
  if (fit !== null) return { ok: false, reason: `${machine.migrate === null ? "" : `migrated to ${JSON.stringify(state)}, `}it is no ${machine.state.name}: ${fit}` };
  return { ok: true, state };
}

export interface StateReport {
  readonly machine: string;
  /** Old states judged, and whether the old search saw every reachable one. */
  readonly states: number;
  readonly complete: boolean;
  /** Old states past the old wire's own bounds (never written), left out. */
  readonly unwritable: number;
  /** `migrate` when the new machine declares a migration, else `as is`. */
  readonly through: "migrate" | "as is";
  /** States that do not carry over: how many, and the first with why (a fit or a law). */
  readonly failed: number;
  readonly first: { readonly state: Value; readonly reason: string; readonly law: string | null } | null;
}

/**
 * Per machine of the old release, the states its model reaches (explored over its own domain)
 * that its own wire could write: a state past the old wire bound (a clock explored beyond it)
 * was never in a journal, and is only counted.
 */
export type Reached = ReadonlyMap<string, { readonly states: readonly Value[]; readonly complete: boolean; readonly unwritable: number }>;

export function reachOld(old: Side): Reached {
  const out = new Map<string, { states: Value[]; complete: boolean; unwritable: number }>();
  for (const m of old.module.machines) {
    const r = { states: [] as Value[], complete: false, unwritable: 0 };
    const keep = (s: Value): void => {
      if (misfit(old.program, m.state, s) === null) r.states.push(s);
      else r.unwritable++;
    };
    const x = old.module.explore.find((e) => e.machine.name === m.name);
    if (x === undefined) keep(initialState(old.program, { module: old.module.name, name: m.name }));
    else r.complete = exploreMachine(old.program, x, { engine: "interpret", maxStates: STATE_LIMIT, onState: keep }).complete;
    out.set(m.name, r);
  }
  return out;
}

/** Every old reachable state of each machine both releases have. */
export function diffStates(old: Side, now: Side, reached: Reached): StateReport[] {
  const out: StateReport[] = [];
  for (const m of now.module.machines) {
    const before = old.module.machines.find((x) => x.name === m.name);
    const ref: TypeRef = { module: now.module.name, name: m.name };
    const laws = machineLaws(now.program, ref).invariants;
    let failed = 0;
    let first: StateReport["first"] = null;
    const judge = (s: Value): void => {
      const r = migrateState(now, m, s);
      let why: { reason: string; law: string | null } | null = r.ok ? null : { reason: r.reason, law: null };
      if (r.ok) {
        const broken = firstBroken(now.program, laws, { s: r.state });
        if (broken) why = { reason: `${m.migrate === null ? "" : `migrated to ${JSON.stringify(r.state)}, `}${broken.message}`, law: broken.law.name };
      }
      if (why === null) return;
      failed++;
      first ??= { state: s, ...why };
    };
    const r = reached.get(m.name);
    if (before === undefined || r === undefined) continue;
    for (const s of r.states) judge(s);
    out.push({ machine: m.name, states: r.states.length, complete: r.complete, unwritable: r.unwritable, through: m.migrate === null ? "as is" : "migrate", failed, first });
  }
  return out;
}
