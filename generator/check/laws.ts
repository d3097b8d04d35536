// Check stage: laws. Each kind binds its own variables (s e n o, f v); order laws are evaluated
// here, at generation, and a violated one is reported with the conjunct that fails, both sides
// and their values.

import { evalConstExpr } from "../expr/index.js";
import type { Expr } from "../ir/expr.js";
import type { Law, LawBody, Machine } from "../ir/module.js";
import { printExpr } from "../ir/print.js";
import { BOOL, NAT, type Type, type TypeRef } from "../ir/types.js";
import { entries, type ModuleContext } from "./context.js";
import type { RawLaw } from "./raw.js";
import type { DecisionShell } from "./decisions.js";

const lawName = /^[a-z][a-z0-9_]*(_\*)?$/;

export function checkLaws(cx: ModuleContext, machines: readonly Machine[], decisions: readonly DecisionShell[]): Law[] {
  const out: Law[] = [];
  for (const [name, raw] of entries(cx.raw.laws)) {
    const path = ["laws", name];
    if (!lawName.test(name)) cx.error("badName", path, { what: "law", name, style: "lower_snake_case (a family ends in _*)", example: "restart_wire_*" }, true);
    const body = checkBody(cx, name, raw, path, machines, decisions);
    if (!body) continue;
    out.push({ name, ident: name.replace(/_\*$/, ""), doc: raw.doc, secures: raw.secures ?? "", adversary: raw.adversary ?? "", body, vacuous: raw.vacuous ?? "", span: cx.span(path) });
  }
  return out;
}

function named(ref: TypeRef): Type {
  return { kind: "named", ref };
}

function checkBody(cx: ModuleContext, name: string, raw: RawLaw, path: (string | number)[], machines: readonly Machine[], decisions: readonly DecisionShell[]): LawBody | null {
  const machine = (p: (string | number)[], m: string) => {
    const found = machines.find((x) => x.name === m);
    if (!found) cx.unknown(p, "machine", m, machines.map((x) => x.name));
    return found;
  };
  if (raw.order !== undefined) {
    const expr = cx.expr([...path, "order"], raw.order, new Map(), BOOL);
    checkOrder(cx, name, expr, [...path, "order"]);
    return { kind: "order", expr };
  }
  if (raw.invariant) {
    const m = machine([...path, "invariant", "machine"], raw.invariant.machine);
    if (!m) return null;
    const expr = cx.expr([...path, "invariant", "holds"], raw.invariant.holds, new Map([["s", named(m.state)]]), BOOL, true);
    return { kind: "invariant", machine: { module: cx.module, name: m.name }, expr };
  }
  if (raw.step) {
    const m = machine([...path, "step", "machine"], raw.step.machine);
    if (!m) return null;
    const ev = raw.step.event;
    const decl = cx.tables.typeDecl(m.event);
    if (ev !== undefined && decl.kind === "union" && !decl.variants.some((v) => v.name === ev)) {
      cx.unknown([...path, "step", "event"], "event", ev, decl.variants.map((v) => v.name));
      return null;
    }
    const eType = named(ev === undefined ? m.event : { module: m.event.module, name: `${m.event.name}.${ev}` });
    const locals = new Map<string, Type>([["s", named(m.state)], ["e", eType], ["n", named(m.state)], ["o", m.output]]);
    const expr = cx.expr([...path, "step", "holds"], raw.step.holds, locals, BOOL, true);
    return { kind: "step", machine: { module: cx.module, name: m.name }, event: ev ?? null, expr };
  }
  if (raw.decision) {
    const d = decisions.find((x) => x.name === raw.decision?.decision);
    if (!d) {
      cx.unknown([...path, "decision", "decision"], "decision", raw.decision.decision, decisions.map((x) => x.name));
      return null;
    }
    const locals = new Map<string, Type>([["f", named(d.facts)], ["v", d.verdict]]);
    const expr = cx.expr([...path, "decision", "holds"], raw.decision.holds, locals, BOOL, true);
    return { kind: "decision", decision: { module: cx.module, name: d.name }, expr };
  }
  if (raw.variant) {
    const r = raw.variant;
    const m = machine([...path, "variant", "machine"], r.machine);
    if (!m) return null;
    const step = new Map<string, Type>([["s", named(m.state)], ["e", named(m.event)], ["n", named(m.state)], ["o", m.output]]);
    const when = cx.expr([...path, "variant", "when"], r.when, step, BOOL, true);
    const measure = cx.expr([...path, "variant", "measure"], r.measure, new Map([["s", named(m.state)]]), NAT, true);
    return { kind: "variant", machine: { module: cx.module, name: m.name }, when, measure, direction: r.direction, monotone: r.monotone === true };
  }
  if (raw.progress) {
    const r = raw.progress;
    const m = machine([...path, "progress", "machine"], r.machine);
    if (!m) return null;
    const over = new Map([["s", named(m.state)]]);
    const from = cx.expr([...path, "progress", "from"], r.from, over, BOOL, true);
    const to = cx.expr([...path, "progress", "to"], r.to, over, BOOL, true);
    const by = r.by.map((x, i) => cx.expr([...path, "progress", "by", i], x, over, named(m.event), true));
    return { kind: "progress", machine: { module: cx.module, name: m.name }, from, to, by, within: r.within };
  }
  const target = raw.wire ?? raw.ffi;
  const key = raw.wire !== undefined ? "wire" : "ffi";
  if (target === undefined) return null;
  const isMachine = machines.some((x) => x.name === target);
  const isDecision = decisions.some((x) => x.name === target);
  if (!isMachine && !isDecision) {
    cx.unknown([...path, key], "machine or decision", target, [...machines.map((x) => x.name), ...decisions.map((x) => x.name)]);
    return null;
  }
  return { kind: key, target: { module: cx.module, name: target }, targetKind: isMachine ? "machine" : "decision" };
}

/** Evaluate an order law; when false, find the failing conjunct and name both of its sides. */
function checkOrder(cx: ModuleContext, law: string, expr: Expr, path: (string | number)[]): void {
  const valueOf = cx.constValue.bind(cx);
  const value = evalConstExpr(expr, valueOf);
  if (value === undefined) {
    cx.error("notConstant", path, { what: `order law ${law}` });
    return;
  }
  if (value === true) return;
  let bad: Expr = expr;
  while (bad.kind === "binary" && bad.op === "&&") bad = evalConstExpr(bad.left, valueOf) === false ? bad.left : bad.right;
  const [left, right] = bad.kind === "binary" ? [bad.left, bad.right] : [bad, bad];
  cx.error("orderViolated", path, {
    law,
    left: printExpr(left),
    lvalue: String(evalConstExpr(left, valueOf)),
    right: printExpr(right),
    rvalue: String(evalConstExpr(right, valueOf)),
    text: printExpr(bad),
  });
}
