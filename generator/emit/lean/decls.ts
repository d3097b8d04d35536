// Emit stage (Lean): constants and type declarations of one module, in an order Lean accepts
// (a declaration before its uses; otherwise the spec's order), plus the declaration head helper
// every block uses to keep signatures within 100 columns.

import type { Constant, Module } from "../../ir/module.js";
import type { Field, Type, TypeDecl } from "../../ir/types.js";
import { walkExpr } from "../../ir/walk.js";
import type { ExprCx } from "./context.js";
import { leanType, typeNote } from "./context.js";
import { docComment, sentence, sentences } from "./docs.js";
import { P, at, term } from "./expr.js";
import { WIDTH, render } from "./layout.js";
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
function fieldText(f: Field): string {
  const note = typeNote(f.type);
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

function renderType(d: TypeDecl, module: string): string {
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
export function typeBlocks(m: Module): string[] {
  const ordered = dependencyOrder(m.types, (t) => t.name, (t) => {
    const deps: string[] = [];
    for (const f of declFields(t)) typeDeps(f.type, m.name, deps);
    return deps;
  });
  return ordered.map((d) => renderType(d, m.name));
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

/** Constants, each after the constants its expression reads. */
export function constantBlocks(m: Module, cx: ExprCx): string[] {
  const ordered = dependencyOrder(m.constants, (c) => c.name, (c) => {
    const deps: string[] = [];
    if (c.expr) walkExpr(c.expr, { enter: (e) => void (e.kind === "const" && e.ref.module === m.name && deps.push(e.ref.name)) });
    return deps;
  });
  return ordered.map((c) => constantBlock(c, cx));
}
