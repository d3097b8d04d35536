// Emit stage, TypeScript target: checked expressions to TypeScript expression text with the
// spec's semantics (Lean Nat arithmetic through runtime helpers, structural `==` on compound
// values). Precedence-aware printing; parentheses are added wherever a reader could hesitate.

import type { Builtin, Expr, ListOp } from "../../ir/expr.js";
import type { Decision } from "../../ir/module.js";
import type { Type } from "../../ir/types.js";
import { unreachable } from "../../ir/types.js";
import { walkExpr } from "../../ir/walk.js";
import { localName, type ModuleCtx } from "./context.js";
import { matchExpr } from "./match.js";
import { tsType } from "./types.js";
import { unboxedIs, unboxedValue, type Unboxed } from "./unbox.js";
import { verdictCall } from "./verdict.js";
import { equalityTest, facts, mayHold, tagTest, under, type Narrowing } from "./narrow.js";

/** Printed text with its precedence: 0 `?:`, 1 `||`, 2 `&&`, 3 `===`, 4 `<`, 5 `+`, 6 `*`, 7 `!`, 8 atoms. */
export interface Printed {
  readonly text: string;
  readonly prec: number;
}

/** What an expression sees: locals renamed or replaced by text, and the function's tested paths. */
export interface Scope {
  readonly ctx: ModuleCtx;
  /** Spec locals bound to a text other than their own name (match bindings). */
  readonly vars: ReadonlyMap<string, string>;
  /**
   * What TypeScript has narrowed each path (`s.gate`, `x.kind`) to at the point being printed
   * (narrow.ts): a test of a literal the path can no longer hold would not type-check (TS2367).
   */
  readonly narrow: Narrowing;
  /** Nesting depth of generated match parameters (`$m0`, `$m1`, ...), so inner ones never shadow. */
  readonly depth: number;
  /** Expressions (by IR id) printed as a given text instead: an append done in place before. */
  readonly replaced: Map<number, string>;
  /** Lets of the handler to unbox (unbox.ts), by spec name, with the decision each applies. */
  readonly unboxable: Map<string, Decision>;
  /** Unboxed lets already placed: their decision and the text each fact is read as. */
  readonly unboxed: Map<string, Unboxed>;
}

/** A fresh scope for one generated function. */
export function functionScope(ctx: ModuleCtx): Scope {
  return { ctx, vars: new Map(), narrow: new Map(), depth: 0, replaced: new Map(), unboxable: new Map(), unboxed: new Map() };
}

/** A scope in which `name` is a plain local again (a lambda parameter or `let` shadows it). */
export function shadow(scope: Scope, name: string): Scope {
  if (!scope.vars.has(name)) return scope;
  const vars = new Map(scope.vars);
  vars.delete(name);
  return { ...scope, vars };
}

/**
 * Runs `emit` with `name` freshly bound (a lambda or `let` parameter): what was known of an
 * outer `name` does not apply inside, and what is learnt inside does not leak out.
 */
export function fresh<T>(scope: Scope, name: string, emit: (inner: Scope) => T): T {
  const local = localName(name);
  const isUnder = (k: string): boolean => k === local || k.startsWith(`${local}.`);
  const saved = [...scope.narrow].filter(([k]) => isUnder(k));
  for (const [k] of saved) scope.narrow.delete(k);
  const out = emit(shadow(scope, name));
  for (const k of [...scope.narrow.keys()]) if (isUnder(k)) scope.narrow.delete(k);
  for (const [k, v] of saved) scope.narrow.set(k, v);
  return out;
}

export const atom = (text: string): Printed => ({ text, prec: 8 });

/** `p`'s text, parenthesised unless its precedence is at least `min`. */
export function wrap(p: Printed, min: number): string {
  return p.prec >= min ? p.text : `(${p.text})`;
}

/** An expression's text, ready to stand alone (a statement's value or an argument). */
export function exprText(e: Expr, scope: Scope): string {
  return expr(e, scope).text;
}

/** The text of a variable path (`s.gate`), or null for anything else. Printing it the same way. */
export function pathKey(e: Expr, scope: Scope): string | null {
  const replaced = scope.replaced.get(e.id);
  if (replaced !== undefined) return replaced;
  if (e.kind === "var") return scope.vars.get(e.name) ?? localName(e.name);
  if (e.kind === "field") {
    const of = pathKey(e.of, scope);
    return of === null ? null : `${of}.${e.field}`;
  }
  return null;
}

