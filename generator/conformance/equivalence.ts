// Conformance stage (test support): the generated code equals the oracle. On random traces
// each generated step gives the interpreter's next state, output and rule; on random facts
// each generated decision gives the interpreter's verdict and rule. Also the schema checks:
// every state, event, output, facts record and verdict the runs meet validates.

import { decide } from "../interpret/decision.js";
import { initialState, stepMachine } from "../interpret/machine.js";
import { type Value, valueEquals } from "../interpret/value.js";
import type { Type, TypeRef } from "../ir/types.js";
import type { SuiteContext } from "./context.js";
import { factsProperty } from "./decision-checks.js";
import { traceProperty } from "./machine-checks.js";
import { shownAs } from "./printer.js";
import { typeEntry } from "./schemas.js";

const named = (ref: TypeRef): Type => ({ kind: "named", ref });

function shown(ctx: SuiteContext, t: Type, v: Value): string {
  return shownAs(ctx.program, t, v);
}

export function machineEquals(ctx: SuiteContext, name: string, title = `${name} equals the interpreter on random traces`): void {
  const m = ctx.machine(name);
  const ref = { module: ctx.module.name, name };
  const state = named(m.state);
  traceProperty(
    ctx,
    m,
    title,
    null,
    (t) => {
      const want = stepMachine(ctx.program, ref, t.s, t.e);
      const diffs: string[] = [];
      if (t.rule !== want.rule) diffs.push(`rule ${t.rule}, the interpreter ${want.rule}`);
      if (!valueEquals(t.o, want.output)) diffs.push(`output ${shown(ctx, m.output, t.o)}, the interpreter ${shown(ctx, m.output, want.output)}`);
      if (!valueEquals(t.n, want.state)) diffs.push(`next state ${shown(ctx, state, t.n)}, the interpreter ${shown(ctx, state, want.state)}`);
      return diffs.length === 0 ? null : `the generated step from ${shown(ctx, state, t.s)} gives ${diffs.join("; ")}`;
    },
  );
  // The initial state is part of the machine too; the trace property starts from it.
  const got = ctx.initial(name);
  const want = initialState(ctx.program, ref);
  if (!valueEquals(got, want)) throw new Error(`${title}: initial state ${shown(ctx, state, got)}, the interpreter ${shown(ctx, state, want)}`);
}

export function decisionEquals(ctx: SuiteContext, name: string, title = `${name} equals the interpreter on random facts`): void {
  const d = ctx.decision(name);
  const ref = { module: ctx.module.name, name };
  factsProperty(ctx, d, title, (f, a) => {
    const want = decide(ctx.program, ref, f);
    if (a.rule === want.rule && valueEquals(a.verdict, want.verdict)) return null;
    return `the generated decision gives ${shown(ctx, d.verdict, a.verdict)} by rule ${a.rule}, the interpreter ${shown(ctx, d.verdict, want.verdict)} by rule ${want.rule}`;
  });
}

export function machineSchemas(ctx: SuiteContext, name: string): void {
  const m = ctx.machine(name);
  const out = typeEntry(ctx.module.name, m.output, `${m.name}Output`);
  traceProperty(
    ctx,
    m,
    `${name} states, events and outputs validate against the schema`,
    (s) => ctx.schemas.check(m.state, s),
    (t) => ctx.schemas.check(m.event, t.e) ?? ctx.schemas.check(out, t.o),
  );
}

export function decisionSchemas(ctx: SuiteContext, name: string): void {
  const d = ctx.decision(name);
  const verdict = typeEntry(ctx.module.name, d.verdict, `${d.name}Verdict`);
  factsProperty(ctx, d, `${name} facts and verdicts validate against the schema`, (f, a) => ctx.schemas.check(d.facts, f) ?? ctx.schemas.check(verdict, a.verdict));
}
