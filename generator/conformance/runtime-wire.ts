// Conformance stage (test support): the runtime wire the daemon calls, built once per suite over
// the suite's schemas, so `wire` and `ffi` laws are checked through the runtime's own decoder
// and encoder rather than through the harness's ajv.

import { createWire, type SchemaDocument, type Wire } from "../../runtime/wire.js";
import type { SuiteContext } from "./context.js";

const wires = new WeakMap<SuiteContext, Wire>();

/** One wire over every schema of the suite, by module name (the file name in each `$id`). */
export function wireOf(ctx: SuiteContext): Wire {
  let w = wires.get(ctx);
  if (w === undefined) {
    const schemas: Record<string, SchemaDocument> = {};
    for (const d of ctx.schemas.docs as SchemaDocument[]) {
      const id = String(d["$id"] ?? "");
      schemas[id.slice(id.lastIndexOf("/") + 1).replace(/\.schema\.json$/, "")] = d;
    }
    w = createWire({ schemas });
    wires.set(ctx, w);
  }
  return w;
}

