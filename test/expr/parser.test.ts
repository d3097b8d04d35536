// Tests of the Pratt parser: precedence and associativity (via an s-expression rendering),
// every syntactic form, node offsets, and syntax errors with their positions and hints.
import { describe, expect, it } from "vitest";
import type { Ast } from "../../generator/expr/ast.js";
import { parseExpr } from "../../generator/expr/parser.js";

/** A compact rendering that makes grouping visible. */
function show(a: Ast): string {
  const fields = (fs: readonly { name: string; value: Ast }[]): string => fs.map((f) => `${f.name}=${show(f.value)}`).join(" ");
  switch (a.kind) {
    case "num":
      return a.unit === "ms" ? `${a.value}ms` : String(a.value);
    case "bool":
      return String(a.value);
    case "str":
      return JSON.stringify(a.value);
    case "none":
      return "none";
    case "name":
      return a.name;
    case "field":
      return `${show(a.of)}.${a.field.name}`;
    case "unary":
      return `(${a.op} ${show(a.arg)})`;
    case "binary":
      return `(${a.op} ${show(a.left)} ${show(a.right)})`;
    case "is":
      return `(is ${show(a.of)} ${a.qualifier ? a.qualifier.name + "." : ""}${a.variant.name})`;
    case "if":
      return `(if ${show(a.cond)} ${show(a.then)} ${show(a.else)})`;
    case "let":
      return `(let ${a.name.name} ${show(a.value)} ${show(a.body)})`;
    case "call":
      return `(${a.fn.name} ${a.args.map(show).join(" ")})`;
    case "lambda":
      return `(\\${a.param.name} ${show(a.body)})`;
    case "construct":
      return `{${a.qualifier ? a.qualifier.name + "." : ""}${a.name.name} ${fields(a.fields)}}`;
    case "with":
      return `(with ${show(a.of)} ${fields(a.fields)})`;
    case "match":
      return `(match ${show(a.of)} ${a.arms
        .map((arm) => `[${arm.variant ? arm.variant.name : "_"}${arm.binds.length ? "(" + arm.binds.map((b) => b.name).join(",") + ")" : ""} ${show(arm.body)}]`)
        .join(" ")})`;
    case "list":
      return `[${a.items.map(show).join(" ")}]`;
  }
}

function parse(src: string): Ast {
  const r = parseExpr(src);
  if ("error" in r) throw new Error(`${r.error.detail} at ${r.error.offset}`);
  return r.ast;
}
const p = (src: string): string => show(parse(src));

describe("precedence", () => {
  it.each([
    ["a || b && c", "(|| a (&& b c))"],
    ["a && b || c", "(|| (&& a b) c)"],
    ["a + b * c - d", "(- (+ a (* b c)) d)"],
    ["a - b - c", "(- (- a b) c)"],
    ["a / b % c", "(% (/ a b) c)"],
    ["a + 1 < b * 2 && c", "(&& (< (+ a 1) (* b 2)) c)"],
    ["!a && b", "(&& (! a) b)"],
    ["!s.given_up", "(! s.given_up)"],
    ["-a * b", "(* (- a) b)"],
    ["-x.y", "(- x.y)"],
    ["a.b.c", "a.b.c"],
    ["o is GiveUp || p", "(|| (is o GiveUp) p)"],
    ["x is Verdict.GiveUp", "(is x Verdict.GiveUp)"],
    ["if a then b else c || d", "(if a b (|| c d))"],
    ["1 + if a then 2 else 3", "(+ 1 (if a 2 3))"],
    ["let x = 1 + 2 in x * 3", "(let x (+ 1 2) (* x 3))"],
    ["(a + b) * c", "(* (+ a b) c)"],
    ["s with { given_up: true }.failures", "(with s given_up=true).failures"],
    ["f(a, b).c", "(f a b).c"],
  ])("%s", (src, want) => {
    expect(p(src)).toBe(want);
  });
});

