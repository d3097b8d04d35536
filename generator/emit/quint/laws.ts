// Emit stage, Quint target: laws. Each law over states, steps or facts is a pure predicate
// `law<Name>` in the module's pure part. A machine's invariant, step and variant laws become
// state invariants of its machine module (a step law reads `prevState`, `event`, the state and
// `output`); decision laws become `run` tests over sampled facts (values.ts); order laws, over
// constants only, a `run` that asserts them. Wire and ffi laws are about the TypeScript runtime
// and are not restated; a law kind this emitter does not know is skipped with a comment.

import type { Law, Machine } from "../../ir/module.js";
import { camel, type QuintCtx } from "./context.js";
import { bodyExpr, quintExpr, scopeOf } from "./expr.js";
import { namedType, oneLine, quintType, recordType } from "./types.js";
import { TEXT_OMITTED, textOmissions } from "./text.js";
import { boundaries, choose } from "./values.js";

export function lawName(ident: string): string {
  return camel(ident);
}

const predicate = (l: Law): string => `law${lawName(l.ident).replace(/^./, (c) => c.toUpperCase())}`;

/** The lines of one law in the module's pure part. */
export function lawLines(ctx: QuintCtx, l: Law): string[] {
  if (textOmissions(ctx.program).law(l)) return [`// ${l.name}: left out; it ${TEXT_OMITTED}.`];
  const doc = `/// ${l.name}: ${oneLine(l.doc)}`;
  const scope = scopeOf(ctx);
  const b = l.body;
  switch (b.kind) {
    case "order":
      return [doc, `pure val ${predicate(l)}: bool = ${quintExpr(b.expr, scope)}`, `run ${predicate(l)}Test = assert(${predicate(l)})`];
    case "invariant":
      return [doc, `pure def ${predicate(l)}(s: ${namedType(ctx, machineOf(ctx, b.machine).state)}): bool =`, `  ${quintExpr(b.expr, scope)}`];
    case "step": {
      const m = machineOf(ctx, b.machine);
      return [doc, `pure def ${predicate(l)}(${stepParams(ctx, m, b.event)}): bool =`, `  ${quintExpr(b.expr, scope)}`];
    }
    case "variant": {
      const m = machineOf(ctx, b.machine);
      const before = quintExpr(b.measure, scope);
      const after = quintExpr(b.measure, scopeOf(ctx, new Map([["s", "n"]])));
      const [strict, weak] = b.direction === "decreases" ? ["<", "<="] : [">", ">="];
      const moved = `(${after}) ${strict} (${before})`;
      const claim = b.monotone ? `if (${quintExpr(b.when, scope)}) ${moved} else (${after}) ${weak} (${before})` : `not(${quintExpr(b.when, scope)}) or ${moved}`;
      return [doc, `pure def ${predicate(l)}(${stepParams(ctx, m, null)}): bool =`, `  ${claim}`];
    }
    case "decision": {
      const d = ctx.module.decisions.find((x) => x.name === b.decision.name);
      if (d === undefined || b.decision.module !== ctx.module.name) return [`// ${l.name}: a law about another module's decision is stated there.`];
      const facts = namedType(ctx, d.facts);
      const chosen = choose(ctx, { kind: "named", ref: d.facts }, "m_F", boundaries(ctx.program, ctx.module.name));
      return [
        doc,
        `pure def ${predicate(l)}(f: ${facts}): bool = {`,
        `  val v = ${ctx.name(b.decision.module, `decide${b.decision.name}`)}(f).verdict`,
        `  ${bodyExpr(b.expr, scope)}`,
        "}",
        `/// ${l.name} on facts sampled near the constants' boundaries (quint test --max-samples).`,
        `run ${predicate(l)}Test = {`,
        ...chosen.lines.map((x) => `  ${x}`),
        `  assert(${predicate(l)}(${chosen.value}))`,
        "}",
      ];
    }
    case "wire":
    case "ffi":
      return [`// ${l.name} (${b.kind}): about the TypeScript runtime; checked by the conformance tests, not restated here.`];
    default:
      return [`// ${(l as Law).name}: a law kind the Quint emitter does not know; skipped.`];
  }
}

function machineOf(ctx: QuintCtx, ref: { module: string; name: string }): Machine {
  const m = ctx.program.modules.find((x) => x.name === ref.module)?.machines.find((x) => x.name === ref.name);
  if (m === undefined) throw new Error(`emit quint: no machine ${ref.module}.${ref.name}`);
  return m;
}

/** `s, e, n, o` of a step law: `e` is the event, or the payload of `event` (none for a unit variant). */
function stepParams(ctx: QuintCtx, m: Machine, event: string | null): string {
  const state = namedType(ctx, m.state);
  const e = event === null ? namedType(ctx, m.event) : payloadType(ctx, m, event);
  return [`s: ${state}`, ...(e === null ? [] : [`e: ${e}`]), `n: ${state}`, `o: ${quintType(ctx, m.output)}`].join(", ");
}

function payloadType(ctx: QuintCtx, m: Machine, event: string): string | null {
  const d = ctx.decl(m.event);
  const v = d.kind === "union" ? d.variants.find((x) => x.name === event) : undefined;
  return v === undefined || v.fields.length === 0 ? null : recordType(ctx, v.fields);
}

/**
 * The invariant of the machine module standing for law `l` (null when `l` is not about `m`).
 * A step law holds vacuously in the initial state (no step has happened: `event` is None).
 */
export function machineLawVal(ctx: QuintCtx, m: Machine, l: Law): string[] | null {
  const b = l.body;
  if (textOmissions(ctx.program).law(l)) return null;
  const about = (ref: { module: string; name: string }): boolean => ref.module === ctx.module.name && ref.name === m.name;
  const name = lawName(l.ident);
  if (b.kind === "invariant" && about(b.machine)) return [`val ${name} = ${predicate(l)}(stateNow)`];
  if ((b.kind !== "step" && b.kind !== "variant") || !about(b.machine)) return null;
  const event = b.kind === "step" ? b.event : null;
  let check = `${predicate(l)}(prevState, m_Ev, stateNow, m_Out)`;
  if (event !== null) {
    const d = ctx.decl(m.event);
    const variants = d.kind === "union" ? d.variants : [];
    const variant = variants.find((v) => v.name === event);
    const label = tagLabel(ctx, m, event);
    const hasFields = variant !== undefined && variant.fields.length > 0;
    const call = hasFields ? `${predicate(l)}(prevState, m_P, stateNow, m_Out)` : `${predicate(l)}(prevState, stateNow, m_Out)`;
    check = `match m_Ev { | ${label}${hasFields ? "(m_P)" : ""} => ${call}${variants.length > 1 ? " | _ => true" : ""} }`;
  }
  return [`val ${name} = match event { | None => true | Some(m_Ev) => match output { | None => true | Some(m_Out) => ${check} } }`];
}

function tagLabel(ctx: QuintCtx, m: Machine, event: string): string {
  const tag = ctx.tag(m.event, event);
  const i = tag.lastIndexOf("::");
  return i < 0 ? tag : tag.slice(i + 2);
}
