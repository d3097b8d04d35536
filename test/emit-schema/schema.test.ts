// Tests of the JSON Schema target: every emitted schema compiles under ajv's strict mode, the
// interpreter's states, events, outputs, facts and verdicts validate, malformed wire values of
// many kinds are rejected, and the output is byte-deterministic with a fixed shape.

import { Ajv2020 } from "ajv/dist/2020.js";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { emitSchema, SCHEMA_BASE } from "../../generator/emit/schema/index.js";
import type { Program } from "../../generator/ir/module.js";
import { decide, runMachine, type Value } from "../../generator/interpret/index.js";
import { BUDGET, FLEET, PAUSE_OF, program, REVIVE } from "../interpret/fixture.js";

const ctx = {};

/** An ajv holding every module's schema, and a validator per `$defs` entry. */
function load(prog: Program) {
  const ajv = new Ajv2020({ strict: true, allErrors: true });
  const docs = emitSchema(prog, ctx).map((f) => JSON.parse(f.content) as { $id: string; $defs: Record<string, unknown> });
  for (const d of docs) ajv.addSchema(d);
  const validator = (module: string, name: string) => {
    const v = ajv.getSchema(`${SCHEMA_BASE}${module}.schema.json#/$defs/${name}`);
    if (v === undefined) throw new Error(`no schema for ${module}.${name}`);
    return v;
  };
  return { ajv, docs, validator };
}

describe("compiles under ajv strict mode", () => {
  it("every $defs entry of every module", () => {
    const { docs, validator } = load(program);
    expect(docs.map((d) => d.$id)).toEqual([`${SCHEMA_BASE}fleet.schema.json`, `${SCHEMA_BASE}restart.schema.json`]);
    for (const d of docs) {
      const module = d.$id.slice(SCHEMA_BASE.length, -".schema.json".length);
      for (const name of Object.keys(d.$defs)) expect(() => validator(module, name)).not.toThrow();
    }
  });

  it("is strict indeed: the same ajv setup refuses an unknown keyword", () => {
    const ajv = new Ajv2020({ strict: true, allErrors: true });
    expect(() => ajv.compile({ type: "integer", minimumm: 0 })).toThrow(/unknown keyword/);
  });

  it("has a def for each type, machine state/event, facts, unnamed output and verdict", () => {
    const { docs } = load(program);
    const names = (i: number) => Object.keys(docs[i]?.$defs ?? {});
    expect(names(0)).toEqual(["FleetEvent", "FleetOutput", "FleetState", "Worker"]);
    // Revive's verdict and RestartBudget's output are named types: no alias for them.
    expect(names(1)).toEqual(["Gate", "PauseOfFacts", "PauseOfVerdict", "RestartBudgetEvent", "RestartBudgetState", "Revival", "ReviveFacts", "Verdict"]);
  });
});

describe("values the interpreter produces validate", () => {
  const { validator } = load(program);
  const state = validator("restart", "RestartBudgetState");
  const event = validator("restart", "RestartBudgetEvent");
  const verdict = validator("restart", "Verdict");

  it("every state and output of random restart traces", () => {
    const at = fc.integer({ min: 0, max: 100_000_000_000_000 });
    fc.assert(
      fc.property(fc.array(at, { maxLength: 12 }), (times) => {
        const events: Value[] = times.map((at_ms) => ({ kind: "Failure", at_ms }));
        const run = runMachine(program, BUDGET, events);
        for (const e of events) expect(event(e), JSON.stringify(event.errors)).toBe(true);
        for (const s of run.states) expect(state(s), JSON.stringify(state.errors)).toBe(true);
        for (const o of run.outputs) expect(verdict(o), JSON.stringify(verdict.errors)).toBe(true);
      }),
    );
  });

  it("every state and output of random fleet traces (imported refs resolve)", () => {
    const fleetState = validator("fleet", "FleetState");
    const output = validator("fleet", "FleetOutput");
    const ev = fc.oneof(fc.record({ kind: fc.constant("Fail"), worker: fc.integer({ min: 0, max: 2 }) }), fc.constant({ kind: "Reset" }));
    fc.assert(
      fc.property(fc.array(ev, { maxLength: 10 }), (events) => {
        const run = runMachine(program, FLEET, events);
        for (const s of run.states) expect(fleetState(s), JSON.stringify(fleetState.errors)).toBe(true);
        for (const o of run.outputs) expect(output(o), JSON.stringify(output.errors)).toBe(true);
      }),
    );
  });

  it("facts and verdicts of both decisions", () => {
    const facts = { gate: "Open", last: { kind: "Restart", pause_ms: 10 }, age_ms: null };
    expect(validator("restart", "ReviveFacts")(facts)).toBe(true);
    expect(validator("restart", "Revival")(decide(program, REVIVE, facts).verdict)).toBe(true);
    expect(validator("restart", "PauseOfVerdict")(decide(program, PAUSE_OF, { last: facts.last }).verdict)).toBe(true);
  });
});