export function expr(e: Expr, scope: Scope): Printed {
  const ctx = scope.ctx;
  const replaced = scope.replaced.get(e.id);
  if (replaced !== undefined) return atom(replaced);
  switch (e.kind) {
    case "lit":
      if (typeof e.value === "number") return e.value < 0 ? atom(`(${e.value})`) : atom(String(e.value));
      return atom(typeof e.value === "string" ? JSON.stringify(e.value) : String(e.value));
    case "var": {
      const u = unboxedLet(e, scope);
      if (u !== undefined) return unboxedValue(e, u, scope);
      return atom(scope.vars.get(e.name) ?? localName(e.name));
    }
    case "field":
      return atom(`${receiver(expr(e.of, scope))}.${e.field}`);
    case "const":
      return atom(ctx.constantRef(e.ref.module, e.ref.name));
    case "not": {
      const a = expr(e.arg, scope);
      if (a.text === "true" || a.text === "false") return atom(a.text === "true" ? "false" : "true");
      return { text: `!${wrap(a, 7)}`, prec: 7 };
    }
    case "binary":
      return binary(e.op, e.left, e.right, scope);
    case "if": {
      const c = expr(e.cond, scope);
      const t = under(scope, facts(e.cond, true, scope), () => expr(e.then, scope));
      const f = under(scope, facts(e.cond, false, scope), () => expr(e.else, scope));
      return { text: `${wrap(c, 1)} ? ${wrap(t, 1)} : ${wrap(f, 1)}`, prec: 0 };
    }
    case "call":
      return call(e.fn, e.args, e.type, scope);
    case "listop":
      return listop(e.op, e.list, e.param, e.body, e.type, scope);
    case "enum":
      return atom(JSON.stringify(e.member));
    case "union":
      return atom(objectText([`kind: ${JSON.stringify(e.variant)}`, ...fieldInits(e.fields, scope)]));
    case "record":
      return atom(objectText(fieldInits(e.fields, scope)));
    case "with":
      return atom(objectText([`...${wrap(expr(e.of, scope), 1)}`, ...fieldInits(e.fields, scope)]));
    case "match":
      return matchExpr(e.of, e.arms, e.type, scope);
    case "is":
      return isTest(e.of, e.variant, scope);
    case "list":
      return atom(`[${e.items.map((i) => exprText(i, scope)).join(", ")}]`);
    case "none":
      return atom("null");
    case "let": {
      const name = localName(e.name);
      const value = exprText(e.value, scope);
      const body = fresh(scope, e.name, (inner) => expr(e.body, inner));
      const sig = `(${name}: ${tsType(ctx, e.value.type)}): ${tsType(ctx, e.type)}`;
      return atom(`(${sig} => ${arrowBody(body)})(${value})`);
    }
    case "decide":
      return verdictCall(scope, e.ref, e.arg) ?? atom(`${ctx.valueName(e.ref.module, `decide${e.ref.name}`)}(${exprText(e.arg, scope)}).verdict`);
    default:
      return unreachable(e);
  }
}

function fieldInits(fields: readonly { readonly name: string; readonly value: Expr }[], scope: Scope): string[] {
  return fields.map((f) => `${f.name}: ${exprText(f.value, scope)}`);
}

/** An object literal: on one line when short, else one property per line (the formatter indents). */
function objectText(parts: readonly string[]): string {
  if (parts.length === 0) return "{}";
  const flat = `{ ${parts.join(", ")} }`;
  return flat.length <= 80 && !flat.includes("\n") ? flat : `{\n${parts.map((p) => `${p},\n`).join("")}}`;
}

/** The text of `p` before `.member`; an object literal is parenthesised there for the reader. */
export function receiver(p: Printed): string {
  return p.text.startsWith("{") ? `(${p.text})` : wrap(p, 8);
}

/** An arrow function's expression body; an object literal must be parenthesised there. */
export function arrowBody(p: Printed): string {
  return p.text.startsWith("{") ? `(${p.text})` : wrap(p, 1);
}

