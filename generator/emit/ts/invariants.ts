// Emit stage, TypeScript target: a machine's invariant laws as predicates over its state
// (`invariants: { <law>: (s) => boolean }` in its registry object), so the runtime can refuse a
// restored state that no run could reach (`MachineHolder.restore` names the law). An invariant
// that reads a parameter (or a decision an instance binds) its machine's scope does not hold is
// left to explore and the conformance tests.

import type { Machine, Module, Program } from "../../ir/module.js";
import { walkExpr } from "../../ir/walk.js";
import { boundCode, boundConstants, constReads } from "../../check/params.js";
import type { ModuleCtx } from "./context.js";
import { exprText, functionScope } from "./expr.js";

/**
 * The `invariants` property of machine `m`'s registry object. `visible`: the bound constants in
 * its scope (those of `instance` when the machine lives there, else none).
 */
export function invariantsProperty(ctx: ModuleCtx, program: Program, module: Module, m: Machine, visible: ReadonlySet<string>): string {
  const isBound = boundConstants(program);
  const code = boundCode(program, module);
  const inside = code.machines.has(m.name);
  const state = ctx.typeName(m.state);
  const rows: string[] = [];
  for (const law of module.laws) {
    const b = law.body;
    if (b.kind !== "invariant" || b.machine.module !== module.name || b.machine.name !== m.name) continue;
    const unbound = [...constReads(b.expr)].some((k) => isBound.has(k) && !visible.has(k));
    let hidden = false;
    walkExpr(b.expr, { enter: (e) => void (e.kind === "decide" && !inside && e.ref.module === module.name && code.decisions.has(e.ref.name) && (hidden = true)) });
    if (unbound || hidden) continue;
    rows.push(`${law.name}: (s: ${state}): boolean => ${exprText(b.expr, functionScope(ctx))},`);
  }
  return rows.length === 0 ? "invariants: {}," : `invariants: {\n${rows.join("\n")}\n},`;
}
