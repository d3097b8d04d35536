// IR stage: the one traversal of expressions. Passes (free variables, mutation sites, emit
// helpers) use `walkExpr` with enter/exit hooks instead of hand-rolled recursion.

import type { Expr } from "./expr.js";
import { unreachable } from "./types.js";

/** Direct sub-expressions of `e`, in evaluation order. */
export function children(e: Expr): readonly Expr[] {
  switch (e.kind) {
    case "lit":
    case "var":
    case "const":
    case "enum":
    case "none":
      return [];
    case "field":
      return [e.of];
    case "not":
      return [e.arg];
    case "binary":
      return [e.left, e.right];
    case "if":
      return [e.cond, e.then, e.else];
    case "call":
      return e.args;
    case "listop":
      return [e.list, e.body];
    case "union":
    case "record":
      return e.fields.map((f) => f.value);
    case "with":
      return [e.of, ...e.fields.map((f) => f.value)];
    case "match":
      return [e.of, ...e.arms.map((a) => a.body)];
    case "is":
      return [e.of];
    case "list":
      return e.items;
    case "let":
      return [e.value, e.body];
    case "decide":
      return [e.arg];
    default:
      return unreachable(e);
  }
}

export interface Visitor {
  /** Called before the children; return false to skip them. */
  enter?(e: Expr): boolean | void;
  /** Called after the children. */
  exit?(e: Expr): void;
}

/** Depth-first walk over `e` and every sub-expression. */
export function walkExpr(e: Expr, v: Visitor): void {
  if (v.enter?.(e) === false) return;
  for (const c of children(e)) walkExpr(c, v);
  v.exit?.(e);
}

/**
 * Every object node of an IR value (a module's machines, decisions, laws, or any part of them),
 * expressions and the records around them alike, each passed to `visit`; the keys in `skip` are
 * not descended into. Order is unspecified: for set-like analyses (which constants, decisions,
 * machines a value reaches).
 */
export function forEachNode(root: unknown, visit: (node: Readonly<Record<string, unknown>>) => void, skip: ReadonlySet<string> = NO_SKIP): void {
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const n = stack.pop();
    if (n === null || typeof n !== "object") continue;
    const node = n as Record<string, unknown>;
    visit(node);
    // for-in, not Object.entries: no array per node (this walk runs over whole programs, often).
    for (const k in node) {
      const v = node[k];
      if (v !== null && typeof v === "object" && !skip.has(k)) stack.push(v);
    }
  }
}

const NO_SKIP: ReadonlySet<string> = new Set();
