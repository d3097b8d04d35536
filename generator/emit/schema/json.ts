// Emit stage, JSON Schema target: the JSON value type the schema is built in, and the wire
// bounds every module shares. The schema is an object built in a fixed key order and
// serialised once, so the file bytes follow from construction order alone.

import type { Module, Program } from "../../ir/module.js";

export type Json = string | number | boolean | null | readonly Json[] | { readonly [key: string]: Json };
export type JsonObject = { [key: string]: Json };

/** Base of every schema `$id`; imported types resolve against it (`other.schema.json#/$defs/X`). */
export const SCHEMA_BASE = "https://statute.dev/schema/";

/** The wire bound of a module that declares none (10^14 ms, about 3 170 years). */
export const WIRE_MAX_DEFAULT = 100_000_000_000_000;

/** The longest string the wire accepts (strings are versions and stamps, never prose). */
export const STRING_MAX_LENGTH = 256;

export function schemaFileName(module: string): string {
  return `${module}.schema.json`;
}

/**
 * The wire bound for a module: its own constant marked `wire_bound`, else one of an imported
 * module, else the default. Numbers past it are rejected so the runtime never meets an unsafe integer.
 */
export function wireMax(program: Program, module: Module): number {
  const own = module.constants.find((c) => c.wireBound);
  if (own !== undefined && typeof own.value === "number") return own.value;
  for (const name of module.imports) {
    const dep = program.modules.find((m) => m.name === name);
    const c = dep?.constants.find((x) => x.wireBound);
    if (c !== undefined && typeof c.value === "number") return c.value;
  }
  return WIRE_MAX_DEFAULT;
}

/** `doc` trimmed, as a `description` entry, or nothing when empty. */
export function describe(doc: string): JsonObject {
  const text = doc.trim();
  return text === "" ? {} : { description: text };
}
