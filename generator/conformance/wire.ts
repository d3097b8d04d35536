// Conformance stage (test support): a `wire` law through the runtime wire's decoder. A value the
// model meets, sent as JSON text, is accepted and encodes back unchanged, and a few malformed
// copies of it (an extra key, a missing field, an unknown tag, a number out of range or of the
// wrong type) are refused.

import { findDecl } from "../arbitrary/values.js";
import { type Value, valueEquals } from "../interpret/value.js";
import type { Field, TypeRef } from "../ir/types.js";
import type { SuiteContext } from "./context.js";
import { wireOf } from "./runtime-wire.js";

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

/**
 * null when `v`, sent as JSON text through the runtime wire's decoder, is accepted and encodes
 * back to itself, and each malformed copy is refused.
 */
export function wireValue(ctx: SuiteContext, ref: TypeRef, v: Value): string | null {
  const wire = wireOf(ctx);
  const got = wire.decode(ref.module, ref.name, JSON.stringify(v));
  if (!got.ok) return `the runtime wire refuses ${JSON.stringify(v)}: ${got.error.message}`;
  const back = JSON.parse(wire.encode(got.value)) as Value;
  if (!valueEquals(back, v)) return `${JSON.stringify(v)} does not survive the wire's round trip (${JSON.stringify(back)})`;
  for (const [what, bad] of malformations(ctx, ref, v)) {
    if (wire.decode(ref.module, ref.name, JSON.stringify(bad)).ok) return `the runtime wire accepts a malformed ${ref.name} (${what}): ${JSON.stringify(bad)}`;
  }
  return null;
}