describe("forms", () => {
  it("parses the restart-budget pause expression", () => {
    expect(p("min(250ms * pow2(len(filter(s.failures, t -> e.at_ms - t < RESTART_WINDOW_MS))), 30s)")).toBe(
      "(min (* 250ms (pow2 (len (filter s.failures (\\t (< (- e.at_ms t) RESTART_WINDOW_MS)))))) 30000ms)",
    );
  });

  it("parses constructors: record, qualified variant, bare variant, and qualified member", () => {
    expect(p("Worker { busy: false, gate: Open }")).toBe("{Worker busy=false gate=Open}");
    expect(p("Verdict.Restart { pause_ms: 1s }")).toBe("{Verdict.Restart pause_ms=1000ms}");
    expect(p("Restart { pause_ms: 250ms, }")).toBe("{Restart pause_ms=250ms}");
    expect(p("Gate.Open")).toBe("Gate.Open");
    expect(p("GiveUp {}")).toBe("{GiveUp }");
  });

  it("parses match with binds, wildcard, and a lowercase scrutinee followed by braces", () => {
    expect(p("match v { Restart(p) => p, GiveUp => 0ms }")).toBe("(match v [Restart(p) p] [GiveUp 0ms])");
    expect(p("match v { Verdict.Restart(a, b) => a, _ => b, }")).toBe("(match v [Restart(a,b) a] [_ b])");
  });

  it("parses lists, options, strings and literals", () => {
    expect(p("[1, 2, 3]")).toBe("[1 2 3]");
    expect(p("[]")).toBe("[]");
    expect(p('x == "v1" && y != none')).toBe('(&& (== x "v1") (!= y none))');
  });

  it("keeps [offset, end) for nodes", () => {
    const a = parse("  s.failures  ==  [ ]");
    expect([a.offset, a.end]).toEqual([2, 21]);
    if (a.kind !== "binary") throw new Error("binary expected");
    expect([a.left.offset, a.left.end]).toEqual([2, 12]);
    expect([a.opRange.offset, a.opRange.end]).toEqual([14, 16]);
    expect([a.right.offset, a.right.end]).toEqual([18, 21]);
    if (a.left.kind !== "field") throw new Error("field expected");
    expect([a.left.field.offset, a.left.field.end]).toEqual([4, 12]);
  });

  it("parenthesised nodes cover their parentheses", () => {
    const a = parse("(a)");
    expect([a.kind, a.offset, a.end]).toEqual(["name", 0, 3]);
  });
});

describe("syntax errors", () => {
  it.each([
    ["a < b < c", 6, "comparisons do not chain", "a < b && b < c"],
    ["a == b is C", 7, "comparisons do not chain", "a < b && b < c"],
    ["a = b", 2, "unexpected '=' after the expression", "=="],
    ["a and b", 2, "unexpected 'and'", "&&"],
    ["x -> x", 2, "unexpected '->'", "2nd argument"],
    ["if a then b", 11, "expected 'else' but found end of expression", "else"],
    ["(a + b", 6, "expected ')'", ")"],
    ["f(a b)", 4, "expected ')' but found 'b'", ","],
    ["", 0, "empty expression", "write a value"],
    ["a +", 3, "the expression ends too early", "complete"],
    ["s.1", 2, "expected a field name", "field name"],
    ["(a).b(c)", 5, "only a named function can be called", "len(l)"],
    ["match v { }", 0, "a match needs at least one arm", "arms"],
    ["match v { _(x) => 1 }", 11, "'_' binds nothing", "_ =>"],
    ["let x 1 in x", 6, "expected '='", "let x = value in body"],
    ["Worker { busy true }", 14, "expected ':'", "name: value"],
    ["1.5s + x", 0, "numbers are whole", "1500ms"],
  ])("%j", (src, offset, detail, hint) => {
    const r = parseExpr(src);
    if (!("error" in r)) throw new Error("expected an error");
    expect(r.error.offset).toBe(offset);
    expect(r.error.detail).toContain(detail);
    expect(r.error.hint).toContain(hint);
    expect(r.error.length).toBeGreaterThanOrEqual(1);
  });
});
