// Explore stage: traces of one machine as ITF (runtime/itf.ts does the JSON). The variables are
// the state fields in declaration order, then `event` (the event that led into the state) and
// `output` (what that step emitted), both options: `None` in the initial state. The rule that
// fired sits in each state's `#meta`, beside the index.

import type { Machine, Program } from "../ir/module.js";
import type { Type, TypeRef } from "../ir/types.js";
import { unreachable } from "../ir/types.js";
import { findMachine, findType } from "../interpret/lookup.js";
import type { Value } from "../interpret/value.js";
import { fromItf, ItfError, toItf, type ItfField, type ItfState, type ItfTrace, type ItfType } from "../../runtime/itf.js";

/** One state of a run: how it was reached (null for the initial state). */
export interface TraceStep {
  readonly state: Value;
  readonly event: Value | null;
  readonly output: Value | null;
  readonly rule: string | null;
}

/** What the `#meta` of a statute trace says besides the format marker. */
export interface TraceMeta {
  /** Spec file the machine comes from, relative to the repository root. */
  readonly source: string;
  readonly module: string;
  readonly machine: string;
  /** The law violated (a counterexample) or the rule fired (a witness). */
  readonly law: string;
  readonly description: string;
  /** The explore parameters (`--param NAME=VALUE`) the trace was explored with, if any. */
  readonly params?: Readonly<Record<string, number>>;
}

const EXTRA = ["event", "output"] as const;

/** The ITF shape of a spec type. */
export function itfType(prog: Program, t: Type): ItfType {
  switch (t.kind) {
    case "bool":
      return { kind: "bool" };
    case "nat":
    case "int":
      return { kind: "int" };
    case "string":
      return { kind: "string" };
    case "option":
      return { kind: "option", of: itfType(prog, t.of) };
    case "list":
      return { kind: "list", of: itfType(prog, t.of) };
    case "named":
      return namedType(prog, t.ref);
    default:
      return unreachable(t);
  }
}

function namedType(prog: Program, ref: TypeRef): ItfType {
  const d = findType(prog, ref);
  const fields = (fs: readonly { name: string; type: Type }[]): ItfField[] => fs.map((f) => ({ name: f.name, type: itfType(prog, f.type) }));
  switch (d.kind) {
    case "enum":
      return { kind: "enum", members: d.members };
    case "record":
      return { kind: "record", fields: fields(d.fields) };
    case "union":
      return { kind: "union", variants: d.variants.map((v) => ({ name: v.name, fields: fields(v.fields) })) };
    default:
      return unreachable(d);
  }
}

/** The ITF types of a machine's trace variables. */
export function traceTypes(prog: Program, machine: Machine): { vars: string[]; state: ItfField[]; event: ItfType; output: ItfType } {
  const st = namedType(prog, machine.state);
  if (st.kind !== "record") throw new ItfError(`${machine.name}: the state is not a record`);
  const clash = st.fields.find((f) => (EXTRA as readonly string[]).includes(f.name));
  if (clash) throw new ItfError(`${machine.name}: a state field named '${clash.name}' clashes with the trace variable of that name`);
  return { vars: [...st.fields.map((f) => f.name), ...EXTRA], state: [...st.fields], event: namedType(prog, machine.event), output: itfType(prog, machine.output) };
}

/** A run as an ITF trace. */
export function toTrace(prog: Program, meta: TraceMeta, steps: readonly TraceStep[]): ItfTrace {
  const machine = findMachine(prog, { module: meta.module, name: meta.machine });
  const types = traceTypes(prog, machine);
  const states: ItfState[] = steps.map((step, index) => {
    const out: Record<string, unknown> = { "#meta": step.rule === null ? { index } : { index, rule: step.rule } };
    const rec = toItf(step.state, { kind: "record", fields: types.state }, `states[${index}]`) as Record<string, unknown>;
    Object.assign(out, rec);
    out["event"] = toItf(step.event, { kind: "option", of: types.event }, `states[${index}].event`);
    out["output"] = toItf(step.output, { kind: "option", of: types.output }, `states[${index}].output`);
    return out as ItfState;
  });
  const head: Record<string, unknown> = {
    format: "ITF",
    "format-description": "https://apalache-mc.org/docs/adr/015adr-trace.html",
    source: meta.source,
    module: meta.module,
    machine: meta.machine,
    law: meta.law,
    description: meta.description,
  };
  if (meta.params !== undefined) head["params"] = meta.params;
  return { "#meta": head, vars: types.vars, states };
}

/** The statute fields of a trace's `#meta`; an error names the first one missing. */
export function traceMeta(trace: ItfTrace): TraceMeta {
  const m = trace["#meta"];
  const str = (k: string): string => {
    const v = m[k];
    if (typeof v !== "string") throw new ItfError(`$.#meta.${k}: expected a string (is this a statute trace?)`);
    return v;
  };
  const base = { source: str("source"), module: str("module"), machine: str("machine"), law: str("law"), description: typeof m["description"] === "string" ? m["description"] : "" };
  const p = m["params"];
  if (p === undefined) return base;
  const ok = p !== null && typeof p === "object" && !Array.isArray(p) && Object.values(p).every((v) => Number.isSafeInteger(v) && (v as number) >= 0);
  if (!ok) throw new ItfError("$.#meta.params: expected an object of whole numbers (NAME: VALUE)");
  return { ...base, params: p as Record<string, number> };
}

/** A trace back to the run it records. */
export function fromTrace(prog: Program, trace: ItfTrace): TraceStep[] {
  const meta = traceMeta(trace);
  const machine = findMachine(prog, { module: meta.module, name: meta.machine });
  const types = traceTypes(prog, machine);
  return trace.states.map((s, i) => {
    const state = fromItf(s, { kind: "record", fields: types.state }, `$.states[${i}]`) as Value;
    const event = fromItf(s["event"], { kind: "option", of: types.event }, `$.states[${i}].event`) as Value;
    const output = fromItf(s["output"], { kind: "option", of: types.output }, `$.states[${i}].output`) as Value;
    const rule = s["#meta"]["rule"];
    return { state, event, output, rule: typeof rule === "string" ? rule : null };
  });
}
