// Emit stage, TypeScript target: a machine as `initial<M>()` and a pure `step<M>(s, e)` that
// switches on the event's tag and returns the first branch whose guard holds, with the rule id
// that fired. All assignments read the old state; unassigned fields are carried over by spread.

import type { StatementStructures } from "ts-morph";
import { StructureKind } from "./ts-morph.js";
import type { Branch, Handler, Machine } from "../../ir/module.js";
import { docText, type ModuleCtx } from "./context.js";
import { indent, letLines, noRuleLine, returnLines, ruleLines } from "./body.js";
import { exprText, functionScope, type Scope } from "./expr.js";
import { tsType } from "./types.js";

/** `initial<M>` and `step<M>` of one machine. */
export function machineDecls(ctx: ModuleCtx, m: Machine): StatementStructures[] {
  const state = ctx.typeName(m.state);
  const event = ctx.typeName(m.event);
  const output = tsType(ctx, m.output);
  const initScope = functionScope(ctx);
  const init = m.init.map((a): [string, string] => [a.field, exprText(a.value, initScope)]);
  return [
    {
      kind: StructureKind.Function,
      isExported: true,
      name: `initial${m.name}`,
      docs: [docText(`The state ${m.name} starts in.`, m.span)],
      returnType: state,
      statements: [returnLines(init).join("\n")],
    },
    {
      kind: StructureKind.Function,
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
  ];
}

function stepBody(ctx: ModuleCtx, m: Machine): string[] {
  const lines = ["switch (e.kind) {"];
  for (const h of m.handlers) {
    lines.push(`  case ${JSON.stringify(h.event)}: {`, ...indent(handlerLines(ctx, m, h), "    "), "  }");
  }
  lines.push("}");
  return lines;
}

function handlerLines(ctx: ModuleCtx, m: Machine, h: Handler): string[] {
  // A fresh scope per case: narrowing never flows from one case of the switch into another.
  const scope = functionScope(ctx);
  const lines = letLines(h.lets, scope);
  for (const b of h.branches) {
    const guard = b.guard === null ? null : exprText(b.guard, scope);
    lines.push(...ruleLines(b, guard, returnLines([
      ["state", nextState(ctx, m, b, scope)],
      ["output", exprText(b.emit, scope)],
      ["rule", JSON.stringify(b.rule)],
    ])));
  }
  const last = h.branches[h.branches.length - 1];
  if (last === undefined || last.guard !== null) lines.push(noRuleLine(`${m.name} on ${h.event}`));
  return lines;
}

/** The next state: `s` itself, a spread of `s` with the assigned fields, or a full record. */
function nextState(ctx: ModuleCtx, m: Machine, b: Branch, scope: Scope): string {
  if (b.assigns.length === 0) return "s";
  const decl = ctx.decl(m.state);
  const fields = decl.kind === "record" ? decl.fields.map((f) => f.name) : [];
  const assigned = new Map(b.assigns.map((a) => [a.field, exprText(a.value, scope)]));
  // Every value above reads the old `s`; building the object afterwards cannot disturb them.
  const parts = fields.every((f) => assigned.has(f)) ? [] : ["...s"];
  for (const f of fields) {
    const v = assigned.get(f);
    if (v !== undefined) parts.push(`${f}: ${v}`);
  }
  return `{ ${parts.join(", ")} }`;
}
