// Expression stage, step 3: the bidirectional type checker from syntax tree to IR `Expr`.
// `expected` (when known) flows down to resolve bare constructors, `none` and `[]`; types flow
// up. It always returns a typed node and reports errors through the environment, so checking
// of the surrounding spec goes on. This file holds the entry points, names and operators.

import { didYouMean } from "../diagnostics/diagnostic.js";
import type { ArithOp, Expr } from "../ir/expr.js";
import { BOOL, INT, MS, NAT, STRING, type Type } from "../ir/types.js";
import type { Ast } from "./ast.js";
import { adaptLiteral, bad, isBad, isUpper, node, poison, report, reportMismatch, withLocals } from "./check-base.js";
import { inferCall } from "./check-call.js";
import { inferConstruct, inferField, inferIs, inferMatch, inferWith, memberValue } from "./check-data.js";
import type { ExprEnv } from "./env.js";
import { clip } from "../parse/limits.js";
import { foldConst } from "./const-eval.js";
import { parseExpr, syntaxArgs } from "./parser.js";
import { assignable, isNumber, plain, showType, unify } from "./type-util.js";

/** Type-check `ast`; with `expected`, also check that the result fits it. */
export function checkExpr(ast: Ast, env: ExprEnv, expected?: Type): Expr {
  return expected === undefined ? infer(ast, env) : check(ast, env, expected);
}

/** Parse and check an expression string; a syntax error is reported as exprSyntax. */
export function checkExprString(src: string, env: ExprEnv, expected?: Type): Expr | undefined {
  const parsed = parseExpr(src);
  if ("error" in parsed) {
    const { offset, length } = parsed.error;
    env.report(parsed.error.limit === undefined ? "exprSyntax" : "exprLimit", offset, length, syntaxArgs(parsed.error));
    return undefined;
  }
  return checkExpr(parsed.ast, env, expected);
}

/** Infer `ast`, then require it to fit `expected` (ranges ignored, list bounds and units kept). */
export function check(ast: Ast, env: ExprEnv, expected: Type): Expr {
  const e = adaptLiteral(infer(ast, env, expected), expected);
  if (isBad(e)) return e;
  const fit = assignable(e.type, expected);
  if (fit.kind === "bound") {
    report(env, "listBound", ast, { found: fit.found, expected: showType(fit.expected) });
    return poison(e);
  }
  if (fit.kind === "mismatch") {
    reportMismatch(env, ast, expected, e.type, ast.kind === "num" && ast.unit === "none");
    return poison(e);
  }
  if (e.kind === "lit" && typeof e.value === "number" && expected.kind === "nat") {
    const { min, max } = expected;
    if (e.value < min || (max !== null && e.value > max)) {
      report(env, "typeMismatch", ast, { expected: showType(expected), found: String(e.value), hint: `give a value in ${min}..${max ?? ""}` });
      return poison(e);
    }
  }
  return e;
}

/** Whether `ast` can only be typed from its context (`none`, `[]`, a bare variant). */
export function needsHint(ast: Ast, env: ExprEnv): boolean {
  switch (ast.kind) {
    case "none":
      return true;
    case "list":
      return ast.items.length === 0;
    case "name":
      return isUpper(ast.name) && !env.lookupVar(ast.name) && !env.lookupConst(ast.name) && !env.lookupType(ast.name);
    case "construct":
      return ast.qualifier === null && !env.lookupType(ast.name.name);
    default:
      return false;
  }
}

/** Check two operands, letting the one that needs context see the other's type first. */
export function inferPair(a: Ast, b: Ast, env: ExprEnv, hint: Type | undefined): [Expr, Expr] {
  let left: Expr;
  let right: Expr;
  // After an error on one side, a side that needs context is not checked: it would only
  // repeat the error as "type unknown here".
  const second = (x: Ast, first: Expr): Expr =>
    !isBad(first) ? infer(x, env, first.type) : needsHint(x, env) ? bad(env, hint) : infer(x, env, hint);
  if (needsHint(a, env) && !needsHint(b, env)) {
    right = infer(b, env, hint);
    left = second(a, right);
  } else {
    left = infer(a, env, hint);
    right = second(b, left);
  }
  if (left.type.kind === "int") right = adaptLiteral(right, INT);
  if (right.type.kind === "int") left = adaptLiteral(left, INT);
  return [left, right];
}

