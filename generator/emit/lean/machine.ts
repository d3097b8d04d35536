// Emit stage (Lean): machines and decisions as definitions with the TypeScript semantics. Each
// handler is its own `def` over the state and the event's payload fields; branches and rules are
// an else-if chain in spec order (first match wins), each preceded by a comment naming its rule
// and line. A machine also gets `run`/`final` over event lists and its `Reachable` predicate.

import type { Decision, Handler, Machine, Module } from "../../ir/module.js";
import type { Variant } from "../../ir/types.js";
import { walkExpr } from "../../ir/walk.js";
import type { ExprCx, Local } from "./context.js";
import { leanType, paramsArg, typeRefName, withLocal, withParams } from "./context.js";
import { readsBound, takesParams } from "./params.js";
import { declHead, dependencyOrder } from "./decls.js";
import { docComment, sentences, where } from "./docs.js";
import { P, app, at, term } from "./expr.js";
import type { Doc } from "./layout.js";
import { align, cat, group, hard, join, line, nest, render } from "./layout.js";
import { decisionName, ident, localName, machineNames } from "./names.js";
import { declTemplate, finalTemplate, reachableTemplate, runTemplate } from "./templates.js";

/** Lean names of a payload's fields as handler parameters and law binders: `e_at_ms`. */
export function payloadLocal(v: Variant): { readonly local: Local; readonly names: readonly string[] } {
  const fields = new Map(v.fields.map((f) => [f.name, `e_${f.name}`]));
  return { local: { kind: "payload", fields }, names: [...fields.values()] };
}

/** The event union's variant `name`. */
export function eventVariant(m: Machine, name: string, cx: ExprCx): Variant {
  const decl = cx.typeDecl(m.event);
  const v = decl.kind === "union" ? decl.variants.find((x) => x.name === name) : undefined;
  if (!v) throw new Error(`lean emitter: machine ${m.name} has no event ${name}`);
  return v;
}

interface Arm {
  readonly comment: string;
  readonly guard: Doc | null;
  readonly result: Doc;
}

/** Top-level first-match chain: `-- rule` comments, `if`/`else if`/`else`, one per line. */
function ruleChain(lets: readonly Doc[], arms: readonly Arm[]): Doc {
  const parts: Doc[] = lets.map((l) => cat(l, hard));
  arms.forEach((a, i) => {
    if (i > 0) parts.push(hard);
    parts.push(`-- ${a.comment}`, hard);
    if (a.guard === null) parts.push(i === 0 ? a.result : cat("else", nest(2, cat(hard, a.result))));
    else parts.push(i === 0 ? "if " : "else if ", align(a.guard), " then", nest(2, cat(hard, a.result)));
  });
  const last = arms[arms.length - 1];
  if (!last || last.guard !== null) throw new Error("lean emitter: a rule chain must end without a guard");
  return cat(...parts);
}

function letDoc(name: string, value: Doc): Doc {
  return cat("let ", name, " := ", value);
}

function usesField(h: Handler, name: string, field: string): boolean {
  let used = false;
  const visit = (e: Parameters<typeof walkExpr>[0]) =>
    walkExpr(e, { enter: (x) => void (x.kind === "field" && x.of.kind === "var" && x.of.name === name && x.field === field && (used = true)) });
  for (const l of h.lets) visit(l.value);
  for (const b of h.branches) {
    if (b.guard) visit(b.guard);
    for (const a of b.assigns) visit(a.value);
    visit(b.emit);
  }
  return used;
}

