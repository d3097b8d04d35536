// The runtime wire on every module of spec/*.yaml, with the generated code and schemas the
// daemon loads. Named after the laws: `*_wire_*` (round trip; malformed input refused at the
// right JSON pointer, never reaching the model, never changing state) and `*_ffi_*` (the runtime
// entry answers as the model, the IR interpreter, on every example). New modules are covered
// as they appear: everything below is derived from the compiled program.

import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { decide, runMachine, type Value } from "../../generator/interpret/index.js";
import type { Type } from "../../generator/ir/types.js";
import { type GeneratedModel, MachineHolder } from "../../runtime/index.js";
import { conforms, fill, sample } from "./ir-values.js";
import { malformations } from "./malformed.js";
import { boundOf, closed, lawName, loadGen, program, schemas, targets, wire } from "./specs.js";

const gens = new Map<string, GeneratedModel>();
for (const m of program.modules) gens.set(m.name, await loadGen(m.name));
const genOf = (module: string): GeneratedModel => gens.get(module) as GeneratedModel;

/** The generated module with every model call counted, to prove a refused message never got there. */
function spied(gen: GeneratedModel): { gen: GeneratedModel; calls: () => number } {
  let n = 0;
  const machines = Object.fromEntries(Object.entries(gen.machines).map(([k, e]) => [k, { ...e, initial: e.initial, step: (s: unknown, ev: unknown) => (n++, e.step(s, ev)) }]));
  const decisions = Object.fromEntries(Object.entries(gen.decisions).map(([k, e]) => [k, { ...e, decide: (f: unknown) => (n++, e.decide(f)) }]));
  return { gen: { machines, decisions }, calls: () => n };
}

/** `$defs` name of an output or verdict type: the named type, else the emitter's alias. */
const defOf = (home: string, t: Type, alias: string): { module: string; name: string } => (t.kind === "named" ? t.ref : { module: home, name: alias });

describe("generated schemas under ajv 2020 strict", () => {
  for (const [module, doc] of Object.entries(schemas)) {
    it(`${module}.schema.json: every $defs entry compiles`, () => {
      const ajv = new Ajv2020({ strict: true, allErrors: true });
      for (const d of Object.values(schemas)) ajv.addSchema(d as object);
      for (const name of Object.keys(doc.$defs)) {
        expect(ajv.getSchema(`${doc.$id}#/$defs/${name}`), name).toBeTypeOf("function");
        expect(wire.validator(module, name), name).toBeTypeOf("function");
      }
    });
  }
  it("every spec module has its schema", () => {
    expect(Object.keys(schemas).sort()).toEqual(program.modules.map((m) => m.name).sort());
  });
});

