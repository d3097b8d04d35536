// Diff stage: behaviour. Both releases are run on the interpreter (the one semantics) on the same
// inputs: each decision on the facts both judge (generator/mutate/facts.ts of either release,
// those that are facts of both), each machine from every state the old model reaches (migrated
// for the new one) on the events both explore domains try there (those that are events of
// both). A step differs when the outputs differ or the old next state, migrated, is not the new
// next state. Per decision and per machine event: how many inputs differ, the first one, and
// the rules that fired on each side. The new model's bindings are kept for the law comparison.

import type { Machine } from "../ir/module.js";
import type { TypeRef } from "../ir/types.js";
import { candidateEvents } from "../explore/domains.js";
import { decide } from "../interpret/decision.js";
import type { LawBinding } from "../interpret/law.js";
import { stepMachine } from "../interpret/machine.js";
import { InterpretError, valueEquals, type Value } from "../interpret/value.js";
import { factsFor } from "../mutate/facts.js";
import { migrateState, type Reached } from "./state.js";
import { misfit } from "./values.js";
import type { Side } from "./wire.js";

/** One side's answer on an input: a verdict (or output and next state) and its rule, or an error. */
export type Answer = { readonly ok: true; readonly value: Value; readonly rule: string } | { readonly ok: false; readonly error: string };

export interface BehaviourEntry {
  /** `RestartDecide` or `RestartBudget.Failure`. */
  readonly name: string;
  readonly kind: "decision" | "step";
  /** Inputs tried (facts records, or state and event pairs) and how many answered differently. */
  readonly inputs: number;
  readonly differing: number;
  /** The first differing input: facts, or the old state and the event; each side's answer. */
  readonly first: { readonly input: Value; readonly old: Answer; readonly new: Answer } | null;
}

function attempt(f: () => { value: Value; rule: string }): Answer {
  try {
    return { ok: true, ...f() };
  } catch (e) {
    if (!(e instanceof InterpretError)) throw e;
    return { ok: false, error: e.message };
  }
}

function dedup(values: readonly Value[]): Value[] {
  return [...new Map(values.map((v) => [JSON.stringify(v), v])).values()];
}

/** A binding of the new model's law variables, for the machine or decision it was taken on. */
export interface Bound {
  readonly target: string;
  readonly binding: LawBinding;
}

class Tally {
  readonly entries = new Map<string, { kind: BehaviourEntry["kind"]; inputs: number; differing: number; first: BehaviourEntry["first"] }>();
  add(name: string, kind: BehaviourEntry["kind"], input: Value, old: Answer, now: Answer, same: boolean): void {
    const e = this.entries.get(name) ?? { kind, inputs: 0, differing: 0, first: null };
    this.entries.set(name, e);
    e.inputs++;
    if (same) return;
    e.differing++;
    e.first ??= { input, old, new: now };
  }
  list(): BehaviourEntry[] {
    return [...this.entries].map(([name, e]) => ({ name, ...e }));
  }
}

function diffDecisions(old: Side, now: Side, tally: Tally, bindings: Bound[]): void {
  for (const d of now.module.decisions) {
    const before = old.module.decisions.find((x) => x.name === d.name);
    if (before === undefined) continue;
    const refOld: TypeRef = { module: old.module.name, name: d.name };
    const refNew: TypeRef = { module: now.module.name, name: d.name };
    const facts = dedup([...factsFor(old.program, refOld), ...factsFor(now.program, refNew)]).filter(
      (f) => misfit(old.program, before.facts, f) === null && misfit(now.program, d.facts, f) === null,
    );
    for (const f of facts) {
      const a = attempt(() => { const r = decide(old.program, refOld, f); return { value: r.verdict, rule: r.rule }; });
      const b = attempt(() => { const r = decide(now.program, refNew, f); return { value: r.verdict, rule: r.rule }; });
      if (b.ok) bindings.push({ target: d.name, binding: { f, v: b.value } });
      tally.add(d.name, "decision", f, a, b, a.ok && b.ok ? valueEquals(a.value, b.value) : a.ok === b.ok);
    }
  }
}

/** The new machine's step on the migrated state against the old step, its next state migrated. */
function diffStep(old: Side, now: Side, m: Machine, s: Value, ns: Value, e: Value, tally: Tally, bindings: Bound[]): void {
  const a = attempt(() => { const r = stepMachine(old.program, { module: old.module.name, name: m.name }, s, e); return { value: { output: r.output, state: r.state }, rule: r.rule }; });
  const b = attempt(() => { const r = stepMachine(now.program, { module: now.module.name, name: m.name }, ns, e); return { value: { output: r.output, state: r.state }, rule: r.rule }; });
  if (b.ok) {
    const v = b.value as { output: Value; state: Value };
    bindings.push({ target: m.name, binding: { s: ns, e, n: v.state, o: v.output } });
  }
  let same = a.ok === b.ok;
  if (a.ok && b.ok) {
    const x = a.value as { output: Value; state: Value };
    const y = b.value as { output: Value; state: Value };
    const carried = migrateState(now, m, x.state);
    same = valueEquals(x.output, y.output) && carried.ok && valueEquals(carried.state, y.state);
  }
  tally.add(`${m.name}.${String((e as { kind?: Value }).kind)}`, "step", { state: s, event: e }, a, b, same);
}

function diffMachines(old: Side, now: Side, reached: Reached, tally: Tally, bindings: Bound[]): void {
  for (const m of now.module.machines) {
    const before = old.module.machines.find((x) => x.name === m.name);
    const states = reached.get(m.name)?.states;
    if (before === undefined || states === undefined) continue;
    const xOld = old.module.explore.find((x) => x.machine.name === m.name);
    const xNew = now.module.explore.find((x) => x.machine.name === m.name);
    for (const s of states) {
      const carried = migrateState(now, m, s);
      if (!carried.ok) continue; // the state report says why
      bindings.push({ target: m.name, binding: { s: carried.state } });
      const events = dedup([...(xOld ? candidateEvents(old.program, xOld, s) : []), ...(xNew ? candidateEvents(now.program, xNew, carried.state) : [])]).filter(
        (e) => misfit(old.program, before.event, e) === null && misfit(now.program, m.event, e) === null,
      );
      for (const e of events) diffStep(old, now, m, s, carried.state, e, tally, bindings);
    }
  }
}

/** Behaviour of the decisions and machines both releases have, and the new model's bindings. */
export function diffBehaviour(old: Side, now: Side, reached: Reached): { readonly entries: BehaviourEntry[]; readonly bindings: readonly Bound[] } {
  const tally = new Tally();
  const bindings: Bound[] = [];
  diffDecisions(old, now, tally, bindings);
  diffMachines(old, now, reached, tally, bindings);
  return { entries: tally.list(), bindings };
}
