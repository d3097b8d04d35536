// Check stage: examples (concrete vectors) and exploration domains. Events, outputs, facts and
// verdicts are expressions checked against the machine's or decision's types, so a vector that
// does not fit the model is an error at generation, not a surprise in a test.

import type { Expr, FieldValue } from "../ir/expr.js";
import type { Assign, Example, Explore, Machine } from "../ir/module.js";
import { type Type, type TypeDecl } from "../ir/types.js";
import { evalConstExpr } from "../expr/index.js";
import { entries, type ModuleContext } from "./context.js";
import type { DecisionShell } from "./decisions.js";

const none = new Map<string, Type>();

export function checkExamples(cx: ModuleContext, machines: readonly Machine[], decisions: readonly DecisionShell[]): Example[] {
  const out: Example[] = [];
  const names = new Map<string, number>();
  (cx.raw.examples ?? []).forEach((raw, i) => {
    const path = ["examples", i];
    if (names.has(raw.name)) cx.error("duplicateName", [...path, "name"], { what: "example", name: raw.name, line: cx.line(["examples", names.get(raw.name) ?? 0]) });
    names.set(raw.name, i);
    const base = { name: raw.name, doc: raw.doc ?? "", span: cx.span(path) };
    if (raw.machine !== undefined) {
      const m = machines.find((x) => x.name === raw.machine);
      if (!m) return cx.unknown([...path, "machine"], "machine", raw.machine, machines.map((x) => x.name));
      const events = (raw.events ?? []).map((e, j) => cx.expr([...path, "events", j], e, none, { kind: "named", ref: m.event }, true));
      const outputs = (raw.outputs ?? []).map((o, j) => cx.expr([...path, "outputs", j], o, none, m.output, true));
      if (events.length !== outputs.length) cx.error("exampleLength", [...path, "outputs"], { name: raw.name, events: events.length, outputs: outputs.length }, true);
      const state = stateFields(cx, m, raw.state, [...path, "state"]);
      out.push({ ...base, body: { kind: "machine", machine: { module: cx.module, name: m.name }, events, outputs, state } });
      return;
    }
    const d = decisions.find((x) => x.name === raw.decision);
    if (!d) return cx.unknown([...path, "decision"], "decision", String(raw.decision), decisions.map((x) => x.name));
    const facts = factsRecord(cx, d, raw.facts ?? {}, [...path, "facts"]);
    const verdict = cx.expr([...path, "verdict"], raw.verdict ?? false, none, d.verdict, true);
    out.push({ ...base, body: { kind: "decision", decision: { module: cx.module, name: d.name }, facts, verdict } });
  });
  return out;
}

function stateFields(cx: ModuleContext, m: Machine, raw: Record<string, string | number | boolean> | undefined, path: (string | number)[]): Assign[] {
  const decl = cx.tables.typeDecl(m.state);
  const fields = decl.kind === "record" ? decl.fields : [];
  const out: Assign[] = [];
  for (const [name, value] of entries(raw)) {
    const f = fields.find((x) => x.name === name);
    if (!f) {
      cx.error("unknownStateField", [...path, name], { machine: m.name, field: name, didYouMean: `state fields: ${fields.map((x) => x.name).join(", ")}` }, true);
      continue;
    }
    out.push({ field: name, value: cx.expr([...path, name], value, none, f.type, true) });
  }
  return out.sort((a, b) => fields.findIndex((x) => x.name === a.field) - fields.findIndex((x) => x.name === b.field));
}

/** A facts mapping of an example as a record literal of the decision's facts type. */
function factsRecord(cx: ModuleContext, d: DecisionShell, raw: Record<string, string | number | boolean>, path: (string | number)[]): Expr {
  const decl = cx.tables.typeDecl(d.facts);
  const fields = decl.kind === "record" ? decl.fields : [];
  for (const name of Object.keys(raw)) {
    if (!fields.some((f) => f.name === name)) cx.error("notAField", [...path, name], { type: d.facts.name, field: name, didYouMean: `fields: ${fields.map((f) => f.name).join(", ")}` }, true);
  }
  const values: FieldValue[] = fields.map((f) => {
    const v = raw[f.name];
    if (v === undefined) {
      cx.error("missingField", path, { type: d.facts.name, field: f.name }, true);
      return { name: f.name, value: cx.placeholder(f.type) };
    }
    return { name: f.name, value: cx.expr([...path, f.name], v, none, f.type, true) };
  });
  return { id: cx.tables.nextId(), kind: "record", ref: d.facts, fields: values, type: { kind: "named", ref: d.facts } };
}

