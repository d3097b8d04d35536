// Explore stage, compiled engine: a machine's laws as source text (law.ts's meaning, the
// interpreter's): invariants and progress laws as checks on a state, step and variant laws as
// one function each, and which invariants a permutation of symmetric rows cannot break.

import type { Expr } from "../../ir/expr.js";
import type { Law } from "../../ir/module.js";
import { children } from "../../ir/walk.js";
import type { ExprCompiler } from "./expr.js";

/**
 * One invariant or progress law as a statement returning `i` when it fails. A progress law
 * ("from leads to `to` by the `by` events within k steps", law.ts's avoidingPath) becomes a
 * recursive function over the compiled step, pushed onto `functions`.
 */
export function stateLawCheck(c: ExprCompiler, law: Law, i: number, functions: string[]): string {
  const b = law.body;
  if (b.kind === "invariant") return `if (!${c.expr(b.expr)}) return ${i};`;
  if (b.kind !== "progress") return "";
  const name = `$avoids${i}`;
  const tries = b.by.map((x) => `if (${name}(step(v_s, ${c.expr(x)}, $po), k - 1)) return true;`);
  functions.push(`function ${name}(v_s, k) { if (${c.expr(b.to)}) return false; if (k === 0) return true; const $po = { output: null, rule: -1 }; ${tries.join(" ")} return false; }`);
  return `if (${c.expr(b.from)} && ${name}(v_s, ${b.within})) return ${i};`;
}

/** One step or variant law as a statement returning `i` when it fails (law.ts's meaning). */
export function stepLawFunction(c: ExprCompiler, law: Law, i: number): string {
  const b = law.body;
  const fn = (body: string): string => `function $law${i}(v_s, v_e, v_n, v_o) { ${body} }`;
  if (b.kind === "step") return fn(`return ${c.expr(b.expr)};`);
  if (b.kind !== "variant") return fn("return true;");
  const measure = (state: string): string => c.lifter.lift(["v_s"], [state], [b.measure], ["s"], `return ${c.expr(b.measure)};`);
  const up = b.direction === "increases";
  const moved = up ? "$after > $before" : "$after < $before";
  const kept = up ? "$after >= $before" : "$after <= $before";
  const otherwise = b.monotone ? `return ${kept};` : "return true;";
  return fn(`const $before = ${measure("v_s")}, $after = ${measure("v_n")}; if (${c.expr(b.when)}) return ${moved}; ${otherwise}`);
}

/**
 * Whether an invariant holds alike on every permutation of the symmetric rows: it reads the
 * symmetric fields of `s` only whole, as the list of `all`, `any`, `count` or `len`. Such a law
 * is checked once per state; any other (a row read by index, a progress law, whose events name
 * workers by index) on every permutation.
 */
export function orderBlind(law: Law, symmetric: readonly string[]): boolean {
  if (symmetric.length === 0) return true;
  if (law.body.kind !== "invariant") return law.body.kind !== "progress";
  const isRows = (e: Expr): boolean => e.kind === "field" && e.of.kind === "var" && e.of.name === "s" && symmetric.includes(e.field);
  const blind = (e: Expr): boolean => {
    if (isRows(e)) return false;
    if (e.kind === "listop" && (e.op === "all" || e.op === "any" || e.op === "count") && isRows(e.list)) return blind(e.body);
    if (e.kind === "call" && e.fn === "len" && e.args.length === 1 && isRows(e.args[0] as Expr)) return true;
    return children(e).every(blind);
  };
  return blind(law.body.expr);
}

/**
 * The row positions a law that is not order-blind can tell apart (the constant indices it reads
 * the symmetric fields at, `nth_or(s.workers, 0, ..)`, and the numbers its progress events name),
 * or null when it reads rows some other way (by a computed index, `map`, `set_at`, a list bound
 * to a name). On a machine whose rows are interchangeable, the law's truth on a permutation of a
 * state's rows depends only on which rows the permutation puts at these positions, so the search
 * checks one arrangement per choice of rows there (n for one position) rather than all n!.
 */
export function rowPositions(law: Law, symmetric: readonly string[]): number[] | null {
  const b = law.body;
  if (b.kind !== "invariant" && b.kind !== "progress") return [];
  const isRows = (e: Expr): boolean => e.kind === "field" && e.of.kind === "var" && e.of.name === "s" && symmetric.includes(e.field);
  const positions = new Set<number>();
  let bounded = true;
  const index = (e: Expr): boolean => {
    if (e.kind !== "lit" || typeof e.value !== "number") return false;
    positions.add(e.value);
    return true;
  };
  const visit = (e: Expr): void => {
    if (!bounded) return;
    if (isRows(e)) {
      bounded = false;
      return;
    }
    if (e.kind === "listop" && (e.op === "all" || e.op === "any" || e.op === "count") && isRows(e.list)) return visit(e.body);
    if (e.kind === "call" && e.fn === "len" && isRows(e.args[0] as Expr)) return;
    if (e.kind === "call" && e.fn === "nth_or" && isRows(e.args[0] as Expr)) {
      if (!index(e.args[1] as Expr)) bounded = false;
      return visit(e.args[2] as Expr);
    }
    children(e).forEach(visit);
  };
  // A progress law's events name rows by number: every number in them is a position, and a
  // number computed from the state could name any row.
  const event = (e: Expr): void => {
    if (e.kind === "lit" && typeof e.value === "number") positions.add(e.value);
    else if (e.type.kind === "nat" || e.type.kind === "int") bounded = false;
    children(e).forEach(event);
  };
  if (b.kind === "invariant") visit(b.expr);
  else {
    visit(b.from);
    visit(b.to);
    b.by.forEach(event);
    b.by.forEach(visit);
  }
  return bounded ? [...positions].sort((x, y) => x - y) : null;
}
