// Tests of type strings: base types, ranges with units, options, bounded lists with literal
// or constant bounds, named types, and the errors (badType, unknownName) with their offsets.
import { describe, expect, it } from "vitest";
import { resolveTypeString } from "../../generator/expr/type-syntax.js";
import { BOOL, INT, MS, NAT, STRING } from "../../generator/ir/types.js";
import { fakeEnv, named } from "./fake-env.js";

function read(text: string) {
  const env = fakeEnv();
  return { type: resolveTypeString(text, env), reported: env.reported };
}

describe("resolveTypeString", () => {
  it.each([
    ["bool", BOOL],
    ["nat", NAT],
    ["ms", MS],
    ["int", INT],
    ["string", STRING],
    ["nat 0..6", { kind: "nat", unit: "none", min: 0, max: 6 }],
    ["nat 1..1", { kind: "nat", unit: "none", min: 1, max: 1 }],
    ["ms 0..30s", { kind: "nat", unit: "ms", min: 0, max: 30_000 }],
    ["ms 250ms..1min", { kind: "nat", unit: "ms", min: 250, max: 60_000 }],
    ["option<Gate>", { kind: "option", of: named("Gate") }],
    ["list<ms> max 6", { kind: "list", of: MS, max: 6 }],
    ["list<ms> max RESTART_MAX_FAILURES", { kind: "list", of: MS, max: 5 }],
    ["list<option<nat 0..3>> max 2", { kind: "list", of: { kind: "option", of: { kind: "nat", unit: "none", min: 0, max: 3 } }, max: 2 }],
    [" Worker ", named("Worker")],
  ])("%s", (text, want) => {
    const r = read(text);
    expect(r.reported).toEqual([]);
    expect(r.type).toEqual(want);
  });

  it.each([
    ["list<ms>", "badType", 8, "a list needs a bound: list<T> max N, list<T> len N or list<T> min N max M"],
    ["list<ms> max RESTART_WINDOW_MS", "badType", 13, "the list bound RESTART_WINDOW_MS must be a nat constant"],
    ["list<ms> max 5s", "badType", 13, "a list bound is a count, not a duration"],
    ["nat 0..5s", "badType", 7, "a nat range takes plain numbers; use ms A..B for durations"],
    ["nat 6..1", "badType", 7, "the range 6..1 is empty"],
    ["option<option<nat>>", "badType", 0, "an option cannot hold an option"],
    ["option<nat", "badType", 10, "expected '>' but found end of expression"],
    ["nat nat", "badType", 4, "unexpected 'nat' after the type"],
    ["nat #", "badType", 4, "unexpected character '#'"],
  ])("%s -> %s", (text, id, offset, detail) => {
    const r = read(text);
    expect(r.type).toBeUndefined();
    expect(r.reported).toMatchObject([{ id, offset, args: { text, detail } }]);
  });

  it("names an unknown type or bound constant with a did-you-mean", () => {
    expect(read("option<Gat>").reported).toEqual([
      { id: "unknownName", offset: 7, length: 3, args: { what: "type", name: "Gat", didYouMean: "did you mean 'Gate'?" } },
    ]);
    expect(read("list<ms> max RESTART_MAX").reported).toMatchObject([
      { id: "unknownName", offset: 13, args: { what: "constant", didYouMean: "check the spelling" } },
    ]);
    expect(read("boool").reported).toMatchObject([{ id: "unknownName", args: { didYouMean: "did you mean 'bool'?" } }]);
  });
});

describe("bounds as constant expressions", () => {
  it.each([
    ["nat 0..RESTART_MAX_FAILURES", { kind: "nat", unit: "none", min: 0, max: 5 }],
    ["nat RESTART_MAX_FAILURES - 1..RESTART_MAX_FAILURES * 2", { kind: "nat", unit: "none", min: 4, max: 10 }],
    ["ms 0..RESTART_WINDOW_MS + 1s", { kind: "nat", unit: "ms", min: 0, max: 901_000 }],
    ["list<ms> max RESTART_MAX_FAILURES + 1", { kind: "list", of: MS, max: 6 }],
    ["list<nat 0..(RESTART_MAX_FAILURES)> max 2 * RESTART_MAX_FAILURES", { kind: "list", of: { kind: "nat", unit: "none", min: 0, max: 5 }, max: 10 }],
    ["option<nat 1..RESTART_MAX_FAILURES - 1>", { kind: "option", of: { kind: "nat", unit: "none", min: 1, max: 4 } }],
  ])("%s", (text, want) => {
    const r = read(text);
    expect(r.reported).toEqual([]);
    expect(r.type).toEqual(want);
  });

  it("folds with Lean's arithmetic: nat subtraction truncates at 0", () => {
    expect(read("nat 0..RESTART_MAX_FAILURES - 9").type).toEqual({ kind: "nat", unit: "none", min: 0, max: 0 });
  });

  it.each([
    ["nat 0..RESTART_WINDOW_MS + 1", "unitMismatch", 7],
    ["nat 0..RESTART_MAX", "unknownName", 7],
    ["list<ms> max STRICT || false", "typeMismatch", 13],
    ["nat 0..RESTART_MAX_FAILURES + ", "exprSyntax", 30],
    ["list<ms> max pow2(60)", "unsafeInteger", 13],
    ["nat RESTART_MAX_FAILURES..1 + 1", "badType", 26],
  ])("%s -> %s at its offset in the type string", (text, id, offset) => {
    const r = read(text);
    expect(r.type).toBeUndefined();
    expect(r.reported[0]).toMatchObject({ id, offset });
  });
});
