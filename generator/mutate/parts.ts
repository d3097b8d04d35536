// Mutate stage: where mutants may be made. A module's behaviour lives in the handlers of its
// machines (lets, branch guards, assignments, emits) and the rules of its decisions (lets,
// guards, verdicts); each such expression is a `Part` with a readable location and a way to put
// a changed copy back. Laws, examples and explore domains are never mutated: they are the judge.

import type { Expr } from "../ir/expr.js";
import type { Branch, Decision, Handler, Machine, Module, Rule } from "../ir/module.js";
import type { Span } from "../ir/types.js";

/** One mutable expression of a module. */
export interface Part {
  /** Readable location: `RestartBudget.Failure.give_up:guard`, `RestartBudget.Failure:let recent`. */
  readonly where: string;
  /** Span to point a survivor at (the branch, rule or let). */
  readonly span: Span;
  readonly expr: Expr;
  /** The module with this part replaced. */
  set(m: Module, e: Expr): Module;
}

/** The module with one machine's handler for `event` changed. */
export function updateHandler(m: Module, machine: string, event: string, f: (h: Handler) => Handler): Module {
  const machines = m.machines.map((x): Machine => (x.name !== machine ? x : { ...x, handlers: x.handlers.map((h) => (h.event === event ? f(h) : h)) }));
  return { ...m, machines };
}

/** The module with one decision changed. */
export function updateDecision(m: Module, decision: string, f: (d: Decision) => Decision): Module {
  return { ...m, decisions: m.decisions.map((d) => (d.name === decision ? f(d) : d)) };
}

function updateBranch(m: Module, machine: string, event: string, i: number, f: (b: Branch) => Branch): Module {
  return updateHandler(m, machine, event, (h) => ({ ...h, branches: h.branches.map((b, j) => (j === i ? f(b) : b)) }));
}

function updateRule(m: Module, decision: string, i: number, f: (r: Rule) => Rule): Module {
  return updateDecision(m, decision, (d) => ({ ...d, rules: d.rules.map((r, j) => (j === i ? f(r) : r)) }));
}

/** Every mutable expression of the module, in declaration order. */
export function parts(m: Module): Part[] {
  const out: Part[] = [];
  for (const mc of m.machines) {
    for (const h of mc.handlers) {
      const at = `${mc.name}.${h.event}`;
      h.lets.forEach((l, i) => {
        out.push({ where: `${at}:let ${l.name}`, span: l.span, expr: l.value, set: (mm, e) => updateHandler(mm, mc.name, h.event, (x) => ({ ...x, lets: x.lets.map((y, j) => (j === i ? { ...y, value: e } : y)) })) });
      });
      h.branches.forEach((b, i) => {
        const upd = (mm: Module, f: (b: Branch) => Branch): Module => updateBranch(mm, mc.name, h.event, i, f);
        if (b.guard !== null) out.push({ where: `${b.rule}:guard`, span: b.span, expr: b.guard, set: (mm, e) => upd(mm, (x) => ({ ...x, guard: e })) });
        b.assigns.forEach((a, k) => {
          out.push({ where: `${b.rule}:set ${a.field}`, span: b.span, expr: a.value, set: (mm, e) => upd(mm, (x) => ({ ...x, assigns: x.assigns.map((y, j) => (j === k ? { ...y, value: e } : y)) })) });
        });
        out.push({ where: `${b.rule}:emit`, span: b.span, expr: b.emit, set: (mm, e) => upd(mm, (x) => ({ ...x, emit: e })) });
      });
    }
  }
  for (const d of m.decisions) {
    d.lets.forEach((l, i) => {
      out.push({ where: `${d.name}:let ${l.name}`, span: l.span, expr: l.value, set: (mm, e) => updateDecision(mm, d.name, (x) => ({ ...x, lets: x.lets.map((y, j) => (j === i ? { ...y, value: e } : y)) })) });
    });
    d.rules.forEach((r, i) => {
      if (r.guard !== null) out.push({ where: `${r.rule}:guard`, span: r.span, expr: r.guard, set: (mm, e) => updateRule(mm, d.name, i, (x) => ({ ...x, guard: e })) });
      out.push({ where: `${r.rule}:then`, span: r.span, expr: r.verdict, set: (mm, e) => updateRule(mm, d.name, i, (x) => ({ ...x, verdict: e })) });
    });
  }
  return out;
}

/** `e` with the sub-expression whose id is `id` replaced; untouched subtrees are shared. */
export function replaceExpr(e: Expr, id: number, by: Expr): Expr {
  return replaceIn(e, id, by) as Expr;
}

function replaceIn(x: unknown, id: number, by: Expr): unknown {
  if (Array.isArray(x)) {
    const items = x.map((y: unknown) => replaceIn(y, id, by));
    return items.some((y, i) => y !== x[i]) ? items : x;
  }
  if (typeof x !== "object" || x === null) return x;
  const r = x as Record<string, unknown>;
  if (r["id"] === id && typeof r["kind"] === "string" && "type" in r) return by;
  let changed = false;
  const copy: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(r)) {
    const w = k === "type" ? v : replaceIn(v, id, by);
    if (w !== v) changed = true;
    copy[k] = w;
  }
  return changed ? copy : x;
}
