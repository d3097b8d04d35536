// Expression stage, step 3: calls. Built-ins (min, append, keep_last, get_or, ...), the list
// operations with a lambda (filter, map, count, all, any) and decisions applied to facts.
// Bounded lists stay bounded: every list-producing built-in states its result's max.

import { didYouMean } from "../diagnostics/diagnostic.js";
import type { Builtin, Expr, ListOp } from "../ir/expr.js";
import { BOOL, INT, NAT, type Type } from "../ir/types.js";
import type { Ast } from "./ast.js";
import { adaptLiteral, bad, isBad, node, report, reportMismatch, withLocals } from "./check-base.js";
import { check, infer, inferPair } from "./check.js";
import { evalConstExpr } from "./const-eval.js";
import { parseExpr } from "./parser.js";
import type { ExprEnv } from "./env.js";
import { isNumber, plain, showType } from "./type-util.js";

/** How each built-in is written; its arity is the number of parameters shown. */
const BUILTINS: Readonly<Record<Builtin, string>> = {
  min: "min(a, b)",
  max: "max(a, b)",
  pow2: "pow2(n)",
  len: "len(list)",
  append: "append(list, x)",
  keep_last: "keep_last(list, N)",
  nth_or: "nth_or(list, i, default)",
  set_at: "set_at(list, i, x)",
  repeat: "repeat(N, x)",
  is_some: "is_some(option)",
  is_none: "is_none(option)",
  get_or: "get_or(option, default)",
  some: "some(x)",
};

const LISTOPS: Readonly<Record<ListOp, string>> = {
  filter: "filter(list, x -> condition)",
  map: "map(list, x -> value)",
  count: "count(list, x -> condition)",
  all: "all(list, x -> condition)",
  any: "any(list, x -> condition)",
};

const arity = (signature: string): number => signature.split(",").length;
const isBuiltin = (name: string): name is Builtin => Object.hasOwn(BUILTINS, name);
const isListOp = (name: string): name is ListOp => Object.hasOwn(LISTOPS, name);

type CallAst = Ast & { kind: "call" };

export function inferCall(ast: CallAst, env: ExprEnv, hint: Type | undefined): Expr {
  const name = ast.fn.name;
  const signature = isBuiltin(name) ? BUILTINS[name] : isListOp(name) ? LISTOPS[name] : undefined;
  const decision = signature === undefined ? env.lookupDecision(name) : undefined;
  if (signature === undefined && decision === undefined) {
    const known = [...Object.keys(BUILTINS), ...Object.keys(LISTOPS), ...env.names("decision")];
    report(env, "unknownName", ast.fn, { what: "function", name, didYouMean: didYouMean(name, known) });
    return bad(env, hint);
  }
  const want = signature === undefined ? 1 : arity(signature);
  const shape = signature ?? `${name}(facts)`;
  // `nth_or(list, i)`: the fallback is the element record type's own (`fallback:`).
  if (ast.args.length !== want && !(name === "nth_or" && ast.args.length === 2)) {
    report(env, "badCall", ast, { fn: name, detail: `takes ${want} argument${want === 1 ? "" : "s"}, got ${ast.args.length}`, hint: `write ${shape}` });
    return bad(env, hint);
  }
  const lambdaAt = ast.args.findIndex((a, i) => a.kind === "lambda" && !(isListOp(name) && i === 1));
  const stray = ast.args[lambdaAt];
  if (stray) {
    report(env, "badCall", stray, { fn: name, detail: "does not take a function here", hint: `write ${shape}` });
    return bad(env, hint);
  }
  if (isListOp(name)) return inferListOp(ast, name, env, hint);
  if (decision) {
    const arg = check(ast.args[0] as Ast, env, { kind: "named", ref: decision.facts });
    return isBad(arg) ? bad(env, decision.verdict) : node(env, decision.verdict, { kind: "decide", ref: decision.ref, arg });
  }
  return inferBuiltin(ast, name as Builtin, env, hint);
}

