// Check stage, run by `statute gen` once the specs compile: every example run on the model (the
// interpreter), so a wrong expected output is a positioned error where it is cheap to find, not
// a failing generated test later. Not part of compileSpecs: explore, mutate and replay load
// broken-on-purpose specs whose examples the broken model fails.

import type { Diagnostic } from "../diagnostics/diagnostic.js";
import { runExample } from "../interpret/example.js";
import { InterpretError } from "../interpret/value.js";
import type { Example, Program } from "../ir/module.js";

/** Why `ex` does not hold on the model (its first disagreement), or null. */
function fault(program: Program, ex: Example): string | null {
  try {
    const r = runExample(program, ex);
    return r.ok ? null : (r.mismatches[0] ?? "").replace(`${ex.name}: `, "");
  } catch (e) {
    if (!(e instanceof InterpretError)) throw e;
    return `the model fails on it: ${e.message}`;
  }
}

/** The offset of 1-based `line`, `col` in `text`. */
function offsetOf(text: string, line: number, col: number): number {
  let at = 0;
  for (let l = 1; l < line; l++) at = text.indexOf("\n", at) + 1;
  return at + col - 1;
}

/** A diagnostic per example that the model does not answer as it says, at the example. */
export function exampleDiagnostics(program: Program, texts: ReadonlyMap<string, string>): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const m of program.modules) {
    for (const ex of m.examples) {
      const detail = fault(program, ex);
      const text = texts.get(ex.span.file);
      if (detail === null || text === undefined) continue;
      // At the example's name: its line holds `- name: <name>`.
      const start = offsetOf(text, ex.span.line, ex.span.col);
      const named = text.indexOf(ex.name, start);
      const offset = named >= 0 && named < text.indexOf("\n", start) ? named : start;
      out.push({ id: "exampleFails", file: ex.span.file, offset, length: named >= 0 ? ex.name.length : 1, args: { name: ex.name, detail } });
    }
  }
  return out;
}
