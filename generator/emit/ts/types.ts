// Emit stage, TypeScript target: spec types to TypeScript. Enums become string-literal unions,
// tagged unions become discriminated unions on `kind`, records (machine states, events' payloads,
// decision facts) become interfaces of readonly fields. nat/ms/int are `number`.

import type { AliasDecl, InterfaceDecl } from "./print.js";
import type { Field, Type, TypeDecl, Variant } from "../../ir/types.js";
import { unreachable } from "../../ir/types.js";
import { docText, escapeDoc, type ModuleCtx } from "./context.js";

/** The TypeScript type of a spec type. */
export function tsType(ctx: ModuleCtx, t: Type): string {
  switch (t.kind) {
    case "bool":
      return "boolean";
    case "nat":
    case "int":
      return "number";
    case "string":
      return "string";
    case "named":
      return ctx.typeName(t.ref);
    case "option":
      return `${tsType(ctx, t.of)} | null`;
    case "list": {
      const of = tsType(ctx, t.of);
      // `readonly A | null[]` and `readonly readonly A[][]` would not mean what they say.
      return /[|\s]/.test(of) ? `readonly (${of})[]` : `readonly ${of}[]`;
    }
    default:
      return unreachable(t);
  }
}

/** The statement declaring one named type, with its JSDoc. */
export function typeDecl(ctx: ModuleCtx, d: TypeDecl): AliasDecl | InterfaceDecl {
  const docs = [docText(d.doc, d.span)];
  switch (d.kind) {
    case "enum":
      return {
        kind: "type",
        isExported: true,
        name: d.name,
        docs,
        type: d.members.length === 0 ? "never" : d.members.map((m) => JSON.stringify(m)).join(" | "),
      };
    case "record":
      return {
        kind: "interface",
        isExported: true,
        name: d.name,
        docs,
        properties: d.fields.map((f) => ({
          name: f.name,
          type: tsType(ctx, f.type),
          isReadonly: true,
          docs: f.doc.trim() === "" ? [] : [escapeDoc(f.doc.trim())],
        })),
      };
    case "union":
      return { kind: "type", isExported: true, name: d.name, docs, type: unionType(ctx, d.variants) };
    default:
      return unreachable(d);
  }
}

/** A discriminated union, one variant per line (a variant with documented fields spans lines), each after its doc. */
function unionType(ctx: ModuleCtx, variants: readonly Variant[]): string {
  if (variants.length === 0) return "never";
  return variants.map((v) => `\n${v.doc.trim() === "" ? "" : `/** ${oneLine(v.doc)} */\n`}| ${variantType(ctx, v)}`).join("");
}

/** The object type of one variant: its `kind` tag, then its payload fields. */
export function variantType(ctx: ModuleCtx, v: Variant): string {
  const tag = `readonly kind: ${JSON.stringify(v.name)}`;
  if (v.fields.every((f) => f.doc.trim() === "")) {
    return `{ ${[tag, ...v.fields.map((f) => fieldSig(ctx, f))].join("; ")} }`;
  }
  const lines = [`${tag};`];
  for (const f of v.fields) {
    if (f.doc.trim() !== "") lines.push(`/** ${oneLine(f.doc)} */`);
    lines.push(`${fieldSig(ctx, f)};`);
  }
  return `{\n${lines.join("\n")}\n}`;
}

function fieldSig(ctx: ModuleCtx, f: Field): string {
  return `readonly ${f.name}: ${tsType(ctx, f.type)}`;
}

/** A documentation string squeezed onto one comment line. */
function oneLine(doc: string): string {
  return escapeDoc(doc.trim()).replace(/\s*\n\s*/g, " ");
}