describe("malformed wire values are rejected", () => {
  const { validator } = load(program);
  const ok = { failures: [1, 2], given_up: false };
  const cases: [string, string, string, unknown][] = [
    ["wrong tag", "restart", "RestartBudgetEvent", { kind: "Crash", at_ms: 1 }],
    ["missing tag", "restart", "RestartBudgetEvent", { at_ms: 1 }],
    ["extra field", "restart", "RestartBudgetState", { ...ok, extra: 1 }],
    ["extra field in a variant", "restart", "Verdict", { kind: "GiveUp", pause_ms: 1 }],
    ["missing field", "restart", "RestartBudgetState", { failures: [] }],
    ["negative ms", "restart", "RestartBudgetEvent", { kind: "Failure", at_ms: -1 }],
    ["fractional ms", "restart", "RestartBudgetEvent", { kind: "Failure", at_ms: 1.5 }],
    ["a number past 10^14", "restart", "RestartBudgetEvent", { kind: "Failure", at_ms: 100_000_000_000_001 }],
    ["a string for a number", "restart", "RestartBudgetEvent", { kind: "Failure", at_ms: "5" }],
    ["null record", "restart", "RestartBudgetState", null],
    ["null field", "restart", "RestartBudgetState", { failures: null, given_up: false }],
    ["wrong nesting", "restart", "ReviveFacts", { gate: "Open", last: { kind: "Restart", pause_ms: { pause_ms: 5 } }, age_ms: 1 }],
    ["a tag where a union value goes", "restart", "PauseOfFacts", { last: "GiveUp" }],
    ["oversized list", "restart", "RestartBudgetState", { failures: [1, 2, 3, 4, 5, 6], given_up: false }],
    ["a non-object (array)", "restart", "RestartBudgetState", [[], false]],
    ["a non-object (string)", "restart", "RestartBudgetEvent", "Failure"],
    ["a bool as a number", "restart", "RestartBudgetState", { failures: [true], given_up: false }],
    ["a number as a bool", "restart", "RestartBudgetState", { failures: [], given_up: 0 }],
    ["unknown enum member", "restart", "ReviveFacts", { gate: "Ajar", last: { kind: "GiveUp" }, age_ms: null }],
    ["option of the wrong type", "restart", "ReviveFacts", { gate: "Open", last: { kind: "GiveUp" }, age_ms: "none" }],
    ["above a range", "fleet", "FleetEvent", { kind: "Fail", worker: 3 }],
    ["bad value behind an imported ref", "fleet", "Worker", { fails: 0, gate: "Ajar" }],
    ["list of lists", "fleet", "FleetState", { workers: [[{ fails: 0, gate: "Open" }]], last: null }],
    ["unbounded nat output past 10^14", "fleet", "FleetOutput", 100_000_000_000_001],
  ];
  it.each(cases)("%s", (_, module, name, value) => {
    expect(validator(module, name)(value)).toBe(false);
  });

  it("the bounds themselves are accepted", () => {
    expect(validator("restart", "RestartBudgetEvent")({ kind: "Failure", at_ms: 100_000_000_000_000 })).toBe(true);
    expect(validator("restart", "RestartBudgetEvent")({ kind: "Failure", at_ms: 0 })).toBe(true);
    expect(validator("restart", "RestartBudgetState")({ failures: [1, 2, 3, 4, 5], given_up: true })).toBe(true);
    expect(validator("fleet", "FleetEvent")({ kind: "Fail", worker: 2 })).toBe(true);
  });
});

