// Interpreter stage: evaluation of one typed expression, by direct recursion over the IR.
// This is the oracle the generated code is tested against, so it is written for obviousness:
// one case per expression kind, fresh environments for every binding, no caching.

import type { Expr } from "../ir/expr.js";
import type { Let, Program } from "../ir/module.js";
import { unreachable } from "../ir/types.js";
import { intArith, natArith } from "./arith.js";
import { evalCall } from "./builtins.js";
import { decide } from "./decision.js";
import { findConstant, findType } from "./lookup.js";
import { type Value, InterpretError, asBool, asList, asNumber, asRecord, asString, getField, show, valueEquals } from "./value.js";

/** Local variables in scope: `s`, `e`, `n`, `o`, `f`, `v`, lets, lambda parameters, match binds. */
export type Env = ReadonlyMap<string, Value>;

/** `env` with one more binding (shadowing an outer one of the same name). */
export function bind(env: Env, name: string, value: Value): Env {
  return new Map(env).set(name, value);
}

/** Bind the shared lets in order; each sees the ones before it. */
export function bindLets(lets: readonly Let[], env: Env, prog: Program): Env {
  let scope = env;
  for (const l of lets) scope = bind(scope, l.name, evalExpr(l.value, scope, prog));
  return scope;
}

export function evalExpr(e: Expr, env: Env, prog: Program): Value {
  const ev = (x: Expr, scope: Env = env): Value => evalExpr(x, scope, prog);
  switch (e.kind) {
    case "lit":
      return e.value;
    case "var": {
      if (!env.has(e.name)) throw new InterpretError(`unbound variable '${e.name}'`);
      return env.get(e.name) as Value;
    }
    case "const":
      return findConstant(prog, e.ref).value;
    case "field":
      return getField(ev(e.of), e.field, `.${e.field}`);
    case "not":
      return !asBool(ev(e.arg), "!");
    case "binary":
      return evalBinary(e, env, prog);
    case "if":
      return asBool(ev(e.cond), "if") ? ev(e.then) : ev(e.else);
    case "call":
      return evalCall(e.fn, e.args.map((a) => ev(a)));
    case "listop":
      return evalListOp(e, env, prog);
    case "enum":
      return e.member;
    case "union": {
      const out: Record<string, Value> = { kind: e.variant };
      for (const f of e.fields) out[f.name] = ev(f.value);
      return out;
    }
    case "record": {
      const out: Record<string, Value> = {};
      for (const f of e.fields) out[f.name] = ev(f.value);
      return out;
    }
    case "with": {
      const out: Record<string, Value> = { ...asRecord(ev(e.of), "with") };
      const updates = e.fields.map((f) => [f.name, ev(f.value)] as const);
      for (const [name, value] of updates) {
        if (!Object.hasOwn(out, name)) throw new InterpretError(`with: no field '${name}'`);
        out[name] = value;
      }
      return out;
    }
    case "match":
      return evalMatch(e, env, prog);
    case "is": {
      const v = ev(e.of);
      return typeof v === "string" ? v === e.variant : getField(v, "kind", "is") === e.variant;
    }
    case "list":
      return e.items.map((x) => ev(x));
    case "none":
      return null;
    case "let":
      return ev(e.body, bind(env, e.name, ev(e.value)));
    case "decide":
      return decide(prog, e.ref, ev(e.arg)).verdict;
    default:
      return unreachable(e);
  }
}

function evalBinary(e: Expr & { kind: "binary" }, env: Env, prog: Program): Value {
  const op = e.op;
  // Short-circuit: the right operand is not evaluated when the left decides.
  if (op === "&&") return asBool(evalExpr(e.left, env, prog), "&&") && asBool(evalExpr(e.right, env, prog), "&&");
  if (op === "||") return asBool(evalExpr(e.left, env, prog), "||") || asBool(evalExpr(e.right, env, prog), "||");
  const l = evalExpr(e.left, env, prog);
  const r = evalExpr(e.right, env, prog);
  switch (op) {
    case "==":
      return valueEquals(l, r);
    case "!=":
      return !valueEquals(l, r);
    case "<":
      return asNumber(l, op) < asNumber(r, op);
    case "<=":
      return asNumber(l, op) <= asNumber(r, op);
    case ">":
      return asNumber(l, op) > asNumber(r, op);
    case ">=":
      return asNumber(l, op) >= asNumber(r, op);
    case "++":
      return asString(l, op) + asString(r, op);
    case "+":
    case "-":
    case "*":
    case "/":
    case "%": {
      // The result type says which arithmetic: `ms / ms` is a nat, int operands make an int.
      const kind = e.type.kind;
      if (kind === "nat") return natArith(op, asNumber(l, op), asNumber(r, op));
      if (kind === "int") return intArith(op, asNumber(l, op), asNumber(r, op));
      throw new InterpretError(`arithmetic ${op} typed ${kind}`);
    }
    default:
      return unreachable(op);
  }
}

function evalListOp(e: Expr & { kind: "listop" }, env: Env, prog: Program): Value {
  const items = asList(evalExpr(e.list, env, prog), e.op);
  const at = (x: Value): Value => evalExpr(e.body, bind(env, e.param, x), prog);
  const test = (x: Value): boolean => asBool(at(x), e.op);
  switch (e.op) {
    case "filter":
      return items.filter(test);
    case "all":
      return items.every(test);
    case "any":
      return items.some(test);
    case "count":
      return items.filter(test).length;
    case "map":
      return items.map(at);
    default:
      return unreachable(e.op);
  }
}

function evalMatch(e: Expr & { kind: "match" }, env: Env, prog: Program): Value {
  const v = evalExpr(e.of, env, prog);
  const tag = typeof v === "string" ? v : getField(v, "kind", "match");
  const arm = e.arms.find((a) => a.variant === tag || a.variant === null);
  if (arm === undefined) throw new InterpretError(`match: no arm for ${show(tag)}`);
  if (arm.variant === null || arm.binds.length === 0) return evalExpr(arm.body, env, prog);
  // Binds are positional over the variant's declared payload fields.
  if (e.of.type.kind !== "named") throw new InterpretError("match with binds on a non-named type");
  const decl = findType(prog, e.of.type.ref);
  const variant = decl.kind === "union" ? decl.variants.find((x) => x.name === tag) : undefined;
  if (variant === undefined) throw new InterpretError(`match: ${show(tag)} is not a variant of ${decl.name}`);
  let scope = env;
  arm.binds.forEach((name, i) => {
    const field = variant.fields[i];
    if (field === undefined) throw new InterpretError(`match: ${variant.name} has no field #${i}`);
    scope = bind(scope, name, getField(v, field.name, `match ${variant.name}`));
  });
  return evalExpr(arm.body, scope, prog);
}
