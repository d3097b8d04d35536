// Emit stage, TypeScript target: a decision's verdict unboxed into the step that applies it. When
// a handler binds `v: D(DFacts { .. })`, its guards read `v` only as `v is Tag`, and every rule of
// D ends in a variant literal, no verdict object is built before the guards: the facts are kept
// in locals where the let stood, `v is Tag` prints as the rule conditions that lead to Tag, and a
// read of `v` in a branch's result prints the rules that can still fire there (those the failed
// guards have not ruled out), usually one variant literal. A verdict object built ahead of the
// guards, tested and then returned, cost the restart budget's step a tenth in V8 (bench/step.ts).

import type { Expr } from "../../ir/expr.js";
import type { Decision, Handler, Let, Rule } from "../../ir/module.js";
import { walkExpr } from "../../ir/walk.js";
import { localName, type ModuleCtx } from "./context.js";
import { atom, expr, exprText, wrap, type Printed, type Scope } from "./expr.js";
import { mayHold, tagTest } from "./narrow.js";
import { tsType } from "./types.js";
import { factParams } from "./verdict.js";

/** An unboxed let: its decision and, per fact, the text the fact is read as. */
export interface Unboxed {
  readonly decision: Decision;
  readonly facts: ReadonlyMap<string, string>;
}

/** The variant a rule's verdict literal builds. */
function tagOf(r: Rule): string | null {
  return r.verdict.kind === "union" ? r.verdict.variant : null;
}

/**
 * Whether a binder in `e` (lambda, let, match arm) binds `name`, or any name when `name` is
 * null: a bound name would shadow the let, and a decision's expressions are printed with their
 * reads of `f` replaced by text, which only a binder-free expression allows.
 */
function binds(e: Expr, name: string | null): boolean {
  let found = false;
  walkExpr(e, {
    enter(x) {
      const bound = x.kind === "listop" ? [x.param] : x.kind === "let" ? [x.name] : x.kind === "match" ? x.arms.flatMap((a) => a.binds) : [];
      found ||= name === null ? x.kind === "listop" || x.kind === "let" || x.kind === "match" : bound.includes(name);
      return !found;
    },
  });
  return found;
}

/** Whether every read of variable `name` in `e` is the subject of an `is` test. */
function onlyTagTested(e: Expr, name: string): boolean {
  let ok = true;
  walkExpr(e, {
    enter(x) {
      if (x.kind === "is" && x.of.kind === "var" && x.of.name === name) return false;
      if (x.kind === "var" && x.name === name) ok = false;
      return true;
    },
  });
  return ok;
}

/** Whether `e` reads variable `name` at all. */
function mentions(e: Expr, name: string): boolean {
  let found = false;
  walkExpr(e, { enter: (x) => void (found ||= x.kind === "var" && x.name === name) });
  return found;
}

/** Whether a `match` in `e` reads variable `name` in its subject (a match prints its subject as is, never unboxed). */
function matchedOn(e: Expr, name: string): boolean {
  let found = false;
  walkExpr(e, { enter: (x) => void (found ||= x.kind === "match" && mentions(x.of, name)) });
  return found;
}

/** The decision `l` applies when it can be unboxed in handler `h`, else null. */
export function unboxable(ctx: ModuleCtx, h: Handler, l: Let): Decision | null {
  const v = l.value;
  if (v.kind !== "decide" || v.arg.kind !== "record") return null;
  const d = ctx.decision(v.ref);
  if (d.lets.length > 0 || factParams(ctx, d) === null) return null;
  const last = d.rules[d.rules.length - 1];
  if (last === undefined || last.guard !== null) return null;
  if (!d.rules.every((r) => tagOf(r) !== null && !binds(r.verdict, null) && (r.guard === null || !binds(r.guard, null)))) return null;
  // Other lets must not read it at all; guards only through `is`; results may read it whole.
  if (h.lets.some((o) => o !== l && mentions(o.value, l.name))) return null;
  if (!h.branches.every((b) => b.guard === null || (onlyTagTested(b.guard, l.name) && !binds(b.guard, l.name)))) return null;
  if (!h.branches.every((b) => [b.emit, ...b.assigns.map((a) => a.value)].every((e) => !binds(e, l.name) && !matchedOn(e, l.name)))) return null;
  return d;
}

