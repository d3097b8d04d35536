// Emit stage, Quint target: spec types as Quint types. Numbers are `int` (a nat's bounds are the
// checker's business; Quint's integers are unbounded, like Lean's), enums and tagged unions are
// sum types (a union variant's payload is a record, so ITF writes `{ tag, value: { fields } }`,
// the shape runtime/itf.ts reads), records are record types, options the prelude's `Option`.

import type { Field, Type, TypeDecl, TypeRef } from "../../ir/types.js";
import { unreachable } from "../../ir/types.js";
import { fieldName, quintTag, type QuintCtx } from "./context.js";

export function quintType(ctx: QuintCtx, t: Type): string {
  switch (t.kind) {
    case "bool":
      return "bool";
    case "nat":
    case "int":
      return "int";
    case "string":
      return "str";
    case "option":
      return `Option[${quintType(ctx, t.of)}]`;
    case "list":
      return `List[${quintType(ctx, t.of)}]`;
    case "named":
      return namedType(ctx, t.ref);
    default:
      return unreachable(t);
  }
}

/** A named type; `<Union>.<Variant>` (an event's payload) is that variant's record, written out. */
export function namedType(ctx: QuintCtx, ref: TypeRef): string {
  const dot = ref.name.indexOf(".");
  if (dot < 0) return ctx.name(ref.module, ref.name);
  const union = ctx.decl({ module: ref.module, name: ref.name.slice(0, dot) });
  const variant = union.kind === "union" ? union.variants.find((v) => v.name === ref.name.slice(dot + 1)) : undefined;
  if (variant === undefined) throw new Error(`emit quint: no payload type ${ref.name}`);
  return recordType(ctx, variant.fields);
}

export function recordType(ctx: QuintCtx, fields: readonly Field[]): string {
  return `{ ${fields.map((f) => `${fieldName(f.name)}: ${quintType(ctx, f.type)}`).join(", ")} }`;
}

/** The `type` declaration of one named type, with its doc as a comment line above. */
export function typeDeclLines(ctx: QuintCtx, d: TypeDecl): string[] {
  const doc = d.doc.trim() === "" ? [] : [`/// ${oneLine(d.doc)}`];
  const ref = { module: ctx.module.name, name: d.name };
  switch (d.kind) {
    case "enum":
      return [...doc, `type ${d.name} = ${d.members.map((m) => quintTag(ctx.program, ref, m)).join(" | ")}`];
    case "record":
      return [...doc, `type ${d.name} = ${recordType(ctx, d.fields)}`];
    case "union": {
      const variants = d.variants.map((v) => {
        const tag = quintTag(ctx.program, ref, v.name);
        return v.fields.length === 0 ? tag : `${tag}(${recordType(ctx, v.fields)})`;
      });
      return [...doc, `type ${d.name} =`, ...variants.map((v) => `  | ${v}`)];
    }
    default:
      return unreachable(d);
  }
}

export function oneLine(doc: string): string {
  return doc.trim().replace(/\s*\n\s*/g, " ");
}
