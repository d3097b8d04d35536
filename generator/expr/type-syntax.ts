// Expression stage: type strings of the spec (`nat 0..6`, `list<ms> max RESTART_MAX_FAILURES`,
// `nat 0..RESTART_BUDGET_MAX`, `option<Gate>`) read into IR types. Shares the expression lexer;
// names resolve through the environment; a bound that is more than a number is a constant
// expression (const-bound.ts). Errors are reported at offsets inside the type string.

import { didYouMean } from "../diagnostics/diagnostic.js";
import type { Expr } from "../ir/expr.js";
import { BOOL, INT, MS, NAT, STRING, type Type } from "../ir/types.js";
import { boundEnd, foldBound } from "./const-bound.js";
import type { ExprEnv } from "./env.js";
import { describeToken, lex, type Token } from "./lexer.js";

/** What resolving a type string needs from the environment (bounds are constant expressions). */
export type TypeEnv = ExprEnv;

class TypeFailure extends Error {}

/** The type written as `text`, or undefined after reporting why it cannot be read. */
export function resolveTypeString(text: string, env: TypeEnv): Type | undefined {
  const lexed = lex(text);
  if ("error" in lexed) {
    env.report("badType", lexed.error.offset, lexed.error.length, { text, detail: lexed.error.detail });
    return undefined;
  }
  const r = new TypeReader(text, lexed.tokens, env);
  try {
    const t = r.type();
    r.end();
    return t;
  } catch (e) {
    if (e instanceof TypeFailure) return undefined;
    throw e;
  }
}

class TypeReader {
  private pos = 0;
  constructor(
    private readonly text: string,
    private readonly tokens: readonly Token[],
    private readonly env: TypeEnv,
  ) {}

  private peek(): Token {
    return this.tokens[Math.min(this.pos, this.tokens.length - 1)] as Token;
  }
  private next(): Token {
    const t = this.peek();
    if (this.pos < this.tokens.length - 1) this.pos++;
    return t;
  }
  private bad(t: Token, detail: string): never {
    this.env.report("badType", t.offset, Math.max(1, t.end - t.offset), { text: this.text, detail });
    throw new TypeFailure(detail);
  }
  private punct(text: string): void {
    const t = this.next();
    if (t.kind !== "punct" || t.text !== text) this.bad(t, `expected '${text}' but found ${describeToken(t)}`);
  }

  end(): void {
    const t = this.peek();
    if (t.kind !== "eof") this.bad(t, `unexpected ${describeToken(t)} after the type`);
  }

  type(): Type {
    const t = this.next();
    if (t.kind !== "ident") this.bad(t, `expected a type but found ${describeToken(t)}`);
    switch (t.text) {
      case "bool":
        return BOOL;
      case "int":
        return INT;
      case "string":
        return STRING;
      case "nat":
      case "ms":
        return this.number(t.text === "ms" ? "ms" : "none");
      case "option": {
        this.punct("<");
        const of = this.type();
        if (of.kind === "option") this.bad(t, "an option cannot hold an option");
        this.punct(">");
        return { kind: "option", of };
      }
      case "list": {
        this.punct("<");
        const of = this.type();
        this.punct(">");
        let kw = this.next();
        // `len N`: exactly N entries; `min N max M`: N to M; `max M`: up to M.
        const fixed = kw.kind === "ident" && kw.text === "len";
        let min: number | undefined;
        if (kw.kind === "ident" && kw.text === "min") {
          min = this.bound({});
          kw = this.next();
        }
        if (kw.kind !== "ident" || (kw.text !== "max" && kw.text !== "len")) this.bad(kw, "a list needs a bound: list<T> max N, list<T> len N or list<T> min N max M");
        {
          const bound: { expr?: Expr } = {};
          const max = this.bound(bound);
          if (fixed) min = max;
          if (min !== undefined && min > max) this.bad(kw, `the least length ${min} is above the bound ${max}`);
          const least = min === undefined || min === 0 ? {} : { min };
          return bound.expr === undefined ? { kind: "list", of, max, ...least } : { kind: "list", of, max, maxOf: bound.expr, ...least };
        }
      }
      default:
        return this.named(t);
    }
  }

