// Emit stage, TypeScript target: `verdict<D>(fact, ...)`, a decision's verdict alone, with its
// facts as arguments. A step that applies a decision calls this instead of `decide<D>(f).verdict`:
// no facts record built, no `{ verdict, rule }` built and dropped, on every step. Emitted only
// for decisions some step or decision applies to a facts literal, and only when the decision
// reads its facts field by field (`f.x`), so each fact can be a parameter.

import type { FunctionDecl } from "./print.js";
import type { Expr } from "../../ir/expr.js";
import type { Decision, Program } from "../../ir/module.js";
import type { TypeRef } from "../../ir/types.js";
import { walkExpr } from "../../ir/walk.js";
import { noRuleLine, ruleLines } from "./body.js";
import { localName, type ModuleCtx } from "./context.js";
import { atom, exprText, functionScope, type Printed, type Scope } from "./expr.js";
import { LetPlacer } from "./lets.js";
import { tsType } from "./types.js";
import { assume, facts, under } from "./narrow.js";

/** Every expression of a decision: its lets, guards and verdicts. */
function decisionExprs(d: Decision): Expr[] {
  return [...d.lets.map((l) => l.value), ...d.rules.flatMap((r) => (r.guard === null ? [r.verdict] : [r.guard, r.verdict]))];
}

/**
 * The parameter names of `verdict<D>`, one per fact in declaration order, or null when the
 * decision reads `f` whole, or a local of the decision (a let, a lambda parameter, a match
 * binding) has a fact's name or `f`'s.
 */
export function factParams(ctx: ModuleCtx, d: Decision): string[] | null {
  const facts = ctx.decl(d.facts);
  if (facts.kind !== "record") return null;
  const params = facts.fields.map((f) => localName(f.name));
  const locals = new Set(d.lets.map((l) => l.name));
  let whole = false;
  for (const e of decisionExprs(d)) {
    walkExpr(e, {
      enter(x) {
        if (x.kind === "field" && x.of.kind === "var" && x.of.name === "f") return false;
        if (x.kind === "var" && x.name === "f") whole = true;
        if (x.kind === "listop" || x.kind === "let") locals.add(x.kind === "listop" ? x.param : x.name);
        if (x.kind === "match") for (const a of x.arms) for (const b of a.binds) locals.add(b);
        return true;
      },
    });
  }
  if (whole || locals.has("f") || facts.fields.some((f) => locals.has(f.name))) return null;
  return params;
}

/** Whether some machine or decision of the program applies decision `ref` to a facts literal. */
function applied(program: Program, ref: TypeRef): boolean {
  let found = false;
  const look = (e: Expr): void =>
    walkExpr(e, { enter: (x) => void (found ||= x.kind === "decide" && x.arg.kind === "record" && x.ref.module === ref.module && x.ref.name === ref.name) });
  for (const m of program.modules) {
    for (const mc of m.machines) for (const h of mc.handlers) {
      h.lets.forEach((l) => look(l.value));
      for (const b of h.branches) [b.guard, b.emit, ...b.assigns.map((a) => a.value)].forEach((e) => e !== null && look(e));
    }
    for (const d of m.decisions) decisionExprs(d).forEach(look);
  }
  return found;
}

/** The `verdict<D>` declaration, or null when no step applies the decision or it cannot take positional facts. */
export function verdictDecl(ctx: ModuleCtx, d: Decision): FunctionDecl | null {
  const params = factParams(ctx, d);
  if (params === null || !applied(ctx.program, { module: ctx.module.name, name: d.name })) return null;
  const factsDecl = ctx.decl(d.facts);
  if (factsDecl.kind !== "record") return null;
  const scope = functionScope(ctx);
  for (const e of decisionExprs(d)) {
    walkExpr(e, {
      enter(x) {
        if (x.kind === "field" && x.of.kind === "var" && x.of.name === "f") scope.replaced.set(x.id, localName(x.field));
      },
    });
  }
  const lets = new LetPlacer(d.lets, scope);
  const lines: string[] = [];
  for (const r of d.rules) {
    lines.push(...lets.before([r.guard ?? r.verdict]));
    const guard = r.guard === null ? null : exprText(r.guard, scope);
    const held = r.guard === null ? new Map() : facts(r.guard, true, scope);
    const failed = r.guard === null ? new Map() : facts(r.guard, false, scope);
    lines.push(...under(scope, held, () => {
      const inner = r.guard === null ? [] : lets.inside([r.verdict]);
      return ruleLines({ ...r, doc: "" }, guard, [...inner, `return ${exprText(r.verdict, scope)};`]);
    }));
    assume(scope, failed);
  }
  const last = d.rules[d.rules.length - 1];
  if (last === undefined || last.guard !== null) lines.push(noRuleLine(d.name));
  return {
    kind: "function",
    isExported: true,
    name: `verdict${d.name}`,
    docs: [`The verdict of \`decide${d.name}\` alone, from its facts as arguments: what steps call, with no facts record and no rule id built.`],
    parameters: factsDecl.fields.map((f, i) => ({ name: params[i] as string, type: tsType(ctx, f.type) })),
    returnType: tsType(ctx, d.verdict),
    statements: [lines.join("\n")],
  };
}

/** `verdict<D>(a, b)` for `D(DFacts { .. })`, or null when the decision has no verdict function. */
export function verdictCall(scope: Scope, ref: TypeRef, arg: Expr): Printed | null {
  const ctx = scope.ctx;
  if (arg.kind !== "record") return null;
  const d = ctx.decision(ref);
  if (factParams(ctx, d) === null) return null;
  const facts = ctx.decl(d.facts);
  if (facts.kind !== "record") return null;
  const values = new Map(arg.fields.map((f) => [f.name, f.value]));
  const args: string[] = [];
  for (const f of facts.fields) {
    const v = values.get(f.name);
    if (v === undefined) return null;
    args.push(exprText(v, scope));
  }
  const oneLine = `${ctx.valueName(ref.module, `verdict${d.name}`)}(${args.join(", ")})`;
  return atom(oneLine.length <= 100 ? oneLine : `${ctx.valueName(ref.module, `verdict${d.name}`)}(\n${args.map((a) => `${a},\n`).join("")})`);
}