const PREC: Readonly<Record<string, number>> = {
  "||": 1, "&&": 2, "==": 3, "!=": 3, "<": 4, "<=": 4, ">": 4, ">=": 4, "+": 5, "-": 5, "*": 6, "/": 6, "%": 6,
};

function binary(op: string, left: Expr, right: Expr, scope: Scope): Printed {
  const ctx = scope.ctx;
  const nat = left.type.kind === "nat";
  if (op === "-" && nat) {
    // Truncating subtraction written out on two plain names (each read twice at no cost): a
    // filter loop over a window then runs without a call per element.
    const [l, r] = [exprText(left, scope), exprText(right, scope)];
    if (PLAIN.test(l) && PLAIN.test(r)) return { text: `${l} > ${r} ? ${l} - ${r} : 0`, prec: 0 };
    return atom(`${ctx.rt("sub")}(${l}, ${r})`);
  }
  if (op === "/" || op === "%") {
    const fn = op === "/" ? "div" : "mod";
    return atom(`${ctx.rt(fn)}(${exprText(left, scope)}, ${exprText(right, scope)})`);
  }
  if (op === "==" || op === "!=") return equality(op, left, right, scope);
  const plain = plainDifference(op, left, right, scope);
  if (plain !== null) return plain;
  // `++` joins strings: JavaScript's `+` on two strings, at the precedence of `+`.
  if (op === "++") return { text: `${wrap(expr(left, scope), 5)} + ${wrap(expr(right, scope), 6)}`, prec: 5 };
  const p = PREC[op] ?? 0;
  const l = expr(left, scope);
  // `b` of `a && b` runs only where `a` held (of `a || b`, where it did not): TypeScript narrows there.
  const r = p <= 2 ? under(scope, facts(left, op === "&&", scope), () => expr(right, scope)) : expr(right, scope);
  if (p <= 2) {
    // A side narrow.ts knows (a test TypeScript has ruled out) folds away: `true && x` is `x`.
    const absorbing = op === "&&" ? "false" : "true";
    if (l.text === absorbing) return l;
    if (l.text === (op === "&&" ? "true" : "false")) return r;
    if (r.text === (op === "&&" ? "true" : "false")) return l;
    // Mixed `&&`/`||` always get parentheses, though JavaScript would not need them.
    const lt = l.prec < p || (l.prec <= 2 && l.prec !== p) ? `(${l.text})` : l.text;
    return { text: `${lt} ${op} ${wrap(r, 3)}`, prec: p };
  }
  // A comparison never stands unparenthesised inside another one.
  const minLeft = p <= 4 ? 5 : p;
  return { text: `${wrap(l, minLeft)} ${op} ${wrap(r, p <= 4 ? 5 : p + 1)}`, prec: p };
}

/**
 * `a - b < k` for the spec's `sub(a, b) < k` (truncating subtraction), where a constant `k`
 * makes the truncation unobservable: if a < b, sub gives 0 and a - b is negative, and both
 * compare alike with k > 0 (for `<`, `>=`) or k >= 0 (for `<=`, `>`). A window filter then costs
 * one subtraction and one comparison per element. JavaScript's difference of two integers below
 * 2^53 is exact.
 */
function plainDifference(op: string, left: Expr, right: Expr, scope: Scope): Printed | null {
  if (left.kind !== "binary" || left.op !== "-" || left.left.type.kind !== "nat") return null;
  // A parameter's k is known only by its range: its least value must hide the truncation.
  const k = right.kind === "lit" ? right.value : right.kind === "const" ? scope.ctx.constantLeast(right.ref.module, right.ref.name) : null;
  if (typeof k !== "number") return null;
  const exact = op === "<" || op === ">=" ? k > 0 : op === "<=" || op === ">" ? k >= 0 : false;
  if (!exact) return null;
  const difference = `${wrap(expr(left.left, scope), 5)} - ${wrap(expr(left.right, scope), 6)}`;
  return { text: `${difference} ${op} ${wrap(expr(right, scope), 5)}`, prec: 4 };
}

