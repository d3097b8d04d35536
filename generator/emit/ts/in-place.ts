// Emit stage, TypeScript target: `append(l, x)` done in place when nothing can tell. A let that
// body.ts computes into a fresh array (a filter or map loop) belongs to this step alone; when a
// branch's result reads it only once, as the list of an `append` evaluated at most once, and no
// other let can hold the same array, pushing onto it before the return is the same value as the
// copy, without the copy. This is the single-owner update Lean performs on unshared arrays.

import type { Expr } from "../../ir/expr.js";
import type { Let } from "../../ir/module.js";
import { children } from "../../ir/walk.js";
import { ownsArray } from "./body.js";
import { localName } from "./context.js";
import { exprText, type Scope } from "./expr.js";

/**
 * The `name.push(x);` statements to run before a branch's return, registering each replaced
 * `append` with the scope so the return prints the let's name there.
 */
export function inPlaceAppends(lets: readonly Let[], result: readonly Expr[], scope: Scope): string[] {
  const out: string[] = [];
  for (const l of lets) {
    if (!ownsArray(l) || !lets.every((o) => o === l || onlyConsumed(o.value, l.name))) continue;
    const uses = result.flatMap((e) => occurrences(e, l.name, false));
    const only = uses.length === 1 ? uses[0] : undefined;
    if (only === undefined || only.append === null) continue;
    const [, x] = only.append.kind === "call" ? only.append.args : [];
    if (x === undefined) continue;
    out.push(`${localName(l.name)}.push(${exprText(x, scope)}); // the last read of ${localName(l.name)}: extend it in place`);
    scope.replaced.set(only.append.id, localName(l.name));
  }
  return out;
}

interface Use {
  /** The `append(name, x)` call whose list this read is, when it may be done in place. */
  readonly append: Expr | null;
}

/**
 * Every read of `name` in `e`. A read counts as an in-place candidate only as the list of an
 * `append` that runs once and whose `x` sees no binder of its own (no lambda, match arm or
 * `let` between the root and the call), since `x` is then evaluated before the return.
 */
function occurrences(e: Expr, name: string, bound: boolean): Use[] {
  if (e.kind === "var") return e.name === name ? [{ append: null }] : [];
  if (e.kind === "call" && e.fn === "append") {
    const [l, x] = e.args;
    if (l !== undefined && x !== undefined && l.kind === "var" && l.name === name) {
      return [{ append: bound ? null : e }, ...occurrences(x, name, bound)];
    }
  }
  if (e.kind === "listop") {
    if (e.param === name) return occurrences(e.list, name, bound);
    return [...occurrences(e.list, name, bound), ...occurrences(e.body, name, true)];
  }
  if (e.kind === "let" || e.kind === "match") {
    // Shadowing by the binder itself only hides reads, so counting them anyway is conservative.
    return children(e).flatMap((c, i) => occurrences(c, name, bound || i > 0));
  }
  return children(e).flatMap((c) => occurrences(c, name, bound));
}

/**
 * Whether every read of `name` in `e` consumes the list into something else (a length, a count,
 * a truth value, a new list), so that `e`'s value never is, nor holds, the array itself.
 */
function onlyConsumed(e: Expr, name: string): boolean {
  if (e.kind === "var") return e.name !== name;
  if (e.kind === "call" && e.fn === "len") return true;
  if (e.kind === "listop") {
    const listOk = e.list.kind === "var" || onlyConsumed(e.list, name);
    return listOk && (e.param === name || onlyConsumed(e.body, name));
  }
  return children(e).every((c) => onlyConsumed(c, name));
}
