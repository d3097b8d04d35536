// Conformance stage (test support; also the diff's judge of values): the generated JSON Schemas
// as validators. Every module's schema is compiled by one ajv 2020-12 instance in strict mode
// (so imported types resolve), and a spec type is looked up as
// `<module>.schema.json#/$defs/<Name>`; states, events, outputs, facts and verdicts all have such
// an entry (unnamed outputs as `<Machine>Output`).

import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import { SCHEMA_BASE, schemaFileName } from "../emit/schema/json.js";
import type { Value } from "../interpret/value.js";
import type { Type, TypeRef } from "../ir/types.js";

/** Validates values of the module's named types; a failure says which and why. */
export class SchemaSet {
  private readonly ajv = new Ajv2020({ strict: true, allErrors: true });
  private readonly cache = new Map<string, ValidateFunction>();

  constructor(readonly docs: readonly object[]) {
    for (const d of docs) this.ajv.addSchema(d);
  }

  private validator(ref: TypeRef): ValidateFunction {
    const key = `${SCHEMA_BASE}${schemaFileName(ref.module)}#/$defs/${ref.name}`;
    let v = this.cache.get(key);
    if (v === undefined) {
      v = this.ajv.getSchema(key);
      if (v === undefined) throw new Error(`schema: no $defs/${ref.name} in ${schemaFileName(ref.module)}`);
      this.cache.set(key, v);
    }
    return v;
  }

  /** null when `value` validates against the type's schema entry, else the errors in words (`/path message; ...`). */
  why(ref: TypeRef, value: Value): string | null {
    const v = this.validator(ref);
    if (v(value)) return null;
    // A union reports every variant's mismatch; the errors below the top level are the telling ones.
    const all = v.errors ?? [];
    const deep = all.filter((e) => e.instancePath !== "");
    return (deep.length > 0 ? deep : all).map((e) => `${e.instancePath || "/"} ${e.message ?? "invalid"}`).join("; ");
  }

  /** null when `value` validates against the type's schema entry, else the value and the errors. */
  check(ref: TypeRef, value: Value): string | null {
    const errors = this.why(ref, value);
    return errors === null ? null : `${JSON.stringify(value)} is not a valid ${ref.name}: ${errors}`;
  }
}

/** The schema entry of a machine's output or a decision's verdict: its named type, or the alias. */
export function typeEntry(home: string, t: Type, alias: string): TypeRef {
  return t.kind === "named" ? t.ref : { module: home, name: alias };
}
