// Emit stage, TypeScript target: a machine as `initial<M>()` and a pure `step<M>(s, e)` that
// switches on the event's tag (unless there is one event) and returns the first branch whose
// guard holds, with the rule id that fired. All assignments read the old state; the next state
// lists every field, unassigned ones read from the old state.

import type { FunctionDecl } from "./print.js";
import type { Branch, Handler, Machine, Migration } from "../../ir/module.js";
import { docText, type ModuleCtx } from "./context.js";
import { noRuleLine, returnLines, ruleLines } from "./body.js";
import { exprText, functionScope, type Scope } from "./expr.js";
import { inPlaceAppends } from "./in-place.js";
import { LetPlacer } from "./lets.js";
import { tsType } from "./types.js";
import { unboxable } from "./unbox.js";
import { assume, facts, under } from "./narrow.js";

/** `initial<M>` and `step<M>` of one machine, and `migrate<M>` when it declares a migration. */
export function machineDecls(ctx: ModuleCtx, m: Machine): FunctionDecl[] {
  const state = ctx.typeName(m.state);
  const event = ctx.typeName(m.event);
  const output = tsType(ctx, m.output);
  const initScope = functionScope(ctx);
  const init = m.init.map((a): [string, string] => [a.field, exprText(a.value, initScope)]);
  return [
    {
      kind: "function",
      isExported: true,
      name: `initial${m.name}`,
      docs: [docText(`The state ${m.name} starts in.`, m.span)],
      returnType: state,
      statements: [returnLines(init).join("\n")],
    },
    {
      kind: "function",
      isExported: true,
      name: `step${m.name}`,
      docs: [docText(m.doc, m.span)],
      parameters: [
        { name: "s", type: state },
        { name: "e", type: event },
      ],
      returnType: `${ctx.rt("Step")}<${state}, ${output}>`,
      statements: [stepBody(ctx, m).join("\n")],
    },
    ...(m.migrate === null ? [] : [migrateDecl(ctx, m, m.migrate)]),
  ];
}

/** `migrate<M>(s)`: a state of the last release (spec `migrate.from`) as a state of this one. */
function migrateDecl(ctx: ModuleCtx, m: Machine, g: Migration): FunctionDecl {
  const from = `{ ${g.from.map((f) => `readonly ${f.name}: ${tsType(ctx, f.type)}`).join("; ")} }`;
  return {
    kind: "function",
    isExported: true,
    name: `migrate${m.name}`,
    docs: [docText(g.doc === "" ? `A state of ${m.name} as the last release wrote it, as a state of this release.` : g.doc, g.span)],
    parameters: [{ name: "s", type: from }],
    returnType: ctx.typeName(m.state),
    statements: [`return ${exprText(g.to, functionScope(ctx))};`],
  };
}

function stepBody(ctx: ModuleCtx, m: Machine): string[] {
  // A machine of one event needs no dispatch: its handler is the body. (V8 spends about a tenth
  // of a small step on a one-case switch: the tag load and string test on every event.)
  const events = ctx.decl(m.event);
  const only = m.handlers[0];
  if (m.handlers.length === 1 && only !== undefined && events.kind === "union" && events.variants.length === 1) return handlerLines(ctx, m, only);
  const lines = ["switch (e.kind) {"];
  for (const h of m.handlers) {
    lines.push(`case ${JSON.stringify(h.event)}: {`, ...handlerLines(ctx, m, h), "}");
  }
  lines.push("}");
  return lines;
}

function handlerLines(ctx: ModuleCtx, m: Machine, h: Handler): string[] {
  // A fresh scope per case: narrowing never flows from one case of the switch into another.
  const scope = functionScope(ctx);
  for (const l of h.lets) {
    const d = unboxable(ctx, h, l);
    if (d !== null) scope.unboxable.set(l.name, d);
  }
  const lets = new LetPlacer(h.lets, scope);
  const lines: string[] = [];
  for (const b of h.branches) {
    const result = [...b.assigns.map((a) => a.value), b.emit];
    // The last branch has no block of its own: its lets go where a guard's would.
    lines.push(...lets.before(b.guard === null ? result : [b.guard]));
    const guard = b.guard === null ? null : exprText(b.guard, scope);
    // Inside the block the guard held; after it (the block returns) it did not.
    const held = b.guard === null ? new Map() : facts(b.guard, true, scope);
    const failed = b.guard === null ? new Map() : facts(b.guard, false, scope);
    lines.push(...under(scope, held, () => {
      const inner = b.guard === null ? [] : lets.inside(result);
      const pushes = inPlaceAppends(h.lets, result, scope);
      return ruleLines(b, guard, [...inner, ...pushes, ...returnLines([
        ["state", nextState(ctx, m, b, scope)],
        ["output", exprText(b.emit, scope)],
        ["rule", JSON.stringify(b.rule)],
      ])]);
    }));
    assume(scope, failed);
  }
  const last = h.branches[h.branches.length - 1];
  if (last === undefined || last.guard !== null) lines.push(noRuleLine(`${m.name} on ${h.event}`));
  return lines;
}

/**
 * The next state: `s` itself when nothing is assigned, else a literal of every field in
 * declaration order, unassigned ones read from `s`. Every state object then has the same shape
 * (one hidden class in V8), and no spread copies `s` property by property.
 */
function nextState(ctx: ModuleCtx, m: Machine, b: Branch, scope: Scope): string {
  if (b.assigns.length === 0) return "s";
  const decl = ctx.decl(m.state);
  if (decl.kind !== "record") throw new Error(`emit ts: the state of ${m.name} is not a record`);
  const assigned = new Map(b.assigns.map((a) => [a.field, exprText(a.value, scope)]));
  const parts = decl.fields.map((f) => `${f.name}: ${assigned.get(f.name) ?? `s.${f.name}`}`);
  const flat = `{ ${parts.join(", ")} }`;
  return flat.length <= 100 ? flat : `{\n${parts.map((p) => `${p},`).join("\n")}\n}`;
}
