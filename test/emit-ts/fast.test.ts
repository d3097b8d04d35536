// The fast paths of the TypeScript emitter (lets computed where read, filter/map lets as loops,
// appends done in place on a let's last read, keep_last and pow2 inline) keep the meaning of the
// spec: the fixture test/emit-ts/fixtures/spec/bag.yaml exercises each path and the cases where
// it must NOT apply (the let read again, or aliased by another let), against the interpreter,
// and no step may change a state that an earlier step returned. The hand-written reducer of the
// bench answers as the generated one, so `npm run bench` compares like with like.

import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { initialHand, stepHand } from "../../bench/restart-budget.js";
import { compileSpecs } from "../../generator/check/index.js";
import { emitTs } from "../../generator/emit/ts/index.js";
import { initialState, stepMachine, type Value } from "../../generator/interpret/index.js";
import type { GeneratedFile } from "../../generator/emit/types.js";
import type { Program } from "../../generator/ir/module.js";
import { instance } from "../../generated/ts/supervise.js";

const { initialRestartBudget, stepRestartBudget } = instance();
import { loadEmitted, removeScratch, typeErrors } from "./harness.js";
import { join } from "node:path";

const ROOT = join(import.meta.dirname, "..", "..");
const BAG = { module: "bag", name: "Bag" };
let program: Program;
let files: readonly GeneratedFile[];
let text: string;
let step: (s: unknown, e: unknown) => { state: unknown; output: unknown; rule: string };
let initial: () => unknown;

afterAll(removeScratch);
beforeAll(async () => {
  const r = compileSpecs(join(ROOT, "test", "emit-ts", "fixtures"));
  if (!r.ok) throw new Error(`bag.yaml does not compile: ${JSON.stringify(r.diagnostics[0])}`);
  program = r.program;
  files = emitTs(program, {});
  text = files[0]?.content ?? "";
  const m = await loadEmitted(files, "bag");
  step = m["stepBag"] as typeof step;
  initial = m["initialBag"] as typeof initial;
});

/** The text of one `case` of the step's switch. */
function caseText(event: string): string {
  const start = text.indexOf(`case "${event}": {`);
  const end = text.indexOf("\n    case ", start + 1);
  return text.slice(start, end < 0 ? undefined : end);
}

describe("fast paths of the emitted step", () => {
  it("type-checks strictly", () => {
    expect(typeErrors(files)).toEqual([]);
  });

  it("computes a filter let as a loop and appends in place only on its last read", () => {
    expect(caseText("Add")).toContain("for (const x of s.items) if (x > 0) kept.push(x);");
    expect(caseText("Add")).toContain("kept.push(e.v);");
    expect(caseText("Add")).not.toContain("[...kept");
    // Echo also emits `kept`, and Pair's `alias` may be the very array `doubled`: both copy.
    expect(caseText("Echo")).not.toContain("kept.push(e.v)");
    expect(caseText("Echo")).toContain("[...kept, e.v]");
    expect(caseText("Pair")).toContain("[...doubled, e.v]");
  });

  it("computes a let only after the guards that do not read it", () => {
    const pair = caseText("Pair");
    expect(pair.indexOf("const alias")).toBeGreaterThan(pair.indexOf("if (doubled.length >= 4)"));
  });

  it("prints pow2 of a path as a guarded shift, and keep_last of a name inline", () => {
    expect(caseText("Add")).toContain("n < 31 ? 1 << n : 2 ** n");
    expect(caseText("Add")).toContain("kept.length <= 4 ? kept : kept.slice(kept.length - 4)");
  });

  it("reads a loop-invariant field once before the loop; subtracts plainly where the truncation cannot show", () => {
    const near = caseText("Near");
    expect(near).toContain("const eV = e.v;");
    // sub(v, x) < 3 and v - x < 3 agree when v < x (0 < 3 and a negative < 3).
    expect(near).toContain("for (const x of s.items) if (eV - x < 3) near.push(x);");
  });

  it("truncates a subtraction of names inline where the truncation shows", () => {
    const far = caseText("Far");
    // Against a variable bound, and against 0 with `<` (sub(x, v) < 0 never holds; x - v < 0 may).
    expect(far).toContain("(eV > x ? eV - x : 0) >= sTotal");
    expect(far).toContain("(x > eV ? x - eV : 0) < 0");
  });

  it("unboxes a variant verdict that guards test with `is`: facts kept, no object before the guards", () => {
    const take = caseText("Take");
    // The count is read where the let stood, before the list is extended in place.
    expect(take).toContain("const space$count: number = kept.length;");
    expect(take).toContain("if (space$count >= 4) {");
    expect(take).toContain("kept.push(e.v);");
    // Past the guard only Left can fire: its literal, built in the return.
    expect(take).toContain('room: { kind: "Left", left: 4 > space$count ? 4 - space$count : 0 }');
    expect(take).not.toContain("verdictSpace");
    // Read by another let, the verdict stays a value.
    expect(caseText("Peek")).toContain("const space: Room = verdictSpace(s.items.length, e.v);");
  });

  it("applies a decision through its verdict function, facts as arguments", () => {
    expect(caseText("Near")).toContain("const fits: boolean = verdictFits(near.length, 4);");
    expect(text).toContain("export function verdictFits(count: number, room: number): boolean {");
    expect(text).toContain("if (count < room) {");
    // decideFits itself still takes the facts record and names the rule.
    expect(text).toContain("export function decideFits(f: FitsFacts): rt.Decided<boolean> {");
  });

  it("answers as the interpreter and never changes a state an earlier step returned", () => {
    const event = fc.record({ kind: fc.constantFrom("Add", "Echo", "Pair", "Near", "Far", "Take", "Peek"), v: fc.nat({ max: 9 }) });
    fc.assert(
      fc.property(fc.array(event, { maxLength: 14 }), (events) => {
        let mine = initial();
        let model: Value = initialState(program, BAG);
        const seen: [unknown, string][] = [];
        for (const e of events) {
          const got = step(mine, e);
          const want = stepMachine(program, BAG, model, e as Value);
          expect({ state: got.state, output: got.output, rule: got.rule }).toEqual({ state: want.state, output: want.output, rule: want.rule });
          seen.push([got.state, JSON.stringify(got.state)], [got.output, JSON.stringify(got.output)]);
          mine = got.state;
          model = want.state;
        }
        for (const [value, json] of seen) expect(JSON.stringify(value)).toBe(json);
      }),
      { numRuns: 300, seed: 13 },
    );
  });
});

describe("the hand-written restart budget of the bench", () => {
  it("answers as the generated stepRestartBudget on spaced, looping and backwards failures", () => {
    const gap = fc.oneof(fc.constantFrom(0, 1, 1000, 899_999, 900_000, 7 * 60_000), fc.integer({ min: -5000, max: 2_000_000 }));
    fc.assert(
      fc.property(fc.array(gap, { maxLength: 20 }), (gaps) => {
        let [g, h, at] = [initialRestartBudget(), initialHand(), 0];
        for (const d of gaps) {
          at = Math.max(0, at + d);
          const e = { kind: "Failure", at_ms: at } as const;
          const [rg, rh] = [stepRestartBudget(g, e), stepHand(h, e)];
          expect(rh).toEqual(rg);
          [g, h] = [rg.state, rh.state];
        }
      }),
      { numRuns: 500, seed: 13 },
    );
  });
});
