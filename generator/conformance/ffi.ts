// Conformance stage (test support): an `ffi` law through the runtime entry the daemon calls. Each
// facts record (or event) the run meets is sent as raw JSON text into the runtime wire, which
// decodes it against the generated schema and runs the generated code; what comes back must be
// the interpreter's verdict and rule (or next state, output and rule). So the law covers the
// decoder, the generated code and the encoding together, not the generated code alone.

import { decide } from "../interpret/decision.js";
import { stepMachine } from "../interpret/machine.js";
import { type Value, valueEquals } from "../interpret/value.js";
import type { Type, TypeRef } from "../ir/types.js";
import type { SuiteContext } from "./context.js";
import { factsProperty } from "./decision-checks.js";
import { traceProperty } from "./machine-checks.js";
import { shownAs } from "./printer.js";
import { wireOf } from "./runtime-wire.js";

const named = (ref: TypeRef): Type => ({ kind: "named", ref });
/** The JSON text of a value, as a client would send it. */
const text = (v: Value): string => JSON.stringify(v);

export function decisionThroughWire(ctx: SuiteContext, name: string, title: string): void {
  const d = ctx.decision(name);
  const ref = { module: ctx.module.name, name };
  factsProperty(ctx, d, title, (f) => {
    const got = wireOf(ctx).decide(ctx.module.name, ctx.impl as never, name as never, text(f));
    if (!got.ok) return `the runtime refused valid facts ${shownAs(ctx.program, named(d.facts), f)}: ${got.error.message}`;
    const want = decide(ctx.program, ref, f);
    const verdict = JSON.parse(wireOf(ctx).encode(got.value.verdict)) as Value;
    if (got.value.rule === want.rule && valueEquals(verdict, want.verdict)) return null;
    return `through the runtime wire ${shownAs(ctx.program, named(d.facts), f)} gives ${shownAs(ctx.program, d.verdict, verdict)} by rule ${got.value.rule}, the interpreter ${shownAs(ctx.program, d.verdict, want.verdict)} by rule ${want.rule}`;
  });
}

export function machineThroughWire(ctx: SuiteContext, name: string, title: string): void {
  const m = ctx.machine(name);
  const ref = { module: ctx.module.name, name };
  traceProperty(ctx, m, title, null, (t) => {
    const got = wireOf(ctx).step(ctx.module.name, ctx.impl as never, name as never, t.s as never, text(t.e));
    if (!got.ok) return `the runtime refused a valid event ${shownAs(ctx.program, named(m.event), t.e)}: ${got.error.message}`;
    const want = stepMachine(ctx.program, ref, t.s, t.e);
    const state = JSON.parse(wireOf(ctx).encode(got.value.state)) as Value;
    const output = JSON.parse(wireOf(ctx).encode(got.value.output)) as Value;
    if (got.value.rule === want.rule && valueEquals(state, want.state) && valueEquals(output, want.output)) return null;
    return `through the runtime wire, ${shownAs(ctx.program, named(m.event), t.e)} from ${shownAs(ctx.program, named(m.state), t.s)} gives ${shownAs(ctx.program, m.output, output)} by rule ${got.value.rule}, the interpreter ${shownAs(ctx.program, m.output, want.output)} by rule ${want.rule}`;
  });
}
