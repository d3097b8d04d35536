// Expression stage: the public API of the expression language, used by the spec checker
// (generator/check): parse expression strings, read type strings, type-check into IR `Expr`,
// and fold constants.

export type { Ast, AstArm, AstField, AstName, Range } from "./ast.js";
export type { ExprEnv } from "./env.js";
export type { ExprSyntaxError, Token } from "./lexer.js";
export { lex } from "./lexer.js";
export { parseExpr, syntaxArgs } from "./parser.js";
export { resolveTypeString, type TypeEnv } from "./type-syntax.js";
export { checkExpr, checkExprString } from "./check.js";
export { evalConstExpr } from "./const-eval.js";
export { assignable, plain, sameType, showType, unify, type Fit } from "./type-util.js";
