// Expression stage, step 3 helpers: node construction, error reporting and recovery, and
// lexical scopes for the type checker. A node built after an error is "poisoned" so that the
// checks above it stay quiet: one mistake gives one diagnostic, not a cascade.

import type { DiagnosticId } from "../diagnostics/catalogue.js";
import type { Expr } from "../ir/expr.js";
import { INT, NAT, type Type } from "../ir/types.js";
import type { Range } from "./ast.js";
import type { ExprEnv } from "./env.js";
import { showType } from "./type-util.js";

/** Nodes standing in for something that failed to check. */
const poisoned = new WeakSet<Expr>();

type Body<E> = E extends unknown ? Omit<E, "id" | "type"> : never;

/** A fresh IR node of `type`. */
export function node(env: ExprEnv, type: Type, body: Body<Expr>): Expr {
  return { id: env.nextId(), type, ...body } as Expr;
}

/** A placeholder of `type` after an error; checks that meet it report nothing more. */
export function bad(env: ExprEnv, type: Type | undefined): Expr {
  const t = type ?? NAT;
  const value = t.kind === "bool" ? false : t.kind === "string" ? "" : 0;
  const e = node(env, t, { kind: "lit", value });
  poisoned.add(e);
  return e;
}

/** Mark an already built node as erroneous (its type is not to be trusted). */
export function poison(e: Expr): Expr {
  poisoned.add(e);
  return e;
}

export const isBad = (...es: readonly Expr[]): boolean => es.some((e) => poisoned.has(e));

/** Report `id` over the source range `at`. */
export function report(env: ExprEnv, id: DiagnosticId, at: Range, args: Readonly<Record<string, string | number>>): void {
  env.report(id, at.offset, Math.max(1, at.end - at.offset), args);
}

/** typeMismatch with a hint for the usual confusions (units, options, int vs nat). */
export function reportMismatch(env: ExprEnv, at: Range, expected: Type | string, found: Type | string, bareNumber = false): void {
  const exp = typeof expected === "string" ? expected : showType(expected);
  const fnd = typeof found === "string" ? found : showType(found);
  let hint = `give a value of type ${exp} here`;
  if (typeof expected !== "string" && typeof found !== "string") {
    if (expected.kind === "nat" && found.kind === "nat" && expected.unit === "ms" && bareNumber) {
      hint = "a duration needs a unit: write 0ms, 250ms or 30s, not a bare number";
    } else if (expected.kind === "nat" && found.kind === "nat" && expected.unit === "ms") {
      hint = "a count is not a duration; multiply it by one (n * 1ms)";
    } else if (expected.kind === "nat" && found.kind === "nat") {
      hint = "a duration is not a count; ms / ms gives a nat (e.g. x / 1ms)";
    } else if (expected.kind === "option" && found.kind !== "option") {
      hint = "wrap the value: some(x)";
    } else if (found.kind === "option" && expected.kind !== "option") {
      hint = "unwrap the option: get_or(o, default)";
    } else if (found.kind === "int" || expected.kind === "int") {
      hint = "int mixes only with int; nat and ms never go negative";
    }
  }
  report(env, "typeMismatch", at, { expected: exp, found: fnd, hint });
}

/** A bare integer literal becomes an int where an int is wanted (never an ms). */
export function adaptLiteral(e: Expr, to: Type | undefined): Expr {
  if (to?.kind !== "int" || e.kind !== "lit" || typeof e.value !== "number") return e;
  if (e.type.kind !== "nat" || e.type.unit !== "none" || isBad(e)) return e;
  return { ...e, type: INT };
}

/** `env` with extra locals in front (lambda parameters, let and match bindings); `_` binds nothing. */
export function withLocals(env: ExprEnv, binds: readonly (readonly [string, Type])[]): ExprEnv {
  const local = new Map<string, Type>();
  for (const [name, type] of binds) if (name !== "_") local.set(name, type);
  if (local.size === 0) return env;
  return {
    lookupVar: (name) => local.get(name) ?? env.lookupVar(name),
    lookupConst: (name) => env.lookupConst(name),
    lookupType: (name) => env.lookupType(name),
    typeDecl: (ref) => env.typeDecl(ref),
    lookupDecision: (name) => env.lookupDecision(name),
    names: (kind) => (kind === "var" ? [...new Set([...env.names("var"), ...local.keys()])] : env.names(kind)),
    nextId: () => env.nextId(),
    report: (id, offset, length, args) => env.report(id, offset, length, args),
  };
}

export const isUpper = (s: string): boolean => s[0] !== undefined && s[0] >= "A" && s[0] <= "Z";
