// Conformance stage (test support): one law of the spec as a check on the generated code.
// Invariants hold after every step of random traces, step and variant laws on every transition,
// decision laws on every facts record, order laws once; a `wire` law is checked at the schema
// level (round trip, malformed input rejected), an `ffi` law through the runtime wire the daemon
// calls (raw JSON text in, compared with the interpreter: ffi.ts).

import { checkLaw } from "../interpret/law.js";
import type { Value } from "../interpret/value.js";
import type { Law } from "../ir/module.js";
import type { Type, TypeRef } from "../ir/types.js";
import { unreachable } from "../ir/types.js";
import type { SuiteContext } from "./context.js";
import { decisionThroughWire, machineThroughWire } from "./ffi.js";
import { factsProperty } from "./decision-checks.js";
import { traceProperty } from "./machine-checks.js";
import { shownAs } from "./printer.js";
import { typeEntry } from "./schemas.js";
import { wireValue } from "./wire.js";

function shown(ctx: SuiteContext, t: Type, v: Value): string {
  return shownAs(ctx.program, t, v);
}

const named = (ref: TypeRef): Type => ({ kind: "named", ref });

export function checkLawOn(ctx: SuiteContext, law: Law): void {
  const body = law.body;
  const title = `law ${law.name}`;
  const violated = (where: string): string => `${law.name} (${law.doc}) does not hold ${where}`;
  switch (body.kind) {
    case "order":
      if (!checkLaw(ctx.program, law, {})) throw new Error(violated("over the constants"));
      return;
    case "invariant":
    case "progress": {
      const m = ctx.machine(body.machine.name);
      return traceProperty(ctx, m, title, (s) => (checkLaw(ctx.program, law, { s }) ? null : violated(`in state ${shown(ctx, named(m.state), s)}`)), () => null);
    }
    case "step":
    case "variant": {
      const m = ctx.machine(body.machine.name);
      return traceProperty(ctx, m, title, null, (t) =>
        checkLaw(ctx.program, law, { s: t.s, e: t.e, n: t.n, o: t.o })
          ? null
          : violated(
              `on the step from ${shown(ctx, named(m.state), t.s)} by ${shown(ctx, named(m.event), t.e)} ` +
                `to ${shown(ctx, named(m.state), t.n)} with output ${shown(ctx, m.output, t.o)} (rule ${t.rule})`,
            ),
      );
    }
    case "decision": {
      const d = ctx.decision(body.decision.name);
      return factsProperty(ctx, d, title, (f, a) =>
        checkLaw(ctx.program, law, { f, v: a.verdict })
          ? null
          : violated(`on facts ${shown(ctx, named(d.facts), f)} with verdict ${shown(ctx, d.verdict, a.verdict)} (rule ${a.rule})`),
      );
    }
    case "wire":
      if (body.targetKind === "machine") {
        const m = ctx.machine(body.target.name);
        const out = typeEntry(ctx.module.name, m.output, `${m.name}Output`);
        return traceProperty(ctx, m, title, (s) => wireValue(ctx, m.state, s), (t) => wireValue(ctx, m.event, t.e) ?? wireValue(ctx, out, t.o));
      } else {
        const d = ctx.decision(body.target.name);
        const verdict = typeEntry(ctx.module.name, d.verdict, `${d.name}Verdict`);
        return factsProperty(ctx, d, title, (f, a) => wireValue(ctx, d.facts, f) ?? wireValue(ctx, verdict, a.verdict));
      }
    case "ffi":
      return body.targetKind === "machine" ? machineThroughWire(ctx, body.target.name, title) : decisionThroughWire(ctx, body.target.name, title);
    default:
      return unreachable(body);
  }
}
