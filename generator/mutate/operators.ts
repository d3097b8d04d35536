// Mutate stage: the mutation operators. Each mutant changes one thing of one module's IR and has
// a stable, readable id `<location>:<part>:<change>` (a second identical change in the same
// part gets `#2`): relational operators flipped (`flip<` turns `<` into `<=`), numeric literals
// and constants +-1 (`RESTART_MAX_FAILURES+1`, `250ms-1`), boolean literals negated, guards
// negated, assignments dropped, adjacent guarded branches or rules swapped, and the outputs of
// adjacent branches (verdicts of adjacent rules) swapped. Rendered text: either side of a `++`
// dropped (`drop f.app`), and any other string literal emptied (`"text"->""`).

import type { CompareOp, Expr } from "../ir/expr.js";
import type { Module, Program } from "../ir/module.js";
import type { Span } from "../ir/types.js";
import { printExpr } from "../ir/print.js";
import { walkExpr } from "../ir/walk.js";
import { findConstant } from "../interpret/lookup.js";
import { parts, replaceExpr, updateDecision, updateHandler } from "./parts.js";

export interface Mutant {
  readonly id: string;
  /** What changed, in spec syntax. */
  readonly change: string;
  /** Where in the spec (the branch, rule or let). */
  readonly span: Span;
  /** The mutated module. */
  apply(m: Module): Module;
}

const FLIP: Record<CompareOp, CompareOp> = { "<": "<=", "<=": "<", ">": ">=", ">=": ">", "==": "!=", "!=": "==" };

/** Synthetic nodes get negative ids: they are never looked up in a side table. */
const SYNTHETIC = -1;

/** The changes of one expression: [label, replacement node id, replacement]. */
function exprChanges(prog: Program, e: Expr): [string, number, Expr][] {
  const out: [string, number, Expr][] = [];
  // A literal side of `++` is already dropped whole; emptying it would be the same mutant.
  const joined = new Set<number>();
  walkExpr(e, {
    enter(x) {
      if (x.kind === "binary" && x.op === "++") {
        out.push([`drop ${shortText(x.left)}`, x.id, x.right], [`drop ${shortText(x.right)}`, x.id, x.left]);
        for (const side of [x.left, x.right]) if (side.kind === "lit") joined.add(side.id);
      } else if (x.kind === "lit" && typeof x.value === "string" && x.value !== "" && !joined.has(x.id)) out.push([`${JSON.stringify(x.value)}->""`, x.id, { ...x, value: "" }]);
      else if (x.kind === "binary" && x.op in FLIP) out.push([`flip${x.op}`, x.id, { ...x, op: FLIP[x.op as CompareOp] }]);
      else if (x.kind === "lit" && typeof x.value === "boolean") out.push([`${x.value}->${!x.value}`, x.id, { ...x, value: !x.value }]);
      else if (x.kind === "lit" && typeof x.value === "number") out.push(...plusMinus(printExpr(x), x, x.value));
      else if (x.kind === "const") {
        const v = findConstant(prog, x.ref).value;
        if (typeof v === "number") out.push(...plusMinus(x.ref.name, x, v));
      }
    },
  });
  return out;
}

/** A side of `++` as spec text for a mutant id; a long one (a whole prefix) by its ends. */
function shortText(e: Expr): string {
  const text = printExpr(e);
  return text.length <= 40 ? text : `${text.slice(0, 18)}..${text.slice(-18)}`;
}

function plusMinus(label: string, x: Expr, v: number): [string, number, Expr][] {
  const lit = (value: number): Expr => ({ id: x.id, type: x.type, kind: "lit", value });
  const out: [string, number, Expr][] = [[`${label}+1`, x.id, lit(v + 1)]];
  // A nat below zero is not a value of its type; such a mutant would only crash.
  if (v - 1 >= 0 || x.type.kind === "int") out.push([`${label}-1`, x.id, lit(v - 1)]);
  return out;
}

