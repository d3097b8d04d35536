// Test support: malformed messages of known kinds, each built from a valid value at a known
// place, with the JSON pointer the wire must report. The pointer is worked out here from where
// the fault was put (a missing or extra field is pointed at itself), not from the wire.

import type { Value } from "../../generator/interpret/index.js";
import type { Type } from "../../generator/ir/types.js";
import { type Site, setAt, sites } from "./ir-values.js";
import { boundOf, declOf, type Target } from "./specs.js";

export interface Malformed {
  /** What is wrong, in words (used in the test name). */
  readonly kind: string;
  /** The message: a value, or raw text for `not JSON`. */
  readonly raw: unknown;
  /** Where the wire must say the fault is. */
  readonly pointer: string;
}

const isNat = (t: Type): boolean => t.kind === "nat";
const isUnion = (t: Type): boolean => t.kind === "named" && declOf(t.ref).kind === "union";
const isEnum = (t: Type): boolean => t.kind === "named" && declOf(t.ref).kind === "enum";
const isObjectType = (t: Type): boolean => t.kind === "named" && declOf(t.ref).kind !== "enum";

/** The first place that satisfies `p`, preferring places `prefer` also likes. */
function first(all: readonly Site[], p: (s: Site) => boolean, prefer: (s: Site) => boolean = () => true): Site | undefined {
  return all.find((s) => p(s) && prefer(s)) ?? all.find(p);
}

/** Every malformation kind that applies to `base`, a valid (filled) value of `target`. */
export function malformations(target: Target, base: Value): Malformed[] {
  const all = sites(target.type, base);
  const out: Malformed[] = [];
  const at = (kind: string, s: Site | undefined, to: Value | ((s: Site) => Value), pointer?: (s: Site) => string): void => {
    if (s === undefined) return;
    out.push({ kind, raw: setAt(base, s.path, typeof to === "function" ? to(s) : to), pointer: pointer ? pointer(s) : s.pointer });
  };
  const root = all[0] as Site;
  const inner = all.filter((s) => s.path.length > 0);
  const bound = boundOf(target.module);

  at("a wrong tag", first(all, (s) => isUnion(s.type)), (s) => ({ ...(s.value as object), kind: "NoSuchVariant" }), (s) => `${s.pointer}/kind`);
  at("a wrong enum member", first(all, (s) => isEnum(s.type)), "NoSuchMember");
  if (isObjectType(root.type)) {
    out.push({ kind: "an extra field", raw: { ...(base as object), zz_extra: 1 }, pointer: "/zz_extra" });
    const keys = Object.keys(base as object);
    const missing = keys.find((k) => k !== "kind") ?? keys[0];
    if (missing !== undefined) out.push({ kind: "a missing field", raw: setAt(base, [missing], undefined), pointer: `/${missing}` });
    out.push({ kind: "a non-object", raw: 42, pointer: "" });
    out.push({ kind: "a list instead of an object", raw: [base], pointer: "" });
  }
  const ms = (s: Site): boolean => s.type.kind === "nat" && s.type.unit === "ms";
  const unit = (s: Site | undefined): string => (s !== undefined && ms(s) ? "time (ms)" : "count");
  const natSite = first(inner, (s) => isNat(s.type), ms);
  at(`a negative ${unit(natSite)}`, natSite, -1);
  at(`a fractional ${unit(natSite)}`, natSite, 1.5);
  // A bound that reads a parameter is the instance's to check (its `ranges`, after the schema, which admits the range maximum).
  const fixed = (s: Site): boolean => !("maxOf" in s.type && s.type.maxOf !== undefined);
  at("a number past WIRE_MAX_MS", first(inner, (s) => isNat(s.type) && fixed(s), (s) => s.type.kind === "nat" && s.type.max === null),
    (s) => (s.type.kind === "nat" && s.type.max !== null ? s.type.max + 1 : bound + 1));
  at("a string where a number goes", first(inner, (s) => isNat(s.type) || s.type.kind === "int"), "5");
  const optional = (s: Site): boolean => all.some((o) => o.pointer === s.pointer && o.type.kind === "option");
  at("null for a value that is not an option", first(inner, (s) => !optional(s)), null);
  at("a value nested one level too deep", first(inner, (s) => ["nat", "int", "bool", "string"].includes(s.type.kind)), (s) => ({ value: s.value }));
  at("an oversized list", first(inner, (s) => s.type.kind === "list" && fixed(s)), (s) => {
    const t = s.type as Type & { kind: "list" };
    const elem = Array.isArray(s.value) && s.value.length > 0 ? (s.value[0] as Value) : null;
    return Array.from({ length: t.max + 1 }, () => elem);
  });
  at("a bool where a number goes", first(inner, (s) => isNat(s.type)), true);
  out.push({ kind: "text that is not JSON", raw: `${JSON.stringify(base).slice(0, -1)}`, pointer: "" });
  out.push({ kind: "null for the whole message", raw: null, pointer: "" });
  return out;
}
