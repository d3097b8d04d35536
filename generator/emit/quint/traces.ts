// Emit stage, Quint target, read back: an ITF trace that `quint run` wrote for a generated
// machine module, as a statute trace that `statute replay` steps through the generated
// TypeScript. The variables already carry statute's names (state fields, `event`, `output`);
// what differs is spelling (a keyword field is `run_` in Quint, a qualified tag `Answer_Busy`),
// undone here by walking each value with its spec type, and the fired rule, moved from the
// `firedRule` variable into each state's `#meta` where statute traces keep it.

import type { Machine, Program } from "../../ir/module.js";
import type { Type } from "../../ir/types.js";
import { unreachable } from "../../ir/types.js";
import { ItfError, type ItfState, type ItfTrace } from "../../../runtime/itf.js";
import { fieldName, specTag, QuintCtx } from "./context.js";

export interface QuintTraceTarget {
  readonly program: Program;
  /** Spec module and machine the trace was simulated from. */
  readonly module: string;
  readonly machine: string;
  /** What the trace is about: the invariant `quint run` checked (`laws`), or a violated one. */
  readonly law: string;
}

/** The statute form of a trace `quint run` wrote for `<module>_<machine>`. */
export function fromQuintTrace(t: QuintTraceTarget, trace: ItfTrace): ItfTrace {
  const mod = t.program.modules.find((m) => m.name === t.module);
  const machine = mod?.machines.find((m) => m.name === t.machine);
  if (mod === undefined || machine === undefined) throw new ItfError(`no machine ${t.module}.${t.machine}`);
  const ctx = new QuintCtx(t.program, mod);
  const decl = ctx.decl(machine.state);
  if (decl.kind !== "record") throw new ItfError(`${machine.name}: the state is not a record`);
  const states = trace.states.map((s, index): ItfState => {
    const out: Record<string, unknown> = {};
    const rule = s["firedRule"];
    out["#meta"] = typeof rule === "string" && rule !== "" ? { index, rule } : { index };
    for (const f of decl.fields) out[f.name] = unspell(ctx, s[fieldName(f.name)], f.type, `$.states[${index}].${f.name}`);
    out["event"] = unspell(ctx, s["event"], { kind: "option", of: { kind: "named", ref: machine.event } }, `$.states[${index}].event`);
    out["output"] = unspell(ctx, s["output"], { kind: "option", of: machine.output }, `$.states[${index}].output`);
    return out as ItfState;
  });
  return {
    "#meta": {
      format: "ITF",
      "format-description": "https://apalache-mc.org/docs/adr/015adr-trace.html",
      source: mod.file,
      module: mod.name,
      machine: machine.name,
      law: t.law,
      description: `simulated by quint run on generated/quint/${mod.name}.qnt (module ${mod.name}_${machine.name})`,
    },
    vars: [...decl.fields.map((f) => f.name), "event", "output"],
    states,
  };
}

function obj(json: unknown, path: string): Record<string, unknown> {
  if (typeof json !== "object" || json === null || Array.isArray(json)) throw new ItfError(`${path}: expected an object, got ${JSON.stringify(json)}`);
  return json as Record<string, unknown>;
}

/** A Quint-spelled ITF value of spec type `type`, with statute's field and tag names. */
function unspell(ctx: QuintCtx, json: unknown, type: Type, path: string): unknown {
  switch (type.kind) {
    case "bool":
    case "nat":
    case "int":
    case "string":
      return json;
    case "list":
      if (!Array.isArray(json)) throw new ItfError(`${path}: expected a list`);
      return json.map((x, i) => unspell(ctx, x, type.of, `${path}[${i}]`));
    case "option": {
      const v = obj(json, path);
      return v["tag"] === "Some" ? { tag: "Some", value: unspell(ctx, v["value"], type.of, `${path}.value`) } : v;
    }
    case "named":
      return named(ctx, json, type.ref, path);
    default:
      return unreachable(type);
  }
}

function named(ctx: QuintCtx, json: unknown, ref: { module: string; name: string }, path: string): unknown {
  const d = ctx.decl(ref);
  const v = obj(json, path);
  switch (d.kind) {
    case "record":
      return Object.fromEntries(d.fields.map((f) => [f.name, unspell(ctx, v[fieldName(f.name)], f.type, `${path}.${f.name}`)]));
    case "enum":
      return { tag: specTag(ctx.program, ref, String(v["tag"])), value: v["value"] };
    case "union": {
      const tag = specTag(ctx.program, ref, String(v["tag"]));
      const variant = d.variants.find((x) => x.name === tag);
      if (variant === undefined) throw new ItfError(`${path}: ${ref.name} has no variant ${tag}`);
      if (variant.fields.length === 0) return { tag, value: v["value"] };
      const payload = obj(v["value"], `${path}.value`);
      const fields = variant.fields.map((f) => [f.name, unspell(ctx, payload[fieldName(f.name)], f.type, `${path}.value.${f.name}`)]);
      return { tag, value: Object.fromEntries(fields) };
    }
    default:
      return unreachable(d);
  }
}

/** The machine a generated Quint module name stands for (`launcher_Quiesce`), or null. */
export function machineOfModule(program: Program, quintModule: string): { module: string; machine: Machine } | null {
  for (const m of program.modules) for (const x of m.machines) if (`${m.name}_${x.name}` === quintModule) return { module: m.name, machine: x };
  return null;
}
