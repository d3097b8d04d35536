// Expression stage, step 2: a Pratt parser from tokens to the syntax tree of ast.ts.
// Precedence, loosest first: if/let/lambda, ||, &&, comparisons and `is` (non-associative),
// + - ++, * / %, prefix ! -, postfix `.f` / `with {..}` / `Name {..}` / calls. The first syntax
// error stops the parse; it carries a message, a hint and the offending token's range.

import type { Ast, AstArm, AstField, AstName, BinaryOpText, Range } from "./ast.js";
import { LIMITS } from "../parse/limits.js";
import { describeToken, lex, type ExprSyntaxError, type Token } from "./lexer.js";

/** Binding power of each infix operator (higher binds tighter). */
const INFIX: Readonly<Record<string, number>> = {
  "||": 1, "&&": 2,
  "==": 3, "!=": 3, "<": 3, "<=": 3, ">": 3, ">=": 3, is: 3,
  "+": 4, "-": 4, "++": 4,
  "*": 5, "/": 5, "%": 5,
};
const COMPARISON = 3;
const PREFIX = 6;

class SyntaxFailure extends Error {
  constructor(readonly info: ExprSyntaxError) {
    super(info.detail);
  }
}

/** Parse one expression string. Offsets in the tree and the error are code units into `src`. */
export function parseExpr(src: string): { ast: Ast } | { error: ExprSyntaxError } {
  if (src.length > LIMITS.exprChars) {
    return { error: { detail: `expression is ${src.length} characters long`, hint: `the limit is ${LIMITS.exprChars}; name parts of it with let or constants`, offset: LIMITS.exprChars, length: 1, limit: "exprChars" } };
  }
  const lexed = lex(src);
  if ("error" in lexed) return lexed;
  const p = new Parser(lexed.tokens);
  try {
    const ast = p.parseAll();
    const deep = tooDeepAt(ast);
    return deep === null ? { ast } : { error: { detail: "expression nests too deeply", hint: "", offset: deep.offset, length: Math.max(1, deep.end - deep.offset), limit: "exprDepth" } };
  } catch (e) {
    if (e instanceof SyntaxFailure) return { error: e.info };
    throw e;
  }
}

/** Diagnostic arguments of a syntax error (exprSyntax) or a passed limit (exprLimit). */
export function syntaxArgs(e: ExprSyntaxError): Record<string, string | number> {
  return e.limit === undefined ? { detail: e.detail, hint: e.hint } : { detail: e.detail, limit: LIMITS[e.limit] };
}

/**
 * The first node nested deeper than LIMITS.exprDepth, or null. Iterative: a left-leaning chain
 * (`1 + 1 + ...`, `a.f.f...`) is deep without making the parser recurse, and every later pass
 * (checker, emitters, interpreter) recurses over the tree.
 */
function tooDeepAt(ast: Ast): Range | null {
  const stack: { node: unknown; depth: number }[] = [{ node: ast, depth: 0 }];
  while (stack.length > 0) {
    const { node, depth } = stack.pop() as { node: unknown; depth: number };
    if (node === null || typeof node !== "object") continue;
    const isNode = typeof (node as { kind?: unknown }).kind === "string";
    const d = isNode ? depth + 1 : depth;
    if (d > LIMITS.exprDepth) return node as Range;
    for (const child of Object.values(node)) if (child !== null && typeof child === "object") stack.push({ node: child, depth: d });
  }
  return null;
}

class Parser {
  private pos = 0;
  /** False while parsing a match scrutinee, where `{` opens the arms, not a constructor. */
  private allowBraces = true;
  /** Current nesting of expr() calls. */
  private depth = 0;

  constructor(private readonly tokens: readonly Token[]) {}

  parseAll(): Ast {
    if (this.peek().kind === "eof") this.fail(this.peek(), "empty expression", "write a value, e.g. true or 0");
    const ast = this.expr(0);
    const t = this.peek();
    if (t.kind !== "eof") this.unexpected(t, "after the expression");
    return ast;
  }

  // ---- token helpers -------------------------------------------------------------------------

