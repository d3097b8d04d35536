// The real specs, once spec/*.yaml exist: every emitted schema compiles under ajv strict mode,
// and every state, output, facts record and verdict of the spec's examples, as the interpreter
// computes them, validates. Skipped while the spec folder is empty.

import { existsSync, readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { compileSpecs } from "../../generator/check/index.js";
import { emitSchema, SCHEMA_BASE } from "../../generator/emit/schema/index.js";
import { decide, evalExpr, runMachine, type Value } from "../../generator/interpret/index.js";
import type { Type, TypeRef } from "../../generator/ir/types.js";

const root = fileURLToPath(new URL("../..", import.meta.url));
const specDir = `${root}spec`;
const hasSpecs = existsSync(specDir) && readdirSync(specDir).some((f) => f.endsWith(".yaml"));

describe.skipIf(!hasSpecs)("schemas of spec/*.yaml", () => {
  it("compile strictly and accept what the model produces", () => {
    const result = compileSpecs(root);
    if (!result.ok) throw new Error(`the specs do not compile: ${JSON.stringify(result.diagnostics.slice(0, 5))}`);
    const prog = result.program;
    const ajv = new Ajv2020({ strict: true, allErrors: true });
    const docs = emitSchema(prog, {}).map((f) => JSON.parse(f.content) as { $id: string; $defs: object });
    for (const d of docs) ajv.addSchema(d);
    const check = (module: string, name: string, value: Value): void => {
      const v = ajv.getSchema(`${SCHEMA_BASE}${module}.schema.json#/$defs/${name}`);
      if (v === undefined) throw new Error(`no $defs/${name} in ${module}`);
      expect(v(value), `${module}.${name} ${JSON.stringify(value)}: ${JSON.stringify(v.errors)}`).toBe(true);
    };
    for (const d of docs) for (const name of Object.keys(d.$defs)) ajv.getSchema(`${d.$id}#/$defs/${name}`);
    const defOf = (home: string, t: Type, alias: string): TypeRef => (t.kind === "named" ? t.ref : { module: home, name: alias });
    for (const m of prog.modules) {
      for (const ex of m.examples) {
        const body = ex.body;
        if (body.kind === "machine") {
          const machine = m.machines.find((x) => x.name === body.machine.name) ?? prog.modules.flatMap((x) => x.machines).find((x) => x.name === body.machine.name);
          if (machine === undefined) throw new Error(`example ${ex.name}: no machine`);
          const out = defOf(body.machine.module, machine.output, `${machine.name}Output`);
          const run = runMachine(prog, body.machine, body.events.map((e) => evalExpr(e, new Map(), prog)));
          for (const s of run.states) check(machine.state.module, machine.state.name, s);
          for (const o of run.outputs) check(out.module, out.name, o);
        } else {
          const decision = prog.modules.find((x) => x.name === body.decision.module)?.decisions.find((x) => x.name === body.decision.name);
          if (decision === undefined) throw new Error(`example ${ex.name}: no decision`);
          const facts = evalExpr(body.facts, new Map(), prog);
          const verdict = defOf(body.decision.module, decision.verdict, `${decision.name}Verdict`);
          check(decision.facts.module, decision.facts.name, facts);
          check(verdict.module, verdict.name, decide(prog, body.decision, facts).verdict);
        }
      }
    }
  });
});