describe("file shape and determinism", () => {
  const files = emitSchema(program, ctx);

  it("same bytes on every run and from a structurally equal copy of the program", () => {
    const copy = JSON.parse(JSON.stringify(program)) as Program;
    expect(emitSchema(program, ctx)).toEqual(files);
    expect(emitSchema(copy, ctx)).toEqual(files);
  });

  it("paths, header key, key order, LF and trailing newline", () => {
    expect(files.map((f) => f.path)).toEqual(["schema/fleet.schema.json", "schema/restart.schema.json"]);
    for (const f of files) {
      expect(f.content.endsWith("}\n")).toBe(true);
      expect(f.content).not.toContain("\r");
      const doc = JSON.parse(f.content) as Record<string, unknown>;
      expect(Object.keys(doc)).toEqual(["$comment", "$schema", "$id", "title", "description", "$defs"]);
      expect(f.content).toBe(`${JSON.stringify(doc, null, 2)}\n`);
    }
    const restart = JSON.parse(files[1]?.content ?? "{}") as Record<string, unknown>;
    expect(restart["$comment"]).toBe("Code generated by statute from spec/restart.yaml. DO NOT EDIT.");
    expect(restart["$schema"]).toBe("https://json-schema.org/draft/2020-12/schema");
    // Title: the doc's first sentence; description: the whole doc.
    expect(restart["title"]).toBe("A worker failing more than 5 times in the restart window is given up.");
    expect(restart["description"]).toBe(program.modules[0]?.doc);
  });

  it("records keep declaration order and require every field", () => {
    const restart = JSON.parse(files[1]?.content ?? "{}") as { $defs: Record<string, { properties: object; required: string[] }> };
    const facts = restart.$defs["ReviveFacts"];
    expect(Object.keys(facts?.properties ?? {})).toEqual(["gate", "last", "age_ms"]);
    expect(facts?.required).toEqual(["gate", "last", "age_ms"]);
  });
});

describe("WIRE_MAX_MS", () => {
  const withWireMax = (value: number | null): Program => {
    const [restart, fleet] = program.modules as [Program["modules"][0], Program["modules"][0]];
    const constants = restart.constants.filter((c) => c.name !== "WIRE_MAX_MS");
    const wire = restart.constants.find((c) => c.name === "WIRE_MAX_MS");
    if (wire === undefined) throw new Error("fixture lost WIRE_MAX_MS");
    return { modules: [{ ...restart, constants: value === null ? constants : [...constants, { ...wire, value }] }, fleet] };
  };

  it("a module's own constant bounds its nats; an importer takes it too", () => {
    const { validator } = load(withWireMax(1000));
    expect(validator("restart", "RestartBudgetEvent")({ kind: "Failure", at_ms: 1000 })).toBe(true);
    expect(validator("restart", "RestartBudgetEvent")({ kind: "Failure", at_ms: 1001 })).toBe(false);
    expect(validator("fleet", "FleetOutput")(1001)).toBe(false);
  });

  it("without the constant, 10^14", () => {
    const { validator } = load(withWireMax(null));
    expect(validator("restart", "RestartBudgetEvent")({ kind: "Failure", at_ms: 100_000_000_000_000 })).toBe(true);
    expect(validator("restart", "RestartBudgetEvent")({ kind: "Failure", at_ms: 100_000_000_000_001 })).toBe(false);
  });
});
