// Emit stage (Lean): what rendering needs to know beyond one expression: the program's type
// declarations (for match arity and enum/union), the current module (for qualified names), the
// locals in scope, and how an IR type is written in Lean.

import type { Program } from "../../ir/module.js";
import type { Type, TypeDecl, TypeRef } from "../../ir/types.js";
import { unreachable } from "../../ir/types.js";
import { qualify, typeName } from "./names.js";
import type { LeanParams } from "./params.js";
import type { Expr } from "../../ir/expr.js";
import { printExpr } from "../../ir/print.js";

/** A local in scope: a plain value, or a machine event's payload bound field by field. */
export type Local =
  | { readonly kind: "value"; readonly lean: string }
  | { readonly kind: "payload"; readonly fields: ReadonlyMap<string, string> };

/** Everything expression rendering reads. Immutable; `withLocal` makes a child scope. */
export interface ExprCx {
  /** Module being emitted (names from it are left unqualified). */
  readonly module: string;
  /** The declaration behind a type reference. */
  readonly typeDecl: (ref: TypeRef) => TypeDecl;
  /** Spec variable name -> Lean local. */
  readonly scope: ReadonlyMap<string, Local>;
  /** The module's parameters (what reads them takes a record `p`), or null when it reads none. */
  readonly lp: LeanParams | null;
  /** The Lean term of the parameters record in scope (`p`, or `<Module>Params.defaults` in an example); null outside. */
  readonly params: string | null;
}

/** `cx` with the parameters record written `params` in scope. */
export function withParams(cx: ExprCx, params: string | null): ExprCx {
  return { ...cx, params };
}

/** The parameters record in scope, as an argument; throws when there is none (an emitter bug). */
export function paramsArg(cx: ExprCx, what: string): string {
  if (cx.params === null) throw new Error(`lean emitter: ${what} reads a parameter, but no parameters record is in scope`);
  return cx.params;
}

/** A lookup of every declared type of the program, keyed `module.Name`. */
export function typeTable(program: Program): (ref: TypeRef) => TypeDecl {
  const table = new Map<string, TypeDecl>();
  for (const m of program.modules) for (const t of m.types) table.set(`${m.name}\u0000${t.name}`, t);
  return (ref) => {
    const decl = table.get(`${ref.module}\u0000${ref.name}`);
    if (!decl) throw new Error(`lean emitter: unknown type ${ref.module}.${ref.name}`);
    return decl;
  };
}

export function withLocal(cx: ExprCx, name: string, local: Local): ExprCx {
  const scope = new Map(cx.scope);
  scope.set(name, local);
  return { ...cx, scope };
}

/** A named type as Lean source, qualified when declared in another module. */
export function typeRefName(ref: TypeRef, module: string): string {
  return qualify(ref, typeName(ref.name), module);
}

/** An IR type as Lean source. `atom` parenthesises applications (`Option (List Nat)`). */
export function leanType(t: Type, module: string, atom = false): string {
  const wrap = (s: string) => (atom ? `(${s})` : s);
  switch (t.kind) {
    case "bool":
      return "Bool";
    case "nat":
      return "Nat";
    case "int":
      return "Int";
    case "string":
      // Text is its characters: a List Char, whose `++` both the 2021 and today's Lean reason
      // about by list induction (today's String is UTF-8 bytes, 2021's a List Char).
      return wrap("List Char");
    case "named":
      return typeRefName(t.ref, module);
    case "option":
      return wrap(`Option ${leanType(t.of, module, true)}`);
    case "list":
      return wrap(`List ${leanType(t.of, module, true)}`);
    default:
      return unreachable(t);
  }
}

/** What a Lean doc comment says about a type that Lean's type does not carry. */
export function typeNote(t: Type, bound: (e: Expr) => boolean = () => false): string {
  // A bound over a parameter is said as written (`WORKERS - 1`), not at the parameters' maxima.
  const max = (n: number | null, e: Expr | undefined) => (e !== undefined && bound(e) ? printExpr(e) : String(n));
  switch (t.kind) {
    case "nat": {
      const unit = t.unit === "ms" ? "milliseconds" : "";
      const range = t.max !== null ? `range ${t.min}..${max(t.max, t.maxOf)}` : t.min > 0 ? `at least ${t.min}` : "";
      return [unit, range].filter((s) => s.length > 0).join(", ");
    }
    case "list": {
      const inner = typeNote(t.of, bound);
      return `at most ${max(t.max, t.maxOf)} elements` + (inner ? `; each ${inner}` : "");
    }
    case "option":
      return typeNote(t.of, bound);
    default:
      return "";
  }
}
