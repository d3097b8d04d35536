// Expression stage: a bound inside a type string (`nat 0..RESTART_BUDGET_MAX`, `list<T> max
// WORKERS + 1`) written as a constant expression. The tokens of the bound are cut out of the type
// string, parsed and type-checked like any expression (errors keep their offsets in the type
// string), and folded exactly with the interpreter's arithmetic (const-eval.ts).

import type { ExprEnv } from "./env.js";
import type { Token } from "./lexer.js";
import { parseExpr, syntaxArgs } from "./parser.js";
import { checkExpr } from "./check.js";
import { foldConst } from "./const-eval.js";
import type { Expr } from "../ir/expr.js";
import type { Type } from "../ir/types.js";

/**
 * Where a bound starting at token `from` ends: the first token, outside parentheses, that is
 * `stop` punctuation (`..` of a range, `>` closing a type argument, `,`), the keyword-like `max`,
 * or the end of the type string.
 */
export function boundEnd(tokens: readonly Token[], from: number, stops: readonly string[]): number {
  let depth = 0;
  for (let i = from; i < tokens.length; i++) {
    const t = tokens[i] as Token;
    if (t.kind === "eof") return i;
    if (t.kind === "punct" && (t.text === "(" || t.text === "[" || t.text === "{")) depth++;
    else if (t.kind === "punct" && (t.text === ")" || t.text === "]" || t.text === "}")) depth--;
    else if (depth === 0 && t.kind === "punct" && stops.includes(t.text)) return i;
    else if (depth === 0 && t.kind === "ident" && t.text === "max" && i > from) return i;
  }
  return tokens.length - 1;
}

/** An env whose reports are shifted by `base` (the bound's offset in the type string). */
function shifted(env: ExprEnv, base: number): ExprEnv {
  return {
    lookupVar: () => undefined,
    lookupConst: (n) => env.lookupConst(n),
    lookupType: (n) => env.lookupType(n),
    typeDecl: (r) => env.typeDecl(r),
    lookupDecision: () => undefined,
    names: (k) => (k === "const" || k === "type" ? env.names(k) : []),
    nextId: () => env.nextId(),
    report: (id, offset, length, args) => env.report(id, base + offset, length, args),
  };
}

/**
 * The value of the constant expression `text` (at `base` in the type string) of type `expected`,
 * with the checked expression (kept in the IR type as the bound as written), or undefined after
 * reporting why it has none (a syntax or type error, a non-constant, a
 * result past 2^53 - 1).
 */
export function foldBound(text: string, base: number, env: ExprEnv, expected: Type, what: string): { readonly value: number; readonly expr: Expr } | undefined {
  const parsed = parseExpr(text);
  if ("error" in parsed) {
    const { offset, length } = parsed.error;
    env.report(parsed.error.limit === undefined ? "exprSyntax" : "exprLimit", base + offset, length, syntaxArgs(parsed.error));
    return undefined;
  }
  const inner = shifted(env, base);
  let errors = 0;
  const counting: ExprEnv = { ...inner, report: (...a) => (errors++, inner.report(...a)) };
  const e = checkExpr(parsed.ast, counting, expected);
  if (errors > 0) return undefined;
  // A bound over a parameter admits every instance: the parameter is taken at its range maximum.
  const f = foldConst(e, (ref) => {
    const c = env.lookupConst(ref.name);
    return c?.widest ?? c?.value;
  });
  if (f.kind === "value" && typeof f.value === "number") return { value: f.value, expr: e };
  const lead = text.length - text.trimStart().length;
  if (f.kind === "unsafe") env.report("unsafeInteger", base + lead, text.trim().length, { what, value: f.value });
  else env.report("notConstant", base + lead, text.trim().length, { what });
  return undefined;
}
