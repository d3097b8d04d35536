// Check stage: a machine's `migrate:`, how a state the previous release wrote becomes a state of
// this machine. `from` declares the old state record (field types as in `state:`, checked
// here); `to` is an expression over `s`, a `from` record, of the machine's state type. Whether
// `from` describes the old release's state is `statute diff`'s to say (generator/diff/state.ts).

import type { Migration } from "../ir/module.js";
import type { Type, TypeRef } from "../ir/types.js";
import type { ModuleContext } from "./context.js";
import { checkFields } from "./declarations.js";
import type { RawMachine } from "./raw.js";

/** The IR of `raw.migrate` (null when the machine declares none). */
export function checkMigration(cx: ModuleContext, machine: string, state: TypeRef, raw: RawMachine["migrate"]): Migration | null {
  if (raw === undefined) return null;
  const path = ["machines", machine, "migrate"];
  const from = checkFields(cx, raw.from, [...path, "from"]);
  const fromType: TypeRef = { module: cx.module, name: `${state.name}.from` };
  cx.tables.scratch.set(fromType.name, { kind: "record", name: fromType.name, doc: `The state of ${machine} as the previous release wrote it.`, fields: from, span: cx.span([...path, "from"]) });
  const locals = new Map<string, Type>([["s", { kind: "named", ref: fromType }]]);
  const to = cx.expr([...path, "to"], raw.to, locals, { kind: "named", ref: state });
  return { doc: raw.doc ?? "", from, fromType, to, span: cx.span(path) };
}
