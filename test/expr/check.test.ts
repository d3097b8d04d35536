// Tests of the expression type checker over a fake environment (fake-env.ts): units, list
// bounds, exhaustiveness, constructors resolved by the expected type, did-you-mean hints,
// built-ins, and that one mistake yields one diagnostic at the right offset.
import { describe, expect, it } from "vitest";
import { walkExpr } from "../../generator/ir/walk.js";
import { BOOL, INT, MS, NAT, type Type } from "../../generator/ir/types.js";
import { showType } from "../../generator/expr/type-util.js";
import { named, run } from "./fake-env.js";

const listOf = (of: Type, max: number): Type => ({ kind: "list", of, max });
const ok = (src: string, expected?: Type): ReturnType<typeof run>["expr"] => {
  const r = run(src, expected);
  expect(r.reported).toEqual([]);
  return r.expr;
};
const ids = (src: string) => run(src).reported.map((d) => d.id);

describe("the restart budget pause", () => {
  const src = "min(250ms * pow2(len(filter(s.failures, t -> e.at_ms - t < RESTART_WINDOW_MS))), 30s)";

  it("type-checks to ms", () => {
    const e = ok(src, MS);
    expect(e.type).toEqual(MS);
    expect(e).toMatchObject({ kind: "call", fn: "min" });
  });

  it("binds the lambda parameter to the element type and gives every node a unique id", () => {
    const e = ok(src);
    const seen = new Set<number>();
    let listop: unknown;
    walkExpr(e, {
      enter: (x) => {
        expect(seen.has(x.id)).toBe(false);
        seen.add(x.id);
        if (x.kind === "listop") listop = x;
        if (x.kind === "var" && x.name === "t") expect(x.type).toEqual(MS);
      },
    });
    expect(listop).toMatchObject({ op: "filter", param: "t", type: listOf(MS, 5), body: { kind: "binary", op: "<", type: BOOL } });
  });
});

describe("units", () => {
  it.each([
    ["e.at_ms + 1s", MS],
    ["e.at_ms - RESTART_WINDOW_MS", MS],
    ["e.at_ms * 2", MS],
    ["2 * e.at_ms", MS],
    ["e.at_ms / 2", MS],
    ["e.at_ms / 1ms", NAT],
    ["e.at_ms % 1s", MS],
    ["n * 3 + d", NAT],
    ["i + 1", INT],
    ["-5", INT],
    ["i * -2", INT],
    ["e.at_ms >= 0ms", BOOL],
    ["max(e.at_ms, 1s)", MS],
  ])("%s : %o", (src, type) => {
    expect(ok(src).type).toEqual(type);
  });

  it("rejects a bare integer compared with ms, pointing at the whole comparison", () => {
    const { reported } = run("e.at_ms >= 0");
    expect(reported).toEqual([{ id: "unitMismatch", offset: 0, length: 12, args: { left: "ms", op: ">=", right: "nat" } }]);
  });

  it.each([
    ["e.at_ms + 1", "ms", "+", "nat"],
    ["n - e.at_ms", "nat", "-", "ms"],
    ["e.at_ms * e.at_ms", "ms", "*", "ms"],
    ["n / e.at_ms", "nat", "/", "ms"],
    ["e.at_ms % 2", "ms", "%", "nat"],
    ["e.at_ms == n", "ms", "==", "nat"],
    ["min(e.at_ms, 5)", "ms", "min", "nat"],
  ])("%s is a unit mismatch", (src, left, op, right) => {
    expect(run(src).reported).toMatchObject([{ id: "unitMismatch", args: { left, op, right } }]);
  });

  it("ranged nats lose their range under arithmetic", () => {
    expect(ok("d + 1").type).toEqual(NAT);
    expect(ok("d", NAT).type).toEqual({ kind: "nat", unit: "none", min: 0, max: 6 });
  });

  it("int mixes only with int; nat is never negated", () => {
    expect(run("i + n").reported).toMatchObject([{ id: "typeMismatch", args: { expected: "int", found: "nat" } }]);
    expect(run("-n").reported).toMatchObject([{ id: "typeMismatch", args: { expected: "int", found: "nat" } }]);
    expect(ok("-i")).toMatchObject({ kind: "binary", op: "-", left: { kind: "lit", value: 0, type: INT } });
  });

  it("a plain number where ms is expected hints at the unit", () => {
    const { reported } = run("5", MS);
    expect(reported).toMatchObject([{ id: "typeMismatch", args: { expected: "ms", found: "nat" } }]);
    expect(String(reported[0]?.args["hint"])).toContain("0ms");
  });

  it("a literal outside the expected range is reported", () => {
    const range: Type = { kind: "nat", unit: "none", min: 0, max: 6 };
    expect(run("7", range).reported).toMatchObject([{ id: "typeMismatch", args: { expected: "nat 0..6", found: "7" } }]);
    expect(run("6", range).reported).toEqual([]);
  });
});

