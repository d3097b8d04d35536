// Mutate stage: the premises of a law, for the vacuity check. A premise is what must hold for a
// part of the law to say anything: the left of an implication written `!p || q`, either side of
// an `if` whose other branch is `true` (both conditions of an `if` with two real branches), a
// variant's `when`, a progress law's `from`, and a step law's event. A law none of whose
// premises is ever met by an explored state or a judged facts record claims nothing there.

import type { Expr } from "../ir/expr.js";
import type { Law } from "../ir/module.js";
import { printExpr } from "../ir/print.js";
import { BOOL } from "../ir/types.js";

/** One premise: a boolean over the law's variables, closed over the lets around it. */
export interface Premise {
  /** `<law>#<n>`, stable across runs. */
  readonly id: string;
  /** The premise as written (without its surrounding lets). */
  readonly text: string;
  readonly expr: Expr;
}

/** Synthetic nodes get negative ids: they are never looked up in a side table. */
const SYNTHETIC = -1;

const and = (a: Expr, b: Expr): Expr => ({ id: SYNTHETIC, type: BOOL, kind: "binary", op: "&&", left: a, right: b });
const not = (a: Expr): Expr => ({ id: SYNTHETIC, type: BOOL, kind: "not", arg: a });
const isTrue = (e: Expr): boolean => e.kind === "lit" && e.value === true;

type Wrap = (x: Expr) => Expr;

function collect(e: Expr, wrap: Wrap, out: [string, Expr][]): void {
  if (e.kind === "let") {
    collect(e.body, (x) => wrap({ ...e, type: BOOL, body: x }), out);
  } else if (e.kind === "binary" && e.op === "&&") {
    collect(e.left, wrap, out);
    collect(e.right, wrap, out);
  } else if (e.kind === "binary" && e.op === "||" && e.left.kind === "not") {
    const p = e.left.arg;
    out.push([printExpr(p), wrap(p)]);
    collect(e.right, (x) => wrap(and(p, x)), out);
  } else if (e.kind === "if") {
    if (!isTrue(e.then)) {
      out.push([printExpr(e.cond), wrap(e.cond)]);
      collect(e.then, (x) => wrap(and(e.cond, x)), out);
    }
    if (!isTrue(e.else)) {
      out.push([`!(${printExpr(e.cond)})`, wrap(not(e.cond))]);
      collect(e.else, (x) => wrap(and(not(e.cond), x)), out);
    }
  }
}

/** The premises of a law; a step law restricted to one event has that event as an implicit one. */
export function premises(law: Law): Premise[] {
  const b = law.body;
  const found: [string, Expr][] = [];
  switch (b.kind) {
    case "invariant":
    case "step":
    case "decision":
      collect(b.expr, (x) => x, found);
      break;
    case "variant":
      found.push([printExpr(b.when), b.when]);
      break;
    case "progress":
      found.push([printExpr(b.from), b.from]);
      break;
    default:
      break;
  }
  return found.map(([text, expr], i) => ({ id: `${law.name}#${i + 1}`, text, expr }));
}
