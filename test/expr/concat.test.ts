// Tests of `++`, the one string operator: lexed as one token (not two `+`), parsed at the
// precedence of `+` and left-associative, typed string ++ string -> string, refused with a
// positioned typeMismatch and a hint on anything else, and bounded by the expression limits.

import { describe, expect, it } from "vitest";
import type { Ast } from "../../generator/expr/ast.js";
import { lex } from "../../generator/expr/lexer.js";
import { parseExpr } from "../../generator/expr/parser.js";
import { printExpr } from "../../generator/ir/print.js";
import { BOOL, STRING } from "../../generator/ir/types.js";
import { LIMITS } from "../../generator/parse/limits.js";
import { run } from "./fake-env.js";

function shape(a: Ast): string {
  if (a.kind === "binary") return `(${a.op} ${shape(a.left)} ${shape(a.right)})`;
  if (a.kind === "str") return JSON.stringify(a.value);
  if (a.kind === "name") return a.name;
  if (a.kind === "field") return `${shape(a.of)}.${a.field.name}`;
  if (a.kind === "num") return String(a.value);
  return a.kind;
}
const parsed = (src: string): Ast => {
  const r = parseExpr(src);
  if ("error" in r) throw new Error(r.error.detail);
  return r.ast;
};

describe("lexing and parsing ++", () => {
  it("is one token; `+ +` stays two", () => {
    const one = lex('a ++ "b"');
    expect("tokens" in one && one.tokens.map((t) => (t.kind === "punct" ? t.text : t.kind))).toEqual(["ident", "++", "str", "eof"]);
    const two = lex("a + +b");
    expect("tokens" in two && two.tokens.filter((t) => t.kind === "punct").map((t) => (t.kind === "punct" ? t.text : ""))).toEqual(["+", "+"]);
  });

  it("binds like +, left-associative, below comparisons' operands", () => {
    expect(shape(parsed('"a" ++ f.x ++ "b"'))).toBe('(++ (++ "a" f.x) "b")');
    expect(shape(parsed('x ++ "a" == y ++ "b"'))).toBe('(== (++ x "a") (++ y "b"))');
    expect(shape(parsed('x ++ "a" ++ y'))).toBe('(++ (++ x "a") y)');
  });

  it("keeps the operator's range", () => {
    const a = parsed('text ++ "v"');
    expect(a.kind === "binary" && a.opRange).toEqual({ offset: 5, end: 7 });
    expect(a).toMatchObject({ offset: 0, end: 11 });
  });

  it("a missing right side is a syntax error at the end", () => {
    const r = parseExpr('text ++');
    expect("error" in r && r.error).toMatchObject({ offset: 7, detail: "the expression ends too early" });
  });

  it("the expression limits bound a chain of ++ like any other operator", () => {
    const deep = Array.from({ length: LIMITS.exprDepth + 5 }, () => '"a"').join(" ++ ");
    const r = parseExpr(deep);
    expect("error" in r && r.error.limit).toBe("exprDepth");
    const long = `text ++ "${"x".repeat(LIMITS.exprChars)}"`;
    const l = parseExpr(long);
    expect("error" in l && l.error.limit).toBe("exprChars");
  });
});

describe("type checking ++", () => {
  it("joins two strings into a string, and prints back as written", () => {
    const r = run('"v" ++ text ++ ")"');
    expect(r.reported).toEqual([]);
    expect(r.expr).toMatchObject({ kind: "binary", op: "++", type: STRING, left: { kind: "binary", op: "++" } });
    expect(printExpr(r.expr)).toBe('"v" ++ text ++ ")"');
    expect(run('text ++ "x" == "ax"', BOOL).reported).toEqual([]);
  });

  it("a number on either side: typeMismatch at that side, with a hint that it has no text form", () => {
    expect(run('"n = " ++ n').reported).toEqual([
      { id: "typeMismatch", offset: 10, length: 1, args: { expected: "a string", found: "nat", hint: "++ joins strings only; a number has no text form in the spec: pass it as a string fact" } },
    ]);
    expect(run('e.at_ms ++ "ms"').reported).toMatchObject([{ id: "typeMismatch", offset: 0, length: 7, args: { found: "ms" } }]);
  });

  it("an enum or a bool: typeMismatch with a hint to render it by a match", () => {
    expect(run('g ++ "!"').reported).toMatchObject([{ id: "typeMismatch", offset: 0, length: 1, args: { found: "Gate", hint: expect.stringMatching(/match on it/) } }]);
    expect(run('"x" ++ (n > 1)').reported).toMatchObject([{ id: "typeMismatch", offset: 7, args: { found: "bool" } }]);
  });

  it("reports each bad side once, and nothing more around it", () => {
    expect(run('n ++ g == "x"').reported.map((d) => [d.id, d.offset])).toEqual([["typeMismatch", 0], ["typeMismatch", 5]]);
  });

  it("+ on strings points at ++", () => {
    expect(run('text + "x"').reported).toMatchObject([{ id: "typeMismatch", offset: 0, args: { found: "string", hint: expect.stringMatching(/^strings join with \+\+/) } }]);
  });

  it("a string where a number is expected is refused", () => {
    expect(run('len([text ++ "a"]) + (text ++ "b")').reported).toMatchObject([{ id: "typeMismatch", args: { found: "string" } }]);
  });
});
