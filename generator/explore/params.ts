// Explore stage: one instance of the program's parameters (spec `param`: a worker count, an
// operator's timeout), as `--param NAME=VALUE`, the spec's `explore.params` or a conformance
// instance give it. We set the values in a copy of the IR (the interpreter reads constant values
// from the IR), checked against each parameter's range, re-evaluate the derived constants that
// depend on them, refold explore domains written as a range (`w: "0..WORKERS - 1"`) and every
// type bound that reads a parameter. Every judge of an instance (explore, mutate, eval, the
// conformance suites) runs the program this returns, the defaults' instance included.

import type { Expr } from "../ir/expr.js";
import type { Constant, Explore, Module, Program } from "../ir/module.js";
import type { TypeRef } from "../ir/types.js";
import { walkExpr } from "../ir/walk.js";
import { evalExpr } from "../interpret/expr.js";

/** Parameter values by constant name. */
export type Params = ReadonlyMap<string, number>;

/** Every parameter of the program: `module.NAME`, its default and its range. */
export function paramsOf(prog: Program): { readonly ref: TypeRef; readonly value: number; readonly range: Constant["range"] }[] {
  return prog.modules.flatMap((m) => m.constants.filter((c) => c.param && typeof c.value === "number").map((c) => ({ ref: { module: m.name, name: c.name }, value: c.value as number, range: c.range })));
}

/** `NAME=VALUE` texts (VALUE plain digits) as parameter values; a string says what is wrong. */
export function parseParams(texts: readonly string[]): Params | string {
  const out = new Map<string, number>();
  for (const t of texts) {
    const m = /^([A-Z][A-Z0-9_]*)=([0-9]{1,15})$/.exec(t);
    if (m === null) return `--param ${t.length > 80 ? `${t.slice(0, 80)}...` : t}: expected NAME=VALUE (an UPPER_SNAKE constant and a whole number)`;
    out.set(m[1] as string, Number(m[2]));
  }
  return out;
}

/** The program with each parameter set, or a message naming a name that is not a parameter. */
export function withParams(prog: Program, values: Params): { readonly program: Program } | { readonly message: string } {
  const known = paramsOf(prog);
  for (const [name, value] of values) {
    const p = known.find((k) => k.ref.name === name);
    if (p !== undefined) {
      const r = p.range ?? { min: 0, max: Number.MAX_SAFE_INTEGER };
      if (value < r.min || value > r.max) return { message: `--param ${name}=${value}: outside its range ${r.min}..${r.max}` };
      continue;
    }
    const list = [...new Set(known.map((p) => p.ref.name))].sort();
    return { message: `--param ${name}: no constant of these modules is a parameter named ${name} (${list.length === 0 ? "none is marked 'param: true'" : `parameters: ${list.join(", ")}`})` };
  }
  let out: Program = prog;
  // Modules come in import order, so a derived constant's inputs are already updated.
  for (let i = 0; i < prog.modules.length; i++) {
    const m = out.modules[i] as Module;
    const constants: Constant[] = [];
    for (const c of m.constants) {
      const set = c.param ? values.get(c.name) : undefined;
      if (set !== undefined) constants.push({ ...c, value: set });
      else if (c.expr !== null && dependsOn(out, c.expr, values)) {
        const partial = replaceModule(out, i, { ...m, constants: [...constants, ...m.constants.slice(constants.length)] });
        constants.push({ ...c, value: evalExpr(c.expr, new Map(), partial) as number | boolean });
      } else constants.push(c);
    }
    const withConsts = replaceModule(out, i, { ...m, constants });
    out = replaceModule(withConsts, i, { ...m, constants, explore: m.explore.map((x) => refold(withConsts, x)) });
  }
  return { program: refoldTypes(out) };
}

/**
 * The program with every type bound that reads a parameter (`nat 0..WORKERS - 1`, `list<T> max
 * WORKERS`: `maxOf`) folded at this instance's values. The checked program holds them at the
 * parameters' range maxima (what the wire's schema admits); arbitraries, explore domains of
 * facts and the conformance checks must judge each instance at its own bound.
 */
function refoldTypes(prog: Program): Program {
  const seen = new Map<object, unknown>();
  const copy = (v: unknown): unknown => {
    if (v === null || typeof v !== "object") return v;
    const known = seen.get(v);
    if (known !== undefined) return known;
    if (Array.isArray(v)) {
      const out: unknown[] = [];
      seen.set(v, out);
      for (const x of v) out.push(copy(x));
      return out;
    }
    const out: Record<string, unknown> = {};
    seen.set(v, out);
    for (const [k, x] of Object.entries(v)) out[k] = copy(x);
    const t = v as { kind?: unknown; maxOf?: Expr };
    if ((t.kind === "nat" || t.kind === "list") && t.maxOf !== undefined) out["max"] = evalExpr(t.maxOf, new Map(), prog) as number;
    return out;
  };
  return copy(prog) as Program;
}

function replaceModule(prog: Program, i: number, m: Module): Program {
  return { modules: prog.modules.map((x, j) => (j === i ? m : x)) };
}

/** Whether an expression reads a set parameter, directly or through another derived constant. */
function dependsOn(prog: Program, e: Expr, values: Params): boolean {
  let found = false;
  walkExpr(e, {
    enter(x) {
      if (found) return false;
      if (x.kind !== "const") return true;
      const c = prog.modules.find((m) => m.name === x.ref.module)?.constants.find((k) => k.name === x.ref.name);
      if ((c?.param === true && values.has(x.ref.name)) || (c?.expr && dependsOn(prog, c.expr, values))) found = true;
      return false;
    },
  });
  return found;
}

/** A domain written as a range takes every whole number of the range under the new constants. */
function refold(prog: Program, x: Explore): Explore {
  const domains = x.domains.map((d) => ({
    ...d,
    fields: d.fields.map((f) => {
      if (f.range === null) return f;
      const from = evalExpr(f.range.from, new Map(), prog) as number;
      const to = evalExpr(f.range.to, new Map(), prog) as number;
      const lit = f.range.from;
      return { ...f, values: Array.from({ length: Math.max(0, to - from + 1) }, (_, k): Expr => ({ id: lit.id, type: lit.type, kind: "lit", value: from + k })) };
    }),
  }));
  return { ...x, domains };
}
