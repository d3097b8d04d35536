// Check stage: a decision's `override_check`, the declaration that the runtime asks it at start
// whether environment overrides keep the relations between constants. Every facts field takes
// one visible constant of its type, and `accept` names the verdict that lets the process start
// (a variant without fields or an enum member). At most one decision of a module says so.

import { assignable, showType } from "../expr/index.js";
import type { Decision, OverrideCheck } from "../ir/module.js";
import type { Type, TypeDecl } from "../ir/types.js";
import { didYouMean } from "../diagnostics/diagnostic.js";
import type { ModuleContext } from "./context.js";
import type { DecisionShell } from "./decisions.js";

/** The checked `override_check` of a decision, or null when it has none (or it is wrong). */
export function checkOverrideCheck(cx: ModuleContext, d: DecisionShell): OverrideCheck | null {
  const raw = d.raw.override_check;
  if (raw === undefined) return null;
  const path = ["decisions", d.name, "override_check"];
  const where = `override_check of ${d.name}`;
  const before = cx.diags.list.length;
  const fields = factsFields(cx, d);
  const facts: { field: string; constant: { module: string; name: string } }[] = [];
  for (const f of fields) {
    const name = raw.facts[f.name];
    if (name === undefined) {
      cx.error("badAttribute", [...path, "facts"], { where, detail: `fact '${f.name}' takes no constant`, hint: `add '${f.name}: <CONSTANT>' (every fact of ${d.name} is read from a constant)` }, true);
      continue;
    }
    const c = cx.tables.consts.get(name) ?? cx.tables.constResolver?.(name);
    if (c === undefined) {
      cx.unknown([...path, "facts", f.name], "constant", name, cx.tables.consts.keys());
      continue;
    }
    if (assignable(c.type, f.type).kind !== "ok") {
      cx.error("badAttribute", [...path, "facts", f.name], { where, detail: `fact '${f.name}' is ${showType(f.type)} but ${name} is ${showType(c.type)}`, hint: "name a constant of the fact's type" });
      continue;
    }
    facts.push({ field: f.name, constant: c.ref });
  }
  for (const key of Object.keys(raw.facts)) {
    if (!fields.some((f) => f.name === key)) cx.unknown([...path, "facts", key], `fact of ${d.name}`, key, fields.map((f) => f.name), true);
  }
  const accepts = acceptable(cx, d.verdict);
  if (!accepts.includes(raw.accept)) {
    const detail = accepts.length === 0 ? `the verdict ${showType(d.verdict)} has no variant without fields or enum member` : `'${raw.accept}' is not a verdict without fields of ${showType(d.verdict)}`;
    const near = didYouMean(raw.accept, accepts);
    const hint = accepts.length === 0 ? "give the verdict a variant that means every relation holds" : near.startsWith("did you mean") ? near : `one of: ${accepts.join(", ")}`;
    cx.error("badAttribute", [...path, "accept"], { where, detail, hint });
  }
  return cx.diags.list.length > before ? null : { accept: raw.accept, facts };
}

/** A second decision with `override_check` in one module is an error: the runtime asks one. */
export function checkOneOverrideCheck(cx: ModuleContext, decisions: readonly Decision[]): void {
  const checks = decisions.filter((d) => cx.raw.decisions?.[d.name]?.override_check !== undefined);
  for (const d of checks.slice(1)) {
    cx.error("badAttribute", ["decisions", d.name, "override_check"], { where: `override_check of ${d.name}`, detail: `a second override check (the first is ${checks[0]?.name ?? ""})`, hint: "the runtime asks one decision at start; fold the relations into one decision" }, true);
  }
}

function factsFields(cx: ModuleContext, d: DecisionShell): readonly { name: string; type: Type }[] {
  const decl = cx.tables.types.get(d.facts.name)?.decl;
  return decl?.kind === "record" ? decl.fields : [];
}

/** The verdicts that carry no payload: the variants without fields, or the enum's members. */
function acceptable(cx: ModuleContext, verdict: Type): string[] {
  if (verdict.kind !== "named") return [];
  let decl: TypeDecl;
  try {
    decl = cx.tables.typeDecl(verdict.ref);
  } catch {
    return [];
  }
  if (decl.kind === "enum") return [...decl.members];
  if (decl.kind === "union") return decl.variants.filter((v) => v.fields.length === 0).map((v) => v.name);
  return [];
}
