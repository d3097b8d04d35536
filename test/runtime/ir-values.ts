// Test support: values of IR types, written independently of the schema emitter and of ajv.
// `conforms` is the oracle of what the wire must accept (closed records, tagged unions, nat
// ranges, the wire bound, list bounds, string length); `sample` and `fill` make valid values
// that reach every field; `sites` lists every place in a value with its type, so malformed
// messages can be built at a known JSON pointer.

import type { Value } from "../../generator/interpret/index.js";
import type { Type } from "../../generator/ir/types.js";
import { boundOf, declOf } from "./specs.js";

const STRING_MAX = 256;

const isObject = (v: unknown): v is Record<string, Value> => typeof v === "object" && v !== null && !Array.isArray(v);

function exactKeys(v: Record<string, Value>, keys: readonly string[]): boolean {
  const own = Object.keys(v);
  return own.length === keys.length && keys.every((k) => Object.hasOwn(v, k));
}

/** Whether `v` is a value of `t` on the wire; `bound` is the wire bound of the enclosing module. */
export function conforms(t: Type, v: unknown, bound: number): boolean {
  switch (t.kind) {
    case "bool":
      return typeof v === "boolean";
    case "nat":
      return typeof v === "number" && Number.isInteger(v) && v >= t.min && v <= (t.max ?? bound);
    case "int":
      return typeof v === "number" && Number.isInteger(v) && Math.abs(v) <= bound;
    case "string":
      return typeof v === "string" && [...v].length <= STRING_MAX;
    case "option":
      return v === null || conforms(t.of, v, bound);
    case "list":
      return Array.isArray(v) && v.length <= t.max && v.every((x) => conforms(t.of, x, bound));
    case "named": {
      const d = declOf(t.ref);
      const b = boundOf(t.ref.module);
      if (d.kind === "enum") return typeof v === "string" && d.members.includes(v);
      if (!isObject(v)) return false;
      if (d.kind === "record") return exactKeys(v, d.fields.map((f) => f.name)) && d.fields.every((f) => conforms(f.type, v[f.name], b));
      const variant = d.variants.find((x) => x.name === v["kind"]);
      return variant !== undefined && exactKeys(v, ["kind", ...variant.fields.map((f) => f.name)])
        && variant.fields.every((f) => conforms(f.type, v[f.name], b));
    }
  }
}

/** A valid value of `t` that reaches into every field: lists hold one element, options a value. */
export function sample(t: Type): Value {
  switch (t.kind) {
    case "bool":
      return false;
    case "nat":
      return t.min;
    case "int":
      return 0;
    case "string":
      return "v";
    case "option":
      return sample(t.of);
    case "list":
      return t.max >= 1 ? [sample(t.of)] : [];
    case "named": {
      const d = declOf(t.ref);
      if (d.kind === "enum") return d.members[0] ?? "";
      const fields = d.kind === "record" ? d.fields : (d.variants.find((v) => v.fields.length > 0) ?? d.variants[0])?.fields ?? [];
      const out: Record<string, Value> = d.kind === "union" ? { kind: (d.variants.find((v) => v.fields.length > 0) ?? d.variants[0])?.name ?? "" } : {};
      for (const f of fields) out[f.name] = sample(f.type);
      return out;
    }
  }
}

/** `v` with every empty list given one element and every `none` a value, so each field is reachable. */
export function fill(t: Type, v: Value): Value {
  if (t.kind === "option") return v === null ? sample(t.of) : fill(t.of, v);
  if (t.kind === "list" && Array.isArray(v)) return v.length === 0 && t.max >= 1 ? [sample(t.of)] : v.map((x) => fill(t.of, x));
  if (t.kind !== "named" || !isObject(v)) return v;
  const d = declOf(t.ref);
  if (d.kind === "enum") return v;
  const fields = d.kind === "record" ? d.fields : d.variants.find((x) => x.name === v["kind"])?.fields ?? [];
  const out: Record<string, Value> = { ...v };
  for (const f of fields) out[f.name] = fill(f.type, v[f.name] ?? null);
  return out;
}

/** One place in a value: its JSON pointer, the path to it, its type and the value there. */
export interface Site {
  readonly pointer: string;
  readonly path: readonly (string | number)[];
  readonly type: Type;
  readonly value: Value;
}

/** Every place in `v` (a value of `t`), outermost first, fields in declaration order. */
export function sites(t: Type, v: Value, path: readonly (string | number)[] = []): Site[] {
  const here: Site = { pointer: path.map((p) => `/${String(p)}`).join(""), path, type: t, value: v };
  const below: Site[] = [];
  if (t.kind === "option" && v !== null) below.push(...sites(t.of, v, path));
  if (t.kind === "list" && Array.isArray(v)) v.forEach((x: Value, i: number) => below.push(...sites(t.of, x, [...path, i])));
  if (t.kind === "named" && isObject(v)) {
    const d = declOf(t.ref);
    const fields = d.kind === "record" ? d.fields : d.kind === "union" ? d.variants.find((x) => x.name === v["kind"])?.fields ?? [] : [];
    for (const f of fields) below.push(...sites(f.type, v[f.name] ?? null, [...path, f.name]));
  }
  return [here, ...below];
}

/** A deep copy of `v` with the value at `path` replaced (or, with `undefined`, removed). */
export function setAt(v: Value, path: readonly (string | number)[], to: Value | undefined): Value {
  if (path.length === 0) return to === undefined ? null : to;
  const [head, ...rest] = path;
  if (Array.isArray(v)) {
    const copy = v.slice();
    copy[head as number] = setAt(copy[head as number] ?? null, rest, to);
    return copy;
  }
  const copy: Record<string, Value> = { ...(v as Record<string, Value>) };
  if (rest.length === 0 && to === undefined) delete copy[head as string];
  else copy[head as string] = setAt(copy[head as string] ?? null, rest, to);
  return copy;
}
