// Tests of decisions (first matching rule wins, lets shared by the rules) and of laws checked
// on concrete bindings, plus evalConstant.

import { describe, expect, it } from "vitest";
import type { Example } from "../../generator/ir/module.js";
import { checkLaw, decide, evalConstant, runExample, runMachine, type Value } from "../../generator/interpret/index.js";
import * as b from "./build.js";
import { BUDGET, examples, laws, MAX_FAILURES, PAUSE_OF, program, REVIVE, VERDICT, WINDOW } from "./fixture.js";

const facts = (gate: string, last: Value, age_ms: number | null): Value => ({ gate, last, age_ms });
const restart = (pause_ms: number): Value => ({ kind: "Restart", pause_ms });
const GIVE_UP: Value = { kind: "GiveUp" };

describe("decide", () => {
  it.each([
    // closed wins over every later rule, even with no stamp and a GiveUp
    [facts("Closed", GIVE_UP, null), "Wait", "Revive.closed"],
    [facts("Open", GIVE_UP, null), "Skip", "Revive.no_stamp"],
    [facts("Open", GIVE_UP, 5), "Skip", "Revive.long_pause"],
    [facts("Open", restart(30_000), 5), "Skip", "Revive.long_pause"],
    [facts("Open", restart(29_999), 900_000), "Skip", "Revive.too_old"],
    [facts("Open", restart(29_999), 899_999), "Revive", "Revive.otherwise"],
    [facts("Open", restart(0), 0), "Revive", "Revive.otherwise"],
  ] as const)("%j -> %s by %s", (f, verdict, rule) => {
    expect(decide(program, REVIVE, f)).toEqual({ verdict, rule });
  });

  it("a verdict of a plain type (ms) from a match with a wildcard", () => {
    expect(decide(program, PAUSE_OF, { last: restart(1234) })).toEqual({ verdict: 1234, rule: "PauseOf.otherwise" });
    expect(decide(program, PAUSE_OF, { last: GIVE_UP }).verdict).toBe(0);
  });
});

describe("checkLaw", () => {
  const run = runMachine(program, BUDGET, [0, 1, 2, 3, 4, 5].map((at_ms) => ({ kind: "Failure", at_ms })));
  const s4 = run.states[4] as Value;
  const s5 = run.states[5] as Value;
  const e5: Value = { kind: "Failure", at_ms: 5 };

  it("order and invariant laws", () => {
    expect(checkLaw(program, laws.order, {})).toBe(true);
    expect(checkLaw(program, laws.invariant, { s: s5 })).toBe(true);
    expect(checkLaw(program, laws.invariant, { s: { failures: [1, 2, 3, 4, 5, 6], given_up: false } })).toBe(false);
  });

  it("step laws step the machine when n and o are left out, and judge given ones", () => {
    expect(checkLaw(program, laws.step, { s: s4, e: e5 })).toBe(true);
    expect(checkLaw(program, laws.step, { s: s4, e: e5, n: s5, o: restart(1) })).toBe(false);
    // A law restricted to Failure holds vacuously for any other event.
    expect(checkLaw(program, laws.step, { s: s4, e: { kind: "Other" }, n: s5, o: restart(1) })).toBe(true);
  });

  it("a step law restricted to one event may be given only its payload", () => {
    expect(checkLaw(program, laws.step, { s: s4, e: { at_ms: 5 } })).toBe(true);
  });

  it("decision laws compute v when absent", () => {
    expect(checkLaw(program, laws.decision, { f: facts("Closed", GIVE_UP, 1) })).toBe(true);
    expect(checkLaw(program, laws.decision, { f: facts("Closed", GIVE_UP, 1), v: "Revive" })).toBe(false);
  });

  it("variant laws: strict on `when` steps, monotone on the others", () => {
    expect(checkLaw(program, laws.variant, { s: s4, e: e5 })).toBe(true); // 0 -> 1 on give-up
    expect(checkLaw(program, laws.variant, { s: s5, e: e5 })).toBe(true); // 1 -> 1, not a `when` step
    // A step that would un-give-up moves the measure the wrong way.
    expect(checkLaw(program, laws.variant, { s: s5, e: e5, n: s4, o: restart(250) })).toBe(false);
  });

  it("wire laws are not the model's to check", () => {
    expect(() => checkLaw(program, laws.wire, {})).toThrow(/runtime/);
  });
});

it("evalConstant reads the IR's value", () => {
  expect(evalConstant(program, MAX_FAILURES)).toBe(5);
  expect(evalConstant(program, WINDOW)).toBe(900_000);
});

describe("runExample", () => {
  it("the fixture's examples agree with the model", () => {
    expect(runExample(program, examples.sixFailures)).toEqual({ ok: true, mismatches: [] });
    expect(runExample(program, examples.closedWaits)).toEqual({ ok: true, mismatches: [] });
  });

  it("reports each disagreement with the rule that fired", () => {
    const body = examples.sixFailures.body;
    if (body.kind !== "machine") throw new Error("six_failures_a_second_apart is a machine example");
    const wrong: Example = {
      ...examples.sixFailures,
      body: { ...body, outputs: [...body.outputs.slice(0, 5), b.unionV(VERDICT, "Restart", { pause_ms: b.ms(8000) })], state: [{ field: "given_up", value: b.bool(false) }] },
    };
    const r = runExample(program, wrong);
    expect(r.ok).toBe(false);
    expect(r.mismatches).toEqual([
      'six_failures_a_second_apart: output #6 (RestartBudget.Failure.give_up): got {"kind":"GiveUp"}, expected {"kind":"Restart","pause_ms":8000}',
      "six_failures_a_second_apart: final state .given_up: got true, expected false",
    ]);
  });
});
