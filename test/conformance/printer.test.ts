// The counterexample printer: values back into spec syntax. Hand-checked renderings of each
// type, then the real test: random traces and facts of the fixture spec, printed as `examples`
// entries with the interpreter's outputs, pasted into a copy of the spec, compile and pass.

import { readFileSync, writeFileSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { arbContext, factsArb, freshMemory, resolveEvent, traceArb, traceShape } from "../../generator/arbitrary/index.js";
import { exampleYaml, specExpr } from "../../generator/conformance/index.js";
import { decide, initialState, runExample, stepMachine, type Value } from "../../generator/interpret/index.js";
import { MS, NAT, type Type } from "../../generator/ir/types.js";
import { compiled, FIXTURES, removeScratch, scratchDir } from "./specs.js";

const program = compiled(FIXTURES);
const fleet = program.modules[0];
if (fleet === undefined) throw new Error("no fixture module");
const named = (name: string): Type => ({ kind: "named", ref: { module: "fleet", name } });
const dir = scratchDir("printer");
afterAll(() => removeScratch(dir));

describe("specExpr", () => {
  it("prints ms with its unit and plain nats without", () => {
    expect(specExpr(program, MS, 900000)).toBe("900000ms");
    expect(specExpr(program, NAT, 3)).toBe("3");
  });
  it("prints options, lists, strings, enums, unions and records in spec syntax", () => {
    expect(specExpr(program, { kind: "option", of: MS }, null)).toBe("none");
    expect(specExpr(program, { kind: "option", of: MS }, 5)).toBe("some(5ms)");
    expect(specExpr(program, { kind: "list", of: MS, max: 3 }, [1, 2])).toBe("[1ms, 2ms]");
    expect(specExpr(program, { kind: "string" }, 'a"b')).toBe('"a\\"b"');
    expect(specExpr(program, named("Gate"), "Closed")).toBe("Closed");
    expect(specExpr(program, named("Answer"), { kind: "Busy" })).toBe("Busy");
    expect(specExpr(program, named("Answer"), { kind: "Quiesced", worker: 1, until_ms: 31000 })).toBe("Quiesced { worker: 1, until_ms: 31000ms }");
    expect(specExpr(program, named("Worker"), { gate: "Open", busy: false, closed_at: null, starts: 0 })).toBe(
      "Worker { gate: Open, busy: false, closed_at: none, starts: 0 }",
    );
  });
});

describe("exampleYaml", () => {
  it("prints random traces and facts as examples that compile and pass in a copy of the spec", () => {
    const ctx = arbContext(program, fleet);
    const machine = fleet.machines[0];
    const decision = fleet.decisions[0];
    if (machine === undefined || decision === undefined) throw new Error("fixture lacks a machine or decision");
    const ref = { module: "fleet", name: machine.name };
    const shape = traceShape(ctx, machine);
    const entries: string[] = [];
    fc.sample(traceArb(ctx, shape, 12), { numRuns: 15, seed: 7 }).forEach((plans, i) => {
      let s = initialState(program, ref);
      let memory = freshMemory;
      const events: Value[] = [];
      const outputs: Value[] = [];
      for (const p of plans) {
        const r = resolveEvent(shape, p, s, memory);
        memory = r.memory;
        const step = stepMachine(program, ref, s, r.event);
        events.push(r.event);
        outputs.push(step.output);
        s = step.state;
      }
      if (events.length === 0) return;
      entries.push(exampleYaml(program, { name: `printed_trace_${i}`, doc: "printed", machine: ref, eventType: { kind: "named", ref: machine.event }, outputType: machine.output, events, outputs }));
    });
    const dref = { module: "fleet", name: decision.name };
    fc.sample(factsArb(ctx, "fleet", decision), { numRuns: 15, seed: 7 }).forEach((facts, i) => {
      const verdict = decide(program, dref, facts).verdict;
      entries.push(exampleYaml(program, { name: `printed_facts_${i}`, doc: "printed", decision: dref, factsType: decision.facts, verdictType: decision.verdict, facts, verdict }));
    });
    expect(entries.length).toBeGreaterThan(20);
    const text = readFileSync(join(FIXTURES, "spec", "fleet.yaml"), "utf8").replace(/\nexplore:/, `\n${entries.join("\n")}\nexplore:`);
    mkdirSync(join(dir, "spec"), { recursive: true });
    writeFileSync(join(dir, "spec", "fleet.yaml"), text);
    const copy = compiled(dir);
    const printed = copy.modules[0]?.examples.filter((x) => x.name.startsWith("printed_")) ?? [];
    expect(printed.length).toBe(entries.length);
    for (const x of printed) expect(runExample(copy, x).mismatches).toEqual([]);
  });
});