function handlerBlock(m: Machine, h: Handler, cx: ExprCx): string {
  const names = machineNames(m.name);
  const state = typeRefName(m.state, cx.module);
  const out = leanType(m.output, cx.module);
  const v = eventVariant(m, h.event, cx);
  const { local, names: params } = payloadLocal(v);
  const withP = takesParams(cx.lp, h, cx.module);
  let inner = withLocal(withParams(cx, withP ? "p" : null), "s", { kind: "value", lean: "s" });
  inner = withLocal(inner, "e", local);
  const lets: Doc[] = [];
  for (const l of h.lets) {
    lets.push(letDoc(localName(l.name), at(term(l.value, inner), P.low + 1)));
    inner = withLocal(inner, l.name, { kind: "value", lean: localName(l.name) });
  }
  const arms: Arm[] = h.branches.map((b) => {
    const next = b.assigns.length === 0 ? "s" : align(group(cat("{ s with", nest(2, cat(line, join(
      b.assigns.map((a) => cat(ident(a.field), " := ", at(term(a.value, inner), P.low + 1))), cat(",", line)))), " }")));
    const result = cat("(", align(group(cat(next, ",", line, at(term(b.emit, inner), P.low + 1)))), ")");
    return { comment: `rule ${b.rule} (${where(b.span)})`, guard: b.guard ? at(term(b.guard, inner), P.low + 1) : null, result };
  });
  const binders = [...(withP ? [paramsBinder(cx)] : []), "(s : " + state + ")", ...v.fields.map((f, i) => {
    const p = params[i] ?? f.name;
    return `(${usesField(h, "e", f.name) ? p : `_${p}`} : ${leanType(f.type, cx.module)})`;
  })];
  const doc = docComment(`Handles \`${h.event}\` in ${m.name}: its branches in order, the first whose guard holds wins.`, 0, h.branches[0]?.span ?? m.span);
  const head = declHead("def", names.handler(h.event), binders, `${state} × ${out}`, " :=");
  return declTemplate({ doc, head, body: "  " + render(ruleChain(lets, arms), 2) });
}

/** `(p : <Module>Params)`. */
export function paramsBinder(cx: ExprCx): string {
  if (cx.lp === null) throw new Error("lean emitter: no parameters record");
  return `(p : ${cx.lp.struct})`;
}

/**
 * Which definitions of machine `m` take the parameters record first: the initial state when it
 * reads one, a handler when it does, the step (and run, final) when a handler does, the
 * reachable states when the step or the initial state does.
 */
export function machineCalls(m: Machine, cx: ExprCx): { readonly initial: boolean; readonly step: boolean; readonly reach: boolean } {
  const lp = cx.lp;
  const own = m.state.module === cx.module;
  if (!own || lp === null || !lp.machines.has(m.name)) return { initial: false, step: false, reach: false };
  const initial = readsBound(lp, m.init);
  const step = m.handlers.some((h) => takesParams(lp, h, cx.module));
  return { initial, step, reach: initial || step };
}

/** A generated definition's name applied to the parameters record when it takes one: `stepQuiesce p`. */
export function withArg(name: string, takes: boolean, cx: ExprCx): string {
  return takes ? `${name} ${paramsArg(cx, name)}` : name;
}

/** initial, one def per handler, step, run, final and Reachable for one machine. */
export function machineBlocks(m: Machine, cx0: ExprCx): string[] {
  const takes = machineCalls(m, cx0);
  const cx = withParams(cx0, takes.reach ? "p" : null);
  const all = takes.reach ? [paramsBinder(cx)] : [];
  const pb = takes.step ? all : [];
  const names = machineNames(m.name);
  const state = typeRefName(m.state, cx.module);
  const event = typeRefName(m.event, cx.module);
  const out = leanType(m.output, cx.module);
  const blocks: string[] = [];

  const init = m.init.map((a) => cat(ident(a.field), " := ", at(term(a.value, cx), P.low + 1)));
  const initDoc = init.length === 0 ? `${state}.mk` : group(cat("{ ", align(join(init, cat(",", line))), " }"));
  blocks.push(declTemplate({
    doc: docComment(sentences(`The initial state of ${m.name}`, m.doc), 0, m.span),
    head: declHead("def", names.initial, takes.initial ? all : [], state, " :="),
    body: "  " + render(initDoc, 2),
  }));
  for (const h of m.handlers) blocks.push(handlerBlock(m, h, cx));

  const arms: Doc[] = m.handlers.map((h) => {
    const v = eventVariant(m, h.event, cx);
    const params = payloadLocal(v).names;
    const pattern = [`${event}.${ident(h.event)}`, ...params].join(" ");
    const call = app(names.handler(h.event), [...(takesParams(cx.lp, h, cx.module) ? ["p"] : []), "s", ...params].map((p) => ({ doc: p, prec: P.max })));
    return cat("| ", pattern, " =>", group(nest(4, cat(line, call.doc))));
  });
  blocks.push(declTemplate({
    doc: docComment(`One step of ${m.name}: the next state and the output of event \`e\` in state \`s\`.`, 0, m.span),
    head: declHead("def", names.step, [...pb, `(s : ${state})`, `(e : ${event})`], `${state} × ${out}`, " :="),
    body: "  " + render(cat("match e with", ...arms.map((a) => cat(hard, a))), 2),
  }));
  const runDoc = docComment(`The outputs of ${m.name} over a list of events, one per event.`, 0, m.span);
  const step = withArg(names.step, takes.step, cx);
  blocks.push(runTemplate({ doc: runDoc, head: declHead("def", names.run, pb, `${state} → List ${event} → List ${leanType(m.output, cx.module, true)}`, ""), step, self: withArg(names.run, takes.step, cx) }));
  const finalDoc = docComment(`The state of ${m.name} after a list of events.`, 0, m.span);
  blocks.push(finalTemplate({ doc: finalDoc, head: declHead("def", names.final, pb, `${state} → List ${event} → ${state}`, ""), step, self: withArg(names.final, takes.step, cx) }));
  blocks.push(reachableTemplate({
    doc: docComment(`The states of ${m.name} reachable from its initial state${takes.reach ? " with parameters `p`" : ""}; invariants range over them.`, 0, m.span),
    name: names.reachable,
    binders: all.length > 0 ? ` ${all.join(" ")}` : "",
    self: withArg(names.reachable, takes.reach, cx),
    state,
    event,
    initial: takes.initial ? `(${withArg(names.initial, true, cx)})` : names.initial,
    step,
  }));
  return blocks;
}

