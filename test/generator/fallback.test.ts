// A record type's `fallback:` is what `nth_or(list, i)` gives past the list's end, so the record
// literal is written once, not at every `nth_or`: the checker expands it where it is used (the IR
// holds the 3-argument call, so every target is unchanged), and a type without one is an error.

import { describe, expect, it } from "vitest";
import { compileSpecs } from "../../generator/check/index.js";
import { formatDiagnostics } from "../../generator/diagnostics/format.js";
import { runMachine } from "../../generator/interpret/machine.js";

const spec = (fallback: string): string => `# yaml-language-server: $schema=../generator/spec.schema.json
module: slots
doc: slots read past their end
types:
  Slot:
    doc: one slot
    record:
      used: { type: bool, doc: taken }
      tries: { type: nat, doc: attempts }
${fallback}
machines:
  Slots:
    doc: the slots
    state:
      slots: { type: "list<Slot> max 2", init: "[Slot { used: true, tries: 1 }]", doc: the slots }
    events:
      Read: { doc: read a slot, fields: { i: "nat 0..3" } }
    output: nat
    on:
      Read:
        branches:
          - { id: read, emit: "nth_or(s.slots, e.i).tries" }
`;
const compile = (fallback: string) => compileSpecs("/", ["spec/slots.yaml"], () => spec(fallback));

describe("record fallback", () => {
  it("nth_or(list, i) reads the record type's fallback past the end", () => {
    const r = compile("    fallback: { used: false, tries: 7 }");
    if (!r.ok) throw new Error(formatDiagnostics(r.diagnostics, r.texts));
    const run = runMachine(r.program, { module: "slots", name: "Slots" }, [{ kind: "Read", i: 0 }, { kind: "Read", i: 3 }]);
    expect(run.outputs).toEqual([1, 7]);
  });

  it("without a fallback, nth_or needs its third argument, said at the call", () => {
    const r = compile("");
    expect(r.ok).toBe(false);
    expect(r.ok ? "" : formatDiagnostics(r.diagnostics, r.texts)).toContain("nth_or takes 3 arguments unless its element type is a record with a 'fallback:' (Slot has none)");
  });

  it("a fallback key that is no field is named", () => {
    const r = compile("    fallback: { used: false, tries: 7, tires: 1 }");
    expect(r.ok ? "" : formatDiagnostics(r.diagnostics, r.texts)).toContain("unknown key 'tires'");
  });
});
