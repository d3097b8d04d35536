// Check stage: parameters across the program. A parameter (spec `param: true` or `param: env`)
// that nothing reads changes no verdict, so it is refused (STA6005): read means a step, decision,
// law or override check of any module reads it, directly or through a derived constant. And the
// instances a module's `explore.params` names (every combination of the listed values, the
// defaults first), each value inside its parameter's range.

import { evalConstExpr } from "../expr/index.js";
import type { Constant, Module, Program } from "../ir/module.js";
import { forEachNode } from "../ir/walk.js";
import type { TypeRef } from "../ir/types.js";
import type { ModuleContext } from "./context.js";

/** `module.NAME` keys of every constant an IR value reads (a generic walk over `const` nodes and override-check facts; type bounds as written are not reads). */
export function constReads(root: unknown, out: Set<string> = new Set()): Set<string> {
  forEachNode(
    root,
    (n) => {
      const node = n as { kind?: unknown; ref?: TypeRef; constant?: TypeRef };
      if (node.kind === "const" && node.ref !== undefined) out.add(`${node.ref.module}.${node.ref.name}`);
      if (node.constant !== undefined && typeof node.constant === "object") out.add(`${node.constant.module}.${node.constant.name}`);
    },
    NOT_READS,
  );
  return out;
}

/** A type's bound over a parameter (`maxOf`) is not a read: it is what the type admits at each instance. */
const NOT_READS: ReadonlySet<string> = new Set(["maxOf"]);

/** The parameters no module reads, with their module. */
export function unreadParams(modules: readonly Module[]): { module: Module; constant: Constant }[] {
  const read = new Set<string>();
  for (const m of modules) constReads([m.machines, m.decisions, m.laws], read);
  const derived = new Map<string, Constant>(modules.flatMap((m) => m.constants.filter((c) => c.expr !== null).map((c): [string, Constant] => [`${m.name}.${c.name}`, c])));
  // Close over derived constants: what a read derived constant reads is read too.
  const queue = [...read];
  while (queue.length > 0) {
    const c = derived.get(queue.pop() as string);
    if (c === undefined) continue;
    for (const k of constReads(c.expr)) if (!read.has(k)) (read.add(k), queue.push(k));
  }
  return modules.flatMap((m) => m.constants.filter((c) => c.param && !read.has(`${m.name}.${c.name}`)).map((constant) => ({ module: m, constant })));
}

/** One instance of a module: a value per parameter it sets (the others keep their defaults). */
export type Instance = Readonly<Record<string, number>>;

/**
 * The instances `explore.params` names: every combination of the listed values (constant
 * expressions or numbers), the defaults first and each combination once. Without the key, the
 * defaults alone.
 */
export function checkInstances(cx: ModuleContext, constants: readonly Constant[]): Instance[] {
  const raw = cx.raw.explore?.["params"] as unknown as Record<string, unknown[]> | undefined;
  if (raw === undefined) return [{}];
  let combos: Record<string, number>[] = [{}];
  for (const [name, values] of Object.entries(raw)) {
    const path = ["explore", "params", name];
    const info = cx.tables.consts.get(name) ?? cx.tables.constResolver?.(name);
    const own = constants.find((c) => c.name === name);
    const dep = info === undefined ? undefined : cx.tables.deps.get(info.ref.module)?.constants.find((c) => c.name === name);
    const c = own ?? dep;
    if (c === undefined || !c.param) {
      cx.error("badAttribute", path, { where: "explore.params", detail: `${name} is not a parameter of this module or its imports`, hint: "name a constant marked 'param: true' or 'param: env'" }, true);
      continue;
    }
    const folded: number[] = [];
    (Array.isArray(values) ? values : []).forEach((v, i) => {
      const e = cx.expr([...path, i], typeof v === "number" ? String(v) : String(v), new Map(), c.type);
      const x = evalConstExpr(e, (ref) => (ref.module === cx.module ? constants.find((k) => k.name === ref.name)?.value : cx.tables.deps.get(ref.module)?.constants.find((k) => k.name === ref.name)?.value));
      const n = typeof x === "number" ? x : undefined;
      if (n === undefined) return cx.error("notConstant", [...path, i], { what: `explore value of ${name}` });
      const range = c.range ?? { min: 0, max: Number.MAX_SAFE_INTEGER };
      if (n < range.min || n > range.max) return cx.error("badAttribute", [...path, i], { where: `explore.params.${name}`, detail: `${n} is outside the range ${range.min}..${range.max}`, hint: "pick a value inside the parameter's range" }, true);
      if (!folded.includes(n)) folded.push(n);
    });
    combos = combos.flatMap((k) => folded.map((n) => ({ ...k, [name]: n })));
  }
  const key = (i: Instance): string => JSON.stringify(Object.entries(i).filter(([n, v]) => v !== defaultOf(cx, constants, n)).sort());
  const seen = new Set<string>([key({})]);
  const out: Instance[] = [{}];
  for (const k of combos) {
    const trimmed = Object.fromEntries(Object.entries(k).filter(([n, v]) => v !== defaultOf(cx, constants, n)));
    if (!seen.has(key(trimmed))) (seen.add(key(trimmed)), out.push(trimmed));
  }
  return out;
}