describe("list bounds", () => {
  const failures = listOf(MS, 5);

  it("append grows the bound by one, which no longer fits the state field", () => {
    expect(ok("append(s.failures, e.at_ms)").type).toEqual(listOf(MS, 6));
    expect(run("append(s.failures, e.at_ms)", failures).reported).toEqual([
      { id: "listBound", offset: 0, length: 27, args: { found: 6, expected: "list<ms> max 5" } },
    ]);
  });

  it("keep_last with a constant bounds it again", () => {
    expect(ok("keep_last(append(s.failures, e.at_ms), RESTART_MAX_FAILURES)", failures)).toMatchObject({
      type: failures,
      args: [{ kind: "call", fn: "append" }, { kind: "const", ref: { name: "RESTART_MAX_FAILURES" } }],
    });
  });

  it("a list literal longer than the expected max is a listBound", () => {
    expect(run("[1ms, 2ms, 3ms, 4ms, 5ms, 6ms]", failures).reported).toMatchObject([{ id: "listBound", args: { found: 6 } }]);
    expect(ok("[1ms, 2ms]", failures).type).toEqual(listOf(MS, 2));
  });

  it("[] takes its element type from the context; if unifies bounds to the larger", () => {
    expect(ok("[]", failures).type).toEqual(listOf(MS, 0));
    expect(ok("if s.given_up then [] else s.failures").type).toEqual(listOf(MS, 5));
    expect(run("[]").reported).toMatchObject([{ id: "typeMismatch", args: { found: "[]" } }]);
  });

  it("keep_last and repeat need a constant length", () => {
    expect(run("keep_last(s.failures, n)").reported).toMatchObject([{ id: "notConstant", offset: 22, length: 1 }]);
    expect(ok("repeat(3, false)").type).toEqual(listOf(BOOL, 3));
    expect(ok("repeat(RESTART_MAX_FAILURES, Worker { busy: false, gate: Gate.Open })").type).toEqual(listOf(named("Worker"), 5));
  });

  it("list operations keep or map the bound", () => {
    expect(ok("map(ws, w -> w.busy)").type).toEqual(listOf(BOOL, 3));
    expect(ok("count(ws, w -> w.gate == Open)").type).toEqual(NAT);
    expect(ok("all(ws, w -> !w.busy) || any(s.failures, t -> t > 1s)").type).toEqual(BOOL);
    expect(ok("set_at(ws, 0, Worker { busy: true, gate: Closed })").type).toEqual(listOf(named("Worker"), 3));
    expect(ok("nth_or(s.failures, 0, 0ms)").type).toEqual(MS);
  });
});

