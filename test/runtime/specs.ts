// Test support for the runtime suites: the repository's own spec/*.yaml compiled to IR (the
// oracle side: interpreter, types), the generated modules and schemas the daemon loads, and
// the wire targets of every module (facts, events, states) with valid values to start from.
// Everything is derived from the program, so a new spec module is covered without edits here.

import { existsSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { compileSpecs } from "../../generator/check/index.js";
import { wireMax } from "../../generator/emit/schema/json.js";
import { evalExpr, initialState, runMachine, type Value } from "../../generator/interpret/index.js";
import type { Expr } from "../../generator/ir/expr.js";
import type { Law, Module, Program } from "../../generator/ir/module.js";
import type { Type, TypeDecl, TypeRef } from "../../generator/ir/types.js";
import { createWire, loadSchemas, type GeneratedModel, type Wire } from "../../runtime/index.js";

export const root = join(import.meta.dirname, "..", "..");

const compiled = compileSpecs(root);
if (!compiled.ok) throw new Error(`spec/*.yaml does not compile: ${JSON.stringify(compiled.diagnostics.slice(0, 3))}`);
export const program: Program = compiled.program;

export const closed = (e: Expr): Value => evalExpr(e, new Map(), program);

/** The schemas in generated/schema, by module, as the daemon reads them. */
export const schemas = loadSchemas(join(root, "generated", "schema"));
export const wire: Wire = createWire({ schemas });

/** The generated TypeScript of a module (generated/ts/<module>.ts). */
export async function loadGen(module: string): Promise<GeneratedModel> {
  const file = join(root, "generated", "ts", `${module}.ts`);
  if (!existsSync(file)) throw new Error(`${file} is missing: run \`npm run gen\``);
  // A module a parameter reaches: its instance at the default parameters, over its exports.
  const m = (await import(pathToFileURL(file).href)) as Record<string, unknown> & { instance?: () => object };
  return (m.instance === undefined ? m : { ...m, ...m.instance() }) as unknown as GeneratedModel;
}

export function moduleOf(name: string): Module {
  const m = program.modules.find((x) => x.name === name);
  if (m === undefined) throw new Error(`no module ${name}`);
  return m;
}

export function declOf(ref: TypeRef): TypeDecl {
  const d = moduleOf(ref.module).types.find((t) => t.name === ref.name);
  if (d === undefined) throw new Error(`no type ${ref.module}.${ref.name}`);
  return d;
}

/** The wire bound of the module that declares a type (its schema carries that bound). */
export const boundOf = (module: string): number => wireMax(program, moduleOf(module));

/** A message type of the wire: where its schema lives and values known to be valid. */
export interface Target {
  readonly module: string;
  /** `$defs` name: `<Decision>Facts`, `<Machine>Event` or `<Machine>State`. */
  readonly name: string;
  readonly type: Type;
  /** `decision`, `event` or `state`, and the machine or decision it belongs to. */
  readonly role: "decision" | "event" | "state";
  readonly owner: string;
  readonly valid: readonly Value[];
}

const named = (ref: TypeRef): Type => ({ kind: "named", ref });

/** Every wire target of a module, with the values its examples produce (deduplicated). */
export function targets(m: Module): Target[] {
  const out: Target[] = [];
  const uniq = (vs: Value[]): Value[] => [...new Map(vs.map((v) => [JSON.stringify(v), v])).values()];
  for (const d of m.decisions) {
    const facts = m.examples.flatMap((ex) => (ex.body.kind === "decision" && ex.body.decision.name === d.name ? [closed(ex.body.facts)] : []));
    out.push({ module: m.name, name: d.facts.name, type: named(d.facts), role: "decision", owner: d.name, valid: uniq(facts) });
  }
  for (const mc of m.machines) {
    const ref: TypeRef = { module: m.name, name: mc.name };
    const runs = m.examples.flatMap((ex) => (ex.body.kind === "machine" && ex.body.machine.name === mc.name ? [ex.body.events.map(closed)] : []));
    const states = [initialState(program, ref), ...runs.flatMap((evs) => runMachine(program, ref, evs).states)];
    out.push({ module: m.name, name: mc.event.name, type: named(mc.event), role: "event", owner: mc.name, valid: uniq(runs.flat()) });
    out.push({ module: m.name, name: mc.state.name, type: named(mc.state), role: "state", owner: mc.name, valid: uniq(states) });
  }
  return out;
}

/** The law of `kind` (`wire` or `ffi`) about a machine or decision, if the spec states one. */
export function lawFor(m: Module, kind: "wire" | "ffi", owner: string): Law | undefined {
  return m.laws.find((l) => (l.body.kind === kind) && (l.body as { target: TypeRef }).target.name === owner);
}

/** A test-name prefix: the law's name (`restart_wire_*`), or the module's family name when none. */
export function lawName(m: Module, kind: "wire" | "ffi", owner: string): string {
  return lawFor(m, kind, owner)?.name ?? `${m.name}_${kind}_* (${owner}, no law in the spec)`;
}
