// Explore stage: `--workers N`. A composed machine (one supervisor, N workers) takes its worker
// count from a constant named WORKERS: the list bound of its workers and the `repeat(WORKERS, ..)`
// of its initial state. To explore another N we override that constant in a copy of the IR
// (the interpreter reads constant values from the IR), re-evaluate derived constants that
// depend on it, and widen an explore domain that lists every worker index 0..WORKERS-1 as
// literals to 0..N-1. List bounds in types keep the spec's value: the interpreter ignores them.

import type { Expr } from "../ir/expr.js";
import type { Constant, Explore, Module, Program } from "../ir/module.js";
import { walkExpr } from "../ir/walk.js";
import { evalExpr } from "../interpret/expr.js";

/** The name of the constant `--workers` overrides. */
export const WORKERS = "WORKERS";

/** The program with every constant named WORKERS set to `n`, or null when none exists. */
export function withWorkers(prog: Program, n: number): Program | null {
  const declared = prog.modules.filter((m) => m.constants.some((c) => c.name === WORKERS));
  if (declared.length === 0) return null;
  const olds = new Map(declared.map((m) => [m.name, m.constants.find((c) => c.name === WORKERS)?.value]));
  let out: Program = prog;
  // Modules come in import order, so a derived constant's inputs are already updated.
  for (let i = 0; i < prog.modules.length; i++) {
    const m = out.modules[i] as Module;
    const constants: Constant[] = [];
    for (const c of m.constants) {
      if (c.name === WORKERS && c.expr === null) constants.push({ ...c, value: n });
      else if (c.expr !== null && dependsOnWorkers(out, c.expr)) {
        const partial = replaceModule(out, i, { ...m, constants: [...constants, ...m.constants.slice(constants.length)] });
        constants.push({ ...c, value: evalExpr(c.expr, new Map(), partial) as number | boolean });
      } else constants.push(c);
    }
    const old = olds.get(m.name);
    const explore = typeof old === "number" ? m.explore.map((x) => widen(x, old, n)) : m.explore;
    out = replaceModule(out, i, { ...m, constants, explore });
  }
  return out;
}

function replaceModule(prog: Program, i: number, m: Module): Program {
  return { modules: prog.modules.map((x, j) => (j === i ? m : x)) };
}

/** Whether an expression reads WORKERS, directly or through another derived constant. */
function dependsOnWorkers(prog: Program, e: Expr): boolean {
  let found = false;
  walkExpr(e, {
    enter(x) {
      if (found) return false;
      if (x.kind !== "const") return true;
      if (x.ref.name === WORKERS) found = true;
      else {
        const c = prog.modules.find((m) => m.name === x.ref.module)?.constants.find((k) => k.name === x.ref.name);
        if (c?.expr && dependsOnWorkers(prog, c.expr)) found = true;
      }
      return false;
    },
  });
  return found;
}

/** A field whose candidates are exactly the literals 0..old-1 becomes 0..n-1. */
function widen(x: Explore, old: number, n: number): Explore {
  const domains = x.domains.map((d) => ({
    ...d,
    fields: d.fields.map((f) => {
      const lits = f.values.map((v) => (v.kind === "lit" && typeof v.value === "number" ? v.value : -1));
      const isIndexRange = lits.length === old && lits.every((v, i) => v === i);
      const first = f.values[0];
      if (!isIndexRange || first === undefined) return f;
      return { ...f, values: Array.from({ length: n }, (_, i): Expr => ({ ...first, value: i }) as Expr) };
    }),
  }));
  return { ...x, domains };
}
