// Emit stage (Lean): constants and type declarations of one module, in an order Lean accepts
// (a declaration before its uses; otherwise the spec's order), plus the declaration head helper
// every block uses to keep signatures within 100 columns.

import type { Expr } from "../../ir/expr.js";
import type { Constant, Module, OverrideCheck } from "../../ir/module.js";
import type { LeanBound, LeanParams } from "./params.js";
import { derivedExpr, rangeProps, readsBound } from "./params.js";
import type { Field, Type, TypeDecl, TypeRef } from "../../ir/types.js";
import { walkExpr } from "../../ir/walk.js";
import type { ExprCx } from "./context.js";
import { leanType, typeNote } from "./context.js";
import { docComment, sentence, sentences } from "./docs.js";
import { P, at, term } from "./expr.js";
import { type Doc, WIDTH, align, cat, group, join, line, nest, render } from "./layout.js";
import { ident, typeName } from "./names.js";
import type { CtorView } from "./templates.js";
import { declTemplate, inductiveTemplate, structureTemplate } from "./templates.js";

/**
 * `def name (a : A) (b : B) : T :=` on one line when it fits; otherwise binders continue on
 * lines indented four, and the type goes on its own line.
 */
export function declHead(keyword: string, name: string, binders: readonly string[], type: string, suffix: string): string {
  const one = [keyword, name, ...binders].join(" ") + ` : ${type}${suffix}`;
  if (one.length <= WIDTH) return one;
  const lines: string[] = [`${keyword} ${name}`];
  for (const b of binders) {
    const last = lines.length - 1;
    const cur = lines[last] ?? "";
    if (cur.length + 1 + b.length + 2 <= WIDTH) lines[last] = `${cur} ${b}`;
    else lines.push(`    ${b}`);
  }
  lines[lines.length - 1] += " :";
  lines.push(`    ${type}${suffix}`);
  return lines.join("\n");
}

/** Dependency-first order: each item after the items it names, else in its given order. */
export function dependencyOrder<T>(items: readonly T[], name: (t: T) => string, deps: (t: T) => readonly string[]): T[] {
  const byName = new Map(items.map((t) => [name(t), t]));
  const done = new Set<string>();
  const out: T[] = [];
  const visit = (t: T, path: Set<string>) => {
    const n = name(t);
    if (done.has(n) || path.has(n)) return;
    path.add(n);
    for (const d of deps(t)) {
      const dep = byName.get(d);
      if (dep) visit(dep, path);
    }
    path.delete(n);
    done.add(n);
    out.push(t);
  };
  for (const t of items) visit(t, new Set());
  return out;
}

/** Same-module type names a type mentions. */
function typeDeps(t: Type, module: string, into: string[]): void {
  if (t.kind === "named" && t.ref.module === module) into.push(t.ref.name);
  if (t.kind === "option" || t.kind === "list") typeDeps(t.of, module, into);
}

function declFields(d: TypeDecl): readonly Field[] {
  if (d.kind === "record") return d.fields;
  if (d.kind === "union") return d.variants.flatMap((v) => v.fields);
  return [];
}

/** A field's doc and what its Lean type does not say (unit, range, list bound). */
function fieldText_(f: Field, bound: (e: Expr) => boolean): string {
  const note = typeNote(f.type, bound);
  const doc = f.doc.trim().replace(/\.$/, "");
  if (!doc) return sentence(note.charAt(0).toUpperCase() + note.slice(1));
  return sentence(note ? `${doc} (${note})` : doc);
}

/** `Restart (pause_ms : Nat)`; binders that do not fit continue on lines indented six. */
function ctorText(name: string, binders: readonly string[]): string {
  const lines = [name];
  for (const b of binders) {
    const last = lines.length - 1;
    const cur = lines[last] ?? "";
    const col = last === 0 ? 4 : 0;
    if (col + cur.length + 1 + b.length <= WIDTH) lines[last] = `${cur} ${b}`;
    else lines.push(`      ${b}`);
  }
  return lines.join("\n");
}

