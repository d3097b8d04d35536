// Check stage: decisions. The facts record is synthesized (`<D>Facts`); rules are checked in
// order, the last must be `otherwise`, and rules that can never fire are reported. A decision may
// apply decisions declared before it (never itself), so evaluation always terminates.

import type { Decision, Rule } from "../ir/module.js";
import { BOOL, type Type, type TypeRef } from "../ir/types.js";
import type { ModuleContext } from "./context.js";
import { checkFields, checkLets, checkName, register } from "./declarations.js";
import { checkOverrideCheck } from "./override-check.js";
import { neverFires } from "./reachability.js";
import type { RawDecision } from "./raw.js";

export interface DecisionShell {
  readonly name: string;
  readonly raw: RawDecision;
  readonly facts: TypeRef;
  readonly verdict: Type;
}

export function factsTypeName(name: string): string {
  return `${name}Facts`;
}

/** Resolve the facts and verdict types of a decision. */
export function checkDecisionTypes(cx: ModuleContext, name: string, raw: RawDecision): DecisionShell {
  const path = ["decisions", name];
  checkName(cx, "type", "decision", name, path);
  const factsName = factsTypeName(name);
  register(cx, { kind: "record", name: factsName, doc: `Facts of ${name}.`, fields: checkFields(cx, raw.facts, [...path, "facts"]), span: cx.span(path) });
  const verdict = cx.type([...path, "verdict"], raw.verdict) ?? BOOL;
  return { name, raw, facts: { module: cx.module, name: factsName }, verdict };
}

/** Check a decision's lets and rules, then make it callable by later declarations. */
export function checkDecision(cx: ModuleContext, d: DecisionShell): Decision {
  const path = ["decisions", d.name];
  const locals = new Map<string, Type>([["f", { kind: "named", ref: d.facts }]]);
  const lets = checkLets(cx, d.raw.let, path, locals);
  const ids = new Map<string, number>();
  const guardErrors: boolean[] = [];
  const rules: Rule[] = d.raw.rules.map((r, i) => {
    const rp = [...path, "rules", i];
    checkName(cx, "field", "rule id", r.id, [...rp, "id"]);
    if (ids.has(r.id)) cx.error("duplicateName", [...rp, "id"], { what: "rule id", name: r.id, line: cx.line([...path, "rules", ids.get(r.id) ?? 0]) });
    ids.set(r.id, i);
    const isOtherwise = r.otherwise !== undefined;
    if (isOtherwise && i !== d.raw.rules.length - 1) cx.error("otherwiseNotLast", [...rp, "otherwise"], { decision: d.name }, true);
    const { expr: guard, errored } = cx.guard([...rp, "when"], isOtherwise ? undefined : r.when, locals);
    guardErrors.push(errored);
    const verdict = cx.expr([...rp, isOtherwise ? "otherwise" : "then"], (isOtherwise ? r.otherwise : r.then) ?? false, locals, d.verdict, true);
    return { rule: `${d.name}.${r.id}`, id: r.id, doc: r.doc ?? "", guard, verdict, span: cx.span(rp) };
  });
  const lastRaw = d.raw.rules[d.raw.rules.length - 1];
  if (lastRaw && lastRaw.otherwise === undefined) cx.error("otherwiseMissing", [...path, "rules"], { decision: d.name }, true);
  neverFires(cx, rules.map((r, i) => ({ id: r.rule, guard: r.guard, path: [...path, "rules", i], source: d.raw.rules[i]?.when, errored: guardErrors[i] === true })));
  cx.tables.decisions.set(d.name, { ref: { module: cx.module, name: d.name }, facts: d.facts, verdict: d.verdict });
  const overrideCheck = checkOverrideCheck(cx, d);
  return { name: d.name, doc: d.raw.doc, facts: d.facts, verdict: d.verdict, lets, rules, overrideCheck, span: cx.span(path) };
}
