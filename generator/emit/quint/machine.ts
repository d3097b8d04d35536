// Emit stage, Quint target: a machine. In the module's pure part: `initial<M>`, the pure
// `step<M>(s, ev)` returning `{ state, output, rule }` (first branch whose guard holds), and
// `events<M>(s)`, the explore domains as a set of events. Its own module `<module>_<M>` holds the
// state machine: one variable per state field plus `event` and `output` (options, `None`
// initially) exactly as statute's ITF traces name them, `firedRule` and `prevState` (for step
// laws), the actions `init`, `fire(ev)` and `step`, the laws as invariants, the examples as runs.

import type { Example, Law, Machine, Module } from "../../ir/module.js";
import { camel, fieldName, localName, quintTag, type QuintCtx } from "./context.js";
import { quintExpr, scopeOf } from "./expr.js";
import { machineLawVal } from "./laws.js";
import { importLine } from "./params.js";
import { textOmissions } from "./text.js";
import { namedType, oneLine, quintType } from "./types.js";

/** Names the machine module defines besides the state fields; a field may not take one. */
const MACHINE_NAMES = new Set(["event", "output", "init", "step", "fire"]);

export function stepLines(ctx: QuintCtx, m: Machine): string[] {
  const state = namedType(ctx, m.state);
  const event = namedType(ctx, m.event);
  const output = quintType(ctx, m.output);
  const scope = scopeOf(ctx);
  const init = m.init.map((a) => `${fieldName(a.field)}: ${quintExpr(a.value, scope)}`).join(", ");
  const lines = [
    `/// The state ${m.name} starts in.`,
    `pure val initial${m.name}: ${state} = { ${init} }`,
    "",
    `/// ${m.name}: the first branch whose guard holds wins; every value reads the state before the step.`,
    `pure def step${m.name}(s: ${state}, ev: ${event}): { state: ${state}, output: ${output}, rule: str } =`,
    "  match ev {",
  ];
  const decl = ctx.decl(m.event);
  for (const h of m.handlers) {
    const tag = quintTag(ctx.program, m.event, h.event);
    const variant = decl.kind === "union" ? decl.variants.find((v) => v.name === h.event) : undefined;
    lines.push(variant !== undefined && variant.fields.length > 0 ? `    | ${tag}(e) =>` : `    | ${tag} =>`);
    for (const l of h.lets) lines.push(`      val ${localName(l.name)} = ${quintExpr(l.value, scope)}`);
    h.branches.forEach((b, i) => {
      const next = b.assigns.length === 0 ? "s" : `{ ...s, ${b.assigns.map((a) => `${fieldName(a.field)}: ${quintExpr(a.value, scope)}`).join(", ")} }`;
      const result = `{ state: ${next}, output: ${quintExpr(b.emit, scope)}, rule: ${JSON.stringify(b.rule)} }`;
      if (b.guard === null) lines.push(`      ${i === 0 ? "" : "else "}${result}`);
      else lines.push(`      ${i === 0 ? "" : "else "}if (${quintExpr(b.guard, scope)}) ${result}`);
    });
  }
  lines.push("  }");
  return [...lines, "", ...eventsLines(ctx, m)];
}

/** `events<M>(s)`: the events the explorer tries from `s` (spec `explore`), deduplicated by the set. */
function eventsLines(ctx: QuintCtx, m: Machine): string[] {
  const ex = ctx.module.explore.find((x) => x.machine.module === m.state.module && x.machine.name === m.name);
  if (ex === undefined) return [`// ${m.name} has no explore domains: no events<M>, and its module has no step action.`];
  const scope = scopeOf(ctx);
  const parts = ex.domains.map((d) => {
    const tag = ctx.tag(m.event, d.event);
    if (d.fields.length === 0) return `Set(${tag})`;
    const binders = d.fields.map((_, i) => `m_V${i}`);
    let inner = `${tag}({ ${d.fields.map((f, i) => `${fieldName(f.name)}: ${binders[i]}`).join(", ")} })`;
    for (let i = d.fields.length - 1; i >= 0; i--) {
      const f = d.fields[i];
      if (f === undefined) continue;
      const set = `Set(${f.values.map((v) => quintExpr(v, scope)).join(", ")})`;
      inner = i === d.fields.length - 1 ? `${set}.map(${binders[i]} => ${inner})` : `flatten(${set}.map(${binders[i]} => ${inner}))`;
    }
    return inner;
  });
  const state = namedType(ctx, m.state);
  const event = namedType(ctx, m.event);
  return [
    `/// The events explored from a state of ${m.name} (spec explore, depth ${ex.depth}).`,
    `pure def events${m.name}(s: ${state}): Set[${event}] =`,
    parts.length === 1 ? `  ${parts[0]}` : `  flatten(Set(\n    ${parts.join(",\n    ")}\n  ))`,
  ];
}