function renderType(d: TypeDecl, module: string, bound: (e: Expr) => boolean): string {
  const fieldText = (f: Field) => fieldText_(f, bound);
  const doc = docComment(sentence(d.doc), 0, d.span);
  const name = typeName(d.name);
  switch (d.kind) {
    case "enum":
      return inductiveTemplate({ doc, name, ctors: d.members.map((m) => ({ doc: "", text: ident(m) })) });
    case "union": {
      const ctors: CtorView[] = d.variants.map((v) => {
        const binders = v.fields.map((f) => `(${ident(f.name)} : ${leanType(f.type, module)})`);
        const notes = v.fields.filter((f) => fieldText(f)).map((f) => `\`${f.name}\`: ${fieldText(f)}`);
        const text = sentences(v.doc, ...notes);
        return { doc: text ? docComment(text, 2) : "", text: ctorText(ident(v.name), binders) };
      });
      return inductiveTemplate({ doc, name, ctors });
    }
    case "record":
      return structureTemplate({
        doc,
        name,
        fields: d.fields.map((f) => ({ doc: fieldText(f) ? docComment(fieldText(f), 2) : "", name: ident(f.name), type: leanType(f.type, module) })),
      });
  }
}

/** Every type of the module, dependencies first. */
export function typeBlocks(m: Module, lp: LeanParams | null = null): string[] {
  const bound = (e: Expr) => readsBound(lp, e);
  const ordered = dependencyOrder(m.types, (t) => t.name, (t) => {
    const deps: string[] = [];
    for (const f of declFields(t)) typeDeps(f.type, m.name, deps);
    return deps;
  });
  return ordered.map((d) => renderType(d, m.name, bound));
}

function constantBlock(c: Constant, cx: ExprCx): string {
  const type = leanType(c.type, cx.module);
  const value_ = c.expr ? `Evaluates to ${String(c.value)}` : "";
  const override = c.overridable ? `The runtime may override it with STATUTE_${c.name}` : "";
  const doc = docComment(sentences(c.doc, value_, override), 0, c.span);
  const value = c.expr ? at(term(c.expr, cx), P.low) : String(c.value);
  const head = `def ${ident(c.name)} : ${type} :=`;
  const flat = render(value, head.length + 1);
  if (!flat.includes("\n") && head.length + 1 + flat.length <= WIDTH) return `${doc}\n${head} ${flat}`;
  return declTemplate({ doc, head, body: "  " + render(value, 2) });
}

/** Constants that no parameter reaches, each after the constants its expression reads (the others are `paramBlocks`'). */
export function constantBlocks(m: Module, cx: ExprCx): string[] {
  const plain = m.constants.filter((c) => !(cx.lp?.keys.has(`${m.name}.${c.name}`) ?? false));
  const ordered = dependencyOrder(plain, (c) => c.name, (c) => {
    const deps: string[] = [];
    if (c.expr) walkExpr(c.expr, { enter: (e) => void (e.kind === "const" && e.ref.module === m.name && deps.push(e.ref.name)) });
    return deps;
  });
  return ordered.map((c) => constantBlock(c, cx));
}

/** A parameter's doc: its own, its range and default, and whether the operator sets it. */
function paramDoc(l: LeanBound, own: boolean): string {
  const c = l.constant;
  const r = c.range === null ? "" : `Range ${c.range.min}..${c.range.max}`;
  const env = c.overridable ? `The operator may set it (STATUTE_${c.name})` : "";
  const from = own ? "" : `A parameter of ${l.module}`;
  return sentences(c.doc, from, r, `Default ${String(c.value)}`, env);
}

/**
 * The parameters of a module whose definitions read any: the record (one field per parameter),
 * its defaults, and each derived constant over them as a function of the record (`valid`, the
 * assumption of every law over them, follows the decisions: `validBlock`).
 */