export function checkExplore(cx: ModuleContext, machines: readonly Machine[]): Explore[] {
  const out: Explore[] = [];
  for (const [name, raw] of entries(cx.raw.explore)) {
    if (name === "params") continue; // the instances (check/params.ts)
    const path = ["explore", name];
    const m = machines.find((x) => x.name === name);
    if (!m) {
      cx.unknown(path, "machine", name, machines.map((x) => x.name), true);
      continue;
    }
    const decl = cx.tables.typeDecl(m.event);
    const variants = decl.kind === "union" ? decl.variants : [];
    const locals = new Map<string, Type>([["s", { kind: "named", ref: m.state }]]);
    const domains: Explore["domains"][number][] = [];
    for (const [ev, fieldsRaw] of entries(raw.events)) {
      const v = variants.find((x) => x.name === ev);
      if (!v) {
        cx.unknown([...path, "events", ev], "event", ev, variants.map((x) => x.name), true);
        continue;
      }
      for (const key of Object.keys(fieldsRaw ?? {})) {
        if (!v.fields.some((f) => f.name === key)) cx.error("exploreDomain", [...path, "events", ev, key], { machine: name, detail: `event ${ev} has no field '${key}'`, hint: `fields: ${v.fields.map((f) => f.name).join(", ") || "none"}` }, true);
      }
      const fields = v.fields.map((f) => {
        const values = fieldsRaw?.[f.name];
        if (!values) cx.error("exploreDomain", [...path, "events", ev], { machine: name, detail: `no candidate values for ${ev}.${f.name}`, hint: `add '${f.name}: [ ... ]'` }, true);
        if (typeof values === "string") return rangeDomain(cx, [...path, "events", ev, f.name], name, f.name, values, f.type);
        return { name: f.name, values: (values ?? []).map((x, j) => cx.expr([...path, "events", ev, f.name, j], x, locals, f.type, true)), range: null };
      });
      domains.push({ event: ev, fields });
    }
    const symmetric = checkSymmetric(cx, [...path, "symmetric"], name, cx.tables.typeDecl(m.state), raw.symmetric ?? []);
    out.push({ machine: { module: cx.module, name }, depth: raw.depth, domains, symmetric, span: cx.span(path) });
  }
  return out;
}

/** A domain `A..B` (constant expressions): every whole number from A to B, at most 64 of them. */
function rangeDomain(cx: ModuleContext, path: (string | number)[], machine: string, field: string, text: string, type: Type): Explore["domains"][number]["fields"][number] {
  const range = type.kind === "nat" ? cx.range(path, text, { kind: "nat", unit: type.unit, min: 0, max: null }) : undefined;
  if (type.kind !== "nat") cx.error("exploreDomain", path, { machine, detail: `a range domain needs a nat or ms field; ${field} is not`, hint: "list the candidate values: [ ... ]" });
  if (range === undefined) return { name: field, values: [], range: null };
  const value = (e: Expr): number => {
    const v = evalConstExpr(e, (ref) => cx.constValue(ref));
    if (typeof v !== "number") cx.error("notConstant", path, { what: `the range of ${field}` });
    return typeof v === "number" ? v : 0;
  };
  const from = value(range.from);
  const to = value(range.to);
  if (to - from + 1 > 64 || to < from) {
    cx.error("exploreDomain", path, { machine, detail: `the range ${from}..${to} of ${field} ${to < from ? "is empty" : "has more than 64 values"}`, hint: "explore a few values around the boundaries instead" });
    return { name: field, values: [], range: null };
  }
  const values = Array.from({ length: to - from + 1 }, (_, k): Expr => ({ id: cx.tables.nextId(), kind: "lit", value: from + k, type }));
  return { name: field, values, range };
}

/** `symmetric:` names list fields of the state whose rows the explorer may permute. */
function checkSymmetric(cx: ModuleContext, path: (string | number)[], machine: string, state: TypeDecl, names: readonly string[]): string[] {
  const fields = state.kind === "record" ? state.fields : [];
  const lists = fields.filter((f) => f.type.kind === "list").map((f) => f.name);
  return names.filter((name, i) => {
    if (lists.includes(name)) return true;
    cx.error("exploreDomain", [...path, i], { machine, detail: `symmetric field '${name}' is not a list field of the state`, hint: `list fields: ${lists.join(", ") || "none"}` }, true);
    return false;
  });
}
