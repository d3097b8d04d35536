// Interpreter stage: a spec example (a trace of events with expected outputs, or facts with
// an expected verdict) run on the model. The mutator and the conformance suites use it to ask
// "does the model still agree with the vectors the spec pins down?".

import type { Example, Program } from "../ir/module.js";
import { unreachable } from "../ir/types.js";
import { decide } from "./decision.js";
import { evalExpr } from "./expr.js";
import { runMachine } from "./machine.js";
import { type Value, getField, show, valueEquals } from "./value.js";

/** Whether the model agrees with the example, and each disagreement in words. */
export interface ExampleResult {
  readonly ok: boolean;
  readonly mismatches: readonly string[];
}

export function runExample(prog: Program, example: Example): ExampleResult {
  const body = example.body;
  const closed = (e: Parameters<typeof evalExpr>[0]): Value => evalExpr(e, new Map(), prog);
  const mismatches: string[] = [];
  const expect = (what: string, got: Value, want: Value): void => {
    if (!valueEquals(got, want)) mismatches.push(`${example.name}: ${what}: got ${show(got)}, expected ${show(want)}`);
  };
  switch (body.kind) {
    case "machine": {
      const run = runMachine(prog, body.machine, body.events.map(closed));
      body.outputs.forEach((o, i) => expect(`output #${i + 1} (${run.rules[i] ?? "?"})`, run.outputs[i] ?? null, closed(o)));
      const last = run.states[run.states.length - 1];
      for (const a of body.state) {
        if (last === undefined) mismatches.push(`${example.name}: no events, so no final state to check`);
        else expect(`final state .${a.field}`, getField(last, a.field, "final state"), closed(a.value));
      }
      break;
    }
    case "decision": {
      const r = decide(prog, body.decision, closed(body.facts));
      expect(`verdict (${r.rule})`, r.verdict, closed(body.verdict));
      break;
    }
    default:
      unreachable(body);
  }
  return { ok: mismatches.length === 0, mismatches };
}
