// Tests of expression evaluation: Lean Nat/Int arithmetic edge cases, short-circuit logic,
// structural equality, list and option built-ins, let/match/with scoping.

import { describe, expect, it } from "vitest";
import type { Expr } from "../../generator/ir/expr.js";
import { BOOL, INT, MS, NAT } from "../../generator/ir/types.js";
import { evalExpr, InterpretError, type Value } from "../../generator/interpret/index.js";
import * as b from "./build.js";
import { GATE, MAX_FAILURES, program, VERDICT } from "./fixture.js";

const ev = (e: Expr, env: Record<string, Value> = {}): Value => evalExpr(e, new Map(Object.entries(env)), program);
const int = (n: number): Expr => b.lit(n, INT);
const nats = (...xs: number[]): Expr => b.list(xs.map(b.nat), b.listOf(NAT, 10));

describe("Nat arithmetic (Lean semantics)", () => {
  it.each([
    ["-", 3, 5, 0],
    ["-", 5, 5, 0],
    ["-", 5, 3, 2],
    ["/", 7, 2, 3],
    ["/", 7, 0, 0],
    ["/", 0, 0, 0],
    ["%", 7, 3, 1],
    ["%", 7, 0, 7],
    ["+", 2 ** 52, 2 ** 52 - 1, 2 ** 53 - 1],
    ["*", 250, 16, 4000],
  ] as const)("%s: %d %s %d = %d", (op, x, y, want) => {
    expect(ev(b.bin(op, b.nat(x), b.nat(y)))).toBe(want);
  });

  it("ms / ms is a nat, floored", () => {
    expect(ev(b.bin("/", b.ms(900_000), b.ms(250_001), NAT))).toBe(3);
  });

  it("throws rather than round past the safe integer range", () => {
    expect(() => ev(b.bin("+", b.nat(2 ** 53 - 1), b.nat(1)))).toThrow(InterpretError);
    expect(() => ev(b.bin("*", b.nat(2 ** 40), b.nat(2 ** 40)))).toThrow(/safe integer/);
    expect(() => ev(b.call("pow2", [b.nat(53)], NAT))).toThrow(/safe integer/);
  });

  it("pow2", () => {
    expect(ev(b.call("pow2", [b.nat(0)], NAT))).toBe(1);
    expect(ev(b.call("pow2", [b.nat(10)], NAT))).toBe(1024);
    expect(ev(b.call("pow2", [b.nat(52)], NAT))).toBe(4503599627370496);
  });

  it("min caps the backoff at 30s", () => {
    const pause = (k: number) => b.call("min", [b.bin("*", b.ms(250), b.call("pow2", [b.nat(k)], NAT)), b.ms(30_000)], MS);
    expect([0, 4, 6, 7, 20].map((k) => ev(pause(k)))).toEqual([250, 4000, 16_000, 30_000, 30_000]);
    expect(ev(b.call("max", [b.nat(3), b.nat(9)], NAT))).toBe(9);
  });
});

describe("Int arithmetic (Lean Int: Euclidean / and %)", () => {
  it.each([
    ["-", 3, 5, -2],
    ["/", -7, 2, -4],
    ["%", -7, 2, 1],
    ["/", 7, -2, -3],
    ["%", 7, -2, 1],
    ["/", -7, -2, 4],
    ["%", -7, -2, 1],
    ["/", -7, 0, 0],
    ["%", -7, 0, -7],
  ] as const)("%s: %d %s %d = %d", (op, x, y, want) => {
    expect(ev(b.bin(op, int(x), int(y)))).toBe(want);
  });
});

describe("logic and comparison", () => {
  const unbound = b.v("nowhere", BOOL);
  it("&& and || short-circuit (the right side would throw)", () => {
    expect(ev(b.bin("&&", b.bool(false), unbound))).toBe(false);
    expect(ev(b.bin("||", b.bool(true), unbound))).toBe(true);
    expect(() => ev(b.bin("&&", b.bool(true), unbound))).toThrow(/unbound variable 'nowhere'/);
  });

  it("== is structural on records, unions, lists and options", () => {
    const r1 = { a: [1, 2], b: { kind: "Restart", pause_ms: 5 } };
    const r2 = { b: { kind: "Restart", pause_ms: 5 }, a: [1, 2] };
    const t = b.named("x", "R");
    expect(ev(b.bin("==", b.v("x", t), b.v("y", t)), { x: r1, y: r2 })).toBe(true);
    expect(ev(b.bin("!=", b.v("x", t), b.v("y", t)), { x: r1, y: { ...r2, a: [1] } })).toBe(true);
    expect(ev(b.bin("==", b.none(b.optionOf(NAT)), b.call("some", [b.nat(0)], b.optionOf(NAT))))).toBe(false);
    expect(ev(b.bin("==", b.unionV(VERDICT, "GiveUp"), b.unionV(VERDICT, "GiveUp")))).toBe(true);
    expect(ev(b.bin("<", b.nat(3), b.nat(3)))).toBe(false);
    expect(ev(b.bin("<=", b.nat(3), b.nat(3)))).toBe(true);
  });
});

