// Emit stage (Lean): each law about the model as a statement `def <ident>_stmt : Prop` (proofs
// live in formal/, never here), and each example once, as a theorem checked by `decide`.
// Statements quantify over reachable states (`Reachable<M>`), one step, or all facts, exactly as
// spec/LANGUAGE.md reads. Wire and ffi laws are about the TypeScript runtime and are checked
// there, so they have no Lean statement (`leanLaws`).

import type { Expr } from "../../ir/expr.js";
import type { Decision, Example, Law, Machine, Module, Program } from "../../ir/module.js";
import type { Field, TypeRef } from "../../ir/types.js";
import { walkExpr } from "../../ir/walk.js";
import type { ExprCx } from "./context.js";
import { leanType, paramsArg, typeRefName, withLocal, withParams } from "./context.js";
import { docComment, sentences } from "./docs.js";
import type { Term } from "./expr.js";
import { P, app, at, holds, term } from "./expr.js";
import type { Doc } from "./layout.js";
import { align, cat, group, hard, join, line, nest, render } from "./layout.js";
import { decisionName, exampleName, ident, lawAtName, lawName, machineNames, qualify } from "./names.js";
import { lawReadsParams, readsBound } from "./params.js";
import { declHead } from "./decls.js";
import { eventVariant, machineCalls, paramsBinder, payloadLocal, withArg } from "./machine.js";
import { declTemplate } from "./templates.js";

/** The laws Lean states: all but wire and ffi laws, which the TypeScript runtime tests check. */
export function leanLaws(m: Module): readonly Law[] {
  return m.laws.filter((l) => l.body.kind !== "wire" && l.body.kind !== "ffi");
}

function mentions(e: Expr, name: string): boolean {
  let found = false;
  walkExpr(e, { enter: (x) => void (x.kind === "var" && x.name === name && (found = true)) });
  return found;
}

/** `a = b` as a Prop, aligned when it breaks. */
function equals(a: Term, b: Term): Term {
  return { doc: align(group(cat(at(a, P.cmp + 1), " =", line, at(b, P.cmp + 1)))), prec: P.cmp };
}

/** `p ∧ q ∧ r`, one conjunct per line when it breaks; `True` when empty. */
function conjunction(props: readonly Term[]): Doc {
  if (props.length === 0) return "True";
  if (props.length === 1) return (props[0] as Term).doc;
  return align(group(join(props.map((p) => at(p, P.and + 1)), cat(" ∧", line))));
}

function listOf(items: readonly Term[], type: string): Term {
  if (items.length === 0) return { doc: `([] : List ${type})`, prec: P.max };
  return { doc: group(cat("[", align(join(items.map((i) => i.doc), cat(",", line))), "]")), prec: P.max };
}

/** The proposition an example asserts. */
function exampleProp(ex: Example, cx: ExprCx, idx: ProgramIndex): Term {
  const b = ex.body;
  if (b.kind === "decision") {
    return equals(app(decideHead(b.decision, cx), [term(b.facts, cx)]), term(b.verdict, cx));
  }
  const names = machineNames(b.machine.name);
  const m = idx.machine(b.machine);
  const takes = machineCalls(m, cx);
  const q = (n: string, p = takes.step) => withArg(qualify(b.machine, n, cx.module), p, cx);
  const events = listOf(b.events.map((e) => term(e, cx)), typeRefName(m.event, cx.module));
  const outputs = listOf(b.outputs.map((o) => term(o, cx)), leanType(m.output, cx.module, true));
  const init: Term = { doc: q(names.initial, takes.initial), prec: takes.initial ? P.app : P.max };
  const props: Term[] = [equals(app(q(names.run), [init, events]), outputs)];
  for (const a of b.state) {
    const final = app(q(names.final), [init, events]);
    props.push(equals({ doc: cat("(", align(final.doc), `).${a.field}`), prec: P.max }, term(a.value, cx)));
  }
  return props.length === 1 ? (props[0] as Term) : { doc: conjunction(props), prec: P.and };
}

