// Conformance stage (test support): the checks that tie a module's parameters to its generated
// code. `paramMatters`: for one parameter, some input gets another verdict (or next state, or
// initial state) from an instance bound to another valid value than from the defaults' instance,
// so a parameter that the generated code ignores (an operator's override that nothing reads)
// fails the build. `verdictsEqual`: every exported `verdict<D>(...facts)` (the facts-as-arguments
// form steps call) gives `decide<D>(facts).verdict` on random facts, so an exported function
// that no step calls is still judged.

import { type Value, valueEquals } from "../interpret/value.js";
import type { Constant, Module } from "../ir/module.js";
import type { SuiteContext } from "./context.js";
import { factsProperty } from "./decision-checks.js";
import { traceProperty } from "./machine-checks.js";

/**
 * Other valid values of a parameter, most telling first: those the spec's instances list, then
 * its range's ends and values beside the default. At most six.
 */
export function otherValues(module: Module, c: Constant): number[] {
  const d = c.value as number;
  const r = c.range ?? { min: 0, max: Number.MAX_SAFE_INTEGER };
  const listed = module.instances.flatMap((i) => (i[c.name] === undefined ? [] : [i[c.name] as number]));
  const near = [d + 1, d - 1, r.min, r.max, d * 2, Math.floor(d / 2)];
  const out: number[] = [];
  for (const v of [...listed, ...near]) if (Number.isSafeInteger(v) && v >= r.min && v <= r.max && v !== d && !out.includes(v)) out.push(v);
  return out.slice(0, 6);
}

/**
 * Searches the traces and facts of `other` (an instance at another value) for an input on which
 * it and `base` (the defaults) differ; returns what differs in words, or null when none was met.
 */
export function firstDifference(base: SuiteContext, other: SuiteContext): string | null {
  let found: string | null = null;
  for (const m of other.module.machines) {
    if (found !== null) break;
    const i0 = base.initial(m.name);
    const i1 = other.initial(m.name);
    if (!valueEquals(i0, i1)) return `${m.name}'s initial state`;
    traceProperty(other, m, `${m.name}: search for a difference`, null, (t) => {
      if (found !== null) return null;
      const r = base.step(m.name, t.s, t.e);
      if (!valueEquals(r.output as Value, t.o) || !valueEquals(r.state as Value, t.n)) found = `${m.name}'s step on event ${JSON.stringify(t.e)} (rule ${r.rule} at the defaults, ${t.rule} here)`;
      return null;
    });
  }
  for (const d of other.module.decisions) {
    if (found !== null) break;
    factsProperty(other, d, `${d.name}: search for a difference`, (f, a) => {
      if (found !== null) return null;
      const r = base.decide(d.name, f);
      if (!valueEquals(r.verdict as Value, a.verdict)) found = `${d.name} on facts ${JSON.stringify(f)} (rule ${r.rule} at the defaults, ${a.rule} here)`;
      return null;
    });
  }
  return found;
}

/** Every `verdict<D>` the module exports (or its instance returns) equals `decide<D>(f).verdict`. */
export function verdictsEqual(ctx: SuiteContext): void {
  for (const d of ctx.module.decisions) {
    const fn = ctx.impl.members[`verdict${d.name}`];
    if (fn === undefined) continue;
    const decl = ctx.program.modules.find((m) => m.name === d.facts.module)?.types.find((t) => t.name === d.facts.name);
    const fields = decl?.kind === "record" ? decl.fields.map((f) => f.name) : [];
    factsProperty(ctx, d, `verdict${d.name} equals decide${d.name}`, (f, a) => {
      const args = fields.map((n) => (f as Record<string, Value>)[n]);
      const got = (fn as (...xs: unknown[]) => Value)(...args);
      return valueEquals(got, a.verdict) ? null : `verdict${d.name}(${args.map((x) => JSON.stringify(x)).join(", ")}) gives ${JSON.stringify(got)}, decide${d.name} ${JSON.stringify(a.verdict)}`;
    });
  }
}
