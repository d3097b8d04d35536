// Expression stage, step 1: the lexer. Turns an expression string (or a type string) from the
// spec into tokens that keep their [offset, end) in the string, so every later error can point
// at a column. Durations are normalised here: `15min` arrives as the number 900000 with unit ms.

import { LIMITS } from "../parse/limits.js";

/** A syntax error inside one expression or type string; offsets are code units into it. */
export interface ExprSyntaxError {
  /** What is wrong (the diagnostic's message). */
  readonly detail: string;
  /** What to write instead. */
  readonly hint: string;
  /** Start of the offending text. */
  readonly offset: number;
  /** Its length (at least 1). */
  readonly length: number;
  /** Set when a limit of parse/limits.ts was passed (reported as exprLimit, not exprSyntax). */
  readonly limit?: "exprChars" | "exprDepth" | "nameChars";
}

export const KEYWORDS = ["if", "then", "else", "let", "in", "match", "with", "is", "true", "false", "none"] as const;
export type Keyword = (typeof KEYWORDS)[number];

/** Operators and punctuation, longest first so that `->` wins over `-` and `++` over `+`. */
const PUNCT = [
  "->", "=>", "==", "!=", "<=", ">=", "&&", "||", "..", "++",
  "+", "-", "*", "/", "%", "<", ">", "!", "=", "(", ")", "{", "}", "[", "]", ",", ".", ":",
] as const;
export type Punct = (typeof PUNCT)[number];

export type Token = { readonly offset: number; readonly end: number } & (
  | { readonly kind: "num"; readonly value: number; readonly unit: "none" | "ms" }
  | { readonly kind: "ident"; readonly text: string }
  | { readonly kind: "kw"; readonly text: Keyword }
  | { readonly kind: "str"; readonly value: string }
  | { readonly kind: "punct"; readonly text: Punct }
  | { readonly kind: "eof" }
);

/** Milliseconds per unit suffix. */
const UNITS: Readonly<Record<string, number>> = { ms: 1, s: 1000, min: 60_000, h: 3_600_000 };

const isDigit = (c: string | undefined): boolean => c !== undefined && c >= "0" && c <= "9";
const isIdentStart = (c: string | undefined): boolean =>
  c !== undefined && ((c >= "a" && c <= "z") || (c >= "A" && c <= "Z") || c === "_");
const isIdentPart = (c: string | undefined): boolean => isIdentStart(c) || isDigit(c);

function fail(detail: string, hint: string, offset: number, end: number): { error: ExprSyntaxError } {
  return { error: { detail, hint, offset, length: Math.max(1, end - offset) } };
}

/** Tokens of `src`, ending with one `eof` token, or the first lexical error. */
export function lex(src: string): { tokens: Token[] } | { error: ExprSyntaxError } {
  const tokens: Token[] = [];
  let i = 0;
  while (i < src.length) {
    const c = src[i];
    if (c === " " || c === "\t" || c === "\n" || c === "\r") {
      i++;
      continue;
    }
    const start = i;
    if (isDigit(c)) {
      const r = lexNumber(src, start);
      if ("error" in r) return r;
      tokens.push(r.token);
      i = r.token.end;
      continue;
    }
    if (isIdentStart(c)) {
      while (isIdentPart(src[i])) i++;
      if (i - start > LIMITS.nameChars) {
        return { error: { detail: `a name of ${i - start} characters`, hint: "", offset: start, length: i - start, limit: "nameChars" } };
      }
      const text = src.slice(start, i);
      const kw = (KEYWORDS as readonly string[]).includes(text);
      tokens.push(kw ? { kind: "kw", text: text as Keyword, offset: start, end: i } : { kind: "ident", text, offset: start, end: i });
      continue;
    }
    if (c === '"') {
      const r = lexString(src, start);
      if ("error" in r) return r;
      tokens.push(r.token);
      i = r.token.end;
      continue;
    }
    const p = PUNCT.find((op) => src.startsWith(op, start));
    if (p === undefined) {
      const hint = c === "'" ? 'strings use double quotes: "text"' : "remove it; see spec/LANGUAGE.md for the operators";
      return fail(`unexpected character '${c ?? ""}'`, hint, start, start + 1);
    }
    tokens.push({ kind: "punct", text: p, offset: start, end: start + p.length });
    i += p.length;
  }
  tokens.push({ kind: "eof", offset: src.length, end: src.length });
  return { tokens };
}

/** Digits with `_` separators between them, then an optional unit suffix glued to them. */
function lexNumber(src: string, start: number): { token: Token } | { error: ExprSyntaxError } {
  let i = start;
  let digits = "";
  while (isDigit(src[i]) || src[i] === "_") {
    if (src[i] === "_" && !(isDigit(src[i - 1]) && isDigit(src[i + 1]))) {
      return fail("'_' in a number must sit between two digits", "write 900_000, not 900__000 or 900_", i, i + 1);
    }
    if (src[i] !== "_") digits += src[i];
    i++;
  }
  if (src[i] === "." && isDigit(src[i + 1])) {
    return fail("numbers are whole: no fractions", "use a smaller unit, e.g. 1500ms rather than 1.5s", start, i + 2);
  }
  let unit: "none" | "ms" = "none";
  let scale = 1;
  if (isIdentStart(src[i])) {
    const sufStart = i;
    while (isIdentPart(src[i])) i++;
    const suffix = src.slice(sufStart, i);
    const per = UNITS[suffix];
    if (per === undefined) {
      return fail(`unknown unit '${suffix}'`, "units are ms, s, min and h (e.g. 250ms, 30s, 15min, 2h)", sufStart, i);
    }
    unit = "ms";
    scale = per;
  }
  const value = Number(digits) * scale;
  if (!Number.isSafeInteger(value)) {
    return fail("number too large", `numbers must stay below ${Number.MAX_SAFE_INTEGER}`, start, i);
  }
  return { token: { kind: "num", value, unit, offset: start, end: i } };
}

/** A double-quoted string on one line; `\"` and `\\` are the only escapes. */
function lexString(src: string, start: number): { token: Token } | { error: ExprSyntaxError } {
  let i = start + 1;
  let value = "";
  while (i < src.length && src[i] !== '"') {
    const ch = src[i];
    if (ch === "\n") break;
    if (ch === "\\") {
      const next = src[i + 1];
      if (next !== '"' && next !== "\\") {
        return fail(`unknown escape '\\${next ?? ""}'`, 'only \\" and \\\\ are escapes in strings', i, i + 2);
      }
      value += next;
      i += 2;
      continue;
    }
    value += ch;
    i++;
  }
  if (src[i] !== '"') return fail("unterminated string", 'close it with " on the same line', start, i);
  return { token: { kind: "str", value, offset: start, end: i + 1 } };
}

/** How a token reads in an error message. */
export function describeToken(t: Token): string {
  switch (t.kind) {
    case "eof":
      return "end of expression";
    case "num":
      return "a number";
    case "str":
      return "a string";
    case "ident":
    case "kw":
    case "punct":
      return `'${t.text}'`;
  }
}
