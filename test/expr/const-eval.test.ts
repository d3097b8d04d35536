// Tests of constant folding with Lean's semantics: truncating nat subtraction, floor division,
// x / 0 = 0, x % 0 = x, Euclidean int division, short-circuit logic, let, min/max/pow2.
import { describe, expect, it } from "vitest";
import { evalConstExpr } from "../../generator/expr/const-eval.js";
import { run } from "./fake-env.js";

const values: Record<string, number | boolean> = { RESTART_MAX_FAILURES: 5, RESTART_WINDOW_MS: 900_000, STRICT: true };

function fold(src: string): number | boolean | undefined {
  const { expr, reported } = run(src);
  expect(reported).toEqual([]);
  return evalConstExpr(expr, (ref) => values[ref.name]);
}

describe("evalConstExpr", () => {
  it.each([
    ["RESTART_WINDOW_MS / RESTART_MAX_FAILURES", 180_000],
    ["RESTART_WINDOW_MS / 1min", 15],
    ["3 - 5", 0],
    ["5 - 3", 2],
    ["7 / 2", 3],
    ["7 / 0", 0],
    ["7 % 0", 7],
    ["7 % 3", 1],
    ["2 + 3 * 4", 14],
    ["pow2(10)", 1024],
    ["min(3, 4) + max(3, 4)", 7],
    ["-7 / 2", -4],
    ["-7 % 2", 1],
    ["7 / -2", -3],
    ["7 % -2", 1],
    ["-7 - 3", -10],
    ["-6 / 3", -2],
    ["let x = 3 in x * x", 9],
    ["if RESTART_MAX_FAILURES > 3 then 10 else 20", 10],
  ])("%s = %s", (src, want) => {
    expect(fold(src)).toBe(want);
  });

  it.each([
    ["RESTART_WINDOW_MS >= 15min && STRICT", true],
    ["15min > RESTART_WINDOW_MS || !STRICT", false],
    ["1 == 1 && 2 != 2", false],
    ["false && 1 / 0 == 1", false],
    ["true || 1 / 0 == 1", true],
  ])("%s = %s", (src, want) => {
    expect(fold(src)).toBe(want);
  });

  it("is undefined over variables, strings and unknown constants", () => {
    expect(fold("n + 1")).toBeUndefined();
    expect(fold('"a" == "a"')).toBeUndefined();
    expect(fold("g == Gate.Open")).toBeUndefined();
    const { expr } = run("RESTART_MAX_FAILURES + 1");
    expect(evalConstExpr(expr, () => undefined)).toBeUndefined();
  });

  it("never yields -0", () => {
    expect(Object.is(fold("1 / -2"), 0)).toBe(true);
    expect(Object.is(fold("0 % -2"), 0)).toBe(true);
  });
});