/**
 * Where the let stood: each fact computed there (not a literal, constant, local or field path,
 * which never change: states and events are never mutated, and a list a decision holds is never
 * extended in place, in-place.ts) read once into a local (`verdict$in_window`), so that later
 * reads see the value the let would have seen (the length of a list the branch extends in place
 * afterwards, say). Registers the let as unboxed in the scope.
 */
export function unboxLines(l: Let, d: Decision, scope: Scope): string[] {
  const v = l.value;
  if (v.kind !== "decide" || v.arg.kind !== "record") throw new Error("emit ts: unbox of a let that applies no decision");
  const lines: string[] = [];
  const facts = new Map<string, string>();
  for (const f of v.arg.fields) {
    const text = exprText(f.value, scope);
    if (f.value.kind === "lit" || f.value.kind === "const" || f.value.kind === "var" || f.value.kind === "field") {
      facts.set(f.name, text);
      continue;
    }
    const local = `${localName(l.name)}$${f.name}`;
    lines.push(`const ${local}: ${tsType(scope.ctx, f.value.type)} = ${text};`);
    facts.set(f.name, local);
  }
  scope.unboxed.set(l.name, { decision: d, facts });
  return lines;
}

/** `e` of the decision printed with each `f.x` read as its fact's text. */
function decisionText(e: Expr, u: Unboxed, scope: Scope): Printed {
  const ids: number[] = [];
  walkExpr(e, {
    enter(x) {
      if (x.kind === "field" && x.of.kind === "var" && x.of.name === "f") {
        const text = u.facts.get(x.field);
        if (text === undefined) throw new Error(`emit ts: unboxed fact ${x.field} has no text`);
        scope.replaced.set(x.id, text);
        ids.push(x.id);
      }
    },
  });
  try {
    return expr(e, scope);
  } finally {
    for (const id of ids) scope.replaced.delete(id);
  }
}

/** The rules of the unboxed let `of` that may still fire here: those whose variant it may hold. */
function liveRules(of: Expr, u: Unboxed, scope: Scope): Rule[] {
  return u.decision.rules.filter((r) => {
    const t = tagTest(of, tagOf(r) as string, scope);
    return t === null || mayHold(scope, t);
  });
}

/** `v is Tag` for an unboxed `v`: the conditions under which the first rule to fire builds Tag. */
export function unboxedIs(of: Expr & { kind: "var" }, variant: string, u: Unboxed, scope: Scope): Printed {
  const rules = liveRules(of, u, scope);
  // From the last rule back: `g ? (tag is Tag) : rest`, as `g || rest` or `!g && rest`.
  let acc: Printed = atom("false");
  for (let i = rules.length - 1; i >= 0; i--) {
    const r = rules[i] as Rule;
    const hit = tagOf(r) === variant;
    if (r.guard === null) {
      acc = atom(String(hit));
      continue;
    }
    const g = decisionText(r.guard, u, scope);
    // `g ? hit : acc`, folded where either side is a constant; mixed `&&`/`||` get parentheses.
    if (hit) acc = acc.text === "false" ? g : acc.text === "true" ? acc : { text: `${wrap(g, 3)} || ${wrap(acc, 3)}`, prec: 1 };
    else if (acc.text !== "false") acc = acc.text === "true" ? { text: `!${wrap(g, 8)}`, prec: 7 } : { text: `!${wrap(g, 8)} && ${wrap(acc, 3)}`, prec: 2 };
  }
  return acc;
}

/** A read of an unboxed `v`: the verdict of the rules that may still fire, as a conditional chain. */
export function unboxedValue(of: Expr & { kind: "var" }, u: Unboxed, scope: Scope): Printed {
  const rules = liveRules(of, u, scope);
  let acc: Printed | null = null;
  for (let i = rules.length - 1; i >= 0; i--) {
    const r = rules[i] as Rule;
    const verdict = decisionText(r.verdict, u, scope);
    if (acc === null || r.guard === null) {
      acc = verdict;
      continue;
    }
    acc = { text: `${wrap(decisionText(r.guard, u, scope), 1)} ? ${wrap(verdict, 1)} : ${wrap(acc, 0)}`, prec: 0 };
  }
  if (acc === null) throw new Error(`emit ts: no rule of ${u.decision.name} may fire`);
  return acc;
}