describe("match and is", () => {
  it("reports the missing variants at the match keyword", () => {
    expect(run("match v { Restart(p) => p }").reported).toEqual([
      { id: "notExhaustive", offset: 0, length: 5, args: { missing: "GiveUp" } },
    ]);
    expect(run("match g { Closed => 1 }").reported).toMatchObject([{ id: "notExhaustive", args: { missing: "Open" } }]);
  });

  it("accepts every variant or a wildcard, binding payload fields by position", () => {
    const e = ok("match v { Restart(p) => p, GiveUp => 0ms }", MS);
    expect(e).toMatchObject({ kind: "match", type: MS, arms: [{ variant: "Restart", binds: ["p"], body: { kind: "var", name: "p", type: MS } }, { variant: "GiveUp", binds: [] }] });
    expect(ok("match g { Open => 1, _ => 2 }").type).toEqual(NAT);
  });

  it("lets binds shadow outer names", () => {
    const e = ok("match v { Restart(s) => s, GiveUp => 0ms }");
    expect(e.type).toEqual(MS);
  });

  it("rejects too many binds, duplicate arms, arms after '_' and arms of two types", () => {
    expect(ids("match v { Restart(a, b) => a, _ => 0ms }")).toEqual(["exprSyntax"]);
    expect(ids("match v { GiveUp => 1, GiveUp => 2, _ => 3 }")).toEqual(["exprSyntax"]);
    expect(ids("match v { _ => 1, GiveUp => 2 }")).toEqual(["exprSyntax"]);
    expect(run("match v { Restart(p) => p, GiveUp => true }").reported).toMatchObject([
      { id: "typeMismatch", offset: 37, args: { expected: "ms", found: "bool" } },
    ]);
  });

  it("is tests a tag, bare or qualified by the right type", () => {
    expect(ok("v is GiveUp")).toMatchObject({ kind: "is", variant: "GiveUp", type: BOOL });
    expect(ok("v is Verdict.Restart").type).toEqual(BOOL);
    expect(run("v is Gate.Open").reported).toMatchObject([{ id: "typeMismatch", args: { expected: "Verdict", found: "Gate" } }]);
    expect(run("v is GivUp").reported).toMatchObject([{ id: "unknownVariant", offset: 5, args: { didYouMean: "did you mean 'GiveUp'?" } }]);
    expect(run("n is GiveUp").reported).toMatchObject([{ id: "typeMismatch", args: { expected: "an enum or union" } }]);
  });

  it("payload fields are not readable without match", () => {
    expect(run("v.pause_ms").reported).toMatchObject([{ id: "notAField", args: { type: "Verdict", field: "pause_ms" } }]);
  });
});

describe("constructors resolved by the expected type", () => {
  const verdict = named("Verdict");

  it("builds bare variants of the expected union", () => {
    expect(ok("Restart { pause_ms: 250ms }", verdict)).toMatchObject({
      kind: "union", variant: "Restart", ref: { name: "Verdict" }, fields: [{ name: "pause_ms", value: { value: 250 } }],
    });
    expect(ok("GiveUp", verdict)).toMatchObject({ kind: "union", variant: "GiveUp", fields: [] });
    expect(ok("Verdict.Restart { pause_ms: 1s }").type).toEqual(verdict);
    expect(ok("Verdict.GiveUp").type).toEqual(verdict);
  });

  it("resolves enum members from the other side of ==, either way round", () => {
    expect(ok("g == Open").type).toEqual(BOOL);
    expect(ok("Closed != g").type).toEqual(BOOL);
    expect(ok("v == GiveUp").type).toEqual(BOOL);
  });

  it("outputs record fields in declaration order and resolves nested bare members", () => {
    const e = ok("Worker { gate: Open, busy: false }");
    expect(e).toMatchObject({ kind: "record", fields: [{ name: "busy" }, { name: "gate", value: { kind: "enum", member: "Open" } }] });
  });

  it("reports missing, unknown and repeated fields", () => {
    expect(run("Worker { busy: false }").reported).toEqual([{ id: "missingField", offset: 0, length: 6, args: { type: "Worker", field: "gate" } }]);
    expect(run("Worker { busy: false, gate: Open, gat: Open }").reported).toMatchObject([
      { id: "notAField", offset: 34, length: 3, args: { type: "Worker", field: "gat", didYouMean: "did you mean 'gate'?" } },
    ]);
    expect(ids("Worker { busy: false, busy: true, gate: Open }")).toEqual(["exprSyntax"]);
    expect(run("Restart", verdict).reported).toMatchObject([{ id: "missingField", args: { type: "Verdict.Restart", field: "pause_ms" } }]);
  });

  it("suggests variants of the expected type and the qualifier when none is known", () => {
    expect(run("GiveUpp", verdict).reported).toMatchObject([{ id: "unknownVariant", args: { type: "Verdict", name: "GiveUpp", didYouMean: "did you mean 'GiveUp'?" } }]);
    expect(run("Gate.Opn").reported).toMatchObject([{ id: "unknownVariant", offset: 5, length: 3, args: { didYouMean: "did you mean 'Open'?" } }]);
    expect(run("Open").reported).toMatchObject([{ id: "unknownName", args: { didYouMean: "the type is not known here; write Gate.Open" } }]);
  });

  it("with replaces a subset of fields, in declaration order", () => {
    const e = ok("s with { given_up: true, failures: [] }");
    expect(e).toMatchObject({ kind: "with", type: named("RestartBudgetState"), fields: [{ name: "failures" }, { name: "given_up" }] });
    expect(run("s with { givn_up: true }").reported).toMatchObject([{ id: "notAField", args: { didYouMean: "did you mean 'given_up'?" } }]);
  });
});

