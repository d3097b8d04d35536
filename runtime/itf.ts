// Runtime: read and write traces in the Informal Trace Format (ITF, Apalache ADR-015), the JSON
// that Quint and Apalache tools read. Encoding is type-directed because the wire shape of a
// spec value does not say its type (an enum member and a string are both strings, `none` and a
// missing value are both null): callers pass an `ItfType` describing each trace variable.
// Conventions: every integer is `{"#bigint": "n"}`; a union value, an enum member and an option
// are Quint variants `{ tag, value }`, a unit payload being the empty tuple `{"#tup": []}`.

/** The type of a value, as much as ITF needs to encode and decode it. */
export type ItfType =
  | { readonly kind: "bool" }
  | { readonly kind: "int" }
  | { readonly kind: "string" }
  | { readonly kind: "enum"; readonly members: readonly string[] }
  | { readonly kind: "record"; readonly fields: readonly ItfField[] }
  | { readonly kind: "union"; readonly variants: readonly { readonly name: string; readonly fields: readonly ItfField[] }[] }
  | { readonly kind: "option"; readonly of: ItfType }
  | { readonly kind: "list"; readonly of: ItfType };

/** A named field of a record or union variant, in declaration order. */
export interface ItfField {
  readonly name: string;
  readonly type: ItfType;
}

/** One state of a trace: a value for each variable, and `#meta` (at least the index). */
export interface ItfState {
  readonly "#meta": { readonly index: number; readonly [key: string]: unknown };
  readonly [variable: string]: unknown;
}

/** A whole trace. `#meta` carries the format marker and whatever the writer adds. */
export interface ItfTrace {
  readonly "#meta": { readonly [key: string]: unknown };
  readonly vars: readonly string[];
  readonly states: readonly ItfState[];
}

/** A trace that does not have the shape its type says, with the JSON path of the offending part. */
export class ItfError extends Error {
  override readonly name = "ItfError";
}

const unit = (): { "#tup": [] } => ({ "#tup": [] });

function obj(v: unknown, path: string): Record<string, unknown> {
  if (typeof v !== "object" || v === null || Array.isArray(v)) throw new ItfError(`${path}: expected an object, got ${JSON.stringify(v)}`);
  return v as Record<string, unknown>;
}

/** A spec value (the wire's JSON shape) as ITF JSON. */
export function toItf(value: unknown, type: ItfType, path = "$"): unknown {
  switch (type.kind) {
    case "bool":
    case "string":
      if (typeof value !== (type.kind === "bool" ? "boolean" : "string")) throw new ItfError(`${path}: expected a ${type.kind}, got ${JSON.stringify(value)}`);
      return value;
    case "int":
      if (typeof value !== "number" || !Number.isSafeInteger(value)) throw new ItfError(`${path}: expected an integer, got ${JSON.stringify(value)}`);
      return { "#bigint": String(value) };
    case "enum":
      if (typeof value !== "string" || !type.members.includes(value)) throw new ItfError(`${path}: not a member: ${JSON.stringify(value)}`);
      return { tag: value, value: unit() };
    case "record":
      return fieldsToItf(obj(value, path), type.fields, path);
    case "union": {
      const r = obj(value, path);
      const variant = type.variants.find((x) => x.name === r["kind"]);
      if (variant === undefined) throw new ItfError(`${path}: unknown variant ${JSON.stringify(r["kind"])}`);
      return { tag: variant.name, value: variant.fields.length === 0 ? unit() : fieldsToItf(r, variant.fields, path) };
    }
    case "option":
      return value === null ? { tag: "None", value: unit() } : { tag: "Some", value: toItf(value, type.of, `${path}.value`) };
    case "list":
      if (!Array.isArray(value)) throw new ItfError(`${path}: expected a list, got ${JSON.stringify(value)}`);
      return value.map((x, i) => toItf(x, type.of, `${path}[${i}]`));
  }
}

