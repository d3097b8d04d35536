// runtime/itf.ts: ITF values are type-directed both ways; integers are {"#bigint"}, unions,
// enums and options are { tag, value } with the empty tuple as unit; a malformed trace is an
// ItfError naming where, never a crash.

import { describe, expect, it } from "vitest";
import { fromItf, ItfError, readItf, toItf, writeItf, type ItfType } from "../../runtime/itf.js";

const verdict: ItfType = {
  kind: "union",
  variants: [
    { name: "Restart", fields: [{ name: "pause_ms", type: { kind: "int" } }] },
    { name: "GiveUp", fields: [] },
  ],
};
const gate: ItfType = { kind: "enum", members: ["Open", "Closed"] };
const worker: ItfType = {
  kind: "record",
  fields: [
    { name: "running", type: { kind: "bool" } },
    { name: "gate", type: gate },
    { name: "stamp", type: { kind: "option", of: { kind: "int" } } },
    { name: "times", type: { kind: "list", of: { kind: "int" } } },
  ],
};

describe("ITF values", () => {
  it("encodes integers as #bigint and variants as tag/value", () => {
    expect(toItf(250, { kind: "int" })).toEqual({ "#bigint": "250" });
    expect(toItf({ kind: "Restart", pause_ms: 500 }, verdict)).toEqual({ tag: "Restart", value: { pause_ms: { "#bigint": "500" } } });
    expect(toItf({ kind: "GiveUp" }, verdict)).toEqual({ tag: "GiveUp", value: { "#tup": [] } });
    expect(toItf("Closed", gate)).toEqual({ tag: "Closed", value: { "#tup": [] } });
    expect(toItf(null, { kind: "option", of: { kind: "int" } })).toEqual({ tag: "None", value: { "#tup": [] } });
    expect(toItf(7, { kind: "option", of: { kind: "int" } })).toEqual({ tag: "Some", value: { "#bigint": "7" } });
  });

  it("round-trips records with every kind of field", () => {
    for (const w of [
      { running: true, gate: "Open", stamp: null, times: [] },
      { running: false, gate: "Closed", stamp: 9_007_199_254_740_991, times: [0, 1, 900_000] },
    ]) {
      const json = JSON.parse(JSON.stringify(toItf(w, worker)));
      expect(fromItf(json, worker)).toEqual(w);
    }
  });

  it("reads plain JSON numbers and {} as a unit payload, as other ITF writers emit them", () => {
    expect(fromItf(42, { kind: "int" })).toBe(42);
    expect(fromItf({ tag: "GiveUp", value: {} }, verdict)).toEqual({ kind: "GiveUp" });
    expect(fromItf({ tag: "None", value: {} }, { kind: "option", of: gate })).toBeNull();
  });

  it("rejects values of the wrong shape with the path of the part", () => {
    expect(() => toItf({ kind: "Restart" }, verdict)).toThrow(/no field 'pause_ms'/);
    expect(() => toItf("Ajar", gate)).toThrow(ItfError);
    expect(() => fromItf({ running: true, gate: { tag: "Ajar", value: {} }, stamp: null, times: [] }, worker)).toThrow(/\$\.gate: not a member: Ajar/);
    expect(() => fromItf({ "#bigint": "1e3" }, { kind: "int" })).toThrow(/#bigint/);
    expect(() => fromItf({ "#bigint": "9007199254740993" }, { kind: "int" })).toThrow(/safe integer/);
    expect(() => fromItf({ tag: "Maybe", value: 1 }, { kind: "option", of: { kind: "int" } })).toThrow(/Some or None/);
  });
});

describe("ITF traces", () => {
  const trace = {
    "#meta": { format: "ITF" },
    vars: ["x"],
    states: [
      { "#meta": { index: 0 }, x: { "#bigint": "0" } },
      { "#meta": { index: 1 }, x: { "#bigint": "1" } },
    ],
  };

  it("writes two-space JSON with a trailing newline and reads it back", () => {
    const text = writeItf(trace);
    expect(text.endsWith("}\n")).toBe(true);
    expect(text).toContain('\n  "vars": [');
    expect(readItf(text)).toEqual(trace);
  });

  it("rejects a trace without vars, or a state missing a var", () => {
    expect(() => readItf("{")).toThrow(/not JSON/);
    expect(() => readItf(JSON.stringify({ "#meta": {}, states: [] }))).toThrow(/vars/);
    expect(() => readItf(JSON.stringify({ ...trace, states: [{ "#meta": { index: 0 } }] }))).toThrow(/no variable 'x'/);
  });
});
