// Expression stage: type strings of the spec (`nat 0..6`, `list<ms> max RESTART_MAX_FAILURES`,
// `option<Gate>`) read into IR types. Shares the expression lexer; names resolve through the
// environment. Errors are reported at offsets inside the type string (badType, unknownName).

import { didYouMean } from "../diagnostics/diagnostic.js";
import { BOOL, INT, STRING, type Type } from "../ir/types.js";
import type { ExprEnv } from "./env.js";
import { describeToken, lex, type Token } from "./lexer.js";

/** What resolving a type string needs from the environment. */
export type TypeEnv = Pick<ExprEnv, "lookupType" | "lookupConst" | "names" | "report">;

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
        const kw = this.next();
        if (kw.kind !== "ident" || kw.text !== "max") this.bad(kw, "a list needs a bound: list<T> max N");
        return { kind: "list", of, max: this.bound() };
      }
      default:
        return this.named(t);
    }
  }

  /** `nat`, `ms`, optionally with an inclusive range `A..B`. */
  private number(unit: "none" | "ms"): Type {
    const first = this.peek();
    if (first.kind !== "num") return { kind: "nat", unit, min: 0, max: null };
    const min = this.rangeEnd(unit);
    this.punct("..");
    const last = this.peek();
    const max = this.rangeEnd(unit);
    if (min > max) this.bad(last, `the range ${min}..${max} is empty`);
    return { kind: "nat", unit, min, max };
  }

  private rangeEnd(unit: "none" | "ms"): number {
    const t = this.next();
    if (t.kind !== "num") this.bad(t, `expected a number in the range but found ${describeToken(t)}`);
    if (unit === "none" && t.unit === "ms") this.bad(t, "a nat range takes plain numbers; use ms A..B for durations");
    return t.value;
  }

  /** The N of `list<T> max N`: a plain number or a nat constant. */
  private bound(): number {
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