/** Infer the type of `ast`; `hint` is the expected type, used only to resolve names. */
export function infer(ast: Ast, env: ExprEnv, hint?: Type): Expr {
  switch (ast.kind) {
    case "num":
      return node(env, ast.unit === "ms" ? MS : hint?.kind === "int" ? INT : NAT, { kind: "lit", value: ast.value });
    case "bool":
      return node(env, BOOL, { kind: "lit", value: ast.value });
    case "str":
      return node(env, STRING, { kind: "lit", value: ast.value });
    case "none":
      if (hint?.kind === "option") return node(env, hint, { kind: "none" });
      reportMismatch(env, ast, hint ?? "an option whose type is known here", "none");
      return bad(env, hint);
    case "name":
      return inferName(ast, env, hint);
    case "unary":
      return safeFold(ast, inferUnary(ast, env), env);
    case "binary":
      return safeFold(ast, inferBinary(ast, env, hint), env);
    case "if":
      return inferIf(ast, env, hint);
    case "let": {
      const value = infer(ast.value, env);
      const body = infer(ast.body, withLocals(env, [[ast.name.name, value.type]]), hint);
      return node(env, body.type, { kind: "let", name: ast.name.name, value, body });
    }
    case "list":
      return inferList(ast, env, hint);
    case "lambda":
      report(env, "exprSyntax", ast, { detail: "a lambda cannot stand here", hint: "use 'x -> body' only as the 2nd argument of filter, map, count, all or any" });
      return bad(env, hint);
    case "call":
      return safeFold(ast, inferCall(ast, env, hint), env);
    case "field":
      return inferField(ast, env, hint);
    case "is":
      return inferIs(ast, env);
    case "construct":
      return inferConstruct(ast, env, hint);
    case "with":
      return inferWith(ast, env, hint);
    case "match":
      return inferMatch(ast, env, hint);
  }
}

/** Locals, then constants, then members of the expected enum or union. */
function inferName(ast: Ast & { kind: "name" }, env: ExprEnv, hint: Type | undefined): Expr {
  const name = ast.name;
  const local = env.lookupVar(name);
  if (local) return node(env, local, { kind: "var", name });
  const c = env.lookupConst(name);
  if (c) return node(env, c.type, { kind: "const", ref: c.ref });
  const expectedDecl = hint?.kind === "named" ? env.typeDecl(hint.ref) : undefined;
  if (hint?.kind === "named" && expectedDecl && expectedDecl.kind !== "record" && isUpper(name)) {
    return memberValue(env, ast, hint.ref, expectedDecl, ast);
  }
  const type = env.lookupType(name);
  if (type) {
    const d = type.decl;
    const how = d.kind === "record" ? `build one: ${name} { ... }` : `name a ${d.kind === "enum" ? "member" : "variant"}: ${name}.${d.kind === "enum" ? d.members[0] ?? "" : d.variants[0]?.name ?? ""}`;
    report(env, "typeMismatch", ast, { expected: hint ? showType(hint) : "a value", found: `the type ${name}`, hint: how });
    return bad(env, hint);
  }
  if (env.lookupDecision(name)) {
    report(env, "badCall", ast, { fn: name, detail: "is a decision and needs its facts", hint: `apply it: ${name}(f)` });
    return bad(env, hint);
  }
  report(env, "unknownName", ast, { what: "name", name, didYouMean: unknownNameHint(name, env) });
  return bad(env, hint);
}