function qualifiedDecide(ref: TypeRef, cx: ExprCx): string {
  return qualify(ref, decisionName(ref.name), cx.module);
}

/** The decision's function, applied to the parameters record in scope when it reads one (as `term` does for a `decide` expression). */
function decideHead(ref: TypeRef, cx: ExprCx): string {
  const fn = qualifiedDecide(ref, cx);
  return ref.module === cx.module && (cx.lp?.decisions.has(ref.name) ?? false) ? `${fn} ${paramsArg(cx, ref.name)}` : fn;
}

/** Machines and decisions of the whole program, by reference. */
export interface ProgramIndex {
  readonly machine: (ref: TypeRef) => Machine;
  readonly decision: (ref: TypeRef) => Decision;
}

/** `∀ (s : S) ..., Reachable s →`, then `let n` / `let o` for those in `needs`, then the claim. */
function stepStatement(m: Machine, event: string | null, needs: ReadonlySet<string>, claim: (cx: ExprCx) => Doc, cx: ExprCx): Doc {
  const names = qualifiedNames(m, cx);
  const state = typeRefName(m.state, cx.module);
  let inner = withLocal(cx, "s", { kind: "value", lean: "s" });
  const binders = [`(s : ${state})`];
  let bounds: Doc[] = [];
  let ev: Term;
  if (event === null) {
    binders.push(`(e : ${typeRefName(m.event, cx.module)})`);
    inner = withLocal(inner, "e", { kind: "value", lean: "e" });
    ev = { doc: "e", prec: P.max };
  } else {
    const v = eventVariant(m, event, cx);
    const { local, names: params } = payloadLocal(v);
    v.fields.forEach((f, i) => binders.push(`(${params[i] ?? f.name} : ${leanType(f.type, cx.module)})`));
    bounds = rangeHypotheses(v.fields, (f, i) => params[i] ?? f.name, cx);
    inner = withLocal(inner, "e", local);
    ev = app(`${typeRefName(m.event, cx.module)}.${event}`, params.map((p) => ({ doc: p, prec: P.max })));
  }
  const step = app(names.step, [{ doc: "s", prec: P.max }, ev]);
  const lets: Doc[] = [];
  for (const [v, proj] of [["n", ".1"], ["o", ".2"]] as const) {
    if (!needs.has(v)) continue;
    lets.push(cat(`let ${v} := (`, align(step.doc), `)${proj}`, hard));
    inner = withLocal(inner, v, { kind: "value", lean: v });
  }
  const quant = align(group(cat("∀ ", align(join(binders, line)), ",", line, `${names.reachable} s →`)));
  return cat(quant, nest(2, cat(hard, ...bounds, ...lets, claim(inner))));
}

/** The generated names of machine `m`, qualified when it lives in another module. */
function qualifiedNames(m: Machine, cx: ExprCx) {
  const n = machineNames(m.name);
  const takes = machineCalls(m, cx);
  const q = (x: string, p: boolean) => withArg(qualify(m.state, x, cx.module), p, cx);
  return { step: q(n.step, takes.step), reachable: q(n.reachable, takes.reach) };
}

/** Which of `n` and `o` the expressions read. */
function needsOf(...exprs: readonly Expr[]): Set<string> {
  return new Set(["n", "o"].filter((v) => exprs.some((e) => mentions(e, v))));
}

/**
 * A decision law ranges over the facts the wire admits, a step law over the events it admits:
 * Lean's `Nat` is unbounded, so each fact or event field with a range type (`ms 0ms..N`,
 * `nat 0..WORKERS - 1`) becomes a hypothesis `x ≤ N` (and `M ≤ x` for a lower bound above 0),
 * one per line before the claim. Without it a step law on a worker index claimed something of
 * an index past the list, where the step does nothing. A bound over a parameter is stated over
 * the record in scope (`e_w ≤ p.WORKERS - 1`), never at the parameters' range maxima.
 */