  /** `nat`, `ms`, optionally with an inclusive range `A..B` (numbers or constant expressions). */
  private number(unit: "none" | "ms"): Type {
    // A range is there only when `..` follows (else what comes next is not part of this type).
    const dots = this.tokens[boundEnd(this.tokens, this.pos, ["..", ">", ","])];
    if (dots?.kind !== "punct" || dots.text !== "..") return { kind: "nat", unit, min: 0, max: null };
    const min = this.rangeEnd(unit, [".."]);
    this.punct("..");
    const last = this.peek();
    const of: { expr?: Expr } = {};
    const max = this.rangeEnd(unit, [">", ","], of);
    if (min > max) this.bad(last, `the range ${min}..${max} is empty`);
    return of.expr === undefined ? { kind: "nat", unit, min, max } : { kind: "nat", unit, min, max, maxOf: of.expr };
  }

  /** One end of a range: a number (as before), else a constant expression up to `stops`. */
  private rangeEnd(unit: "none" | "ms", stops: readonly string[], of?: { expr?: Expr }): number {
    const t = this.peek();
    if (this.single(stops) && t.kind !== "ident") {
      this.next();
      if (t.kind !== "num") this.bad(t, `expected a number in the range but found ${describeToken(t)}`);
      if (unit === "none" && t.unit === "ms") this.bad(t, "a nat range takes plain numbers; use ms A..B for durations");
      return t.value;
    }
    return this.constant(stops, unit === "ms" ? MS : NAT, "a range bound", of);
  }

  /** Whether the bound at the cursor is one token (a number, or a name for a list bound). */
  private single(stops: readonly string[]): boolean {
    return boundEnd(this.tokens, this.pos, stops) === this.pos + 1;
  }

  /** A constant expression from the cursor up to `stops`, folded; a failure was reported. */
  private constant(stops: readonly string[], type: Type, what: string, of?: { expr?: Expr }): number {
    const end = boundEnd(this.tokens, this.pos, stops);
    const first = this.peek();
    if (end === this.pos) this.bad(first, `expected a number or a constant expression but found ${describeToken(first)}`);
    const stop = this.tokens[end] as Token;
    const v = foldBound(this.text.slice(first.offset, stop.offset), first.offset, this.env, type, what, of);
    if (v === undefined) throw new TypeFailure(what);
    this.pos = end;
    return v;
  }

  /** The N of `list<T> max N`: a plain number, a nat constant, or a constant expression. */
  private bound(of: { expr?: Expr }): number {
    const head = this.peek();
    const param = head.kind === "ident" && this.env.lookupConst(head.text)?.bound === true;
    if (!this.single([">", ","]) || param) return this.constant([">", ","], NAT, "a list bound", of);
    const t = this.next();
    if (t.kind === "num") {
      if (t.unit !== "none") this.bad(t, "a list bound is a count, not a duration");
      return t.value;
    }
    if (t.kind !== "ident") this.bad(t, `expected a number or a constant after 'max' but found ${describeToken(t)}`);
    const c = this.env.lookupConst(t.text);
    if (c === undefined) {
      this.env.report("unknownName", t.offset, t.end - t.offset, { what: "constant", name: t.text, didYouMean: didYouMean(t.text, this.env.names("const")) });
      throw new TypeFailure(t.text);
    }
    if (typeof c.value !== "number" || c.type.kind !== "nat" || c.type.unit !== "none") {
      this.bad(t, `the list bound ${t.text} must be a nat constant`);
    }
    return c.value;
  }

  private named(t: Token & { kind: "ident" }): Type {
    const found = this.env.lookupType(t.text);
    if (found === undefined) {
      const candidates = [...this.env.names("type"), "bool", "nat", "ms", "int", "string", "option", "list"];
      this.env.report("unknownName", t.offset, t.end - t.offset, { what: "type", name: t.text, didYouMean: didYouMean(t.text, candidates) });
      throw new TypeFailure(t.text);
    }
    return { kind: "named", ref: found.ref };
  }
}
