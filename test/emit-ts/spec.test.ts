// The TypeScript emitter on the real spec/*.yaml, judged by an independent oracle: the IR
// interpreter (generator/interpret). The emitted code type-checks strictly, agrees with every
// example of the spec, and agrees with the interpreter step by step on random traces of the
// machines whose events carry only numbers and booleans.

import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compileSpecs } from "../../generator/check/index.js";
import { emitTs } from "../../generator/emit/ts/index.js";
import { evalExpr, initialState, stepMachine, type Value } from "../../generator/interpret/index.js";
import type { Expr } from "../../generator/ir/expr.js";
import type { Program } from "../../generator/ir/module.js";
import type { Type } from "../../generator/ir/types.js";
import { loadEmitted, removeScratch, typeErrors } from "./harness.js";

interface Entry {
  readonly initial?: () => unknown;
  readonly step?: (s: unknown, e: unknown) => { state: unknown; output: unknown; rule: string };
  readonly decide?: (f: unknown) => { verdict: unknown; rule: string };
}
type Loaded = { machines: Record<string, Entry>; decisions: Record<string, Entry> };

const compiled = compileSpecs(process.cwd());
if (!compiled.ok) throw new Error(`spec/*.yaml does not compile: ${JSON.stringify(compiled.diagnostics.slice(0, 3))}`);
const program: Program = compiled.program;
const files = emitTs(program, {});
const loaded = new Map<string, Loaded>();
const closed = (e: Expr): Value => evalExpr(e, new Map(), program);

afterAll(removeScratch);
beforeAll(async () => {
  for (const m of program.modules) loaded.set(m.name, (await loadEmitted(files, m.name)) as unknown as Loaded);
});

const entry = (module: string, kind: "machines" | "decisions", name: string): Entry => {
  const e = loaded.get(module)?.[kind][name];
  if (e === undefined) throw new Error(`no ${kind} entry ${module}.${name}`);
  return e;
};

describe("emitTs on spec/*.yaml", () => {
  it("type-checks strictly", () => {
    expect(typeErrors(files)).toEqual([]);
  });

  it("compares no path through an `as` cast (narrowing is followed instead)", () => {
    for (const f of files) expect(f.content).not.toMatch(/\([\w.$]+ as [A-Z]\w*\) [!=]==/);
  });

  for (const m of program.modules) {
    for (const ex of m.examples) {
      it(`${m.name}: example ${ex.name}`, () => {
        const body = ex.body;
        if (body.kind === "decision") {
          const got = entry(body.decision.module, "decisions", body.decision.name).decide?.(closed(body.facts));
          expect(got?.verdict).toEqual(closed(body.verdict));
          return;
        }
        const machine = entry(body.machine.module, "machines", body.machine.name);
        let s = machine.initial?.();
        body.events.forEach((ev, i) => {
          const r = machine.step?.(s, closed(ev));
          expect(r?.output, `output #${i + 1}`).toEqual(closed(body.outputs[i] as Expr));
          s = r?.state;
        });
        for (const a of body.state) expect((s as Record<string, unknown>)[a.field]).toEqual(closed(a.value));
      });
    }
  }

  const scalar = (t: Type): fc.Arbitrary<Value> | null =>
    t.kind === "bool" ? fc.boolean()
    : t.kind === "nat" ? fc.oneof(fc.integer({ min: t.min, max: t.max ?? 2_000_000 }), fc.constantFrom(t.min, 899_999, 900_000, 900_001))
    : t.kind === "int" ? fc.integer({ min: -1000, max: 1000 })
    : null;

  for (const m of program.modules) {
    for (const machine of m.machines) {
      const events = m.types.find((d) => d.name === machine.event.name);
      if (events?.kind !== "union") continue;
      const arbs = events.variants.map((v) => {
        const fields: [string, fc.Arbitrary<Value>][] = [];
        for (const f of v.fields) {
          const a = scalar(f.type);
          if (a === null) return null;
          fields.push([f.name, a]);
        }
        return fc.record(Object.fromEntries(fields)).map((payload): Value => ({ kind: v.name, ...payload }));
      });
      if (arbs.some((a) => a === null) || arbs.length === 0) continue;
      it(`${m.name}: ${machine.name} steps agree with the interpreter on random traces`, () => {
        const emitted = entry(m.name, "machines", machine.name);
        const ref = { module: m.name, name: machine.name };
        fc.assert(
          fc.property(fc.array(fc.oneof(...(arbs as fc.Arbitrary<Value>[])), { maxLength: 12 }), (trace) => {
            let model = initialState(program, ref);
            let got = emitted.initial?.();
            expect(got).toEqual(model);
            for (const ev of trace) {
              const want = stepMachine(program, ref, model, ev);
              const r = emitted.step?.(got, ev);
              expect(r).toEqual(want);
              model = want.state;
              got = r?.state;
            }
          }),
          { numRuns: 300, seed: 20240601 },
        );
      });
    }
  }
});
