// Diff stage: whether one value (the JSON shape the interpreter and the wire share) is a value of
// a release's type, judged as that release's wire judges it: by its generated JSON Schemas
// (emit/schema) through ajv, the conformance tests' SchemaSet. A machine's migration source
// record (`<Machine>State.from`) is judged by the same set, as an extra `$defs` entry of its
// module's schema written from the migration's fields.

import { SchemaSet } from "../conformance/schemas.js";
import { moduleSchema, schemaContext } from "../emit/schema/index.js";
import { declSchema } from "../emit/schema/types.js";
import type { Machine, Migration, Program } from "../ir/module.js";
import type { TypeDecl, TypeRef } from "../ir/types.js";
import type { Value } from "../interpret/value.js";

/** A migration's old state record (`<Machine>State.from`) as a declaration. */
export function migrationRecord(m: Migration): TypeDecl {
  return { kind: "record", name: m.fromType.name, doc: m.doc, fields: m.from, span: m.span };
}

/** The schema entry of a machine's migration source record. */
export function migrationRef(module: string, machine: Machine): TypeRef {
  return { module, name: `${machine.name}State.from` };
}

const sets = new WeakMap<Program, SchemaSet>();

/** The release's schemas, each module's with its machines' migration source records added. */
function schemasOf(prog: Program): SchemaSet {
  let set = sets.get(prog);
  if (set === undefined) {
    const docs = prog.modules.map((m) => {
      const doc = moduleSchema(prog, m);
      const defs = { ...(doc["$defs"] as object) } as Record<string, unknown>;
      for (const machine of m.machines) {
        if (machine.migrate !== null) defs[migrationRef(m.name, machine).name] = declSchema(migrationRecord(machine.migrate), schemaContext(prog, m));
      }
      return { ...doc, $defs: defs };
    });
    sets.set(prog, (set = new SchemaSet(docs)));
  }
  return set;
}

/** null when `v` is a value of the type `ref` names in this release; else where and why not. */
export function misfit(prog: Program, ref: TypeRef, v: Value): string | null {
  return schemasOf(prog).why(ref, v);
}
