// Explore stage, compiled engine: closures lifted to functions of the compiled source. A list
// operation's lambda, a `let`, a `match` or an element-wise comparison written as an arrow
// called in place costs a closure on every evaluation wherever V8 does not inline it (a large
// step or law function runs out of inlining budget); as a named function taking its free
// variables as arguments it costs a call at most, and its loop sees one lambda body only.

import type { Expr } from "../../ir/expr.js";
import { children } from "../../ir/walk.js";

/** Adds to `out` the variables `e` reads that no binder inside `e` (or in `bound`) binds. */
export function freeVars(e: Expr, bound: ReadonlySet<string>, out: Set<string>): Set<string> {
  const under = (names: readonly string[]): ReadonlySet<string> => new Set([...bound, ...names]);
  switch (e.kind) {
    case "var":
      if (!bound.has(e.name)) out.add(e.name);
      return out;
    case "let":
      freeVars(e.value, bound, out);
      return freeVars(e.body, under([e.name]), out);
    case "listop":
      freeVars(e.list, bound, out);
      return freeVars(e.body, under([e.param]), out);
    case "match":
      freeVars(e.of, bound, out);
      for (const arm of e.arms) freeVars(arm.body, under(arm.binds), out);
      return out;
    default:
      for (const c of children(e)) freeVars(c, bound, out);
      return out;
  }
}

export class Lifter {
  private readonly known = new Map<string, string>();

  /** `functions`: where the lifted declarations go (the compiled source's list). */
  constructor(private readonly functions: string[]) {}

  /**
   * A function with parameters `params` (bound to the texts `args`) and then the free variables
   * of `uses`, spec variables bound inside them (`bound`) excepted; `body` its statements, which
   * read spec variable `x` as `v_x`. Returns the call. Identical functions are declared once.
   */
  lift(params: readonly string[], args: readonly string[], uses: readonly Expr[], bound: readonly string[], body: string): string {
    const free = new Set<string>();
    for (const u of uses) freeVars(u, new Set(bound), free);
    const names = [...free]
      .sort()
      .map((n) => `v_${n}`)
      .filter((n) => !params.includes(n));
    const text = `(${[...params, ...names].join(", ")}) { ${body} }`;
    let name = this.known.get(text);
    if (name === undefined) {
      name = `$f${this.known.size}`;
      this.known.set(text, name);
      this.functions.push(`function ${name}${text}`);
    }
    return `${name}(${[...args, ...names].join(", ")})`;
  }
}
