// Interpreter stage: decisions, a rule table over a facts record where the first rule whose
// guard holds gives the verdict.

import type { Program } from "../ir/module.js";
import type { TypeRef } from "../ir/types.js";
import { bindLets, evalExpr } from "./expr.js";
import { findDecision } from "./lookup.js";
import { type Value, InterpretError, asBool } from "./value.js";

/** The verdict and the rule id (`<Decision>.<id>`) that gave it. */
export interface DecideResult {
  readonly verdict: Value;
  readonly rule: string;
}

export function decide(prog: Program, decisionRef: TypeRef, facts: Value): DecideResult {
  const d = findDecision(prog, decisionRef);
  const env = bindLets(d.lets, new Map<string, Value>([["f", facts]]), prog);
  for (const rule of d.rules) {
    if (rule.guard === null || asBool(evalExpr(rule.guard, env, prog), `${rule.rule} guard`)) {
      return { verdict: evalExpr(rule.verdict, env, prog), rule: rule.rule };
    }
  }
  throw new InterpretError(`${d.name}: no rule holds`);
}
