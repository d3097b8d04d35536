// List lengths the spec fixes: `list<T> len N` (exactly N) and `list<T> min N max M` reach the
// JSON Schema as minItems/maxItems, so the wire (and a restored state) refuses a list of the wrong
// length; the checker prints them back in its own words; a least length above the bound is an error.

import { describe, expect, it } from "vitest";
import { compileSpecs } from "../../generator/check/index.js";
import { formatDiagnostics } from "../../generator/diagnostics/format.js";
import { emitSchema } from "../../generator/emit/schema/index.js";
import { createWire, type SchemaDocument } from "../../runtime/wire.js";

const spec = (jobs: string): string => `# yaml-language-server: $schema=../generator/spec.schema.json
module: slots
doc: slots of fixed number
machines:
  Slots:
    doc: the slots
    state:
      jobs: { type: "${jobs}", init: "[0, 0]", doc: one entry per slot }
      seen: { type: "list<nat> min 1 max 3", init: "[0]", doc: at least one }
    events:
      Tick: { doc: a tick }
    output: bool
    on:
      Tick:
        branches:
          - { id: tick, emit: "true" }
`;
const compile = (jobs: string) => compileSpecs("/", ["spec/slots.yaml"], () => spec(jobs));

describe("fixed and least list lengths", () => {
  it("len N and min N max M are minItems and maxItems in the schema, and the wire refuses a short list", () => {
    const r = compile("list<nat> len 2");
    if (!r.ok) throw new Error(formatDiagnostics(r.diagnostics, r.texts));
    const file = emitSchema(r.program, {}).find((f) => f.path === "schema/slots.schema.json");
    const doc = JSON.parse(file?.content ?? "{}") as SchemaDocument & { $defs: { SlotsState: { properties: Record<string, { minItems?: number; maxItems: number }> } } };
    expect(doc.$defs.SlotsState.properties["jobs"]).toMatchObject({ minItems: 2, maxItems: 2 });
    expect(doc.$defs.SlotsState.properties["seen"]).toMatchObject({ minItems: 1, maxItems: 3 });
    const wire = createWire({ schemas: { slots: doc } });
    expect(wire.decode("slots", "SlotsState", '{"jobs":[0,0],"seen":[1]}').ok).toBe(true);
    const short = wire.decode("slots", "SlotsState", '{"jobs":[],"seen":[1]}');
    expect(short.ok).toBe(false);
    expect(short.ok ? "" : short.error.pointer).toBe("/jobs");
  });

  it("a least length above the bound is a positioned error", () => {
    const r = compile("list<nat> min 3 max 2");
    expect(r.ok).toBe(false);
    expect(r.ok ? "" : formatDiagnostics(r.diagnostics, r.texts)).toContain("the least length 3 is above the bound 2");
  });
});