for (const m of program.modules) {
  describe(`module ${m.name}`, () => {
    it("the schemas accept the facts, events, states, outputs and verdicts of every example as the generated code computes them", () => {
      const valid = (module: string, name: string, v: unknown): void => {
        const f = wire.validator(module, name);
        expect(f?.(v), `${module}.${name} ${JSON.stringify(v)}: ${JSON.stringify(f?.errors)}`).toBe(true);
      };
      for (const ex of m.examples) {
        const body = ex.body;
        if (body.kind === "decision") {
          const d = program.modules.find((x) => x.name === body.decision.module)?.decisions.find((x) => x.name === body.decision.name);
          if (d === undefined) throw new Error(`no decision ${body.decision.name}`);
          const r = wire.decide(body.decision.module, genOf(body.decision.module), d.name, closed(body.facts));
          if (!r.ok) throw new Error(r.error.message);
          const out = defOf(body.decision.module, d.verdict, `${d.name}Verdict`);
          valid(out.module, out.name, r.value.verdict);
          continue;
        }
        const mc = program.modules.find((x) => x.name === body.machine.module)?.machines.find((x) => x.name === body.machine.name);
        if (mc === undefined) throw new Error(`no machine ${body.machine.name}`);
        const holder = new MachineHolder(wire, body.machine.module, genOf(body.machine.module), mc.name);
        valid(mc.state.module, mc.state.name, holder.state);
        for (const ev of body.events) {
          const r = holder.dispatch(closed(ev));
          if (!r.ok) throw new Error(r.error.message);
          const out = defOf(body.machine.module, mc.output, `${mc.name}Output`);
          valid(mc.state.module, mc.state.name, r.value.state);
          valid(out.module, out.name, r.value.output);
        }
      }
    });

    for (const ex of m.examples) {
      const body = ex.body;
      const owner = body.kind === "decision" ? body.decision.name : body.machine.name;
      it(`${lawName(m, "ffi", owner)} example ${ex.name}: the runtime entry answers as the model`, () => {
        if (body.kind === "decision") {
          const facts = closed(body.facts);
          const got = wire.decide(body.decision.module, genOf(body.decision.module), owner, wire.encode(facts));
          expect(got).toEqual({ ok: true, value: decide(program, body.decision, facts) });
          return;
        }
        const events = body.events.map(closed);
        const model = runMachine(program, body.machine, events);
        const holder = new MachineHolder(wire, body.machine.module, genOf(body.machine.module), owner);
        events.forEach((ev, i) => {
          const r = holder.dispatch(wire.encode(ev));
          expect(r, `event #${i + 1}`).toEqual({ ok: true, value: { state: model.states[i], output: model.outputs[i], rule: model.rules[i] } });
        });
      });
    }

    const kinds = new Set<string>();
    for (const t of targets(m)) {
      const law = lawName(m, "wire", t.owner);
      const bound = boundOf(t.module);
      it(`${law} round-trips every ${t.name} of the examples: decode(encode(x)) is x, encode(decode(text)) is text`, () => {
        for (const v of [...t.valid, fill(t.type, sample(t.type))]) {
          expect(conforms(t.type, v, bound), JSON.stringify(v)).toBe(true);
          const text = wire.encode(v);
          const back = wire.decode(t.module, t.name, text);
          expect(back).toEqual({ ok: true, value: v });
          if (back.ok) expect(wire.encode(back.value)).toBe(text);
        }
      });

      const base = fill(t.type, t.valid[t.valid.length - 1] ?? sample(t.type));
      for (const bad of malformations(t, base)) {
        kinds.add(bad.kind.replace(/ (time \(ms\)|count)$/, ""));
        it(`${law} rejects ${bad.kind} in ${t.name} at "${bad.pointer}"`, () => {
          expect(wire.decode(t.module, t.name, base).ok, "the unbroken message is valid").toBe(true);
          if (typeof bad.raw !== "string") expect(conforms(t.type, bad.raw, bound), "the oracle agrees it is malformed").toBe(false);
          const r = wire.decode(t.module, t.name, bad.raw);
          expect(r.ok).toBe(false);
          if (r.ok) return;
          expect({ module: r.error.module, name: r.error.name, pointer: r.error.pointer }).toEqual({ module: t.module, name: t.name, pointer: bad.pointer });
          expect(r.error.expected).not.toBe("");
          expect(r.error.message).toContain(bad.pointer === "" ? "the message" : bad.pointer);
          const s = spied(genOf(t.module));
          if (t.role === "decision") {
            expect(wire.decide(t.module, s.gen, t.owner, bad.raw)).toEqual(r);
          } else if (t.role === "event") {
            const states = targets(m).find((x) => x.role === "state" && x.owner === t.owner)?.valid ?? [];
            const start = states[states.length - 1] as Value;
            const holder = new MachineHolder(wire, t.module, s.gen, t.owner, { state: start });
            const before = JSON.stringify(holder.state);
            expect(holder.dispatch(bad.raw)).toEqual(r);
            expect(holder.state).toEqual(start);
            expect(JSON.stringify(holder.state)).toBe(before);
            expect(holder.trace()).toEqual([{ seq: 1, accepted: false, error: r.error }]);
          }
          expect(s.calls(), "the model was never called").toBe(0);
        });
      }
    }
    it(`${m.name}: the wire rejects at least 10 kinds of malformed message`, () => {
      expect([...kinds].length, [...kinds].join("; ")).toBeGreaterThanOrEqual(10);
    });
  });
}