/** The module `<module>_<M>`: the state machine over the pure part, its laws and examples. */
export function machineModule(ctx: QuintCtx, m: Machine, imports: readonly string[]): string[] {
  const decl = ctx.decl(m.state);
  if (decl.kind !== "record") throw new Error(`emit quint: the state of ${m.name} is not a record`);
  const clash = decl.fields.find((f) => MACHINE_NAMES.has(f.name));
  if (clash) throw new Error(`emit quint: state field '${clash.name}' of ${m.name} clashes with a name of the Quint machine module`);
  const state = namedType(ctx, m.state);
  const fields = decl.fields.map((f) => fieldName(f.name));
  const assign = (from: string): string => fields.map((f) => `${f}' = ${from}.${f}`).join(", ");
  const mod: Module = ctx.module;
  const laws = mod.laws.map((l) => [l, machineLawVal(ctx, m, l)] as const).filter((x): x is readonly [Law, string[]] => x[1] !== null && x[1].length > 0);
  const lawVals = laws.map(([l]) => camel(l.ident));
  const hasStep = mod.explore.some((x) => x.machine.name === m.name);
  const body = [
    ...decl.fields.map((f) => `var ${fieldName(f.name)}: ${quintType(ctx, f.type)}`),
    "/// The event that led into this state, and what the step emitted (None initially).",
    `var event: Option[${namedType(ctx, m.event)}]`,
    `var output: Option[${quintType(ctx, m.output)}]`,
    "/// The rule that fired (empty initially), and the state before the step (for step laws).",
    "var firedRule: str",
    `var prevState: ${state}`,
    "",
    `val stateNow: ${state} = { ${fields.map((f) => `${f}: ${f}`).join(", ")} }`,
    "",
    `action init = all { ${assign(`initial${m.name}`)}, event' = None, output' = None, firedRule' = "", prevState' = initial${m.name} }`,
    "",
    `action fire(ev: ${namedType(ctx, m.event)}): bool = {`,
    `  val r = step${m.name}(stateNow, ev)`,
    `  all { ${assign("r.state")}, event' = Some(ev), output' = Some(r.output), firedRule' = r.rule, prevState' = stateNow }`,
    "}",
    "",
    ...(hasStep ? [`action step = { nondet ev = events${m.name}(stateNow).oneOf() fire(ev) }`, ""] : []),
    ...laws.flatMap(([, lines]) => [...lines, ""]),
    "/// Every law above at once: `quint run --invariant=laws`.",
    `val laws = ${lawVals.length === 0 ? "true" : `and {\n  ${lawVals.join(",\n  ")}\n}`}`,
    ...mod.examples.flatMap((ex) => exampleRun(ctx, m, ex)),
  ];
  return [
    `/// The state machine ${m.name} of ${mod.file}, over the definitions of module ${mod.name}.`,
    `module ${mod.name}_${m.name} {`,
    ...[...imports, importLine(ctx.program, mod.name, [], true, true)].map((l) => `  ${l}`),
    "",
    ...body.flatMap((l) => l.split("\n")).map((l) => (l === "" ? "" : `  ${l}`)),
    "}",
  ];
}

/** A machine example as a run: fire each event, expect its output, then the final fields. */
function exampleRun(ctx: QuintCtx, m: Machine, ex: Example): string[] {
  const b = ex.body;
  if (b.kind !== "machine" || b.machine.name !== m.name || b.machine.module !== ctx.module.name || textOmissions(ctx.program).example(ex)) return [];
  const scope = scopeOf(ctx);
  const steps = b.events.map((e, i) => {
    const out = b.outputs[i];
    const expect = out === undefined ? "" : `.expect(output == Some(${quintExpr(out, scope)}))`;
    return `.then(fire(${quintExpr(e, scope)}))${expect}`;
  });
  const final = b.state.map((a) => `stateNow.${fieldName(a.field)} == ${quintExpr(a.value, scope)}`);
  const end = final.length === 0 ? "" : `.expect(and { ${final.join(", ")} })`;
  const doc = ex.doc.trim() === "" ? [] : [`/// ${oneLine(ex.doc)}`];
  return ["", ...doc, `run ${camel(ex.name)}Test =`, `  init${steps.map((s) => `\n    ${s}`).join("")}${end}`];
}
