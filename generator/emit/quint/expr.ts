// Emit stage, Quint target: checked expressions as Quint expressions with the spec's meaning.
// Nat subtraction, division and remainder go through the prelude (`natSub`, ...), as Lean's
// `Nat` does them; list operations become `select`/`foldl`; a `match` binds the variant's
// payload record and reads the bound fields from it. Every compound operand is parenthesised:
// the output is read by Quint more than by people, and its precedence table is not ours.

import type { Builtin, Expr, ListOp, MatchArm } from "../../ir/expr.js";
import { unreachable } from "../../ir/types.js";
import { fieldName, localName, quintTag, type QuintCtx } from "./context.js";

export interface Scope {
  readonly ctx: QuintCtx;
  /** Spec locals printed as another text (match bindings, `s` read as `n`). */
  readonly vars: ReadonlyMap<string, string>;
  /** Nesting depth, for fresh binder names (`m_P0`, `m_Acc0`): no spec local has a capital. */
  readonly depth: number;
}

export function scopeOf(ctx: QuintCtx, vars: ReadonlyMap<string, string> = new Map()): Scope {
  return { ctx, vars, depth: 0 };
}

interface Printed {
  readonly text: string;
  readonly atomic: boolean;
}

const atom = (text: string): Printed => ({ text, atomic: true });
const compound = (text: string): Printed => ({ text, atomic: false });
const wrap = (p: Printed): string => (p.atomic ? p.text : `(${p.text})`);

export function quintExpr(e: Expr, scope: Scope): string {
  return expr(e, scope).text;
}

/** An expression that follows `val` lines: never opening with `(` (see the prelude's `itself`). */
export function bodyExpr(e: Expr, scope: Scope): string {
  const text = quintExpr(e, scope);
  return text.startsWith("(") ? `itself(${text})` : text;
}

/** A scope where `name` is a plain local again (a binder shadows an outer replacement). */
function bind(scope: Scope, name: string): Scope {
  if (!scope.vars.has(name)) return { ...scope, depth: scope.depth + 1 };
  const vars = new Map(scope.vars);
  vars.delete(name);
  return { ...scope, vars, depth: scope.depth + 1 };
}

function expr(e: Expr, scope: Scope): Printed {
  const ctx = scope.ctx;
  const sub = (x: Expr): string => wrap(expr(x, scope));
  switch (e.kind) {
    case "lit":
      if (typeof e.value === "number") return e.value < 0 ? compound(String(e.value)) : atom(String(e.value));
      return atom(typeof e.value === "string" ? JSON.stringify(e.value) : String(e.value));
    case "var":
      return atom(scope.vars.get(e.name) ?? localName(e.name));
    case "field":
      return atom(`${sub(e.of)}.${fieldName(e.field)}`);
    case "const":
      return atom(ctx.name(e.ref.module, e.ref.name));
    case "not":
      return atom(`not(${quintExpr(e.arg, scope)})`);
    case "binary":
      return binary(e.op, e.left, e.right, scope);
    case "if":
      return compound(`if (${quintExpr(e.cond, scope)}) ${sub(e.then)} else ${sub(e.else)}`);
    case "call":
      return call(e.fn, e.args, scope);
    case "listop":
      return listop(e.op, e.list, e.param, e.body, scope);
    case "enum":
      return atom(ctx.tag(e.ref, e.member));
    case "union": {
      const tag = ctx.tag(e.ref, e.variant);
      return atom(e.fields.length === 0 ? tag : `${tag}(${fields(e.fields, scope)})`);
    }
    case "record":
      return atom(fields(e.fields, scope));
    case "with":
      return atom(`{ ...${sub(e.of)}, ${e.fields.map((f) => `${fieldName(f.name)}: ${quintExpr(f.value, scope)}`).join(", ")} }`);
    case "match":
      return matchExpr(e.of, e.arms, scope);
    case "is":
      return isTest(e.of, e.variant, scope);
    case "list":
      return atom(`[${e.items.map((i) => quintExpr(i, scope)).join(", ")}]`);
    case "none":
      return atom("None");
    case "let": {
      const inner = bind(scope, e.name);
      return atom(`{ val ${localName(e.name)} = ${quintExpr(e.value, scope)} ${bodyExpr(e.body, inner)} }`);
    }
    case "decide":
      return atom(`${ctx.name(e.ref.module, `decide${e.ref.name}`)}(${quintExpr(e.arg, scope)}).verdict`);
    default:
      return unreachable(e);
  }
}

function fields(fs: readonly { readonly name: string; readonly value: Expr }[], scope: Scope): string {
  return fs.length === 0 ? "{}" : `{ ${fs.map((f) => `${fieldName(f.name)}: ${quintExpr(f.value, scope)}`).join(", ")} }`;
}

const OPS: Readonly<Record<string, string>> = { "&&": "and", "||": "or", "==": "==", "!=": "!=", "<": "<", "<=": "<=", ">": ">", ">=": ">=", "+": "+", "*": "*" };