/** Did-you-mean over locals and constants; for a capitalised name, the type that declares it. */
function unknownNameHint(name: string, env: ExprEnv): string {
  if (isUpper(name)) {
    for (const t of env.names("type")) {
      const d = env.lookupType(t)?.decl;
      const members = d?.kind === "enum" ? d.members : d?.kind === "union" ? d.variants.map((v) => v.name) : [];
      if (members.includes(name)) return `the type is not known here; write ${t}.${name}`;
    }
  }
  return didYouMean(name, [...env.names("var"), ...env.names("const")]);
}

function inferUnary(ast: Ast & { kind: "unary" }, env: ExprEnv): Expr {
  if (ast.op === "!") return node(env, BOOL, { kind: "not", arg: check(ast.arg, env, BOOL) });
  if (ast.arg.kind === "num" && ast.arg.unit === "none") return node(env, INT, { kind: "lit", value: -ast.arg.value });
  const arg = infer(ast.arg, env, INT);
  if (isBad(arg)) return bad(env, INT);
  if (arg.type.kind !== "int") {
    reportMismatch(env, ast.arg, INT, arg.type);
    return bad(env, INT);
  }
  // IR has no negation: -x is 0 - x on int, where subtraction does not truncate.
  const zero = node(env, INT, { kind: "lit", value: 0 });
  return node(env, INT, { kind: "binary", op: "-", left: zero, right: arg });
}

function inferBinary(ast: Ast & { kind: "binary" }, env: ExprEnv, hint: Type | undefined): Expr {
  const op = ast.op;
  if (op === "&&" || op === "||") {
    return node(env, BOOL, { kind: "binary", op, left: check(ast.left, env, BOOL), right: check(ast.right, env, BOOL) });
  }
  if (op === "++") return inferConcat(ast, env);
  const arith = op === "+" || op === "-" || op === "*" || op === "/" || op === "%";
  const [left, right] = inferPair(ast.left, ast.right, env, arith && hint?.kind === "int" ? INT : undefined);
  const out = (type: Type): Expr => node(env, type, { kind: "binary", op, left, right });
  if (isBad(left, right)) return arith ? bad(env, plain(left.type)) : bad(env, BOOL);
  const units = { left: showType(left.type), op, right: showType(right.type) };
  if (op === "==" || op === "!=") {
    if (unify(left.type, right.type)) return out(BOOL);
    if (left.type.kind === "nat" && right.type.kind === "nat") report(env, "unitMismatch", ast, units);
    else report(env, "typeMismatch", ast.right, { expected: units.left, found: units.right, hint: `${op} compares two values of one type` });
    return bad(env, BOOL);
  }
  for (const [side, e] of [[ast.left, left], [ast.right, right]] as const) {
    if (!isNumber(e.type)) {
      const hintText = e.type.kind === "string" ? `strings join with ++ and compare with == and !=; ${op} works on nat, ms and int` : `${op} works on nat, ms and int`;
      report(env, "typeMismatch", side, { expected: "a number", found: showType(e.type), hint: hintText });
      return arith ? bad(env, isNumber(left.type) ? plain(left.type) : NAT) : bad(env, BOOL);
    }
  }
  if (left.type.kind === "int" || right.type.kind === "int") {
    if (left.type.kind === right.type.kind) return out(arith ? INT : BOOL);
    reportMismatch(env, left.type.kind === "int" ? ast.right : ast.left, INT, left.type.kind === "int" ? right.type : left.type);
    return bad(env, arith ? INT : BOOL);
  }
  const result = arith ? arithUnit(op, unitOf(left.type), unitOf(right.type)) : unitOf(left.type) === unitOf(right.type) ? BOOL : undefined;
  if (result) return out(result);
  report(env, "unitMismatch", ast, units);
  return bad(env, arith ? plain(left.type) : BOOL);
}

