// The wire's choice of ONE fault among ajv's many errors, on small hand-written schemas of the
// shapes the emitter produces: a tagged union inside a list, an option of a union, and a union
// from another module reached through a cross-module $ref. Each expected pointer is where the
// single fault was planted.

import { describe, expect, it } from "vitest";
import { createWire, type SchemaDocument } from "../../runtime/index.js";

const base = "https://statute.dev/schema/";
const int = (max: number) => ({ type: "integer", minimum: 0, maximum: max });
const variant = (kind: string, props: Record<string, unknown>) => ({
  type: "object",
  properties: { kind: { const: kind }, ...props },
  required: ["kind", ...Object.keys(props)],
  additionalProperties: false,
});

const a: SchemaDocument = {
  $id: `${base}a.schema.json`,
  $defs: {
    Verdict: { oneOf: [variant("Restart", { pause_ms: int(1000) }), variant("GiveUp", {}), variant("Back", { last_ms: int(1000), at_ms: int(1000) })] },
    Gate: { type: "string", enum: ["Open", "Closed"] },
  },
};
const b: SchemaDocument = {
  $id: `${base}b.schema.json`,
  $defs: {
    Facts: {
      type: "object",
      properties: {
        history: { type: "array", items: { $ref: "a.schema.json#/$defs/Verdict" }, maxItems: 3 },
        last: { oneOf: [{ type: "null" }, { $ref: "a.schema.json#/$defs/Verdict" }] },
        gate: { $ref: "a.schema.json#/$defs/Gate" },
        note: { type: "string", maxLength: 4 },
      },
      required: ["history", "last", "gate", "note"],
      additionalProperties: false,
    },
  },
};

const wire = createWire({ schemas: { a, b } });
const good = { history: [{ kind: "Restart", pause_ms: 5 }, { kind: "GiveUp" }], last: { kind: "Back", last_ms: 3, at_ms: 2 }, gate: "Open", note: "ok" };
const fault = (raw: unknown) => {
  const r = wire.decode("b", "Facts", raw);
  if (r.ok) throw new Error(`accepted ${JSON.stringify(raw)}`);
  return { pointer: r.error.pointer, expected: r.error.expected };
};

describe("createWire: one fault, at its pointer, with what was expected", () => {
  it("accepts a valid message across modules", () => {
    expect(wire.decode("b", "Facts", JSON.stringify(good))).toEqual({ ok: true, value: good });
  });

  it("a union member with a bad payload is judged by its own tag, not by the other variants", () => {
    const bad = { ...good, history: [{ kind: "Restart", pause_ms: 5 }, { kind: "Back", last_ms: 3, at_ms: 2000 }] };
    expect(fault(bad)).toEqual({ pointer: "/history/1/at_ms", expected: "an integer from 0 to 1000" });
  });

  it("an extra field on a tagged variant points at the field, with the variant's own fields", () => {
    expect(fault({ ...good, history: [{ kind: "GiveUp", pause_ms: 5 }] })).toEqual({ pointer: "/history/0/pause_ms", expected: 'no field "pause_ms" (allowed: kind)' });
  });

  it("an unknown tag lists the tags that exist", () => {
    expect(fault({ ...good, last: { kind: "Later" } })).toEqual({ pointer: "/last/kind", expected: 'one of "Restart", "GiveUp", "Back"' });
  });

  it("a missing tag is reported before the fields the variants disagree about", () => {
    expect(fault({ ...good, last: { pause_ms: 5 } })).toEqual({ pointer: "/last/kind", expected: 'a field "kind" (required)' });
  });

  it("an option of a union: a wrong payload is not blamed on the null branch", () => {
    expect(fault({ ...good, last: { kind: "Restart" } })).toEqual({ pointer: "/last/pause_ms", expected: 'a field "pause_ms" (required)' });
  });

  it("an option of a union given a number expects null or an object", () => {
    expect(fault({ ...good, last: 7 })).toEqual({ pointer: "/last", expected: "null or an object" });
  });

  it("enum, string length, list length and a non-object", () => {
    expect(fault({ ...good, gate: "Ajar" })).toEqual({ pointer: "/gate", expected: 'one of "Open", "Closed"' });
    expect(fault({ ...good, note: "too long" })).toEqual({ pointer: "/note", expected: "a string of at most 4 characters" });
    expect(fault({ ...good, history: [{ kind: "GiveUp" }, { kind: "GiveUp" }, { kind: "GiveUp" }, { kind: "GiveUp" }] })).toEqual({ pointer: "/history", expected: "a list of at most 3 items" });
    expect(fault("[1, 2]")).toEqual({ pointer: "", expected: "an object" });
  });

  it("a field name with / and ~ is escaped in the pointer (RFC 6901)", () => {
    expect(fault({ ...good, "a/b~c": 1 }).pointer).toBe("/a~1b~0c");
  });

  it("text that is not JSON, and an unknown message type, are errors, not throws", () => {
    expect(fault("{\"history\": ")).toMatchObject({ pointer: "", expected: "JSON text" });
    const r = wire.decode("b", "Nope", "{}");
    expect(r.ok).toBe(false);
    expect(wire.decode("zz", "Facts", "{}").ok).toBe(false);
  });

  it("the same bad message always gets the same report", () => {
    const bad = { history: [{ kind: "X" }, 5], last: { kind: "Back" }, gate: 1, note: 2, extra: true };
    const first = wire.decode("b", "Facts", bad);
    for (let i = 0; i < 5; i++) expect(createWire({ schemas: { b, a } }).decode("b", "Facts", bad)).toEqual(first);
  });

  it("a model that throws is reported as an error, never raised", () => {
    const gen = { machines: {}, decisions: { D: { rules: [], decide: () => { throw new Error("boom"); } } } };
    const w = createWire({ schemas: { m: { $id: `${base}m.schema.json`, $defs: { DFacts: { type: "object", properties: {}, additionalProperties: false } } } } });
    const r = w.decide("m", gen, "D", "{}");
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.message).toContain("boom");
  });

  it("encode is JSON text of the value", () => {
    expect(wire.encode({ kind: "Restart", pause_ms: 250 })).toBe('{"kind":"Restart","pause_ms":250}');
  });
});