/** Every mutant of the module, in declaration order of what they change. */
export function mutants(prog: Program, m: Module): Mutant[] {
  const out: Mutant[] = [];
  const push = (id: string, change: string, span: Span, apply: (m: Module) => Module): void => {
    let unique = id;
    for (let k = 2; out.some((x) => x.id === unique); k++) unique = `${id}#${k}`;
    out.push({ id: unique, change, span, apply });
  };
  for (const p of parts(m)) {
    for (const [label, id, by] of exprChanges(prog, p.expr)) {
      const mutated = replaceExpr(p.expr, id, by);
      push(`${p.where}:${label}`, `${printExpr(p.expr)}  =>  ${printExpr(mutated)}`, p.span, (mm) => p.set(mm, mutated));
    }
    if (p.where.endsWith(":guard")) {
      const negated: Expr = { id: SYNTHETIC, type: p.expr.type, kind: "not", arg: p.expr };
      push(`${p.where}:negate`, `${printExpr(p.expr)}  =>  ${printExpr(negated)}`, p.span, (mm) => p.set(mm, negated));
    }
  }
  for (const mc of m.machines) {
    for (const h of mc.handlers) {
      const at = `${mc.name}.${h.event}`;
      h.branches.forEach((b, i) => {
        for (const a of b.assigns) {
          push(`${b.rule}:drop ${a.field}`, `set ${a.field}: ${printExpr(a.value)}  =>  (kept)`, b.span, (mm) =>
            updateHandler(mm, mc.name, h.event, (x) => ({ ...x, branches: x.branches.map((y, j) => (j === i ? { ...y, assigns: y.assigns.filter((z) => z.field !== a.field) } : y)) })),
          );
        }
        const next = h.branches[i + 1];
        if (next === undefined) return;
        // Two branches that do the same thing can be swapped without any effect: not a mutant.
        const sameEffect = printExpr(b.emit) === printExpr(next.emit) && assignsText(b.assigns) === assignsText(next.assigns);
        if (b.guard !== null && next.guard !== null && !sameEffect) {
          push(`${at}:swap ${b.id}<>${next.id}`, `branch ${b.id} after ${next.id}`, b.span, (mm) => updateHandler(mm, mc.name, h.event, (x) => ({ ...x, branches: swapped(x.branches, i) })));
        }
        if (printExpr(b.emit) !== printExpr(next.emit)) {
          push(`${at}:emit ${b.id}<>${next.id}`, `emit ${printExpr(b.emit)} <-> ${printExpr(next.emit)}`, b.span, (mm) =>
            updateHandler(mm, mc.name, h.event, (x) => ({ ...x, branches: x.branches.map((y, j) => (j === i ? { ...y, emit: next.emit } : j === i + 1 ? { ...y, emit: b.emit } : y)) })),
          );
        }
      });
    }
  }
  for (const d of m.decisions) {
    d.rules.forEach((r, i) => {
      const next = d.rules[i + 1];
      if (next === undefined) return;
      if (r.guard !== null && next.guard !== null && printExpr(r.verdict) !== printExpr(next.verdict)) {
        push(`${d.name}:swap ${r.id}<>${next.id}`, `rule ${r.id} after ${next.id}`, r.span, (mm) => updateDecision(mm, d.name, (x) => ({ ...x, rules: swapped(x.rules, i) })));
      }
      if (printExpr(r.verdict) !== printExpr(next.verdict)) {
        push(`${d.name}:then ${r.id}<>${next.id}`, `then ${printExpr(r.verdict)} <-> ${printExpr(next.verdict)}`, r.span, (mm) =>
          updateDecision(mm, d.name, (x) => ({ ...x, rules: x.rules.map((y, j) => (j === i ? { ...y, verdict: next.verdict } : j === i + 1 ? { ...y, verdict: r.verdict } : y)) })),
        );
      }
    });
  }
  return out;
}

function assignsText(assigns: readonly { field: string; value: Expr }[]): string {
  return assigns.map((a) => `${a.field}=${printExpr(a.value)}`).join(";");
}

function swapped<T>(xs: readonly T[], i: number): T[] {
  const out = [...xs];
  [out[i], out[i + 1]] = [xs[i + 1] as T, xs[i] as T];
  return out;
}