/** `a ++ b`: both sides strings, the result their joined text. A number has no text form. */
function inferConcat(ast: Ast & { kind: "binary" }, env: ExprEnv): Expr {
  const sides = [ast.left, ast.right].map((side) => {
    const e = infer(side, env, STRING);
    if (isBad(e) || e.type.kind === "string") return e;
    const hint = isNumber(e.type)
      ? "++ joins strings only; a number has no text form in the spec: pass it as a string fact"
      : "++ joins strings only; render each value as a string first (match on it)";
    report(env, "typeMismatch", side, { expected: "a string", found: showType(e.type), hint });
    return poison(e);
  });
  const [left, right] = sides as [Expr, Expr];
  if (isBad(left, right)) return bad(env, STRING);
  return node(env, STRING, { kind: "binary", op: "++", left, right });
}

/**
 * Reject an arithmetic node whose constant value TypeScript cannot compute exactly: fold it with
 * the interpreter's exact arithmetic and report a result past 2^53 - 1 here, at its source. The
 * node is poisoned so that the expressions around it say nothing more.
 */
function safeFold(ast: Ast, e: Expr, env: ExprEnv): Expr {
  if (isBad(e) || !(e.kind === "binary" || (e.kind === "call" && e.fn === "pow2"))) return e;
  const f = foldConst(e, (ref) => {
    const c = env.lookupConst(ref.name);
    return c && c.ref.module === ref.module ? c.value : undefined;
  });
  if (f.kind !== "unsafe") return e;
  report(env, "unsafeInteger", ast, { what: "this constant expression", value: clip(f.value, 40) });
  return poison(e);
}

const unitOf = (t: Type): "none" | "ms" => (t.kind === "nat" ? t.unit : "none");

/** The unit rules: ms±ms, ms*nat, nat*ms, ms/nat, ms%ms give ms; ms/ms gives nat. */
function arithUnit(op: ArithOp, l: "none" | "ms", r: "none" | "ms"): Type | undefined {
  if (l === "none" && r === "none") return NAT;
  switch (op) {
    case "+":
    case "-":
    case "%":
      return l === r ? MS : undefined;
    case "*":
      return l !== r ? MS : undefined;
    case "/":
      return l === "ms" ? (r === "ms" ? NAT : MS) : undefined;
  }
}

function inferIf(ast: Ast & { kind: "if" }, env: ExprEnv, hint: Type | undefined): Expr {
  const cond = check(ast.cond, env, BOOL);
  const [then, otherwise] = inferPair(ast.then, ast.else, env, hint);
  if (isBad(then, otherwise)) return bad(env, isBad(then) ? otherwise.type : then.type);
  const type = unify(then.type, otherwise.type);
  if (type === undefined) {
    report(env, "typeMismatch", ast.else, { expected: showType(then.type), found: showType(otherwise.type), hint: "both branches of an if have one type" });
    return bad(env, then.type);
  }
  return node(env, type, { kind: "if", cond, then, else: otherwise });
}

function inferList(ast: Ast & { kind: "list" }, env: ExprEnv, hint: Type | undefined): Expr {
  const itemHint = hint?.kind === "list" ? hint.of : undefined;
  if (ast.items.length === 0) {
    if (itemHint) return node(env, { kind: "list", of: itemHint, max: 0 }, { kind: "list", items: [] });
    reportMismatch(env, ast, hint ?? "a list whose type is known here", "[]");
    return bad(env, hint);
  }
  const items: Expr[] = [];
  let of: Type | undefined;
  for (const itemAst of ast.items) {
    const item = infer(itemAst, env, of ?? itemHint);
    items.push(item);
    if (isBad(item)) continue;
    const joined = of === undefined ? item.type : unify(of, item.type);
    if (joined === undefined && of !== undefined) {
      report(env, "typeMismatch", itemAst, { expected: showType(of), found: showType(item.type), hint: "every element of a list has one type" });
      return bad(env, hint);
    }
    of = joined;
  }
  if (of === undefined) return bad(env, hint);
  return node(env, { kind: "list", of, max: items.length }, { kind: "list", items });
}