  private peek(ahead = 0): Token {
    return this.tokens[Math.min(this.pos + ahead, this.tokens.length - 1)] as Token;
  }
  private next(): Token {
    const t = this.peek();
    if (this.pos < this.tokens.length - 1) this.pos++;
    return t;
  }
  private is(t: Token, text: string): boolean {
    return (t.kind === "punct" || t.kind === "kw") && t.text === text;
  }
  private eat(text: string): Token | undefined {
    return this.is(this.peek(), text) ? this.next() : undefined;
  }
  private expect(text: string, hint: string): Token {
    const t = this.peek();
    if (!this.is(t, text)) this.fail(t, `expected '${text}' but found ${describeToken(t)}`, hint);
    return this.next();
  }
  private ident(what: string): AstName {
    const t = this.peek();
    if (t.kind !== "ident") this.fail(t, `expected ${what} but found ${describeToken(t)}`, `write ${what} here`);
    this.next();
    return { name: t.text, offset: t.offset, end: t.end };
  }
  private fail(at: Range, detail: string, hint: string): never {
    throw new SyntaxFailure({ detail, hint, offset: at.offset, length: Math.max(1, at.end - at.offset) });
  }
  private unexpected(t: Token, where: string): never {
    let hint = "check for a missing operator, comma or bracket";
    if (t.kind === "ident" && (t.text === "and" || t.text === "or" || t.text === "not")) hint = "write && for and, || for or, ! for not";
    else if (this.is(t, "=")) hint = "compare with '=='";
    else if (this.is(t, "->")) hint = "a lambda 'x -> body' only appears as the 2nd argument of filter, map, count, all or any";
    this.fail(t, `unexpected ${describeToken(t)} ${where}`, hint);
  }
  /** Parse with braces allowed again (inside brackets the match-scrutinee restriction ends). */
  private nested<T>(f: () => T): T {
    const saved = this.allowBraces;
    this.allowBraces = true;
    try {
      return f();
    } finally {
      this.allowBraces = saved;
    }
  }

  // ---- Pratt core ----------------------------------------------------------------------------

  private expr(minBp: number): Ast {
    // Every bracket, prefix operator, argument and let passes here: bound the recursion.
    if (++this.depth > LIMITS.exprDepth) {
      const t = this.peek();
      throw new SyntaxFailure({ detail: "expression nests too deeply", hint: "", offset: t.offset, length: Math.max(1, t.end - t.offset), limit: "exprDepth" });
    }
    try {
      return this.exprAt(minBp);
    } finally {
      this.depth--;
    }
  }

  private exprAt(minBp: number): Ast {
    let left = this.prefix();
    let chained: Range | undefined;
    for (;;) {
      const t = this.peek();
      const op = t.kind === "punct" || t.kind === "kw" ? t.text : "";
      const bp = INFIX[op];
      if (bp === undefined || bp <= minBp) break;
      if (bp === COMPARISON && chained !== undefined) {
        this.fail(t, `comparisons do not chain: ${describeToken(t)} follows another comparison`, "split it: a < b && b < c");
      }
      this.next();
      if (op === "is") {
        left = this.isTest(left);
      } else {
        const right = this.expr(bp);
        left = { kind: "binary", op: op as BinaryOpText, opRange: { offset: t.offset, end: t.end }, left, right, offset: left.offset, end: right.end };
      }
      if (bp === COMPARISON) chained = t;
    }
    return left;
  }

  private isTest(of: Ast): Ast {
    const first = this.ident("a variant name");
    if (this.eat(".")) {
      const variant = this.ident("a variant name");
      return { kind: "is", of, qualifier: first, variant, offset: of.offset, end: variant.end };
    }
    return { kind: "is", of, qualifier: null, variant: first, offset: of.offset, end: first.end };
  }

  private prefix(): Ast {
    const t = this.peek();
    if (this.is(t, "!") || this.is(t, "-")) {
      this.next();
      const arg = this.expr(PREFIX - 1);
      return { kind: "unary", op: this.is(t, "!") ? "!" : "-", arg, offset: t.offset, end: arg.end };
    }
    if (this.is(t, "if")) return this.ifExpr();
    if (this.is(t, "let")) return this.letExpr();
    return this.postfix(this.primary());
  }

  private ifExpr(): Ast {
    const start = this.next();
    const cond = this.expr(0);
    this.expect("then", "write: if cond then a else b");
    const then = this.expr(0);
    this.expect("else", "an 'if' always has an 'else': if cond then a else b");
    const otherwise = this.expr(0);
    return { kind: "if", cond, then, else: otherwise, offset: start.offset, end: otherwise.end };
  }

  private letExpr(): Ast {
    const start = this.next();
    const name = this.ident("a name to bind");
    this.expect("=", "write: let x = value in body");
    const value = this.expr(0);
    this.expect("in", "write: let x = value in body");
    const body = this.expr(0);
    return { kind: "let", name, value, body, offset: start.offset, end: body.end };
  }

  private primary(): Ast {
    const t = this.next();
    const at = { offset: t.offset, end: t.end };
    switch (t.kind) {
      case "num":
        return { kind: "num", value: t.value, unit: t.unit, ...at };
      case "str":
        return { kind: "str", value: t.value, ...at };
      case "ident":
        return { kind: "name", name: t.text, ...at };
      case "kw":
        if (t.text === "true" || t.text === "false") return { kind: "bool", value: t.text === "true", ...at };
        if (t.text === "none") return { kind: "none", ...at };
        if (t.text === "match") return this.matchExpr(t);
        break;
      case "punct":
        if (t.text === "(") {
          const inner = this.nested(() => this.expr(0));
          const close = this.expect(")", "close the '(' with ')'");
          return { ...inner, offset: t.offset, end: close.end };
        }
        if (t.text === "[") {
          const items = this.nested(() => this.list("]", () => this.expr(0)));
          return { kind: "list", items: items.items, offset: t.offset, end: items.end };
        }
        break;
      case "eof":
        this.fail(t, "the expression ends too early", "complete the expression");
    }
    this.unexpected(t, "where a value was expected");
  }

