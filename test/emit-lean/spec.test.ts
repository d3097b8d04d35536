// Tests of the Lean emitter on the real spec/*.yaml: every structural property of lint.ts, and
// the examples the Lean theorems prove by `decide` hold under the IR interpreter (the oracle).

import { describe, expect, it } from "vitest";
import { compileSpecs } from "../../generator/check/index.js";
import { emitLean } from "../../generator/emit/lean/index.js";
import { runExample } from "../../generator/interpret/index.js";
import { checkProgram } from "./lint.js";

const compiled = compileSpecs(process.cwd());
if (!compiled.ok) throw new Error(`spec/*.yaml does not compile: ${JSON.stringify(compiled.diagnostics.slice(0, 3))}`);
const program = compiled.program;

checkProgram("spec/*.yaml", program);

describe("lean emitter on spec/*.yaml", () => {
  it("emits deterministically", () => {
    expect(emitLean(program, {})).toEqual(emitLean(program, {}));
  });
  for (const m of program.modules) {
    for (const ex of m.examples) {
      it(`${m.name}: ex_${ex.name} holds under the interpreter`, () => {
        expect(runExample(program, ex).ok).toBe(true);
      });
    }
  }
});
