// Emit stage, TypeScript target: the statement layout shared by machine steps and decisions:
// `const` lets, a comment naming each rule, and `if (guard) { return ...; }` per rule in order.
// Bodies are plain lines; layout.ts indents them by their nesting.

import type { Expr } from "../../ir/expr.js";
import type { Let } from "../../ir/module.js";
import type { Span } from "../../ir/types.js";
import { walkExpr } from "../../ir/walk.js";
import { localName } from "./context.js";
import { exprText, fresh, type Scope } from "./expr.js";
import { assume, domainOf, possible, possibleTags } from "./narrow.js";
import { tsType } from "./types.js";
import { unboxLines } from "./unbox.js";

/**
 * `const name: T = value;` per let. TypeScript narrows a union-typed `const` to the type of its
 * value (`Open`, `if c then A else B`), and so does narrow.ts.
 */
export function letLines(lets: readonly Let[], scope: Scope): string[] {
  return lets.flatMap((l) => {
    const decision = scope.unboxable.get(l.name);
    if (decision !== undefined) return unboxLines(l, decision, scope);
    const loop = loopLines(l, scope);
    if (loop !== null) return loop;
    const name = localName(l.name);
    const line = `const ${name}: ${tsType(scope.ctx, l.value.type)} = ${exprText(l.value, scope)};`;
    const known = domainOf(scope, l.value.type) === null ? null : possible(l.value, scope);
    if (known !== null) assume(scope, new Map([[name, known]]));
    const tags = possibleTags(l.value);
    if (tags !== null) assume(scope, new Map([[`${name}.kind`, tags]]));
    return [line];
  });
}

/**
 * A let bound to `filter` or `map` of a list, as the loop a person would write: an array
 * literal and a `for...of` that pushes (no closure, no `Array.prototype` call). The array is
 * fresh and only this function holds it, which machine.ts uses to extend it in place.
 */
function loopLines(l: Let, scope: Scope): string[] | null {
  const v = l.value;
  if (v.kind !== "listop" || (v.op !== "filter" && v.op !== "map") || v.type.kind !== "list") return null;
  const name = localName(l.name);
  const param = localName(v.param);
  if (param === name) return null;
  const list = exprText(v.list, scope);
  const reads = invariantReads(v.body, v.param, scope);
  const body = fresh(scope, v.param, (inner) => exprText(v.body, inner));
  const elem = tsType(scope.ctx, v.type.of);
  const decl = `const ${name}: ${/[|\s]/.test(elem) ? `(${elem})` : elem}[] = [];`;
  if (v.op === "map") return [decl, ...reads, `for (const ${param} of ${list}) ${name}.push(${body});`];
  return [decl, ...reads, `for (const ${param} of ${list}) if (${body}) ${name}.push(${param});`];
}

/**
 * `const eAtMs = e.at_ms;` for each number or bool field read in a loop body that does not
 * depend on the loop (a path from `s`, `e` or `f`), registering the name with the scope so the
 * body prints it. V8 does not move a property load out of a loop that pushes onto an array,
 * and the hand-written reducer reads such a value once. The names are lowerCamel with a
 * capital, which no spec local (lower_snake) can spell.
 */
function invariantReads(body: Expr, param: string, scope: Scope): string[] {
  const bound = new Set<string>([param]);
  walkExpr(body, {
    enter(x) {
      if (x.kind === "listop") bound.add(x.param);
      if (x.kind === "let") bound.add(x.name);
      if (x.kind === "match") for (const a of x.arms) for (const b of a.binds) bound.add(b);
    },
  });
  const names = new Map<string, string>();
  walkExpr(body, {
    enter(x) {
      const path = fieldPath(x);
      if (path === null) return true;
      const [root, ...fields] = path;
      if (bound.has(root as string) || scope.vars.has(root as string) || !/^[sef]$/.test(root as string)) return true;
      if (x.type.kind !== "nat" && x.type.kind !== "int" && x.type.kind !== "bool") return true;
      const name = [root, ...fields.map((f) => f.split("_").map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join(""))].join("");
      if (!names.has(name)) names.set(name, `const ${name} = ${exprText(x, scope)};`);
      scope.replaced.set(x.id, name);
      return false;
    },
  });
  return [...names.values()];
}

/** `["e", "at_ms"]` for the read `e.at_ms` (a field chain on a variable), else null. */
function fieldPath(e: Expr): string[] | null {
  if (e.kind !== "field") return null;
  if (e.of.kind === "var") return [e.of.name, e.field];
  const of = fieldPath(e.of);
  return of === null ? null : [...of, e.field];
}

/** Whether a let is computed by loopLines into a fresh array of its own. */
export function ownsArray(l: Let): boolean {
  const v = l.value;
  return v.kind === "listop" && (v.op === "filter" || v.op === "map") && v.type.kind === "list" && v.param !== l.name;
}

/** A `return { ... };` of an object whose properties each get their own line. */
export function returnLines(props: readonly [string, string][]): string[] {
  return ["return {", ...props.map(([k, v]) => `${k}: ${v},`), "};"];
}

/** One rule: a comment with its id, doc and spec line, then its guarded (or final) return. */
export function ruleLines(
  rule: { readonly id: string; readonly doc: string; readonly span: Span },
  guard: string | null,
  ret: readonly string[],
): string[] {
  // `\s` covers CR, U+2028 and U+2029 too: each of them would end this line comment.
  const doc = rule.doc.trim().replace(/\s+/g, " ");
  const comment = `// ${rule.id}${doc === "" ? "" : `: ${doc}`} (${rule.span.file}:${rule.span.line})`;
  if (guard === null) return [comment, ...ret];
  return [comment, `if (${guard}) {`, ...ret, "}"];
}

/** When the last rule has a guard (the checker forbids it), fail loudly rather than return nothing. */
export function noRuleLine(what: string): string {
  return `throw new Error(${JSON.stringify(`statute: no rule of ${what} applies`)});`;
}
