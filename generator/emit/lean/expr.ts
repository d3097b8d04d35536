// Emit stage (Lean): typed IR expressions to Lean terms with the same meaning. nat/ms are `Nat`
// (Lean's `-`, `/`, `%` already truncate, floor, and give 0 / x on a zero divisor), booleans are
// `Bool`, comparisons become `decide (a < b)`, `==` is `decide (a = b)` (DecidableEq, derived on
// every generated type). Parentheses follow Lean's precedences; layout is left to layout.ts.

import type { BinaryOp, Expr } from "../../ir/expr.js";
import { unreachable } from "../../ir/types.js";
import type { ExprCx } from "./context.js";
import { leanType, paramsArg, withLocal } from "./context.js";
import { dataExpr } from "./expr-data.js";
import type { Doc } from "./layout.js";
import { align, alt, cat, group, hang, hard, join, line, nest, parens } from "./layout.js";
import { decisionName, ident, localName, qualify } from "./names.js";

/** A rendered term and the precedence it binds at (Lean's: `+` 65, `&&` 35, ...). */
export interface Term {
  readonly doc: Doc;
  readonly prec: number;
}

export const P = { max: 1024, app: 1000, pow: 75, mul: 70, add: 65, cmp: 50, not: 40, and: 35, or: 30, low: 0 } as const;

/** `t` as an operand that must bind at least at `min`: parenthesised otherwise. */
export function at(t: Term, min: number): Doc {
  return t.prec >= min ? t.doc : parens(t.doc);
}

/** Render `e` in context `cx`. */
export function term(e: Expr, cx: ExprCx): Term {
  switch (e.kind) {
    case "lit":
      return literal(e.value, e.type.kind === "int");
    case "var":
      return { doc: variable(e.name, cx), prec: P.max };
    case "const":
      if (cx.lp !== null && cx.lp.keys.has(`${e.ref.module}.${e.ref.name}`)) {
        return { doc: `${paramsArg(cx, e.ref.name)}.${ident(e.ref.name)}`, prec: P.max };
      }
      return { doc: qualify(e.ref, ident(e.ref.name), cx.module), prec: P.max };
    case "field":
      return field(e.of, e.field, cx);
    case "not":
      // `!` parses its operand at precedence 40, so an application needs no parentheses.
      return { doc: cat("!", at(term(e.arg, cx), P.app)), prec: P.not };
    case "binary":
      return binary(e.op, e.left, e.right, cx);
    case "if":
      return ifChain(e, cx);
    case "let": {
      const name = localName(e.name);
      const value = term(e.value, cx);
      const body = term(e.body, withLocal(cx, e.name, { kind: "value", lean: name }));
      const doc = align(group(cat("let ", name, " := ", at(value, P.low + 1), alt(";", ""), line, body.doc)));
      return { doc, prec: P.low };
    }
    case "decide": {
      const fn = qualify(e.ref, decisionName(e.ref.name), cx.module);
      if (e.ref.module === cx.module && cx.lp?.decisions.has(e.ref.name)) {
        return app(fn, [{ doc: paramsArg(cx, e.ref.name), prec: P.max }, term(e.arg, cx)]);
      }
      return app(fn, [term(e.arg, cx)]);
    }
    case "call":
    case "listop":
    case "enum":
    case "union":
    case "record":
    case "with":
    case "match":
    case "is":
    case "list":
    case "none":
      return dataExpr(e, cx);
    default:
      return unreachable(e);
  }
}

/** A Bool expression as a Prop: `(b) = true`. */
export function holds(e: Expr, cx: ExprCx): Doc {
  return cat(at(term(e, cx), P.cmp + 1), " = true");
}

export function literal(value: number | boolean | string, isInt: boolean): Term {
  if (typeof value === "boolean") return { doc: value ? "true" : "false", prec: P.max };
  if (typeof value === "string") return stringTerm(value);
  if (!Number.isSafeInteger(value)) throw new Error(`lean emitter: literal ${value} is not a safe integer`);
  if (isInt) return { doc: `(${value} : Int)`, prec: P.max };
  if (value < 0) throw new Error(`lean emitter: negative nat literal ${value}`);
  return { doc: String(value), prec: P.max };
}

/** Characters of a string literal per line, of its text in the comment before it, and at most on the line it starts. */
const ROW = 14;
const NOTE = 56;
const INLINE = 10;

/**
 * A string literal: its characters as a `List Char` literal (the Lean type of a spec string),
 * after a comment with the text. A longer one than INLINE is a block: the comment, then ROW
 * characters a line.
 */
