// Emit stage, TypeScript target: a decision as `decide<D>(f)`, its rule table in order as
// guarded returns (first match wins), each return naming the rule that fired; each let is
// computed only on the paths that read it (lets.ts).

import type { FunctionDecl } from "./print.js";
import type { Decision } from "../../ir/module.js";
import { docText, type ModuleCtx } from "./context.js";
import { noRuleLine, returnLines, ruleLines } from "./body.js";
import { LetPlacer } from "./lets.js";
import { exprText, functionScope } from "./expr.js";
import { tsType } from "./types.js";
import { assume, facts, under } from "./narrow.js";

export function decisionDecl(ctx: ModuleCtx, d: Decision): FunctionDecl {
  const scope = functionScope(ctx);
  const lets = new LetPlacer(d.lets, scope);
  const lines: string[] = [];
  for (const r of d.rules) {
    lines.push(...lets.before([r.guard ?? r.verdict]));
    const guard = r.guard === null ? null : exprText(r.guard, scope);
    const held = r.guard === null ? new Map() : facts(r.guard, true, scope);
    const failed = r.guard === null ? new Map() : facts(r.guard, false, scope);
    lines.push(...under(scope, held, () => {
      const inner = r.guard === null ? [] : lets.inside([r.verdict]);
      return ruleLines(r, guard, [...inner, ...returnLines([
        ["verdict", exprText(r.verdict, scope)],
        ["rule", JSON.stringify(r.rule)],
      ])]);
    }));
    assume(scope, failed);
  }
  const last = d.rules[d.rules.length - 1];
  if (last === undefined || last.guard !== null) lines.push(noRuleLine(d.name));
  return {
    kind: "function",
    isExported: true,
    name: `decide${d.name}`,
    docs: [docText(d.doc, d.span)],
    parameters: [{ name: "f", type: ctx.typeName(d.facts) }],
    returnType: `${ctx.rt("Decided")}<${tsType(ctx, d.verdict)}>`,
    statements: [lines.join("\n")],
  };
}
