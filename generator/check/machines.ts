// Check stage: machines. State and event types are synthesized (`<M>State`, `<M>Event`); each
// handler's lets, guards, assignments and outputs are type-checked; a handler whose branches may
// all fail (the last one guarded) is rejected, and a branch that can never fire is reported.

import type { Assign, Branch, Handler, Machine } from "../ir/module.js";
import { BOOL, type Field, type Type, type TypeRef } from "../ir/types.js";
import { entries, type ModuleContext } from "./context.js";
import { checkLets, checkName, checkVariants, register } from "./declarations.js";
import { checkMigration } from "./migrate.js";
import { neverFires } from "./reachability.js";
import type { RawMachine } from "./raw.js";

export interface MachineShell {
  readonly name: string;
  readonly raw: RawMachine;
  readonly state: TypeRef;
  readonly event: TypeRef;
  readonly fields: readonly Field[];
  /** State fields whose type could not be read; their values are not checked (one error each). */
  readonly badFields: ReadonlySet<string>;
  readonly output: Type;
}

/** The synthesized type names of a machine, for phase A of type declaration. */
export function machineTypeNames(name: string): [string, string] {
  return [`${name}State`, `${name}Event`];
}

/** Resolve a machine's state, event and output types (its bodies come later). */
export function checkMachineTypes(cx: ModuleContext, name: string, raw: RawMachine): MachineShell {
  const path = ["machines", name];
  checkName(cx, "type", "machine", name, path);
  const [stateName, eventName] = machineTypeNames(name);
  const badFields = new Set<string>();
  const fields: Field[] = entries(raw.state).map(([f, sf]) => {
    checkName(cx, "field", "state field", f, [...path, "state", f]);
    const type = cx.type([...path, "state", f, "type"], sf.type);
    if (!type) badFields.add(f);
    return { name: f, type: type ?? BOOL, doc: sf.doc ?? "" };
  });
  const span = cx.span(path);
  register(cx, { kind: "record", name: stateName, doc: `State of ${name}.`, fields, span });
  register(cx, { kind: "union", name: eventName, doc: `Events of ${name}.`, variants: checkVariants(cx, raw.events, [...path, "events"]), span });
  const output = cx.type([...path, "output"], raw.output) ?? BOOL;
  return { name, raw, state: { module: cx.module, name: stateName }, event: { module: cx.module, name: eventName }, fields, badFields, output };
}

/** Check the initial state and every handler of a machine. */
export function checkMachine(cx: ModuleContext, m: MachineShell): Machine {
  const path = ["machines", m.name];
  const init: Assign[] = m.fields.map((f) => ({
    field: f.name,
    value: m.badFields.has(f.name) ? cx.placeholder(f.type) : cx.expr([...path, "state", f.name, "init"], m.raw.state[f.name]?.init ?? 0, new Map(), f.type),
  }));
  const variants = (() => {
    const d = cx.tables.typeDecl(m.event);
    return d.kind === "union" ? d.variants : [];
  })();
  for (const [ev] of entries(m.raw.on)) {
    if (!variants.some((v) => v.name === ev)) cx.unknown([...path, "on", ev], "event", ev, variants.map((v) => v.name), true);
  }
  const handlers: Handler[] = [];
  for (const v of variants) {
    const raw = m.raw.on[v.name];
    if (!raw) {
      cx.error("missingHandler", [...path, "on"], { machine: m.name, event: v.name }, true);
      continue;
    }
    handlers.push(checkHandler(cx, m, v.name, raw, [...path, "on", v.name]));
  }
  const migrate = checkMigration(cx, m.name, m.state, m.raw.migrate);
  return { name: m.name, doc: m.raw.doc, state: m.state, init, event: m.event, output: m.output, handlers, migrate, span: cx.span(path) };
}

function checkHandler(cx: ModuleContext, m: MachineShell, event: string, raw: RawMachine["on"][string], path: (string | number)[]): Handler {
  const locals = new Map<string, Type>([
    ["s", { kind: "named", ref: m.state }],
    ["e", { kind: "named", ref: { module: m.event.module, name: `${m.event.name}.${event}` } }],
  ]);
  const lets = checkLets(cx, raw.let, path, locals);
  const ids = new Map<string, number>();
  const guardErrors: boolean[] = [];
  const branches: Branch[] = raw.branches.map((b, i) => {
    const bp = [...path, "branches", i];
    checkName(cx, "field", "branch id", b.id, [...bp, "id"]);
    if (ids.has(b.id)) cx.error("duplicateName", [...bp, "id"], { what: "branch id", name: b.id, line: cx.line([...path, "branches", ids.get(b.id) ?? 0]) });
    ids.set(b.id, i);
    const { expr: guard, errored } = cx.guard([...bp, "when"], b.when, locals);
    guardErrors.push(errored);
    const assigns: Assign[] = [];
    for (const [field, value] of entries(b.set)) {
      const f = m.fields.find((x) => x.name === field);
      if (!f) {
        cx.error("unknownStateField", [...bp, "set", field], { machine: m.name, field, didYouMean: `state fields: ${m.fields.map((x) => x.name).join(", ")}` }, true);
        continue;
      }
      if (m.badFields.has(field)) continue;
      assigns.push({ field, value: cx.expr([...bp, "set", field], value, locals, f.type, true) });
    }
    assigns.sort((a, c) => m.fields.findIndex((x) => x.name === a.field) - m.fields.findIndex((x) => x.name === c.field));
    const emit = cx.expr([...bp, "emit"], b.emit, locals, m.output, true);
    return { rule: `${m.name}.${event}.${b.id}`, id: b.id, doc: b.doc ?? "", guard, assigns, emit, span: cx.span(bp) };
  });
  const last = branches[branches.length - 1];
  if (last && last.guard !== null) cx.error("stuckMachine", [...path, "branches", branches.length - 1, "when"], { machine: m.name, event }, true);
  neverFires(cx, branches.map((b, i) => ({ id: b.rule, guard: b.guard, path: [...path, "branches", i], source: raw.branches[i]?.when, errored: guardErrors[i] === true })));
  return { event, lets, branches };
}
