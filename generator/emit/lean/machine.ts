// Emit stage (Lean): machines and decisions as definitions with the TypeScript semantics. Each
// handler is its own `def` over the state and the event's payload fields; branches and rules are
// an else-if chain in spec order (first match wins), each preceded by a comment naming its rule
// and line. A machine also gets `run`/`final` over event lists and its `Reachable` predicate.

import type { Decision, Handler, Machine, Module } from "../../ir/module.js";
import type { Variant } from "../../ir/types.js";
import { walkExpr } from "../../ir/walk.js";
import type { ExprCx, Local } from "./context.js";
import { leanType, typeRefName, withLocal } from "./context.js";
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
  let inner = withLocal(cx, "s", { kind: "value", lean: "s" });
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
  const binders = ["(s : " + state + ")", ...v.fields.map((f, i) => {
    const p = params[i] ?? f.name;
    return `(${usesField(h, "e", f.name) ? p : `_${p}`} : ${leanType(f.type, cx.module)})`;
  })];
  const doc = docComment(`Handles \`${h.event}\` in ${m.name}: its branches in order, the first whose guard holds wins.`, 0, h.branches[0]?.span ?? m.span);
  const head = declHead("def", names.handler(h.event), binders, `${state} × ${out}`, " :=");
  return declTemplate({ doc, head, body: "  " + render(ruleChain(lets, arms), 2) });
}

/** initial, one def per handler, step, run, final and Reachable for one machine. */
export function machineBlocks(m: Machine, cx: ExprCx): string[] {
  const names = machineNames(m.name);
  const state = typeRefName(m.state, cx.module);
  const event = typeRefName(m.event, cx.module);
  const out = leanType(m.output, cx.module);
  const blocks: string[] = [];

  const init = m.init.map((a) => cat(ident(a.field), " := ", at(term(a.value, cx), P.low + 1)));
  const initDoc = init.length === 0 ? `${state}.mk` : group(cat("{ ", align(join(init, cat(",", line))), " }"));
  blocks.push(declTemplate({
    doc: docComment(sentences(`The initial state of ${m.name}`, m.doc), 0, m.span),
    head: `def ${names.initial} : ${state} :=`,
    body: "  " + render(initDoc, 2),
  }));
  for (const h of m.handlers) blocks.push(handlerBlock(m, h, cx));

  const arms: Doc[] = m.handlers.map((h) => {
    const v = eventVariant(m, h.event, cx);
    const params = payloadLocal(v).names;
    const pattern = [`${event}.${ident(h.event)}`, ...params].join(" ");
    const call = app(names.handler(h.event), ["s", ...params].map((p) => ({ doc: p, prec: P.max })));
    return cat("| ", pattern, " =>", group(nest(4, cat(line, call.doc))));
  });
  blocks.push(declTemplate({
    doc: docComment(`One step of ${m.name}: the next state and the output of event \`e\` in state \`s\`.`, 0, m.span),
    head: declHead("def", names.step, [`(s : ${state})`, `(e : ${event})`], `${state} × ${out}`, " :="),
    body: "  " + render(cat("match e with", ...arms.map((a) => cat(hard, a))), 2),
  }));
  const runDoc = docComment(`The outputs of ${m.name} over a list of events, one per event.`, 0, m.span);
  blocks.push(runTemplate({ doc: runDoc, head: declHead("def", names.run, [], `${state} → List ${event} → List ${leanType(m.output, cx.module, true)}`, ""), step: names.step, self: names.run }));
  const finalDoc = docComment(`The state of ${m.name} after a list of events.`, 0, m.span);
  blocks.push(finalTemplate({ doc: finalDoc, head: declHead("def", names.final, [], `${state} → List ${event} → ${state}`, ""), step: names.step, self: names.final }));
  blocks.push(reachableTemplate({
    doc: docComment(`The states of ${m.name} reachable from its initial state; invariants range over them.`, 0, m.span),
    name: names.reachable,
    state,
    event,
    initial: names.initial,
    step: names.step,
  }));
  return blocks;
}

/** A decision as one def: its lets, then its rules in order (first match wins). */
export function decisionBlock(d: Decision, cx: ExprCx): string {
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
    head: declHead("def", decisionName(d.name), [`(${used ? "f" : "_f"} : ${facts})`], verdict, " :="),
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
