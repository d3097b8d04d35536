// Expression stage: what the type checker may ask of its surroundings. The checker of a spec
// (generator/check) implements it per expression site: which locals are in scope, which
// constants, types and decisions the module sees, and where to report errors.

import type { DiagnosticId } from "../diagnostics/catalogue.js";
import type { Type, TypeDecl, TypeRef } from "../ir/types.js";

export interface ExprEnv {
  /** Type of a local variable (`s`, `e`, a let, ...), or undefined. */
  lookupVar(name: string): Type | undefined;
  /** A constant visible in this module (local or imported) by its bare name. */
  lookupConst(name: string): { readonly ref: TypeRef; readonly type: Type; readonly value: number | boolean; readonly widest?: number | boolean; readonly bound?: boolean } | undefined;
  /** A named type visible in this module (local, synthesized, or imported). */
  lookupType(name: string): { readonly ref: TypeRef; readonly decl: TypeDecl } | undefined;
  /** The declaration behind a type reference (used for field access and constructors). */
  typeDecl(ref: TypeRef): TypeDecl;
  /** A decision visible in this module; only laws and examples may apply decisions. */
  lookupDecision(name: string): { readonly ref: TypeRef; readonly facts: TypeRef; readonly verdict: Type } | undefined;
  /** All visible names of one kind, for did-you-mean hints. */
  names(kind: "var" | "const" | "type" | "decision"): readonly string[];
  /** A fresh expression id, unique in the module. */
  nextId(): number;
  /**
   * Report an error at `offset`/`length` inside the expression string (code units, 0-based).
   * The checker maps it to file:line:col.
   */
  report(id: DiagnosticId, offset: number, length: number, args: Readonly<Record<string, string | number>>): void;
}