/** The unboxed let (unbox.ts) a variable reads, unless a match binding of the same name hides it. */
function unboxedLet(e: Expr & { kind: "var" }, scope: Scope): Unboxed | undefined {
  return scope.vars.has(e.name) ? undefined : scope.unboxed.get(e.name);
}

/** Whether `===` is the spec's `==` on values of this type (no structure to compare). */
function primitive(ctx: ModuleCtx, t: Type): boolean {
  if (t.kind === "named") return ctx.decl(t.ref).kind === "enum";
  return t.kind !== "option" && t.kind !== "list";
}

const LITERAL_KINDS = new Set(["lit", "enum", "none", "union", "record", "list"]);

function equality(op: "==" | "!=", left: Expr, right: Expr, scope: Scope): Printed {
  const ctx = scope.ctx;
  // Two literals, or a compound type: the runtime's structural equality (TypeScript rejects
  // `"Open" === "Closed"` outright, and `===` on objects compares identity).
  if (!primitive(ctx, left.type) || (LITERAL_KINDS.has(left.kind) && LITERAL_KINDS.has(right.kind))) {
    const call = `${ctx.rt("eq")}(${exprText(left, scope)}, ${exprText(right, scope)})`;
    return op === "==" ? atom(call) : { text: `!${call}`, prec: 7 };
  }
  const t = equalityTest(op, left, right, scope);
  if (t !== null && !mayHold(scope, t)) return atom(op === "==" ? "false" : "true");
  const l = expr(left, scope);
  const r = expr(right, scope);
  return { text: `${wrap(l, 5)} ${op === "==" ? "===" : "!=="} ${wrap(r, 5)}`, prec: 3 };
}

/** `x is Tag`: the tag of a union (`x.kind`) or the value of an enum, tested against `Tag`. */
export function isTest(of: Expr, variant: string, scope: Scope): Printed {
  // A literal's tag is known here; TypeScript would reject testing it against another tag.
  if (of.kind === "enum") return atom(String(of.member === variant));
  if (of.kind === "union") return atom(String(of.variant === variant));
  if (of.type.kind !== "named") throw new Error("emit ts: `is` on a value that is not of a named type");
  const u = of.kind === "var" ? unboxedLet(of, scope) : undefined;
  if (u !== undefined && of.kind === "var") return unboxedIs(of, variant, u, scope);
  const t = tagTest(of, variant, scope);
  if (t !== null && !mayHold(scope, t)) return atom("false");
  const x = wrap(expr(of, scope), 8);
  const lhs = scope.ctx.decl(of.type.ref).kind === "union" ? `${x}.kind` : x;
  return { text: `${lhs} === ${JSON.stringify(variant)}`, prec: 3 };
}

/** Explicit type arguments for a generic runtime helper when inference could widen literals. */
function typeArgs(ctx: ModuleCtx, elem: Type | null): string {
  if (elem === null || elem.kind === "bool" || elem.kind === "nat" || elem.kind === "int" || elem.kind === "string") return "";
  return `<${tsType(ctx, elem)}>`;
}

function call(fn: Builtin, args: readonly Expr[], type: Type, scope: Scope): Printed {
  const ctx = scope.ctx;
  const a = args.map((x) => expr(x, scope));
  const arg = (i: number): Printed => {
    const p = a[i];
    if (p === undefined) throw new Error(`emit ts: ${fn} lacks argument ${i + 1}`);
    return p;
  };
  const list = (): string => a.map((p) => p.text).join(", ");
  const elem = type.kind === "list" ? type.of : null;
  switch (fn) {
    case "min":
    case "max":
      return atom(`Math.${fn}(${list()})`);
    case "pow2":
      return pow2(args[0], arg(0), ctx);
    case "len":
      return atom(`${receiver(arg(0))}.length`);
    case "append":
      return atom(`[...${wrap(arg(0), 1)}, ${arg(1).text}]`);
    case "keep_last": {
      // A plain name read three times costs nothing; `slice(length - 0)` is empty, as keep_last(l, 0).
      const [l, n] = [arg(0).text, arg(1).text];
      if (PLAIN.test(l) && PLAIN.test(n)) return { text: `${l}.length <= ${n} ? ${l} : ${l}.slice(${l}.length - ${n})`, prec: 0 };
      return atom(`${ctx.rt("keepLast")}${typeArgs(ctx, elem)}(${list()})`);
    }
    case "nth_or":
      return atom(`${ctx.rt("nthOr")}${typeArgs(ctx, type)}(${arg(0).text}, ${arg(1).text}, ${hoisted(args[2], arg(2), ctx)})`);
    case "set_at":
      return atom(`${ctx.rt("setAt")}${typeArgs(ctx, elem)}(${list()})`);
    case "repeat":
      return atom(`${ctx.rt("repeat")}${typeArgs(ctx, elem)}(${list()})`);
    case "is_some":
    case "is_none":
      return { text: `${wrap(arg(0), 5)} ${fn === "is_some" ? "!==" : "==="} null`, prec: 3 };
    case "get_or": {
      const o = args[0];
      // `??` type-checks on a variable; on another form (`5 ?? d`) TypeScript may reject it.
      const d = hoisted(args[1], arg(1), ctx);
      if (o !== undefined && (o.kind === "var" || o.kind === "field")) return atom(`(${arg(0).text} ?? ${d === arg(1).text ? wrap(arg(1), 3) : d})`);
      return atom(`${ctx.rt("getOr")}${typeArgs(ctx, type)}(${arg(0).text}, ${d})`);
    }
    case "some":
      return arg(0);
    default:
      return unreachable(fn);
  }
}

