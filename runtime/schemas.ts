// Runtime: the generated schemas read from a directory (`generated/schema`), by module name,
// in the form `createWire` takes. The one loader the CLI, the daemon, benches and tests use.

import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { SchemaDocument } from "./wire.js";

export function loadSchemas(dir: string): Record<string, SchemaDocument> {
  const out: Record<string, SchemaDocument> = {};
  for (const f of readdirSync(dir).filter((x) => x.endsWith(".schema.json")).sort()) {
    out[f.slice(0, -".schema.json".length)] = JSON.parse(readFileSync(join(dir, f), "utf8")) as SchemaDocument;
  }
  return out;
}