describe("lists and options", () => {
  it("keep_last keeps the last N, none for N = 0, all when N is large", () => {
    const keep = (xs: number[], n: number) => ev(b.call("keep_last", [nats(...xs), b.nat(n)], b.listOf(NAT, 10)));
    expect(keep([1, 2, 3], 2)).toEqual([2, 3]);
    expect(keep([1, 2, 3], 0)).toEqual([]);
    expect(keep([1], 5)).toEqual([1]);
    expect(ev(b.call("keep_last", [nats(1, 2, 3, 4, 5, 6), b.k(MAX_FAILURES, NAT)], b.listOf(NAT, 5)))).toEqual([2, 3, 4, 5, 6]);
  });

  it("nth_or, set_at (unchanged out of range), repeat, append, len", () => {
    expect(ev(b.call("nth_or", [nats(4, 5), b.nat(1), b.nat(9)], NAT))).toBe(5);
    expect(ev(b.call("nth_or", [nats(4, 5), b.nat(2), b.nat(9)], NAT))).toBe(9);
    expect(ev(b.call("set_at", [nats(4, 5), b.nat(0), b.nat(7)], b.listOf(NAT, 10)))).toEqual([7, 5]);
    expect(ev(b.call("set_at", [nats(4, 5), b.nat(2), b.nat(7)], b.listOf(NAT, 10)))).toEqual([4, 5]);
    expect(ev(b.call("repeat", [b.nat(0), b.nat(1)], b.listOf(NAT, 0)))).toEqual([]);
    expect(ev(b.call("repeat", [b.nat(2), b.enumV(GATE, "Open")], b.listOf(NAT, 2)))).toEqual(["Open", "Open"]);
    expect(ev(b.call("append", [nats(), b.nat(1)], b.listOf(NAT, 1)))).toEqual([1]);
    expect(ev(b.call("len", [nats(1, 2, 3)], NAT))).toBe(3);
  });

  it("filter/map/count/all/any with a lambda that shadows an outer name", () => {
    const x = b.v("x", NAT);
    const l = nats(1, 2, 3, 4);
    expect(ev(b.listop("filter", l, "x", b.bin(">", x, b.nat(2)), b.listOf(NAT, 10)), { x: 0 })).toEqual([3, 4]);
    expect(ev(b.listop("map", l, "x", b.bin("*", x, x), b.listOf(NAT, 10)))).toEqual([1, 4, 9, 16]);
    expect(ev(b.listop("count", l, "x", b.bin("==", b.bin("%", x, b.nat(2)), b.nat(0)), NAT))).toBe(2);
    expect(ev(b.listop("all", nats(), "x", b.bool(false), BOOL))).toBe(true);
    expect(ev(b.listop("any", nats(), "x", b.bool(true), BOOL))).toBe(false);
    expect(ev(b.listop("all", l, "x", b.bin(">", x, b.nat(0)), BOOL))).toBe(true);
    expect(ev(b.listop("any", l, "x", b.bin(">", x, b.nat(3)), BOOL))).toBe(true);
  });

  it("options: none is null, some(x) is x", () => {
    const o = b.optionOf(NAT);
    expect(ev(b.none(o))).toBe(null);
    expect(ev(b.call("some", [b.nat(0)], o))).toBe(0);
    expect(ev(b.call("get_or", [b.none(o), b.nat(4)], NAT))).toBe(4);
    expect(ev(b.call("get_or", [b.call("some", [b.nat(0)], o), b.nat(4)], NAT))).toBe(0);
    expect(ev(b.call("is_some", [b.call("some", [b.nat(0)], o)], BOOL))).toBe(true);
    expect(ev(b.call("is_none", [b.none(o)], BOOL))).toBe(true);
  });
});

describe("binding forms and constructors", () => {
  it("let scopes its name over the body only", () => {
    const e = b.letIn("y", b.nat(2), b.bin("+", b.v("y", NAT), b.v("y", NAT)));
    expect(ev(e, { y: 100 })).toBe(4);
  });

  it("match binds payload fields by position, `_` catches the rest, enum arms by member", () => {
    const m = (v: Expr) =>
      b.match(v, [{ variant: "Restart", binds: ["p"], body: b.v("p", MS) }, { variant: null, binds: [], body: b.ms(0) }], MS);
    expect(ev(m(b.unionV(VERDICT, "Restart", { pause_ms: b.ms(7) })))).toBe(7);
    expect(ev(m(b.unionV(VERDICT, "GiveUp")))).toBe(0);
    const g = b.match(b.enumV(GATE, "Closed"), [{ variant: "Open", binds: [], body: b.nat(1) }, { variant: "Closed", binds: [], body: b.nat(2) }], NAT);
    expect(ev(g)).toBe(2);
  });

  it("is tests the tag of unions and enums", () => {
    expect(ev(b.is(b.unionV(VERDICT, "GiveUp"), "GiveUp"))).toBe(true);
    expect(ev(b.is(b.enumV(GATE, "Open"), "Closed"))).toBe(false);
  });

  it("union values put kind first and fields in order; with replaces fields and keeps order", () => {
    const u = ev(b.unionV(VERDICT, "Restart", { pause_ms: b.ms(5) }));
    expect(Object.keys(u as object)).toEqual(["kind", "pause_ms"]);
    const t = b.named("fleet", "Worker");
    const w = ev(b.withV(b.v("w", t), { gate: b.enumV(GATE, "Closed") }), { w: { fails: 1, gate: "Open" } });
    expect(w).toEqual({ fails: 1, gate: "Closed" });
    expect(Object.keys(w as object)).toEqual(["fails", "gate"]);
  });

  it("if picks a branch; constants read the IR's evaluated value", () => {
    expect(ev(b.ite(b.bool(false), b.nat(1), b.k(MAX_FAILURES, NAT)))).toBe(5);
  });
});
