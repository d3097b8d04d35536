// The wire defects of issue #12 (6-10), each pinned on the real supervise module: every one of
// these gave a verdict or threw before the strict reader (runtime/wire-json.ts), the plain-data
// copy and the holder's state check. The property-based wire fuzzer is wire-fuzz.test.ts.

import { join } from "node:path";
import { describe, expect, it } from "vitest";
import * as superviseModule from "../../generated/ts/supervise.js";
import * as notice from "../../generated/ts/notice.js";

const supervise = superviseModule.instance();
import { createWire, HolderStateError, loadSchemas, MachineHolder } from "../../runtime/index.js";

const wire = createWire({ schemas: loadSchemas(join(import.meta.dirname, "..", "..", "generated", "schema")) });
const facts = (text: string) => wire.decide("supervise", supervise, "RestartDecide", text);

describe("hostile wire input (issue #12, defects 6-10)", () => {
  it("6: a 10 000-deep array is a WireError from decide, step and dispatch, not a RangeError", () => {
    const deep = `${"[".repeat(10_000)}${"]".repeat(10_000)}`;
    const r = facts(deep);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.expected).toMatch(/nesting of at most 64/);
    let v: unknown = [];
    for (let i = 0; i < 10_000; i++) v = [v];
    expect(wire.decide("supervise", supervise, "RestartDecide", v).ok).toBe(false);
    expect(wire.decide("supervise", supervise, "RestartDecide", { in_window: v, budget: 5 }).ok).toBe(false);
    const h = new MachineHolder(wire, "supervise", supervise, "RestartBudget");
    expect(h.dispatch(deep).ok).toBe(false);
    expect(h.dispatch({ kind: "Failure", at_ms: v }).ok).toBe(false);
  });

  it("7: a duplicate key is refused at its pointer (no last-value-wins verdict)", () => {
    const r = facts('{"in_window":4,"budget":5,"in_window":40}');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toMatchObject({ pointer: "/in_window", expected: "each key once" });
    const h = new MachineHolder(wire, "supervise", supervise, "RestartBudget");
    const e = h.dispatch('{"kind":"Nope","kind":"Failure","at_ms":5}');
    expect(e.ok).toBe(false);
    if (!e.ok) expect(e.error.pointer).toBe("/kind");
    expect(h.state).toEqual(supervise.initialRestartBudget());
  });

  it.each(["5.0000000000000001", "4.0", "1E0", "1e-400", "-0", "04", "99999999999999.99999", "9007199254740993"])(
    "8: the number text %s is refused where an integer goes",
    (num) => {
      const r = facts(`{"in_window":${num},"budget":5}`);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error.pointer).toBe("/in_window");
    },
  );

  it("8: plain integer text is accepted, with any JSON whitespace", () => {
    expect(facts('{"in_window":4,"budget":5}').ok).toBe(true);
    expect(facts(' {\n"in_window" : 0 ,\t"budget":5}\r\n').ok).toBe(true);
  });

  it("9: a restored state is validated before the first event", () => {
    const bad = { failures: [10, "x"], given_up: false, last_ms: 10 };
    expect(() => new MachineHolder(wire, "supervise", supervise, "RestartBudget", { state: bad as never })).toThrow(HolderStateError);
    const r = MachineHolder.restore(wire, "supervise", supervise, "RestartBudget", '{"failures":[],"given_up":false}');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.pointer).toBe("/last_ms");
    const good = MachineHolder.restore(wire, "supervise", supervise, "RestartBudget", '{"failures":[5],"given_up":false,"last_ms":5}');
    expect(good.ok).toBe(true);
    if (good.ok) expect(good.value.dispatch({ kind: "Failure", at_ms: 6 }).ok).toBe(true);
  });

  it("9b: a restored state must satisfy every invariant of its machine, refused with the law's name", () => {
    // Schema-valid, but one restore and no stored notice: no run reaches it (notice_per_restore).
    const broken = '{"restores":1,"stored":[],"view":[],"attached":false}';
    const r = MachineHolder.restore(wire, "notice", notice, "Notices", broken);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.message).toBe("notice.NoticesState: at the message: expected a state that satisfies the invariant notice_per_restore, got a state that breaks it");
    expect(() => new MachineHolder(wire, "notice", notice, "Notices", { state: JSON.parse(broken) as never })).toThrow(/notice_per_restore/);
    expect(MachineHolder.restore(wire, "notice", notice, "Notices", '{"restores":1,"stored":[1],"view":[],"attached":false}').ok).toBe(true);
  });

  it("10: an inherited kind (on the prototype) is not a field", () => {
    const event = Object.create({ kind: "Failure" }) as Record<string, unknown>;
    event["at_ms"] = 5;
    const h = new MachineHolder(wire, "supervise", supervise, "RestartBudget");
    const r = h.dispatch(event);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.pointer).toBe("");
    const inherited = Object.create({ in_window: 1 }) as Record<string, unknown>;
    inherited["budget"] = 5;
    expect(wire.decide("supervise", supervise, "RestartDecide", inherited).ok).toBe(false);
  });

  it("10: a getter that throws, a cycle, a class instance and a function are WireErrors", () => {
    const throwing = { budget: 5, get in_window(): number { throw new Error("boom"); } };
    const cyc: Record<string, unknown> = { budget: 5 };
    cyc["in_window"] = cyc;
    for (const v of [throwing, cyc, new Date(0), () => 1, { in_window: 1n, budget: 5 }, { in_window: Number.NaN, budget: 5 }]) {
      expect(wire.decide("supervise", supervise, "RestartDecide", v).ok).toBe(false);
    }
  });

  it("a key named __proto__ is a field (refused as extra), never a prototype", () => {
    const r = facts('{"in_window":1,"budget":5,"__proto__":{"x":1}}');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.pointer).toBe("/__proto__");
  });
});