function rangeHypotheses(fields: readonly Field[], name: (f: Field, i: number) => string, cx: ExprCx): Doc[] {
  const out: Doc[] = [];
  fields.forEach((fd, i) => {
    if (fd.type.kind !== "nat") return;
    if (fd.type.min > 0) out.push(cat(`${fd.type.min} ≤ ${name(fd, i)} →`, hard));
    if (fd.type.max !== null) {
      const e = fd.type.maxOf;
      const max = e !== undefined && readsBound(cx.lp, e) ? at(term(e, cx), P.cmp + 1) : String(fd.type.max);
      out.push(cat(`${name(fd, i)} ≤ `, max, " →", hard));
    }
  });
  return out;
}

function statement(law: Law, cx: ExprCx, idx: ProgramIndex): Doc {
  const b = law.body;
  switch (b.kind) {
    case "order":
      return holds(b.expr, cx);
    case "invariant": {
      const mm = idx.machine(b.machine);
      const inner = withLocal(cx, "s", { kind: "value", lean: "s" });
      const head = `∀ (s : ${typeRefName(mm.state, cx.module)}), ${qualifiedNames(mm, cx).reachable} s →`;
      return group(cat(head, nest(2, cat(line, holds(b.expr, inner)))));
    }
    case "step":
      return stepStatement(idx.machine(b.machine), b.event, needsOf(b.expr), (inner) => holds(b.expr, inner), cx);
    case "decision": {
      const d = idx.decision(b.decision);
      const inner = withLocal(withLocal(cx, "f", { kind: "value", lean: "f" }), "v", { kind: "value", lean: "v" });
      const v = mentions(b.expr, "v") ? [cat(`let v := ${decideHead(b.decision, cx)} f`, hard)] : [];
      const facts = cx.typeDecl(d.facts);
      const bounds = facts.kind === "record" ? rangeHypotheses(facts.fields, (fd) => `f.${ident(fd.name)}`, cx) : [];
      return cat(`∀ (f : ${typeRefName(d.facts, cx.module)}),`, nest(2, cat(hard, ...bounds, ...v, holds(b.expr, inner))));
    }
    case "variant": {
      const mm = idx.machine(b.machine);
      const state = typeRefName(mm.state, cx.module);
      const needs = needsOf(b.when);
      needs.add("n");
      return stepStatement(mm, null, needs, (inner) => {
        // The measure is a function of a state, applied to `s` and to `n` without capture.
        const measureCx = withLocal(cx, "s", { kind: "value", lean: "s" });
        const fn = cat(`let measure := (fun (s : ${state}) =>`, nest(2, cat(line, term(b.measure, measureCx).doc)), ")");
        const [lo, hi] = b.direction === "decreases" ? ["measure n", "measure s"] : ["measure s", "measure n"];
        const moves = cat("(", align(group(cat(holds(b.when, inner), " →", line, `${lo} < ${hi}`))), ")");
        const claim = b.monotone ? cat(moves, " ∧", line, `${lo} ≤ ${hi}`) : moves;
        return cat(group(fn), hard, align(group(claim)));
      }, cx);
    }
    case "progress": {
      const mm = idx.machine(b.machine);
      const inner = withLocal(cx, "s", { kind: "value", lean: "s" });
      const head = `∀ (s : ${typeRefName(mm.state, cx.module)}), ${qualifiedNames(mm, cx).reachable} s →`;
      const leads = withArg(leadsName(law), cx.params !== null, cx);
      const claim = cat(holds(b.from, inner), " →", line, `${leads} ${b.within} s = true`);
      return group(cat(head, nest(2, cat(line, align(group(claim))))));
    }
    case "wire":
    case "ffi":
      throw new Error(`lean emitter: ${b.kind} law ${law.name} has no Lean statement`);
  }
}