function binary(op: string, left: Expr, right: Expr, scope: Scope): Printed {
  const l = wrap(expr(left, scope));
  const r = wrap(expr(right, scope));
  const nat = left.type.kind === "nat";
  if (op === "-") return nat ? atom(`natSub(${l}, ${r})`) : compound(`${l} - ${r}`);
  if (op === "/") return atom(`${nat ? "natDiv" : "intDiv"}(${l}, ${r})`);
  if (op === "%") return atom(`${nat ? "natMod" : "intMod"}(${l}, ${r})`);
  const q = OPS[op];
  // `++` never gets here: what renders text is left out of the Quint files (text.ts).
  if (q === undefined) throw new Error(`emit quint: operator ${op}`);
  return compound(`${l} ${q} ${r}`);
}

function call(fn: Builtin, args: readonly Expr[], scope: Scope): Printed {
  const a = args.map((x) => quintExpr(x, scope));
  const w = args.map((x) => wrap(expr(x, scope)));
  const list = a.join(", ");
  switch (fn) {
    case "min":
      return atom(`minOf(${list})`);
    case "max":
      return atom(`maxOf(${list})`);
    case "pow2":
      return compound(`2^${w[0]}`);
    case "len":
      return atom(`${w[0]}.length()`);
    case "append":
      return atom(`${w[0]}.append(${a[1]})`);
    case "keep_last":
      return atom(`keepLast(${list})`);
    case "nth_or":
      return atom(`nthOr(${list})`);
    case "set_at":
      return atom(`setAt(${list})`);
    case "repeat":
      return atom(`repeatOf(${list})`);
    case "is_some":
      return atom(`isSome(${list})`);
    case "is_none":
      return atom(`isNone(${list})`);
    case "get_or":
      return atom(`getOr(${list})`);
    case "some":
      return atom(`Some(${list})`);
    default:
      return unreachable(fn);
  }
}

function listop(op: ListOp, list: Expr, param: string, body: Expr, scope: Scope): Printed {
  const l = wrap(expr(list, scope));
  const inner = bind(scope, param);
  const b = quintExpr(body, inner);
  const p = localName(param);
  const acc = `m_Acc${scope.depth}`;
  switch (op) {
    case "filter":
      return atom(`${l}.select(${p} => ${b})`);
    case "count":
      return atom(`${l}.select(${p} => ${b}).length()`);
    case "all":
      return atom(`${l}.foldl(true, (${acc}, ${p}) => ${acc} and (${b}))`);
    case "any":
      return atom(`${l}.foldl(false, (${acc}, ${p}) => ${acc} or (${b}))`);
    case "map":
      return atom(`${l}.foldl([], (${acc}, ${p}) => ${acc}.append(${b}))`);
    default:
      return unreachable(op);
  }
}

function matchExpr(of: Expr, arms: readonly MatchArm[], scope: Scope): Printed {
  const ctx = scope.ctx;
  if (of.type.kind !== "named") throw new Error("emit quint: match on a value that is not of a named type");
  const ref = of.type.ref;
  const decl = ctx.decl(ref);
  const payload = `m_P${scope.depth}`;
  const inner: Scope = { ...scope, depth: scope.depth + 1 };
  const lines: string[] = [];
  for (const arm of arms) {
    if (arm.variant === null) {
      lines.push(`| _ => ${quintExpr(arm.body, inner)}`);
      break;
    }
    const tag = quintTag(ctx.program, ref, arm.variant);
    const variant = decl.kind === "union" ? decl.variants.find((v) => v.name === arm.variant) : undefined;
    if (variant === undefined || variant.fields.length === 0) {
      lines.push(`| ${tag} => ${quintExpr(arm.body, inner)}`);
      continue;
    }
    const vars = new Map(inner.vars);
    arm.binds.forEach((b, i) => {
      const f = variant.fields[i];
      if (b !== "_" && f !== undefined) vars.set(b, `${payload}.${fieldName(f.name)}`);
    });
    lines.push(`| ${tag}(${payload}) => ${quintExpr(arm.body, { ...inner, vars })}`);
  }
  return atom(`match ${wrap(expr(of, scope))} { ${lines.join(" ")} }`);
}

function isTest(of: Expr, variant: string, scope: Scope): Printed {
  const ctx = scope.ctx;
  if (of.type.kind !== "named") throw new Error("emit quint: `is` on a value that is not of a named type");
  const ref = of.type.ref;
  const decl = ctx.decl(ref);
  if (decl.kind === "enum") return compound(`${wrap(expr(of, scope))} == ${ctx.tag(ref, variant)}`);
  // A match label is a bare tag: Quint does not let one be qualified with a module.
  const tag = quintTag(ctx.program, ref, variant);
  const v = decl.kind === "union" ? decl.variants.find((x) => x.name === variant) : undefined;
  const arm = v !== undefined && v.fields.length > 0 ? `${tag}(_)` : tag;
  const others = decl.kind === "union" && decl.variants.length > 1 ? " | _ => false" : "";
  return atom(`match ${wrap(expr(of, scope))} { | ${arm} => true${others} }`);
}