  /** Comma-separated items up to `close` (a trailing comma is allowed). */
  private list<T>(close: string, item: () => T): { items: T[]; end: number } {
    const items: T[] = [];
    for (;;) {
      const end = this.eat(close);
      if (end) return { items, end: end.end };
      items.push(item());
      if (!this.eat(",")) {
        const closing = this.expect(close, `separate items with ',' and close with '${close}'`);
        return { items, end: closing.end };
      }
    }
  }

  // ---- postfix forms -------------------------------------------------------------------------

  private postfix(start: Ast): Ast {
    let left = start;
    for (;;) {
      const t = this.peek();
      if (this.is(t, ".")) {
        this.next();
        const field = this.ident("a field name");
        left = { kind: "field", of: left, field, offset: left.offset, end: field.end };
      } else if (this.is(t, "with")) {
        this.next();
        const fields = this.fieldList();
        left = { kind: "with", of: left, fields: fields.items, offset: left.offset, end: fields.end };
      } else if (this.is(t, "(")) {
        if (left.kind !== "name") this.fail(t, "only a named function can be called", "call a built-in or a decision by name: len(l), OrphanExit(f)");
        this.next();
        const args = this.nested(() => this.list(")", () => this.argument()));
        left = { kind: "call", fn: { name: left.name, offset: left.offset, end: left.end }, args: args.items, offset: left.offset, end: args.end };
      } else if (this.is(t, "{") && this.allowBraces && constructorTarget(left)) {
        const fields = this.fieldList();
        const target = constructorTarget(left) as { qualifier: AstName | null; name: AstName };
        left = { kind: "construct", ...target, fields: fields.items, offset: left.offset, end: fields.end };
      } else {
        return left;
      }
    }
  }

  /** `{ f: v, g: w }` */
  private fieldList(): { items: AstField[]; end: number } {
    this.expect("{", "write the fields in braces: { name: value }");
    return this.nested(() =>
      this.list("}", () => {
        const name = this.ident("a field name");
        this.expect(":", "write each field as name: value");
        const value = this.expr(0);
        return { ...name, value };
      }),
    );
  }

  /** A call argument: an expression, or a lambda `x -> body`. */
  private argument(): Ast {
    const t = this.peek();
    if (t.kind === "ident" && this.is(this.peek(1), "->")) {
      this.next();
      this.next();
      const body = this.expr(0);
      return { kind: "lambda", param: { name: t.text, offset: t.offset, end: t.end }, body, offset: t.offset, end: body.end };
    }
    return this.expr(0);
  }

  // ---- match ---------------------------------------------------------------------------------

  private matchExpr(start: Token): Ast {
    const saved = this.allowBraces;
    this.allowBraces = false;
    let of: Ast;
    try {
      of = this.expr(0);
    } finally {
      this.allowBraces = saved;
    }
    this.expect("{", "write the arms in braces: match e { A(x) => .., _ => .. }");
    const arms = this.nested(() => this.list("}", () => this.arm()));
    if (arms.items.length === 0) this.fail(start, "a match needs at least one arm", "add arms: match e { A => .., _ => .. }");
    return { kind: "match", of, arms: arms.items, offset: start.offset, end: arms.end };
  }

  private arm(): AstArm {
    const first = this.ident("a variant name or '_'");
    let qualifier: AstName | null = null;
    let variant: AstName | null = first.name === "_" ? null : first;
    if (variant !== null && this.eat(".")) {
      qualifier = first;
      variant = this.ident("a variant name");
    }
    let binds: AstName[] = [];
    let patternEnd = (variant ?? first).end;
    if (this.is(this.peek(), "(")) {
      const open = this.next();
      if (variant === null) this.fail(open, "'_' binds nothing", "write '_ => value'");
      const list = this.list(")", () => this.ident("a name to bind"));
      binds = list.items;
      patternEnd = list.end;
    }
    this.expect("=>", "write each arm as Variant(x) => value");
    const body = this.expr(0);
    return { qualifier, variant, binds, body, offset: first.offset, end: patternEnd };
  }
}

/** `Name {` and `Type.Variant {` start constructors; lowercase names never do. */
function constructorTarget(left: Ast): { qualifier: AstName | null; name: AstName } | undefined {
  const upper = (s: string): boolean => s[0] !== undefined && s[0] >= "A" && s[0] <= "Z";
  if (left.kind === "name" && upper(left.name)) {
    return { qualifier: null, name: { name: left.name, offset: left.offset, end: left.end } };
  }
  if (left.kind === "field" && left.of.kind === "name" && upper(left.of.name) && upper(left.field.name)) {
    const q = left.of;
    return { qualifier: { name: q.name, offset: q.offset, end: q.end }, name: left.field };
  }
  return undefined;
}
