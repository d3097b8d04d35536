// Emit stage, Quint target: what Quint cannot state. Quint's `str` has equality and nothing
// else, so a decision or machine that renders text with `++` (or applies one that does) is left
// out of the Quint files, with a comment in its place, and so are the laws and examples that
// read it. The TypeScript and Lean targets, the interpreter and the conformance tests keep them.

import type { Expr } from "../../ir/expr.js";
import type { Example, Law, Module, Program } from "../../ir/module.js";
import type { TypeRef } from "../../ir/types.js";
import { walkExpr } from "../../ir/walk.js";

/** Why something is missing from a Quint file (the comment written in its place). */
export const TEXT_OMITTED = "renders text with ++, and Quint has no string concatenation; the TypeScript and Lean targets state it";

const key = (ref: TypeRef): string => `${ref.module}.${ref.name}`;

/** The decisions and machines of a program that render text, found once per program. */
export class TextOmissions {
  private readonly omitted = new Set<string>();

  constructor(program: Program) {
    // A fixpoint: a decision that applies a text-rendering decision renders text too.
    for (let grew = true; grew; ) {
      grew = false;
      for (const m of program.modules) {
        for (const [name, exprs] of parts(m)) {
          const k = `${m.name}.${name}`;
          if (!this.omitted.has(k) && exprs.some((e) => this.renders(e))) {
            this.omitted.add(k);
            grew = true;
          }
        }
      }
    }
  }

  /** Nothing was left out: the common case, where the emitter needs no comment at all. */
  get empty(): boolean {
    return this.omitted.size === 0;
  }

  /** The decision or machine `ref` renders text. */
  has(ref: TypeRef): boolean {
    return this.omitted.has(key(ref));
  }

  /** `e` joins strings or applies a decision that does. */
  renders(e: Expr): boolean {
    let found = false;
    walkExpr(e, {
      enter: (x) => {
        if ((x.kind === "binary" && x.op === "++") || (x.kind === "decide" && this.has(x.ref))) found = true;
        return !found;
      },
    });
    return found;
  }

  /** A law about a left-out decision or machine, or one that renders text itself. */
  law(l: Law): boolean {
    const b = l.body;
    switch (b.kind) {
      case "order":
        return this.renders(b.expr);
      case "invariant":
      case "step":
        return this.has(b.machine) || this.renders(b.expr);
      case "decision":
        return this.has(b.decision) || this.renders(b.expr);
      case "variant":
        return this.has(b.machine) || this.renders(b.when) || this.renders(b.measure);
      case "progress":
        return this.has(b.machine) || [b.from, b.to, ...b.by].some((e) => this.renders(e));
      case "wire":
      case "ffi":
        return false;
    }
  }

  /** An example of a left-out decision or machine, or one that renders text itself. */
  example(ex: Example): boolean {
    const b = ex.body;
    if (b.kind === "decision") return this.has(b.decision) || this.renders(b.facts) || this.renders(b.verdict);
    return this.has(b.machine) || [...b.events, ...b.outputs, ...b.state.map((a) => a.value)].some((e) => this.renders(e));
  }
}

/** Each decision's and machine's expressions, by name. */
function parts(m: Module): [string, Expr[]][] {
  return [
    ...m.decisions.map((d): [string, Expr[]] => [d.name, [...d.lets.map((l) => l.value), ...d.rules.flatMap((r) => (r.guard === null ? [r.verdict] : [r.guard, r.verdict]))]]),
    ...m.machines.map((mc): [string, Expr[]] => [
      mc.name,
      [...mc.init.map((a) => a.value), ...mc.handlers.flatMap((h) => [...h.lets.map((l) => l.value), ...h.branches.flatMap((b) => [...(b.guard === null ? [] : [b.guard]), ...b.assigns.map((a) => a.value), b.emit])])],
    ]),
  ];
}

const cache = new WeakMap<Program, TextOmissions>();

/** The omissions of `program`, computed once. */
export function textOmissions(program: Program): TextOmissions {
  let t = cache.get(program);
  if (t === undefined) {
    t = new TextOmissions(program);
    cache.set(program, t);
  }
  return t;
}
