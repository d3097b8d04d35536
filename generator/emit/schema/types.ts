// Emit stage, JSON Schema target: one schema per IR type and per named declaration. Records
// and union variants are closed (`additionalProperties: false`) with every field required;
// unions are a `oneOf` of one object per variant, told apart by `kind`.

import type { Expr } from "../../ir/expr.js";
import type { Field, Type, TypeDecl, Variant } from "../../ir/types.js";
import { unreachable } from "../../ir/types.js";
import { type JsonObject, STRING_MAX_LENGTH, describe, schemaFileName } from "./json.js";

/** What a type schema needs from its module: its name (for local refs) and its wire bound. */
export interface TypeContext {
  readonly module: string;
  readonly wireMax: number;
  /** A bound that reads a parameter, at the parameters' range maxima: what the schema admits of every instance. */
  readonly widest: (e: Expr) => number;
}

export function typeSchema(t: Type, ctx: TypeContext): JsonObject {
  switch (t.kind) {
    case "bool":
      return { type: "boolean" };
    case "nat":
      return { type: "integer", minimum: t.min, maximum: t.maxOf !== undefined ? ctx.widest(t.maxOf) : (t.max ?? ctx.wireMax) };
    case "int":
      // Bounded both ways like nat: an integer past the wire bound could not stay exact.
      return { type: "integer", minimum: -ctx.wireMax, maximum: ctx.wireMax };
    case "string":
      return { type: "string", maxLength: STRING_MAX_LENGTH };
    case "named": {
      const local = t.ref.module === ctx.module;
      return { $ref: `${local ? "" : schemaFileName(t.ref.module)}#/$defs/${t.ref.name}` };
    }
    case "option":
      return { oneOf: [{ type: "null" }, typeSchema(t.of, ctx)] };
    case "list":
      return { type: "array", items: typeSchema(t.of, ctx), ...(t.min === undefined ? {} : { minItems: t.min }), maxItems: t.maxOf !== undefined ? ctx.widest(t.maxOf) : t.max };
    default:
      return unreachable(t);
  }
}

/** A closed object: the given properties, all required, nothing else. */
function closedObject(properties: JsonObject): JsonObject {
  return { type: "object", properties, required: Object.keys(properties), additionalProperties: false };
}

function fieldProperties(fields: readonly Field[], ctx: TypeContext, owner: string): JsonObject {
  const props: JsonObject = {};
  for (const f of fields) {
    if (Object.hasOwn(props, f.name)) throw new Error(`schema: ${owner} declares '${f.name}' twice`);
    props[f.name] = { ...describe(f.doc), ...typeSchema(f.type, ctx) };
  }
  return props;
}

function variantSchema(v: Variant, ctx: TypeContext, owner: string): JsonObject {
  if (v.fields.some((f) => f.name === "kind")) throw new Error(`schema: ${owner}.${v.name} has a field named 'kind', the tag`);
  const props: JsonObject = { kind: { const: v.name }, ...fieldProperties(v.fields, ctx, `${owner}.${v.name}`) };
  return { title: v.name, ...describe(v.doc), ...closedObject(props) };
}

/** The `$defs` entry of a declared type (records, enums, unions, machine states and events, facts). */
export function declSchema(d: TypeDecl, ctx: TypeContext): JsonObject {
  const head = { title: d.name, ...describe(d.doc) };
  switch (d.kind) {
    case "enum":
      return { ...head, type: "string", enum: [...d.members] };
    case "record":
      return { ...head, ...closedObject(fieldProperties(d.fields, ctx, d.name)) };
    case "union":
      return { ...head, oneOf: d.variants.map((v) => variantSchema(v, ctx, d.name)) };
    default:
      return unreachable(d);
  }
}
