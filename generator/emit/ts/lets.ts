// Emit stage, TypeScript target: where each `let` of a handler or decision is computed. Lets are
// pure and total, so computing one later than the spec lists it, or not at all on a path that
// never reads it, means the same; the step then does only the work of the branch it takes. A let
// a guard reads is computed just before that guard (and stays in scope for the rules after it);
// one only a rule's result reads is computed inside that rule's block.

import type { Expr } from "../../ir/expr.js";
import type { Let } from "../../ir/module.js";
import { walkExpr } from "../../ir/walk.js";
import { letLines } from "./body.js";
import type { Scope } from "./expr.js";

export class LetPlacer {
  /** Lets computed at the top of the function body so far (in scope for every later rule). */
  private readonly done = new Set<string>();
  private readonly names: ReadonlySet<string>;

  constructor(
    private readonly lets: readonly Let[],
    private readonly scope: Scope,
  ) {
    this.names = new Set(lets.map((l) => l.name));
  }

  /** Lines computing, at the top level, the lets `exprs` read that are not computed yet. */
  before(exprs: readonly (Expr | null)[]): string[] {
    const need = this.missing(exprs);
    for (const l of need) this.done.add(l.name);
    return letLines(need, this.scope);
  }

  /** Lines computing, inside one rule's block, the lets `exprs` read that are not computed yet. */
  inside(exprs: readonly (Expr | null)[]): string[] {
    return letLines(this.missing(exprs), this.scope);
  }

  /** The lets read by `exprs`, directly or through other lets, not yet computed; in spec order. */
  private missing(exprs: readonly (Expr | null)[]): Let[] {
    const read = new Set<string>();
    for (const e of exprs) if (e !== null) this.reads(e, read);
    // A let reads only earlier lets, so one pass from the last to the first closes the set.
    for (let i = this.lets.length - 1; i >= 0; i--) {
      const l = this.lets[i] as Let;
      if (read.has(l.name)) this.reads(l.value, read);
    }
    return this.lets.filter((l) => read.has(l.name) && !this.done.has(l.name));
  }

  /**
   * Adds the let names `e` mentions. A lambda parameter or match binding of the same name would
   * shadow the let; counting it anyway only computes that let a little early, which is harmless.
   */
  private reads(e: Expr, into: Set<string>): void {
    walkExpr(e, {
      enter: (x) => {
        if (x.kind === "var" && this.names.has(x.name)) into.add(x.name);
      },
    });
  }
}
