// Conformance stage (test support): a `wire` law at the schema level. A value the model meets
// validates, survives a JSON round trip unchanged, and a few malformed copies of it (an extra
// key, a missing field, an unknown tag, a number out of range or of the wrong type) are
// rejected. The runtime's own wire tests cover decoding errors; this pins the schema itself.

import { findDecl } from "../arbitrary/values.js";
import { type Value, valueEquals } from "../interpret/value.js";
import type { Field, TypeRef } from "../ir/types.js";
import type { SuiteContext } from "./context.js";

type Obj = Record<string, Value>;

function fieldMalformations(ctx: SuiteContext, base: Obj, fields: readonly Field[]): [string, Value][] {
  const out: [string, Value][] = [];
  const first = fields[0];
  if (first !== undefined) {
    const { [first.name]: _dropped, ...rest } = base;
    out.push([`without field ${first.name}`, rest]);
  }
  for (const f of fields) {
    const t = f.type;
    if (t.kind === "nat") {
      out.push([`${f.name} = ${t.min - 1}`, { ...base, [f.name]: t.min - 1 }]);
      const max = t.max ?? ctx.arb.wireMax;
      out.push([`${f.name} = ${max + 1}`, { ...base, [f.name]: max + 1 }]);
      out.push([`${f.name} = 0.5`, { ...base, [f.name]: 0.5 }]);
    }
    if (t.kind === "bool") out.push([`${f.name} as a string`, { ...base, [f.name]: String(base[f.name]) }]);
    if (t.kind === "string") out.push([`${f.name} as a number`, { ...base, [f.name]: 0 }]);
  }
  return out;
}

/** Malformed copies of `v`, each with what is wrong with it. */
function malformations(ctx: SuiteContext, ref: TypeRef, v: Value): [string, Value][] {
  const d = findDecl(ctx.program, ref);
  if (d.kind === "enum") return [["an unknown member", "__NoSuchMember"], ["a number", 0]];
  const base = v as Obj;
  const out: [string, Value][] = [["an extra key", { ...base, __unexpected: 0 }], ["an array", [base]]];
  if (d.kind === "record") return [...out, ...fieldMalformations(ctx, base, d.fields)];
  out.push(["an unknown tag", { ...base, kind: "__NoSuchVariant" }]);
  const variant = d.variants.find((x) => x.name === base["kind"]);
  return variant === undefined ? out : [...out, ...fieldMalformations(ctx, base, variant.fields)];
}

/** null when `v` is a sound wire value of `ref` and its malformed copies are refused. */
export function wireValue(ctx: SuiteContext, ref: TypeRef, v: Value): string | null {
  const invalid = ctx.schemas.check(ref, v);
  if (invalid !== null) return invalid;
  const back = JSON.parse(JSON.stringify(v)) as Value;
  if (!valueEquals(back, v)) return `${JSON.stringify(v)} does not survive a JSON round trip`;
  for (const [what, bad] of malformations(ctx, ref, v)) {
    if (ctx.schemas.check(ref, bad) === null) return `the schema of ${ref.name} accepts a malformed value (${what}): ${JSON.stringify(bad)}`;
  }
  return null;
}