/** The declared `fallback:` of a record element type, checked here (at the call), or undefined after reporting. */
function fallbackOf(ast: CallAst, of: Type, env: ExprEnv): Expr | undefined {
  const decl = of.kind === "named" ? env.lookupType(of.ref.name)?.decl : undefined;
  const text = decl?.kind === "record" ? decl.fallback : undefined;
  const parsed = text === undefined ? undefined : parseExpr(text);
  if (parsed === undefined || "error" in parsed) {
    report(env, "badCall", ast, { fn: "nth_or", detail: `takes 3 arguments unless its element type is a record with a 'fallback:' (${showType(of)} has none)`, hint: "write nth_or(list, i, default), or give the record type a fallback: { field: value, ... }" });
    return undefined;
  }
  // Every node of the fallback points at this call, where it is used.
  const at = (a: unknown): unknown => (Array.isArray(a) ? a.map(at) : a !== null && typeof a === "object" ? Object.fromEntries(Object.entries(a).map(([k, v]) => [k, k === "offset" ? ast.offset : k === "end" ? ast.end : at(v)])) : a);
  return check(at(parsed.ast) as Ast, env, of);
}

/** The i-th argument (arity was checked). */
const arg = (ast: CallAst, i: number): Ast => ast.args[i] as Ast;

/** Infer a list argument; undefined (after reporting) if it is not a list. */
function listArg(ast: CallAst, i: number, env: ExprEnv, hint: Type | undefined): (Expr & { type: { kind: "list" } }) | undefined {
  const e = infer(arg(ast, i), env, hint?.kind === "list" ? hint : undefined);
  if (isBad(e)) return undefined;
  if (e.type.kind === "list") return e as Expr & { type: { kind: "list" } };
  report(env, "typeMismatch", arg(ast, i), { expected: "a list", found: showType(e.type), hint: `${ast.fn.name} takes a list first` });
  return undefined;
}

/** Infer an option argument; undefined (after reporting) if it is not an option. */
function optionArg(ast: CallAst, env: ExprEnv, hint: Type | undefined): (Expr & { type: { kind: "option" } }) | undefined {
  const e = infer(arg(ast, 0), env, hint && hint.kind !== "option" ? { kind: "option", of: hint } : undefined);
  if (isBad(e)) return undefined;
  if (e.type.kind === "option") return e as Expr & { type: { kind: "option" } };
  report(env, "typeMismatch", arg(ast, 0), { expected: "an option", found: showType(e.type), hint: `${ast.fn.name} takes an option` });
  return undefined;
}

/**
 * A constant nat argument (keep_last's and repeat's N): literals and constants only, valued
 * through the environment. Undefined after reporting notConstant.
 */
function constArg(ast: CallAst, i: number, env: ExprEnv): { expr: Expr; value: number } | undefined {
  const expr = check(arg(ast, i), env, NAT);
  if (isBad(expr)) return undefined;
  const value = evalConstExpr(expr, (ref) => {
    const c = env.lookupConst(ref.name);
    return c && c.ref.module === ref.module ? c.value : undefined;
  });
  if (typeof value === "number") return { expr, value };
  report(env, "notConstant", arg(ast, i), { what: `the length N of ${ast.fn.name}` });
  return undefined;
}