function defaultOf(cx: ModuleContext, constants: readonly Constant[], name: string): number | boolean | undefined {
  return constants.find((c) => c.name === name)?.value ?? cx.tables.consts.get(name)?.value;
}

/** `module.NAME` of every constant whose value depends on a parameter (the parameters, and derived constants reading one). */
export function boundConstants(program: Program): ReadonlySet<string> {
  const cached = bound.get(program);
  if (cached !== undefined) return cached;
  const out = new Set<string>();
  for (const m of program.modules) {
    for (const c of m.constants) {
      const key = `${m.name}.${c.name}`;
      if (c.param || (c.expr !== null && [...constReads(c.expr)].some((k) => out.has(k)))) out.add(key);
    }
  }
  bound.set(program, out);
  return out;
}
const bound = new WeakMap<Program, ReadonlySet<string>>();

/** `WORKERS=5, RESTART_WINDOW_MS=1`: an instance's parameters as the tests name it. */
export function instanceName(values: Readonly<Record<string, number>>): string {
  const e = Object.entries(values);
  return e.length === 0 ? "the defaults" : e.map(([k, v]) => `${k}=${v}`).join(", ");
}

/** Every `decide` node an IR value applies, as `module.Decision`. */
function decides(root: unknown): Set<string> {
  const out = new Set<string>();
  forEachNode(root, (n) => {
    const node = n as { kind?: unknown; ref?: { module: string; name: string } };
    if (node.kind === "decide" && node.ref !== undefined) out.add(`${node.ref.module}.${node.ref.name}`);
  });
  return out;
}

/**
 * The machines and decisions of a module that a parameter reaches: each reads a bound constant,
 * or applies a decision that does. They live inside `instance`; the others stay module-level
 * functions. A decision of another module that a parameter reaches is not applied from here.
 */
export function boundCode(program: Program, module: Module): { readonly machines: ReadonlySet<string>; readonly decisions: ReadonlySet<string> } {
  const isBound = boundConstants(program);
  const reads = (x: unknown): boolean => [...constReads(x)].some((k) => isBound.has(k));
  const decisions = new Set<string>();
  // Whether `body` (of `owner`) reads a bound constant or applies a decision of this module that does.
  const reached = (owner: string, body: unknown): boolean => {
    const calls = [...decides(body)];
    for (const c of calls) {
      const [mod, name] = c.split(".") as [string, string];
      if (mod !== module.name && boundCode(program, program.modules.find((m) => m.name === mod) as Module).decisions.has(name)) {
        throw new Error(`emit ts: ${module.name}.${owner} applies ${c}, which reads a parameter of ${mod}; applying another module's parameterised decision is not supported`);
      }
    }
    return reads(body) || calls.some((c) => c.startsWith(`${module.name}.`) && decisions.has(c.slice(module.name.length + 1)));
  };
  for (const d of module.decisions) if (reached(d.name, [d.lets, d.rules])) decisions.add(d.name);
  const machines = new Set<string>();
  for (const m of module.machines) if (reached(m.name, m)) machines.add(m.name);
  return { machines, decisions };
}