export function paramBlocks(m: Module, cx: ExprCx): string[] {
  const lp = cx.lp;
  if (lp === null) return [];
  const S = lp.struct;
  const blocks: string[] = [];
  blocks.push(structureTemplate({
    doc: docComment(`The parameters of ${m.name}: every value the world may change that its definitions read (own or imported). Its definitions take one record; its laws hold for every record that is \`valid\`.`, 0),
    name: S,
    fields: lp.params.map((l) => ({ doc: docComment(paramDoc(l, l.module === m.name), 2, l.constant.span), name: ident(l.constant.name), type: leanType(l.constant.type, m.name) })),
  }));
  const defaults = lp.params.map((l) => cat(ident(l.constant.name), " := ", String(l.constant.value)));
  blocks.push(declTemplate({
    doc: docComment("Every parameter at its default (the spec's value); examples are stated here.", 0),
    head: `def ${S}.defaults : ${S} :=`,
    body: "  " + render(group(cat("{ ", align(join(defaults, cat(",", line))), " }")), 2),
  }));
  const inner: ExprCx = { ...cx, params: "p" };
  for (const l of lp.derived) {
    const c = l.constant;
    const doc = docComment(sentences(c.doc, l.module === m.name ? "" : `Derived in ${l.module}`, `Over the parameters; ${String(c.value)} at the defaults`), 0, c.span);
    const head = `def ${S}.${ident(c.name)} (p : ${S}) : ${leanType(c.type, m.name)} :=`;
    const value = at(term(derivedExpr(l), inner), P.low);
    const flat = render(value, head.length + 1);
    if (!flat.includes("\n") && head.length + 1 + flat.length <= WIDTH) blocks.push(`${doc}\n${head} ${flat}`);
    else blocks.push(declTemplate({ doc, head, body: "  " + render(value, 2) }));
  }
  return blocks;
}

/**
 * `<Module>Params.valid`, what every law over the parameters assumes: each parameter in its
 * range and, when the module declares an `override_check`, that check's acceptance of the
 * record's values (the runtime refuses to start on any other, so no other is ever bound).
 * Emitted after the decisions, which the acceptance calls.
 */
export function validBlock(m: Module, cx: ExprCx): string[] {
  const lp = cx.lp;
  if (lp === null) return [];
  const ranges: Doc[] = lp.params.flatMap(rangeProps);
  const check = m.decisions.find((d) => d.overrideCheck !== null);
  const oc = check?.overrideCheck;
  // With an acceptance, `(ranges) ∧ acceptance`: a proof reads the acceptance as `hp.2`.
  const props: Doc[] = check === undefined || !oc ? ranges : [...(ranges.length === 0 ? [] : [cat("(", align(group(join(ranges, cat(" ∧", line)))), ")")]), acceptance(m, check.name, check.facts, check.verdict, oc, { ...cx, params: "p" })];
  const what = check === undefined ? "each parameter is in its range" : `each parameter is in its range, and ${check.name} (the override check the runtime asks at start) accepts their values`;
  return [declTemplate({
    doc: docComment(`What every law over the parameters assumes: ${what}.`, 0),
    head: `def ${lp.struct}.valid (p : ${lp.struct}) : Prop :=`,
    body: "  " + render(props.length === 0 ? "True" : align(group(join(props, cat(" ∧", line)))), 2),
  })];
}

/** `decide<Check> p { fact := p.CONSTANT, ... } = <Verdict>.<accept>`, from the IR of that call. */
function acceptance(m: Module, decision: string, facts: TypeRef, verdict: Type, oc: OverrideCheck, cx: ExprCx): Doc {
  // Nodes made here only to be printed: the Lean term of a constant or a call reads no node type but these.
  const node = (e: Record<string, unknown>, type: Type): Expr => ({ ...e, id: -1, type }) as unknown as Expr;
  const factsType: Type = { kind: "named", ref: facts };
  const fields = oc.facts.map((f) => ({ name: f.field, value: node({ kind: "const", ref: f.constant }, factsType) }));
  const call = node({ kind: "decide", ref: { module: m.name, name: decision }, arg: node({ kind: "record", ref: facts, fields }, factsType) }, verdict);
  if (verdict.kind !== "named") throw new Error(`lean emitter: ${decision}'s override check needs a named verdict`);
  const decl = m.types.find((t) => t.name === verdict.ref.name);
  const accept = decl?.kind === "enum" ? node({ kind: "enum", ref: verdict.ref, member: oc.accept }, verdict) : node({ kind: "union", ref: verdict.ref, variant: oc.accept, fields: [] }, verdict);
  return group(cat(at(term(call, cx), P.low + 1), " =", nest(2, cat(line, at(term(accept, cx), P.low + 1)))));
}