function lawDoc(law: Law): string {
  return sentences(
    `${law.name}: ${law.doc}`,
    law.secures.trim() ? `Secures: ${law.secures}` : "",
    law.adversary.trim() ? `Adversary: ${law.adversary}` : "",
  );
}

const leadsName = (law: Law): string => `${law.ident}_leads`;

/**
 * The "leads to" of a progress law as a function by structural recursion on the steps left:
 * `to` holds now, or every one of the `by` events (taken in the current state) leads there in
 * one step fewer.
 */
function leadsBlock(law: Law, cx: ExprCx, idx: ProgramIndex): string[] {
  const b = law.body;
  if (b.kind !== "progress") return [];
  const mm = idx.machine(b.machine);
  const state = typeRefName(mm.state, cx.module);
  const inner = withLocal(cx, "s", { kind: "value", lean: "s" });
  const to = at(term(b.to, inner), P.max);
  const events = listOf(b.by.map((x) => term(x, inner)), typeRefName(mm.event, cx.module));
  const next = cat(`fun e => ${withArg(leadsName(law), cx.params !== null, cx)} k (${qualifiedNames(mm, cx).step} s e).1`);
  const all = app("List.all", [events, { doc: cat("(", next, ")"), prec: P.max }]);
  const body = cat(`| 0, s => `, to, hard, `| k + 1, s => `, align(group(cat(to, " ||", line, at(all, P.max)))));
  return [
    declTemplate({
      doc: docComment(sentences(`${law.name}: the states from which every sequence of its events reaches the target within the given steps`), 0, law.span),
      head: declHead("def", leadsName(law), cx.params !== null ? [paramsBinder(cx)] : [], `Nat → ${state} → Bool`, ""),
      body: "  " + render(body, 2),
    }),
  ];
}

/**
 * One `_stmt` definition per law Lean states, in declaration order (a progress law's `_leads`
 * first). A law that reads a parameter is first stated at one parameters record
 * (`<law>_at p`), then for every valid one (`<law>_stmt`: `∀ p, p.valid → <law>_at p`): a
 * proof at the defaults only is a theorem of `<law>_at <Module>Params.defaults`.
 */
export function lawBlocks(m: Module, cx0: ExprCx, idx: ProgramIndex, program: Program): string[] {
  return leanLaws(m).flatMap((law) => {
    const over = lawReadsParams(program, m, law);
    const cx = withParams(cx0, over ? "p" : null);
    const doc = docComment(lawDoc(law), 0, law.span);
    const body = "  " + render(statement(law, cx, idx), 2);
    if (!over || cx.lp === null) return [...leadsBlock(law, cx, idx), declTemplate({ doc, head: `def ${lawName(law.ident)} : Prop :=`, body })];
    const S = cx.lp.struct;
    return [
      ...leadsBlock(law, cx, idx),
      declTemplate({ doc, head: `def ${lawAtName(law.ident)} (p : ${S}) : Prop :=`, body }),
      declTemplate({
        doc: docComment(`${law.name}, for every value of the parameters that satisfies their assumptions (\`${S}.valid\`).`, 0, law.span),
        head: `def ${lawName(law.ident)} : Prop :=`,
        body: `  ∀ (p : ${S}), p.valid → ${lawAtName(law.ident)} p`,
      }),
    ];
  });
}

/** One theorem per example, proved by evaluation; at the parameters' defaults. */
export function exampleBlocks(m: Module, cx0: ExprCx, idx: ProgramIndex): string[] {
  const cx = withParams(cx0, cx0.lp === null ? null : `${cx0.lp.struct}.defaults`);
  return m.examples.map((ex) => {
    const prop = exampleProp(ex, cx, idx);
    return declTemplate({
      doc: docComment(sentences(`Example ${ex.name}: ${ex.doc}`), 0, ex.span),
      head: `theorem ${exampleName(ex.name)} :`,
      body: "    " + render(cat(prop.doc, " := by"), 4) + "\n  decide",
    });
  });
}
