// Emit stage (Lean): a module's parameters. A constant the world may change (spec `param`) is
// never a Lean `def` of its default: every definition that reads one (directly, through a
// derived constant, own or imported) takes the module's parameters record `p : <Module>Params`,
// and each law that reads one is stated for every record that satisfies the parameters'
// assumptions (`p.valid`: each in its range). The record has one `Nat` field per parameter the
// module reads; a derived constant over a parameter is `<Module>Params.<NAME> p` (read `p.NAME`).
// Which constants are bound and which machines and decisions a parameter reaches is the
// TypeScript emitter's analysis (generator/emit/ts/params.ts), reused, not repeated.

import type { Expr } from "../../ir/expr.js";
import type { Constant, Law, Module, Program } from "../../ir/module.js";
import { boundCode, boundConstants, constReads } from "../../check/params.js";
import { dependencyOrder } from "./decls.js";
import { upperCamel } from "./names.js";
import { forEachNode } from "../../ir/walk.js";

/** A bound constant a module reads, with the module that declares it. */
export interface LeanBound {
  readonly module: string;
  readonly constant: Constant;
}

/** What of the parameters one module's Lean file binds; null when it reads none. */
export interface LeanParams {
  /** `SuperviseParams`. */
  readonly struct: string;
  /** The parameters (record fields), in program order. */
  readonly params: readonly LeanBound[];
  /** The derived constants over them the module reads or declares, each after what it reads. */
  readonly derived: readonly LeanBound[];
  /** `module.NAME` of every bound constant the module reads. */
  readonly keys: ReadonlySet<string>;
  /** Machines and decisions of the module whose definitions take `p`. */
  readonly machines: ReadonlySet<string>;
  readonly decisions: ReadonlySet<string>;
}

const cache = new WeakMap<Module, LeanParams | null>();

/** The parameters record of `m`, or null when nothing in it reads a parameter. */
export function leanParams(program: Program, m: Module): LeanParams | null {
  const hit = cache.get(m);
  if (hit !== undefined) return hit;
  const bound = boundConstants(program);
  const find = (key: string): LeanBound => {
    const [mod, name] = key.split(".") as [string, string];
    const constant = program.modules.find((x) => x.name === mod)?.constants.find((c) => c.name === name);
    if (constant === undefined) throw new Error(`lean emitter: unknown constant ${key}`);
    return { module: mod, constant };
  };
  const keys = new Set<string>();
  const visit = (key: string): void => {
    if (keys.has(key) || !bound.has(key)) return;
    keys.add(key);
    const c = find(key).constant;
    if (c.expr !== null) for (const k of constReads(c.expr)) visit(k);
  };
  for (const c of m.constants) visit(`${m.name}.${c.name}`);
  for (const k of constReads([m.machines, m.decisions.map((d) => [d.lets, d.rules]), m.laws, m.examples, m.types])) visit(k);
  if (keys.size === 0) {
    cache.set(m, null);
    return null;
  }
  const order = program.modules.flatMap((x) => x.constants.map((c) => `${x.name}.${c.name}`));
  const sorted = [...keys].sort((a, b) => order.indexOf(a) - order.indexOf(b)).map(find);
  const derived = dependencyOrder(sorted.filter((l) => !l.constant.param), (l) => `${l.module}.${l.constant.name}`, (l) => [...constReads(l.constant.expr)]);
  const code = boundCode(program, m);
  const out: LeanParams = {
    struct: `${upperCamel(m.name)}Params`,
    params: sorted.filter((l) => l.constant.param),
    derived,
    keys,
    machines: code.machines,
    decisions: code.decisions,
  };
  cache.set(m, out);
  return out;
}

/** Whether an IR value reads a bound constant of `lp`. */
export function readsBound(lp: LeanParams | null, x: unknown): boolean {
  if (lp === null) return false;
  for (const k of constReads(x)) if (lp.keys.has(k)) return true;
  return false;
}

/** Every `decide` and machine reference an IR value makes, as names of this module. */
function refsOf(root: unknown, module: string): { machines: Set<string>; decisions: Set<string> } {
  const machines = new Set<string>();
  const decisions = new Set<string>();
  forEachNode(root, (n) => {
    const node = n as { kind?: unknown; ref?: { module: string; name: string }; machine?: { module: string; name: string }; decision?: { module: string; name: string } };
    if (node.kind === "decide" && node.ref !== undefined && node.ref.module === module) decisions.add(node.ref.name);
    if (node.machine !== undefined && typeof node.machine === "object" && node.machine.module === module) machines.add(node.machine.name);
    if (node.decision !== undefined && typeof node.decision === "object" && node.decision.module === module) decisions.add(node.decision.name);
  });
  return { machines, decisions };
}

/**
 * Whether a law's statement depends on the parameters: it reads a bound constant, or is about
 * (or applies) a machine or decision whose definitions take them. A law about another module's
 * parameterised machine or decision is refused (as the TypeScript target refuses applying one).
 */
export function lawReadsParams(program: Program, m: Module, law: Law): boolean {
  for (const other of program.modules) {
    if (other.name === m.name) continue;
    const op = leanParams(program, other);
    if (op === null) continue;
    const r = refsOf(law.body, other.name);
    if ([...r.machines].some((x) => op.machines.has(x)) || [...r.decisions].some((x) => op.decisions.has(x))) {
      throw new Error(`lean emitter: law ${m.name}.${law.name} is about ${other.name}'s code, which reads a parameter of it; stating it over another module's parameters is not supported`);
    }
  }
  const lp = leanParams(program, m);
  if (lp === null) return false;
  if (readsBound(lp, law.body)) return true;
  const r = refsOf(law.body, m.name);
  return [...r.machines].some((x) => lp.machines.has(x)) || [...r.decisions].some((x) => lp.decisions.has(x));
}

/** The range of a parameter as Lean hypotheses over `p` (`1 ≤ p.WORKERS`, `p.WORKERS ≤ 64`). */
export function rangeProps(l: LeanBound): string[] {
  const r = l.constant.range;
  if (r === null) return [];
  const f = `p.${l.constant.name}`;
  return [...(r.min > 0 ? [`${r.min} ≤ ${f}`] : []), `${f} ≤ ${r.max}`];
}

/** The defining expression of a derived bound constant. */
export function derivedExpr(l: LeanBound): Expr {
  if (l.constant.expr === null) throw new Error(`lean emitter: ${l.module}.${l.constant.name} is not derived`);
  return l.constant.expr;
}

/** Whether a definition over IR value `x` of module `m` takes the parameters record: it reads a bound constant or applies a decision that takes it. */
export function takesParams(lp: LeanParams | null, x: unknown, module: string): boolean {
  if (lp === null) return false;
  return readsBound(lp, x) || [...refsOf(x, module).decisions].some((d) => lp.decisions.has(d));
}
