// Check stage, first pass: the spec file against generator/spec.schema.json (JSON Schema 2020-12).
// The schema is compiled ahead of time (bin/meta-validator.js, ajv standalone code in
// meta-validator.cjs), so checking a spec loads no ajv and compiles nothing. Every error is mapped
// back to the YAML node it names, so the user sees `file:line:col` instead of a JSON pointer.
// Errors inside `oneOf` alternatives are folded into one message about the `oneOf` itself, which
// is what a person can act on.

import { createRequire } from "node:module";
import type { ErrorObject } from "ajv/dist/2020.js";
import { didYouMean, type Diagnostics } from "../diagnostics/diagnostic.js";
import { keyAt, nodeAt, rangeOf, type Parsed, type Path } from "../parse/index.js";

/** The precompiled validator: ajv's ValidateFunction shape, without ajv. */
interface MetaValidate {
  (data: unknown): boolean;
  errors?: ErrorObject[] | null;
}

let compiled: MetaValidate | undefined;

function validator(): MetaValidate {
  compiled ??= createRequire(import.meta.url)("./meta-validator.cjs") as MetaValidate;
  return compiled;
}

/** Validate the parsed value against the meta-schema; true when it conforms. */
export function checkMeta(parsed: Parsed, diags: Diagnostics): boolean {
  const validate = validator();
  if (validate(parsed.value)) return true;
  const errors = validate.errors ?? [];
  // A `oneOf` is reported once, as itself: its alternatives' errors (reached through a $ref too)
  // are folded into it, except a stray key of the mapping alternative, which names the key.
  const folded = new Set(errors.filter((e) => e.keyword === "oneOf").map((e) => e.instancePath));
  for (const err of errors) {
    if (err.schemaPath.includes("/oneOf/")) continue;
    if (err.keyword !== "oneOf" && folded.has(err.instancePath)) continue;
    const stray = err.keyword === "oneOf" ? errors.find((e) => e.keyword === "additionalProperties" && e.instancePath === err.instancePath && e.schemaPath.includes("/oneOf/")) : undefined;
    report(parsed, stray ?? err, diags);
  }
  return false;
}

function pathOf(pointer: string): Path {
  if (pointer === "") return [];
  return pointer
    .slice(1)
    .split("/")
    .map((s) => s.replace(/~1/g, "/").replace(/~0/g, "~"))
    .map((s) => (/^\d+$/.test(s) ? Number(s) : s));
}

function where(path: Path): string {
  return path.length === 0 ? "the file" : `'${path.join(".")}'`;
}

function report(parsed: Parsed, err: ErrorObject, diags: Diagnostics): void {
  const path = pathOf(err.instancePath);
  const file = parsed.file;
  const at = (p: Path, key = false) => rangeOf(key ? keyAt(parsed, p) : nodeAt(parsed, p));
  const params = err.params as Record<string, unknown>;
  switch (err.keyword) {
    case "additionalProperties": {
      const key = String(params["additionalProperty"]);
      const allowed = Object.keys((err.parentSchema?.["properties"] as Record<string, unknown> | undefined) ?? {});
      // `{ doc: one, two }`: YAML reads an unquoted comma in a flow mapping as the start of a key.
      const comma = valueAt(parsed.value, [...path, key]) === null;
      const didYouMean = comma ? `an unquoted comma in { ... } starts a new key: quote the value ("..., ${key}")` : hintFor(key, allowed);
      diags.report({ id: "unknownKey", file, ...at([...path, key], true), args: { key, didYouMean } });
      return;
    }
    case "required":
      diags.report({ id: "missingKey", file, ...at(path), args: { key: String(params["missingProperty"]) } });
      return;
    case "type":
      diags.report({ id: "wrongType", file, ...at(path), args: { where: where(path), expected: describeType(params["type"]) } });
      return;
    case "oneOf": {
      const keys = oneOfKeys(err.parentSchema ?? {});
      if (keys.length > 0) diags.report({ id: "oneOf", file, ...at(path), args: { where: where(path), keys: keys.map((k) => `'${k}'`).join(", ") } });
      else diags.report({ id: "wrongType", file, ...at(path), args: { where: where(path), expected: "a type string or an object { type, doc }" } });
      return;
    }
    case "enum":
      diags.report({ id: "badValue", file, ...at(path), args: { where: where(path), detail: `must be one of ${(params["allowedValues"] as unknown[]).map((v) => JSON.stringify(v)).join(", ")}` } });
      return;
    default:
      diags.report({ id: "badValue", file, ...at(path), args: { where: where(path), detail: err.message ?? err.keyword } });
  }
}

/** The plain value at `path` of `root` (undefined when there is none). */
function valueAt(root: unknown, path: Path): unknown {
  let v = root;
  for (const p of path) v = v !== null && typeof v === "object" ? (v as Record<string | number, unknown>)[p] : undefined;
  return v;
}

function hintFor(key: string, allowed: readonly string[]): string {
  const dym = didYouMean(key, allowed);
  const list = [...allowed].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)).join(", ");
  return dym.startsWith("did you mean") ? dym : `allowed keys here: ${list}`;
}

function describeType(t: unknown): string {
  const names = String(t).split(",");
  const words: Record<string, string> = { object: "a mapping", array: "a list", string: "a string", number: "a number", integer: "an integer", boolean: "true or false", null: "empty" };
  return names.map((n) => words[n] ?? n).join(" or ");
}

function oneOfKeys(parent: Record<string, unknown>): string[] {
  const alts = parent["oneOf"];
  if (!Array.isArray(alts)) return [];
  const keys = alts.map((a) => (a as { required?: string[] }).required);
  if (keys.some((k) => k === undefined)) return [];
  return keys.map((k) => (k ?? []).join(" + "));
}
