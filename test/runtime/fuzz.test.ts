// Fuzzing the wire of every module with fast-check: random JSON values (fc.jsonValue) and
// valid messages with one place mutated, at least 10 000 per message type. Nothing may throw
// past the runtime; the wire accepts exactly what the IR types allow (the independent oracle in
// ir-values.ts); an accepted message answers as the IR interpreter; a refused event leaves the
// holder's state untouched. Random raw text is refused at pointer "" unless it parses.

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { decide, stepMachine, type Value } from "../../generator/interpret/index.js";
import { type GeneratedModel, MachineHolder } from "../../runtime/index.js";
import { conforms, fill, sample, setAt, sites } from "./ir-values.js";
import { boundOf, lawName, loadGen, program, targets, wire, type Target } from "./specs.js";

const RUNS = 10_000;
const gens = new Map<string, GeneratedModel>();
for (const m of program.modules) gens.set(m.name, await loadGen(m.name));

/** Valid messages with one place replaced, one field dropped, or one field added. */
function mutated(t: Target, bound: number): fc.Arbitrary<unknown> {
  const bases = [...t.valid, fill(t.type, sample(t.type))];
  const places = bases.flatMap((b) => sites(t.type, b).map((s) => ({ base: b, site: s })));
  const replacement = fc.oneof(
    fc.jsonValue({ maxDepth: 2 }),
    fc.constantFrom<Value>(-1, 0, 1, 1.5, bound, bound + 1, -bound - 1, null, true, "5", "", [], {}),
    fc.integer({ min: 0, max: 2_000_000 }),
  );
  return fc.oneof(
    fc.tuple(fc.constantFrom(...places), replacement).map(([p, v]) => setAt(p.base, p.site.path, v as Value)),
    fc.tuple(fc.constantFrom(...places.filter((p) => p.site.path.length > 0))).map(([p]) => setAt(p.base, p.site.path, undefined)),
    fc.tuple(fc.constantFrom(...bases), fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 1 })).map(([b, k, v]) => ({ ...(b as object), [k]: v })),
  );
}

for (const m of program.modules) {
  const gen = gens.get(m.name) as GeneratedModel;
  describe(`fuzz ${m.name}`, () => {
    for (const t of targets(m).filter((x) => x.role !== "state")) {
      const bound = boundOf(t.module);
      const anyMessage = fc.oneof(fc.jsonValue(), mutated(t, bound));
      it(`${lawName(m, "wire", t.owner)} ${t.name}: ${RUNS} random messages, a verdict only when valid, and then the model's`, () => {
        const states = targets(m).find((x) => x.role === "state" && x.owner === t.owner)?.valid ?? [];
        let accepted = 0;
        fc.assert(
          fc.property(anyMessage, fc.nat(), (msg, pick) => {
            const valid = conforms(t.type, msg, bound);
            if (t.role === "decision") {
              const r = wire.decide(t.module, gen, t.owner, msg);
              expect(r.ok).toBe(valid);
              if (r.ok) {
                accepted++;
                expect(r.value).toEqual(decide(program, { module: t.module, name: t.owner }, msg as Value));
              } else expect(typeof r.error.pointer).toBe("string");
              return;
            }
            const start = states[pick % states.length] as Value;
            const holder = new MachineHolder(wire, t.module, gen, t.owner, { state: start });
            const before = JSON.stringify(start);
            const r = holder.dispatch(msg);
            expect(r.ok).toBe(valid);
            if (r.ok) {
              accepted++;
              expect(r.value).toEqual(stepMachine(program, { module: t.module, name: t.owner }, start, msg as Value));
            } else {
              expect(holder.state).toEqual(start);
              expect(JSON.stringify(start)).toBe(before);
            }
          }),
          { numRuns: RUNS, seed: 20_240_601 },
        );
        // The mutations must reach valid messages too, or "a verdict only when valid" is vacuous.
        expect(accepted).toBeGreaterThan(0);
      }, 120_000);
    }

    it("random text is refused at the whole message unless it is JSON", () => {
      const t = targets(m)[0];
      if (t === undefined) return;
      fc.assert(
        fc.property(fc.string(), (text) => {
          let parses = true;
          try {
            JSON.parse(text);
          } catch {
            parses = false;
          }
          const r = wire.decode(t.module, t.name, text);
          if (!parses) expect(r.ok === false && r.error.pointer === "").toBe(true);
        }),
        { numRuns: 2000, seed: 7 },
      );
    });
  });
}
