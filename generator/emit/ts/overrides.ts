// Emit stage, TypeScript target: what the runtime needs to run a module's constants under
// overrides, as code and typed data, never as spec text (issue #11, "one semantics, compiled"):
// the `constants` registry (value, overridable, derived), `deriveConstants` (every derived
// constant recomputed from possibly overridden bases, printed by the same expression printer as
// the model, so it has the model's arithmetic), the name of the wire bound (spec `wire_bound`),
// and the decision the spec marks `override_check`: which verdict accepts, which constant each
// fact reads, and per rule its doc (the relation in words) and, for a comparison guard, the
// values of its two sides.

import { constDecl, type Decl } from "./print.js";
import type { Expr } from "../../ir/expr.js";
import { walkExpr } from "../../ir/walk.js";
import type { Constant, Decision, Module, OverrideCheck } from "../../ir/module.js";
import type { ModuleCtx } from "./context.js";
import { exprText, functionScope, type Scope } from "./expr.js";

/** The statements of this file for `module` (the registry always; the rest where they apply). */
export function overrideDecls(ctx: ModuleCtx, module: Module): Decl[] {
  const out: Decl[] = [registry(ctx, module)];
  const bound = module.constants.find((c) => c.wireBound);
  if (bound !== undefined) out.push(constDecl("wireBound", `${JSON.stringify(bound.name)} as const`, "The constant marked `wire_bound`: the largest number on the wire of this module and the modules importing it."));
  out.push(...deriveDecls(ctx, module));
  const check = module.decisions.find((d) => d.overrideCheck !== null);
  if (check !== undefined) out.push(checkDecl(ctx, check));
  return out;
}

function registry(ctx: ModuleCtx, module: Module): Decl {
  // A parameter, or a constant derived from one, has no module-level binding (an instance binds
  // it): the registry gives its default value as data.
  const value = (c: Constant): string => (ctx.isBound(module.name, c.name) ? String(c.value) : c.name);
  const rows = module.constants.map((c) => `${c.name}: { value: ${value(c)}, param: ${c.param}, override: ${c.overridable}, derived: ${c.expr !== null} },`);
  return constDecl(
    "constants",
    `${rows.length === 0 ? "{}" : `{\n${rows.join("\n")}\n}`} as const`,
    "Every constant of this module: its value (a parameter's default, and what derives from defaults), whether it is a parameter, whether the operator may set it (STATUTE_<NAME>), and whether it is derived (recomputed by `deriveConstants`).",
  );
}

/** Constants an expression reads, in first-use order. */
function constRefs(e: Expr, out: { module: string; name: string }[] = []): { module: string; name: string }[] {
  walkExpr(e, {
    enter: (x) => {
      if (x.kind === "const" && !out.some((r) => r.module === x.ref.module && r.name === x.ref.name)) out.push(x.ref);
    },
  });
  return out;
}

/** Derived constants in dependency order (each after the derived ones it reads). */
function derivedInOrder(module: Module): Constant[] {
  const derived = new Map(module.constants.filter((c) => c.expr !== null).map((c) => [c.name, c]));
  const done = new Set<string>();
  const out: Constant[] = [];
  const visit = (c: Constant): void => {
    if (done.has(c.name)) return;
    done.add(c.name);
    for (const r of constRefs(c.expr as Expr)) {
      const d = r.module === module.name ? derived.get(r.name) : undefined;
      if (d !== undefined) visit(d);
    }
    out.push(c);
  };
  for (const c of derived.values()) visit(c);
  return out;
}

/**
 * `deriveConstants(c)`: each derived constant from the base values in `c` (this module's and
 * the imported ones it reads), in dependency order, printed from its IR expression.
 */
