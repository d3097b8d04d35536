// The real specs, once spec/*.yaml exist: compiled by the checker, every example the spec
// states is run on the interpreter and must agree, and every machine, decision and order law
// must hold on each step of those examples. Skipped while the spec folder is empty.

import { existsSync, readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { compileSpecs } from "../../generator/check/index.js";
import { checkLaw, evalExpr, initialState, runExample, runMachine, type LawBinding } from "../../generator/interpret/index.js";
import type { Law, Program } from "../../generator/ir/module.js";
import type { TypeRef } from "../../generator/ir/types.js";

const root = fileURLToPath(new URL("../..", import.meta.url));
const specDir = `${root}spec`;
const hasSpecs = existsSync(specDir) && readdirSync(specDir).some((f) => f.endsWith(".yaml"));

function compiled(): Program {
  const result = compileSpecs(root);
  if (!result.ok) throw new Error(`the specs do not compile: ${JSON.stringify(result.diagnostics.slice(0, 5))}`);
  return result.program;
}

const same = (a: TypeRef, b: TypeRef): boolean => a.module === b.module && a.name === b.name;

/** The laws about one machine or decision that a concrete binding can be checked against. */
function lawsAbout(prog: Program, target: TypeRef): Law[] {
  return prog.modules.flatMap((m) =>
    m.laws.filter((l) => {
      const b = l.body;
      if (b.kind === "invariant" || b.kind === "step" || b.kind === "variant") return same(b.machine, target);
      return b.kind === "decision" && same(b.decision, target);
    }),
  );
}

describe.skipIf(!hasSpecs)("spec/*.yaml on the interpreter", () => {
  it("every example agrees with the model", () => {
    const prog = compiled();
    const mismatches = prog.modules.flatMap((m) => m.examples.flatMap((ex) => runExample(prog, ex).mismatches));
    expect(mismatches).toEqual([]);
  });

  it("every order law holds, and every law holds on each step of the examples", () => {
    const prog = compiled();
    const broken: string[] = [];
    const check = (law: Law, binding: LawBinding, where: string): void => {
      if (!checkLaw(prog, law, binding)) broken.push(`${law.name} at ${where}`);
    };
    for (const m of prog.modules) {
      for (const law of m.laws) if (law.body.kind === "order") check(law, {}, "generation");
      for (const ex of m.examples) {
        const body = ex.body;
        if (body.kind === "machine") {
          const events = body.events.map((e) => evalExpr(e, new Map(), prog));
          const run = runMachine(prog, body.machine, events);
          const states = [initialState(prog, body.machine), ...run.states];
          for (const law of lawsAbout(prog, body.machine)) {
            events.forEach((e, i) => {
              const binding = { s: states[i] ?? null, e, n: states[i + 1] ?? null, o: run.outputs[i] ?? null };
              check(law, law.body.kind === "invariant" ? { s: binding.n } : binding, `${ex.name} step ${i + 1}`);
            });
          }
        } else {
          const f = evalExpr(body.facts, new Map(), prog);
          for (const law of lawsAbout(prog, body.decision)) check(law, { f }, ex.name);
        }
      }
    }
    expect(broken).toEqual([]);
  });
});
