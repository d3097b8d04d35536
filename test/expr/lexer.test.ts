// Tests of the expression lexer: offsets, duration units, separators, keywords and errors.
import { describe, expect, it } from "vitest";
import { lex, type Token } from "../../generator/expr/lexer.js";

function tokens(src: string): Token[] {
  const r = lex(src);
  if ("error" in r) throw new Error(r.error.detail);
  return r.tokens;
}

describe("lex", () => {
  it("converts duration suffixes to milliseconds", () => {
    const nums = tokens("250ms 30s 15min 2h 900_000 7").filter((t) => t.kind === "num");
    expect(nums.map((t) => (t.kind === "num" ? [t.value, t.unit] : []))).toEqual([
      [250, "ms"],
      [30_000, "ms"],
      [900_000, "ms"],
      [7_200_000, "ms"],
      [900_000, "none"],
      [7, "none"],
    ]);
  });

  it("keeps [offset, end) of every token and ends with eof", () => {
    const ts = tokens("a.b >= 15min");
    expect(ts.map((t) => [t.kind, t.offset, t.end])).toEqual([
      ["ident", 0, 1],
      ["punct", 1, 2],
      ["ident", 2, 3],
      ["punct", 4, 6],
      ["num", 7, 12],
      ["eof", 12, 12],
    ]);
  });

  it("tells keywords from identifiers and prefers two-character operators", () => {
    const ts = tokens("if x then none else matches -> => == != <= && || ..");
    expect(ts.map((t) => (t.kind === "kw" || t.kind === "punct" || t.kind === "ident" ? `${t.kind}:${t.text}` : t.kind))).toEqual([
      "kw:if", "ident:x", "kw:then", "kw:none", "kw:else", "ident:matches",
      "punct:->", "punct:=>", "punct:==", "punct:!=", "punct:<=", "punct:&&", "punct:||", "punct:..", "eof",
    ]);
  });

  it("reads strings with escapes", () => {
    const [t] = tokens('"a \\"b\\" \\\\"');
    expect(t).toMatchObject({ kind: "str", value: 'a "b" \\', offset: 0, end: 12 });
  });

  it("reads a range without mistaking it for a fraction", () => {
    expect(tokens("0..30s").map((t) => t.kind)).toEqual(["num", "punct", "num", "eof"]);
  });

  it.each([
    ["5 # 3", 2, 1, "unexpected character '#'"],
    ["10sec", 2, 3, "unknown unit 'sec'"],
    ["1__0", 1, 1, "'_' in a number must sit between two digits"],
    ["100_", 3, 1, "'_' in a number must sit between two digits"],
    ["1.5s", 0, 3, "numbers are whole: no fractions"],
    ['x == "abc', 5, 4, "unterminated string"],
    ["99999999999999999999", 0, 20, "number too large"],
  ])("reports %j at its offset", (src, offset, length, detail) => {
    const r = lex(src);
    expect("error" in r && r.error).toMatchObject({ offset, length, detail });
  });
});