function inferBuiltin(ast: CallAst, fn: Builtin, env: ExprEnv, hint: Type | undefined): Expr {
  const call = (type: Type, ...args: Expr[]): Expr => node(env, type, { kind: "call", fn, args });
  switch (fn) {
    case "min":
    case "max":
      return minMax(ast, fn, env, hint);
    case "pow2":
      return call(NAT, check(arg(ast, 0), env, NAT));
    case "len": {
      const l = listArg(ast, 0, env, undefined);
      return l ? call(NAT, l) : bad(env, NAT);
    }
    case "append": {
      const l = listArg(ast, 0, env, hint);
      if (!l) return bad(env, hint);
      const x = check(arg(ast, 1), env, l.type.of);
      return call({ kind: "list", of: l.type.of, max: l.type.max + 1 }, l, x);
    }
    case "keep_last": {
      const l = listArg(ast, 0, env, hint);
      const n = constArg(ast, 1, env);
      if (!l || !n) return bad(env, hint);
      return call({ kind: "list", of: l.type.of, max: n.value }, l, n.expr);
    }
    case "nth_or":
    case "set_at": {
      const l = listArg(ast, 0, env, fn === "set_at" ? hint : undefined);
      if (!l) return bad(env, fn === "set_at" ? hint : undefined);
      const i = check(arg(ast, 1), env, NAT);
      const given = ast.args[2];
      const x = given !== undefined ? check(given, env, l.type.of) : fallbackOf(ast, l.type.of, env);
      if (x === undefined) return bad(env, l.type.of);
      return call(fn === "set_at" ? l.type : l.type.of, l, i, x);
    }
    case "repeat": {
      const n = constArg(ast, 0, env);
      const x = infer(arg(ast, 1), env, hint?.kind === "list" ? hint.of : undefined);
      if (!n || isBad(x)) return bad(env, hint);
      return call({ kind: "list", of: x.type, max: n.value }, n.expr, x);
    }
    case "is_some":
    case "is_none": {
      const o = optionArg(ast, env, undefined);
      return o ? call(BOOL, o) : bad(env, BOOL);
    }
    case "get_or": {
      const o = optionArg(ast, env, hint);
      if (!o) return bad(env, hint);
      return call(o.type.of, o, check(arg(ast, 1), env, o.type.of));
    }
    case "some": {
      const x = infer(arg(ast, 0), env, hint?.kind === "option" ? hint.of : undefined);
      if (isBad(x)) return bad(env, hint);
      if (x.type.kind === "option") {
        report(env, "badCall", ast, { fn, detail: "cannot wrap an option in an option", hint: "pass the option itself" });
        return bad(env, x.type);
      }
      return call({ kind: "option", of: x.type }, x);
    }
  }
}

/** min/max of two numbers of one type (nat with nat, ms with ms, int with int). */
function minMax(ast: CallAst, fn: "min" | "max", env: ExprEnv, hint: Type | undefined): Expr {
  let [a, b] = inferPair(arg(ast, 0), arg(ast, 1), env, hint?.kind === "int" ? INT : undefined);
  if (isBad(a, b)) return bad(env, isBad(a) ? plain(b.type) : plain(a.type));
  if (hint?.kind === "int") [a, b] = [adaptLiteral(a, INT), adaptLiteral(b, INT)];
  for (const [i, e] of [a, b].entries()) {
    if (isNumber(e.type)) continue;
    reportMismatch(env, arg(ast, i), "a number", e.type);
    return bad(env, NAT);
  }
  const ta = a.type;
  const tb = b.type;
  if (ta.kind === "nat" && tb.kind === "nat" && ta.unit !== tb.unit) {
    report(env, "unitMismatch", ast, { left: showType(ta), op: fn, right: showType(tb) });
    return bad(env, plain(ta));
  }
  if (ta.kind !== tb.kind) {
    reportMismatch(env, ta.kind === "int" ? arg(ast, 1) : arg(ast, 0), INT, ta.kind === "int" ? tb : ta);
    return bad(env, INT);
  }
  return node(env, plain(ta), { kind: "call", fn, args: [a, b] });
}

/** filter/map/count/all/any: the lambda's parameter is bound to the element type. */
function inferListOp(ast: CallAst, op: ListOp, env: ExprEnv, hint: Type | undefined): Expr {
  const lambda = arg(ast, 1);
  if (lambda.kind !== "lambda") {
    report(env, "badCall", lambda, { fn: op, detail: "needs a function as its second argument", hint: `write ${LISTOPS[op]}` });
    return bad(env, hint);
  }
  const l = listArg(ast, 0, env, op === "filter" ? hint : undefined);
  if (!l) return bad(env, op === "count" ? NAT : op === "all" || op === "any" ? BOOL : hint);
  const scope = withLocals(env, [[lambda.param.name, l.type.of]]);
  const out = (type: Type, body: Expr): Expr => node(env, type, { kind: "listop", op, list: l, param: lambda.param.name, body });
  if (op === "map") {
    const body = infer(lambda.body, scope, hint?.kind === "list" ? hint.of : undefined);
    return isBad(body) ? bad(env, hint) : out({ kind: "list", of: body.type, max: l.type.max }, body);
  }
  const body = check(lambda.body, scope, BOOL);
  return out(op === "filter" ? l.type : op === "count" ? NAT : BOOL, body);
}