/** A decision as one def: its lets, then its rules in order (first match wins). */
export function decisionBlock(d: Decision, cx0: ExprCx): string {
  const withP = cx0.lp?.decisions.has(d.name) ?? false;
  const cx = withParams(cx0, withP ? "p" : null);
  const facts = typeRefName(d.facts, cx.module);
  const verdict = leanType(d.verdict, cx.module);
  let used = false;
  const mark = { enter: (x: Parameters<typeof walkExpr>[0]) => void (x.kind === "var" && x.name === "f" && (used = true)) };
  for (const l of d.lets) walkExpr(l.value, mark);
  for (const r of d.rules) {
    if (r.guard) walkExpr(r.guard, mark);
    walkExpr(r.verdict, mark);
  }
  let inner = withLocal(cx, "f", { kind: "value", lean: "f" });
  const lets: Doc[] = [];
  for (const l of d.lets) {
    lets.push(letDoc(localName(l.name), at(term(l.value, inner), P.low + 1)));
    inner = withLocal(inner, l.name, { kind: "value", lean: localName(l.name) });
  }
  const arms: Arm[] = d.rules.map((r) => ({
    comment: `rule ${r.rule} (${where(r.span)})`,
    guard: r.guard ? at(term(r.guard, inner), P.low + 1) : null,
    result: at(term(r.verdict, inner), P.low + 1),
  }));
  return declTemplate({
    doc: docComment(sentences(`${d.name}: ${d.doc}`, "The first rule whose guard holds wins"), 0, d.span),
    head: declHead("def", decisionName(d.name), [...(withP ? [paramsBinder(cx)] : []), `(${used ? "f" : "_f"} : ${facts})`], verdict, " :="),
    body: "  " + render(ruleChain(lets, arms), 2),
  });
}

/** Same-module decisions a decision applies (in its lets or rules). */
function decisionDeps(d: Decision, module: string): string[] {
  const deps: string[] = [];
  const visit = { enter: (x: Parameters<typeof walkExpr>[0]) => void (x.kind === "decide" && x.ref.module === module && deps.push(x.ref.name)) };
  for (const l of d.lets) walkExpr(l.value, visit);
  for (const r of d.rules) {
    if (r.guard) walkExpr(r.guard, visit);
    walkExpr(r.verdict, visit);
  }
  return deps;
}

/**
 * Decisions first (a handler may apply one; Lean needs a definition before its use), each after
 * the decisions it applies, then machines.
 */
export function behaviourBlocks(m: Module, cx: ExprCx): string[] {
  const decisions = dependencyOrder(m.decisions, (d) => d.name, (d) => decisionDeps(d, m.name));
  return [...decisions.map((d) => decisionBlock(d, cx)), ...m.machines.flatMap((x) => machineBlocks(x, cx))];
}