describe("names, options, strings, decisions", () => {
  it("prefers locals, then constants, with did-you-mean over both", () => {
    expect(ok("RESTART_MAX_FAILURES")).toMatchObject({ kind: "const", ref: { module: "test", name: "RESTART_MAX_FAILURES" }, type: NAT });
    expect(run("RESTART_MAX_FAILURE + 1").reported).toEqual([
      { id: "unknownName", offset: 0, length: 19, args: { what: "name", name: "RESTART_MAX_FAILURE", didYouMean: "did you mean 'RESTART_MAX_FAILURES'?" } },
    ]);
    expect(run("s.failres").reported).toMatchObject([{ id: "notAField", offset: 2, length: 7, args: { type: "RestartBudgetState", didYouMean: "did you mean 'failures'?" } }]);
    expect(run("lenn(s.failures)").reported).toMatchObject([{ id: "unknownName", args: { what: "function", didYouMean: "did you mean 'len'?" } }]);
  });

  it("let binds a local visible only in its body", () => {
    expect(ok("let x = e.at_ms + 1s in x > RESTART_WINDOW_MS")).toMatchObject({ kind: "let", name: "x", type: BOOL });
    expect(ids("(let x = 1 in x) + x")).toEqual(["unknownName"]);
  });

  it("options need their type from context or from some()", () => {
    const opt: Type = { kind: "option", of: NAT };
    expect(ok("none", opt)).toMatchObject({ kind: "none", type: opt });
    expect(ok("o == none").type).toEqual(BOOL);
    expect(ok("some(3)", opt).type).toEqual(opt);
    expect(ok("get_or(o, 3) + 1").type).toEqual(NAT);
    expect(ok("is_some(o) && !is_none(o)").type).toEqual(BOOL);
    expect(ids("none")).toEqual(["typeMismatch"]);
    expect(run("3", opt).reported).toMatchObject([{ id: "typeMismatch", args: { hint: "wrap the value: some(x)" } }]);
  });

  it("strings only compare with == and !=", () => {
    expect(ok('text == "v1"').type).toEqual(BOOL);
    expect(run('text < "v1"').reported).toMatchObject([{ id: "typeMismatch", args: { found: "string" } }]);
    expect(ids('text + "x"')).toEqual(["typeMismatch"]);
  });

  it("applies a decision to its facts record", () => {
    expect(ok("OrphanExit(f) == Exit")).toMatchObject({ left: { kind: "decide", ref: { name: "OrphanExit" }, type: named("OrphanVerdict") } });
    expect(run("OrphanExit(s)").reported).toMatchObject([{ id: "typeMismatch", args: { expected: "OrphanExitFacts" } }]);
  });

  it("checks call shapes", () => {
    expect(run("min(1, 2, 3)").reported).toMatchObject([{ id: "badCall", args: { fn: "min", detail: "takes 2 arguments, got 3" } }]);
    expect(run("filter(s.failures, s.given_up)").reported).toMatchObject([{ id: "badCall", args: { fn: "filter" } }]);
    expect(run("len(t -> t)").reported).toMatchObject([{ id: "badCall", args: { detail: "does not take a function here" } }]);
    expect(run("pow2(e.at_ms)").reported).toMatchObject([{ id: "typeMismatch", args: { expected: "nat", found: "ms" } }]);
    expect(run("len(3)").reported).toMatchObject([{ id: "typeMismatch", args: { expected: "a list" } }]);
    expect(ids("some(o)")).toEqual(["badCall"]);
  });

  it("booleans: && || ! and if need bool; if branches unify", () => {
    expect(run("n && true").reported).toMatchObject([{ id: "typeMismatch", offset: 0, args: { expected: "bool", found: "nat" } }]);
    expect(run("if n then 1 else 2").reported).toMatchObject([{ id: "typeMismatch", offset: 3 }]);
    expect(run("if true then 1ms else 2").reported).toMatchObject([{ id: "typeMismatch", args: { expected: "ms", found: "nat" } }]);
  });

  it("reports one diagnostic for one mistake", () => {
    expect(ids("lenn(s.failures) + 1 > 2 && !(RESTART_WINDOW_MS < lenn(s.failures))").length).toBe(2);
    expect(ids("s.failres == [] || len(s.failres) > 0")).toEqual(["notAField", "notAField"]);
    const { expr } = run("min(unknown_x, 1s)", MS);
    expect(showType(expr.type)).toBe("ms");
  });
});