function stringTerm(s: string): Term {
  const chars = [...s].map(leanChar);
  if (chars.length === 0) return { doc: "[]", prec: P.max };
  const text = [...s];
  const quoted: string[] = [];
  for (let i = 0; i < text.length; i += NOTE) quoted.push(JSON.stringify(text.slice(i, i + NOTE).join("")).replace(/-\//g, "- /"));
  if (chars.length <= INLINE) return { doc: `/- ${quoted.join("")} -/ [${chars.join(", ")}]`, prec: P.max };
  const comment = cat("/- ", align(join(quoted, hard)), " -/");
  const rows: string[] = [];
  for (let i = 0; i < chars.length; i += ROW) rows.push(chars.slice(i, i + ROW).join(", "));
  const list = cat("[", align(join(rows, cat(",", hard))), "]");
  return { doc: align(cat(comment, hard, list)), prec: P.max };
}

/** A Lean character literal; quotes, backslashes and non-printable characters escaped. */
function leanChar(ch: string): string {
  const c = ch.codePointAt(0) ?? 0;
  if (ch === "'" || ch === "\\") return `'\\${ch}'`;
  if (ch === "\n") return "'\\n'";
  if (ch === "\t") return "'\\t'";
  if (c < 0x20 || c === 0x7f) return `'\\x${c.toString(16).padStart(2, "0")}'`;
  return `'${ch}'`;
}

function variable(name: string, cx: ExprCx): string {
  const local = cx.scope.get(name);
  if (!local) return localName(name);
  if (local.kind === "value") return local.lean;
  throw new Error(`lean emitter: the event payload '${name}' can only be read field by field`);
}

function field(of: Expr, name: string, cx: ExprCx): Term {
  if (of.kind === "var") {
    const local = cx.scope.get(of.name);
    if (local?.kind === "payload") {
      const lean = local.fields.get(name);
      if (lean === undefined) throw new Error(`lean emitter: payload has no field ${name}`);
      return { doc: lean, prec: P.max };
    }
  }
  return { doc: cat(at(term(of, cx), P.max), ".", ident(name)), prec: P.max };
}

/** `f a b`, hanging its arguments under `f` when it does not fit. */
export function app(fn: string, args: readonly Term[]): Term {
  if (args.length === 0) return { doc: fn, prec: P.max };
  return { doc: hang(fn, 2, join(args.map((a) => at(a, P.max)), line)), prec: P.app };
}

/** Lean operator, its precedence, and the minimum precedences of its operands. */
interface OpInfo {
  readonly lean: string;
  readonly prec: number;
  readonly left: number;
  readonly right: number;
}
const infixl = (lean: string, prec: number): OpInfo => ({ lean, prec, left: prec, right: prec + 1 });
const ARITH: Record<string, OpInfo> = {
  "+": infixl("+", P.add),
  // String append: Lean's `++` is `infixl:65`, the precedence of `+`.
  "++": infixl("++", P.add),
  "-": infixl("-", P.add),
  "*": infixl("*", P.mul),
  "/": infixl("/", P.mul),
  "%": infixl("%", P.mul),
  "&&": infixl("&&", P.and),
  // `a || b && c` needs no parentheses in Lean, but proof writers should not have to recall that.
  "||": { lean: "||", prec: P.or, left: P.and + 1, right: P.and + 1 },
};
const COMPARE: Record<string, string> = { "==": "=", "!=": "≠", "<": "<", "<=": "≤", ">": ">", ">=": "≥" };

function binary(op: BinaryOp, left: Expr, right: Expr, cx: ExprCx): Term {
  const cmp = COMPARE[op];
  if (cmp !== undefined) {
    const inner = cat(at(term(left, cx), P.cmp + 1), " ", cmp, line, at(term(right, cx), P.cmp + 1));
    return { doc: cat("decide ", parens(group(inner))), prec: P.app };
  }
  const info = ARITH[op];
  if (!info) throw new Error(`lean emitter: unknown operator ${op}`);
  // A left-nested chain of one operator lines up its operands when it breaks.
  const operands: Expr[] = [right];
  let head = left;
  while (head.kind === "binary" && head.op === op) {
    operands.unshift(head.right);
    head = head.left;
  }
  const parts: Doc[] = [at(term(head, cx), info.left)];
  for (const o of operands) parts.push(` ${info.lean}`, line, at(term(o, cx), info.right));
  return { doc: align(group(cat(...parts))), prec: info.prec };
}

/** `if c then a else if d then b else c`, an else-if chain broken one branch per line. */
function ifChain(e: Expr & { kind: "if" }, cx: ExprCx): Term {
  const parts: Doc[] = [];
  let cur: Expr = e;
  let first = true;
  while (cur.kind === "if") {
    parts.push(first ? "" : line, first ? "if " : "else if ", at(term(cur.cond, cx), P.low + 1), " then");
    parts.push(nest(2, cat(line, at(term(cur.then, cx), P.low + 1))));
    first = false;
    cur = cur.else;
  }
  parts.push(line, "else", nest(2, cat(line, term(cur, cx).doc)));
  return { doc: align(group(cat(...parts))), prec: P.low };
}

/** `fun (x : T) => body`, binding `param` in `body`. */
export function lambda(param: string, elem: Expr["type"], body: Expr, cx: ExprCx): Term {
  const name = localName(param);
  const inner = term(body, withLocal(cx, param, { kind: "value", lean: name }));
  const head = `fun (${name} : ${leanType(elem, cx.module)}) =>`;
  return { doc: hang(head, 2, inner.doc), prec: P.low };
}