function deriveDecls(ctx: ModuleCtx, module: Module): Decl[] {
  const order = derivedInOrder(module);
  if (order.length === 0) return [];
  const local = new Set(order.map((c) => c.name));
  const bases: string[] = [];
  const vars = new Map<string, string>();
  for (const c of order) {
    for (const r of constRefs(c.expr as Expr)) {
      const key = `${r.module}.${r.name}`;
      if (vars.has(key)) continue;
      const isLocalDerived = r.module === module.name && local.has(r.name);
      vars.set(key, isLocalDerived ? r.name : `c.${r.name}`);
      if (!isLocalDerived) bases.push(r.name);
    }
  }
  const scope: Scope = { ...functionScope(ctx), vars };
  const lines = order.map((c) => `const ${c.name} = ${exprText(asVars(c.expr as Expr), scope)};`);
  lines.push(`return { ${order.map((c) => c.name).join(", ")} };`);
  const iface = (name: string, doc: string, names: readonly string[]): Decl => ({
    kind: "interface",
    isExported: true,
    name,
    docs: [doc],
    properties: names.map((n) => ({ name: n, type: "number", isReadonly: true })),
  });
  return [
    iface("DeriveBases", "The base values `deriveConstants` reads, of this module and of the modules it reads from.", [...new Set(bases)].sort()),
    iface("DerivedConstants", "Every derived constant of this module.", order.map((c) => c.name)),
    {
      kind: "function",
      isExported: true,
      name: "deriveConstants",
      docs: ["The derived constants of this module recomputed from base values (the defaults or their overrides), with the model's arithmetic."],
      parameters: [{ name: "c", type: "DeriveBases" }],
      returnType: "DerivedConstants",
      statements: [lines.join("\n")],
    },
  ];
}

/** The expression with each constant read turned into a variable `<module>.<name>` (see vars). */
function asVars(e: Expr): Expr {
  if (e === null || typeof e !== "object") return e;
  if (e.kind === "const") return { id: e.id, type: e.type, kind: "var", name: `${e.ref.module}.${e.ref.name}` };
  const copy: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(e)) {
    copy[k] = Array.isArray(v) ? v.map((x: unknown) => (x !== null && typeof x === "object" ? asAny(x) : x)) : v !== null && typeof v === "object" ? asAny(v) : v;
  }
  return copy as unknown as Expr;
}

/** asVars over any IR object (fields, arms), not only expressions. */
function asAny(v: object): unknown {
  if ("kind" in v && "type" in v) return asVars(v as Expr);
  const copy: Record<string, unknown> = {};
  for (const [k, x] of Object.entries(v)) copy[k] = x !== null && typeof x === "object" ? (Array.isArray(x) ? x.map((y: unknown) => (y !== null && typeof y === "object" ? asAny(y) : y)) : asAny(x)) : x;
  return copy;
}

/**
 * `overrideCheck`: the decision the runtime asks at start over the effective constants, the
 * verdict that accepts, the constant each fact reads, and per rule its doc (a violated relation
 * in words) and, for a guard comparing two numbers, both sides over the facts, so that a refusal
 * to start can say what failed and by how much without reading spec text.
 */
function checkDecl(ctx: ModuleCtx, d: Decision): Decl {
  const oc = d.overrideCheck as OverrideCheck;
  const facts = ctx.typeName(d.facts);
  const docs: string[] = [];
  const sides: string[] = [];
  for (const r of d.rules) {
    docs.push(`${JSON.stringify(r.rule)}: ${JSON.stringify(r.doc.replace(/\s+/g, " ").trim())},`);
    const g = r.guard;
    if (g?.kind !== "binary" || !["<", "<=", ">", ">="].includes(g.op)) continue;
    const scope = functionScope(ctx);
    sides.push(`${JSON.stringify(r.rule)}: (f: ${facts}): readonly [number, number] => [${exprText(g.left, scope)}, ${exprText(g.right, scope)}],`);
  }
  const obj = (rows: readonly string[]): string => (rows.length === 0 ? "{}" : `{\n${rows.join("\n")}\n}`);
  const factRows = oc.facts.map((f) => `${f.field}: ${JSON.stringify(f.constant.name)},`);
  const body = [
    `decision: ${JSON.stringify(d.name)},`,
    `accept: ${JSON.stringify(oc.accept)},`,
    `facts: ${obj(factRows)},`,
    `ruleDocs: ${obj(docs)},`,
    `ruleSides: ${obj(sides)},`,
  ];
  return constDecl("overrideCheck", `{\n${body.join("\n")}\n} as const`, `The decision the runtime asks at start (spec: override_check of ${d.name}): the verdict that accepts the effective constants, the constant each fact reads, each rule's doc and, for a comparison, both sides.`);
}
