// Expression stage: relations between checked types, shared by the checker and its callers.
// `sameType` is the structural equality behind `==`; `assignable` the rule for a value flowing
// into a slot (ranges ignored, units and list bounds respected); `unify` joins branch types.

import { unreachable, type Type } from "../ir/types.js";

/** How a type reads in a message: `nat`, `ms 0..30000`, `list<ms> max 5`, `Verdict`. */
export function showType(t: Type): string {
  switch (t.kind) {
    case "bool":
    case "int":
    case "string":
      return t.kind;
    case "nat": {
      const base = t.unit === "ms" ? "ms" : "nat";
      return t.min === 0 && t.max === null ? base : `${base} ${t.min}..${t.max ?? ""}`;
    }
    case "named":
      return t.ref.name;
    case "option":
      return `option<${showType(t.of)}>`;
    case "list":
      return t.min === undefined ? `list<${showType(t.of)}> max ${t.max}` : t.min === t.max ? `list<${showType(t.of)}> len ${t.max}` : `list<${showType(t.of)}> min ${t.min} max ${t.max}`;
    default:
      return unreachable(t);
  }
}

/** The unranged form of a number type: arithmetic results forget ranges. */
export function plain(t: Type): Type {
  return t.kind === "nat" && (t.min !== 0 || t.max !== null) ? { kind: "nat", unit: t.unit, min: 0, max: null } : t;
}

export const isNumber = (t: Type): boolean => t.kind === "nat" || t.kind === "int";

/** Structural equality ignoring nat ranges and list bounds: which values `==` may compare. */
export function sameType(a: Type, b: Type): boolean {
  switch (a.kind) {
    case "bool":
    case "int":
    case "string":
      return b.kind === a.kind;
    case "nat":
      return b.kind === "nat" && a.unit === b.unit;
    case "named":
      return b.kind === "named" && a.ref.module === b.ref.module && a.ref.name === b.ref.name;
    case "option":
      return b.kind === "option" && sameType(a.of, b.of);
    case "list":
      return b.kind === "list" && sameType(a.of, b.of);
    default:
      return unreachable(a);
  }
}

/** Result of `assignable`: fine, a plain mismatch, or a list whose bound is too large. */
export type Fit = { readonly kind: "ok" } | { readonly kind: "mismatch" } | { readonly kind: "bound"; readonly found: number; readonly expected: Type };

/** Whether a value of type `found` may go where `expected` is wanted. */
export function assignable(found: Type, expected: Type): Fit {
  if (found.kind === "list" && expected.kind === "list") {
    const inner = assignable(found.of, expected.of);
    if (inner.kind !== "ok") return inner;
    return found.max <= expected.max ? { kind: "ok" } : { kind: "bound", found: found.max, expected };
  }
  if (found.kind === "option" && expected.kind === "option") return assignable(found.of, expected.of);
  return sameType(found, expected) ? { kind: "ok" } : { kind: "mismatch" };
}

/** The least type holding both branch types (list max = the larger), or undefined. */
export function unify(a: Type, b: Type): Type | undefined {
  if (a.kind === "list" && b.kind === "list") {
    const of = unify(a.of, b.of);
    return of && { kind: "list", of, max: Math.max(a.max, b.max) };
  }
  if (a.kind === "option" && b.kind === "option") {
    const of = unify(a.of, b.of);
    return of && { kind: "option", of };
  }
  if (!sameType(a, b)) return undefined;
  if (a.kind === "nat" && b.kind === "nat" && (a.min !== b.min || a.max !== b.max)) return plain(a);
  return a;
}
