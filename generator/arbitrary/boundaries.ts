// Arbitrary stage (test support): the values a module's behaviour turns on. Every constant and
// number literal that its guards, lets, assignments, outputs, laws and explore domains mention,
// and every string literal anywhere in it (examples included), so random inputs land on the
// edges the spec draws (a window exactly, one ms short of it, one past it) and strings compare equal.

import type { Expr } from "../ir/expr.js";
import type { Module, Program } from "../ir/module.js";
import { walkExpr } from "../ir/walk.js";

/** The edges of one module, sorted ascending and without duplicates. */
export interface Boundaries {
  /** Numbers the spec compares or computes with (constants' values and literals), >= 0 first. */
  readonly numbers: readonly number[];
  /** String literals the spec mentions. */
  readonly strings: readonly string[];
}

/** Every expression of a module that can decide behaviour or a law's verdict. */
export function moduleExprs(module: Module): Expr[] {
  const out: Expr[] = [];
  for (const m of module.machines) {
    out.push(...m.init.map((a) => a.value));
    for (const h of m.handlers) {
      out.push(...h.lets.map((l) => l.value));
      for (const b of h.branches) {
        if (b.guard !== null) out.push(b.guard);
        out.push(...b.assigns.map((a) => a.value), b.emit);
      }
    }
  }
  for (const d of module.decisions) {
    out.push(...d.lets.map((l) => l.value));
    for (const r of d.rules) {
      if (r.guard !== null) out.push(r.guard);
      out.push(r.verdict);
    }
  }
  for (const law of module.laws) {
    const b = law.body;
    if (b.kind === "order" || b.kind === "invariant" || b.kind === "step" || b.kind === "decision") out.push(b.expr);
    if (b.kind === "variant") out.push(b.when, b.measure);
    if (b.kind === "progress") out.push(b.from, b.to, ...b.by);
  }
  for (const x of module.explore) for (const d of x.domains) for (const f of d.fields) out.push(...f.values);
  return out;
}

/** Expressions of the examples: a source of realistic strings (versions, build ids). */
function exampleExprs(module: Module): Expr[] {
  return module.examples.flatMap((x) =>
    x.body.kind === "machine" ? [...x.body.events, ...x.body.outputs, ...x.body.state.map((a) => a.value)] : [x.body.facts, x.body.verdict],
  );
}

const byValue = (a: number, b: number): number => a - b;
const byCodeUnit = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

export function collectBoundaries(program: Program, module: Module): Boundaries {
  const numbers = new Set<number>();
  const strings = new Set<string>();
  const constValue = (mod: string, name: string): number | boolean | undefined =>
    program.modules.find((m) => m.name === mod)?.constants.find((c) => c.name === name)?.value;
  const visit = (e: Expr): void => {
    if (e.kind === "lit" && typeof e.value === "number") numbers.add(e.value);
    if (e.kind === "lit" && typeof e.value === "string") strings.add(e.value);
    if (e.kind === "const") {
      const v = constValue(e.ref.module, e.ref.name);
      if (typeof v === "number") numbers.add(v);
    }
  };
  for (const e of moduleExprs(module)) walkExpr(e, { exit: visit });
  for (const e of exampleExprs(module)) {
    walkExpr(e, { exit: (x) => (x.kind === "lit" && typeof x.value === "string" ? void strings.add(x.value) : undefined) });
  }
  return {
    numbers: [...numbers].filter((n) => Number.isSafeInteger(n)).sort(byValue),
    strings: [...strings].sort(byCodeUnit),
  };
}

/** Each boundary and its neighbours (c - 1, c, c + 1), clipped to [min, max]. */
export function aroundBoundaries(b: Boundaries, min: number, max: number): number[] {
  const out = new Set<number>();
  for (const c of b.numbers) for (const x of [c - 1, c, c + 1]) if (x >= min && x <= max) out.add(x);
  return [...out].sort(byValue);
}