function fieldsToItf(r: Record<string, unknown>, fields: readonly ItfField[], path: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of fields) {
    if (!Object.hasOwn(r, f.name)) throw new ItfError(`${path}: no field '${f.name}'`);
    out[f.name] = toItf(r[f.name], f.type, `${path}.${f.name}`);
  }
  return out;
}

/** ITF JSON back to a spec value. Accepts plain JSON numbers and `{}` as a unit payload too. */
export function fromItf(json: unknown, type: ItfType, path = "$"): unknown {
  switch (type.kind) {
    case "bool":
    case "string":
      if (typeof json !== (type.kind === "bool" ? "boolean" : "string")) throw new ItfError(`${path}: expected a ${type.kind}, got ${JSON.stringify(json)}`);
      return json;
    case "int":
      return intFromItf(json, path);
    case "enum": {
      const tag = variantTag(json, path);
      if (!type.members.includes(tag)) throw new ItfError(`${path}: not a member: ${tag}`);
      return tag;
    }
    case "record":
      return fieldsFromItf(obj(json, path), type.fields, path);
    case "union": {
      const tag = variantTag(json, path);
      const variant = type.variants.find((x) => x.name === tag);
      if (variant === undefined) throw new ItfError(`${path}: unknown variant ${tag}`);
      if (variant.fields.length === 0) return { kind: tag };
      return { kind: tag, ...fieldsFromItf(obj(obj(json, path)["value"], `${path}.value`), variant.fields, `${path}.value`) };
    }
    case "option": {
      const tag = variantTag(json, path);
      if (tag === "None") return null;
      if (tag !== "Some") throw new ItfError(`${path}: an option is Some or None, not ${tag}`);
      return fromItf(obj(json, path)["value"], type.of, `${path}.value`);
    }
    case "list":
      if (!Array.isArray(json)) throw new ItfError(`${path}: expected a list, got ${JSON.stringify(json)}`);
      return json.map((x, i) => fromItf(x, type.of, `${path}[${i}]`));
  }
}

function intFromItf(json: unknown, path: string): number {
  const text = typeof json === "number" ? String(json) : obj(json, path)["#bigint"];
  if (typeof text !== "string" || !/^-?\d+$/.test(text)) throw new ItfError(`${path}: expected {"#bigint": "<digits>"}, got ${JSON.stringify(json)}`);
  const n = Number(text);
  if (!Number.isSafeInteger(n)) throw new ItfError(`${path}: ${text} is outside the safe integer range`);
  return n;
}

function variantTag(json: unknown, path: string): string {
  const r = obj(json, path);
  if (typeof r["tag"] !== "string" || !Object.hasOwn(r, "value")) throw new ItfError(`${path}: expected a variant { tag, value }, got ${JSON.stringify(json)}`);
  return r["tag"];
}

function fieldsFromItf(r: Record<string, unknown>, fields: readonly ItfField[], path: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of fields) {
    if (!Object.hasOwn(r, f.name)) throw new ItfError(`${path}: no field '${f.name}'`);
    out[f.name] = fromItf(r[f.name], f.type, `${path}.${f.name}`);
  }
  return out;
}

/** A trace as text: two-space JSON, LF, trailing newline (byte-stable for the same trace). */
export function writeItf(trace: ItfTrace): string {
  return `${JSON.stringify(trace, null, 2)}\n`;
}

/** Parse and check the outer shape of a trace: `#meta`, `vars`, and every var in every state. */
export function readItf(text: string): ItfTrace {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    throw new ItfError(`not JSON: ${(e as Error).message}`);
  }
  const t = obj(json, "$");
  obj(t["#meta"], "$.#meta");
  const vars = t["vars"];
  if (!Array.isArray(vars) || !vars.every((v) => typeof v === "string")) throw new ItfError("$.vars: expected a list of names");
  const states = t["states"];
  if (!Array.isArray(states)) throw new ItfError("$.states: expected a list");
  states.forEach((s, i) => {
    const r = obj(s, `$.states[${i}]`);
    for (const v of vars as string[]) if (!Object.hasOwn(r, v)) throw new ItfError(`$.states[${i}]: no variable '${v}'`);
  });
  return json as ItfTrace;
}
