// Check stage: the names one module sees (its own and imported constants, types, decisions) and
// the locals of one expression site. Implements the expression checker's `ExprEnv`; errors inside
// an expression string are mapped to file offsets through the site's base offset.

import type { Diagnostics } from "../diagnostics/diagnostic.js";
import type { ExprEnv } from "../expr/env.js";
import type { Module } from "../ir/module.js";
import type { Type, TypeDecl, TypeRef } from "../ir/types.js";

export interface ConstInfo {
  readonly ref: TypeRef;
  readonly type: Type;
  readonly value: number | boolean;
  /**
   * The largest value this constant takes over its module's parameters (a parameter's range
   * maximum, a derived constant folded at those maxima): what type bounds fold with, so a
   * list bound or a range over WORKERS admits every instance. Absent: `value`.
   */
  readonly widest?: number | boolean;
  /** A parameter decides its value (a parameter, or a constant derived from one). */
  readonly bound?: boolean;
}
export interface DecisionInfo {
  readonly ref: TypeRef;
  readonly facts: TypeRef;
  readonly verdict: Type;
}

/** Module-wide tables; filled as the checker goes. */
export class ModuleTables {
  readonly consts = new Map<string, ConstInfo>();
  readonly types = new Map<string, { ref: TypeRef; decl: TypeDecl }>();
  readonly decisions = new Map<string, DecisionInfo>();
  /**
   * Records that exist only for checking one expression (a migration's old state, named
   * `<Machine>State.from`): never declared in `types`, so no target emits them.
   */
  readonly scratch = new Map<string, TypeDecl>();
  /** Resolves a constant on first use (derived constants are evaluated lazily, in any order). */
  constResolver: ((name: string) => ConstInfo | undefined) | undefined;
  private id = 0;

  constructor(
    readonly module: string,
    readonly file: string,
    readonly diags: Diagnostics,
    /** Modules already checked, for imported refs. */
    readonly deps: ReadonlyMap<string, Module>,
  ) {}

  nextId(): number {
    return ++this.id;
  }

  typeDecl(ref: TypeRef): TypeDecl {
    const scratch = ref.module === this.module ? this.scratch.get(ref.name) : undefined;
    if (scratch) return scratch;
    const dot = ref.name.indexOf(".");
    if (dot >= 0) return this.payloadDecl(ref, ref.name.slice(0, dot), ref.name.slice(dot + 1));
    const own = ref.module === this.module ? [...this.types.values()].find((t) => t.ref.name === ref.name)?.decl : undefined;
    const decl = own ?? this.deps.get(ref.module)?.types.find((t) => t.name === ref.name);
    if (!decl) throw new Error(`internal: no type ${ref.module}.${ref.name}`);
    return decl;
  }

  private payloadDecl(ref: TypeRef, union: string, variant: string): TypeDecl {
    const u = this.typeDecl({ module: ref.module, name: union });
    const v = u.kind === "union" ? u.variants.find((x) => x.name === variant) : undefined;
    if (!v) throw new Error(`internal: no variant ${ref.name}`);
    return { kind: "record", name: ref.name, doc: v.doc, fields: v.fields, span: u.span };
  }

  /** An expression site: these tables plus locals, reporting at `base` in the file. */
  site(base: number, locals: ReadonlyMap<string, Type> = new Map(), allowDecide = false): ExprEnv {
    return new Site(this, base, locals, allowDecide);
  }
}

class Site implements ExprEnv {
  constructor(
    private readonly t: ModuleTables,
    private readonly base: number,
    private readonly locals: ReadonlyMap<string, Type>,
    private readonly allowDecide: boolean,
  ) {}
  lookupVar(name: string): Type | undefined {
    return this.locals.get(name);
  }
  lookupConst(name: string): ConstInfo | undefined {
    return this.t.consts.get(name) ?? this.t.constResolver?.(name);
  }
  lookupType(name: string): { ref: TypeRef; decl: TypeDecl } | undefined {
    return this.t.types.get(name);
  }
  typeDecl(ref: TypeRef): TypeDecl {
    return this.t.typeDecl(ref);
  }
  lookupDecision(name: string): DecisionInfo | undefined {
    return this.allowDecide ? this.t.decisions.get(name) : undefined;
  }
  names(kind: "var" | "const" | "type" | "decision"): readonly string[] {
    switch (kind) {
      case "var":
        return [...this.locals.keys()];
      case "const":
        return [...this.t.consts.keys()];
      case "type":
        return [...this.t.types.keys()];
      case "decision":
        return this.allowDecide ? [...this.t.decisions.keys()] : [];
    }
  }
  nextId(): number {
    return this.t.nextId();
  }
  report(id: Parameters<ExprEnv["report"]>[0], offset: number, length: number, args: Readonly<Record<string, string | number>>): void {
    this.t.diags.report({ id, file: this.t.file, offset: this.base + offset, length, args });
  }
}
