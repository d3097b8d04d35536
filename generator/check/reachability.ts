// Check stage: rules that can never fire. A rule after an unguarded one, a rule whose guard is
// constant false, and a rule whose guard repeats an earlier guard word for word are reported.

import { evalConstExpr } from "../expr/index.js";
import type { Expr } from "../ir/expr.js";
import type { ModuleContext } from "./context.js";
import type { RawExpr } from "./raw.js";

export interface GuardedRule {
  readonly id: string;
  readonly guard: Expr | null;
  readonly path: (string | number)[];
  readonly source: RawExpr | undefined;
  /** The guard had type errors; its placeholder value says nothing about when it fires. */
  readonly errored: boolean;
}

export function neverFires(cx: ModuleContext, rules: readonly GuardedRule[]): void {
  const valueOf = cx.constValue.bind(cx);
  let shadow: string | undefined;
  const seen = new Map<string, string>();
  for (const r of rules) {
    if (shadow !== undefined) {
      cx.error("neverFires", r.path, { rule: r.id, why: `'${shadow}' before it always fires` });
      continue;
    }
    if (r.guard === null) {
      shadow = r.id;
      continue;
    }
    const v = r.errored ? undefined : evalConstExpr(r.guard, valueOf);
    if (v === false) cx.error("neverFires", [...r.path, "when"], { rule: r.id, why: "its condition is always false" });
    if (v === true) shadow = r.id;
    const text = String(r.source).replace(/\s+/g, " ").trim();
    const prev = seen.get(text);
    if (prev !== undefined) cx.error("neverFires", [...r.path, "when"], { rule: r.id, why: `'${prev}' has the same condition and comes first` });
    else seen.set(text, r.id);
  }
}