/**
 * A default value (of `nth_or`, `get_or`) that is a compound literal reading no variable, as the
 * name of a module-level constant; anything else as printed. Values are immutable, so one
 * shared object is the same value as a fresh one per call.
 */
function hoisted(e: Expr | undefined, p: Printed, ctx: ModuleCtx): string {
  if (e === undefined || !COMPOUND.has(e.kind) || !closed(e, ctx)) return p.text;
  const base = e.type.kind === "named" ? e.type.ref.name : e.type.kind === "list" ? "List" : "Value";
  return ctx.hoist(base, tsType(ctx, e.type), p.text);
}

const COMPOUND = new Set(["record", "union", "list", "with"]);

/** Whether `e` reads no variable and no parameter (constants and literals only). */
function closed(e: Expr, ctx: ModuleCtx): boolean {
  let free = false;
  walkExpr(e, { enter: (x) => void (free ||= x.kind === "var" || (x.kind === "const" && ctx.isBound(x.ref.module, x.ref.name))) });
  return !free;
}

/** A variable path, a constant's name or a number: text that may be repeated at no cost. */
const PLAIN = /^(?:[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*|\d+(?: \/\* [A-Z][A-Z0-9_]* \*\/)?)$/;

/**
 * 2^n: a shift where the type bounds n below 31 (a 32-bit shift is exact there), else a shift
 * guarded by a test on a variable path; the runtime's `2 ** n` only for other arguments.
 */
function pow2(n: Expr | undefined, p: Printed, ctx: ModuleCtx): Printed {
  if (n === undefined) throw new Error("emit ts: pow2 lacks its argument");
  if (n.type.kind === "nat" && n.type.max !== null && n.type.max <= 30) return { text: `1 << ${wrap(p, 6)}`, prec: 4 };
  if (n.kind === "var" || n.kind === "field" || n.kind === "lit" || n.kind === "const") {
    return { text: `${p.text} < 31 ? 1 << ${p.text} : 2 ** ${p.text}`, prec: 0 };
  }
  return atom(`${ctx.rt("pow2")}(${p.text})`);
}

const METHOD: Readonly<Record<ListOp, string>> = { filter: "filter", all: "every", any: "some", map: "map", count: "" };

function listop(op: ListOp, list: Expr, param: string, body: Expr, type: Type, scope: Scope): Printed {
  const ctx = scope.ctx;
  const l = expr(list, scope);
  const b = fresh(scope, param, (inner) => expr(body, inner));
  const p = localName(param);
  if (op === "count") return atom(`${ctx.rt("count")}(${l.text}, (${p}) => ${arrowBody(b)})`);
  // `map` states its result type, so union and enum literals in the body keep their tags.
  const ret = op === "map" && type.kind === "list" ? `: ${tsType(ctx, type.of)}` : "";
  return atom(`${receiver(l)}.${METHOD[op]}((${p})${ret} => ${arrowBody(b)})`);
}
