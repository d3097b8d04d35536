// Emit stage, validators target: one module's `$defs` compiled by ajv into standalone ES module
// code. A fresh ajv per module holds every module's schema (cross-module `$ref`s resolve and are
// inlined), with the tagged unions read by `discriminator`, so the code is a function of the
// schemas and ajv's version alone, whatever else was compiled in the same run. ajv's one runtime
// helper these schemas need (ucs2length, for `maxLength`) is written out, so the code imports
// nothing: a daemon loads it without ajv and compiles no schema. ajv is required only when a file
// is compiled, so a `gen` that reuses every file (see index.ts) never loads it.

import { createRequire } from "node:module";
import type { Ajv2020 as Ajv, Options } from "ajv/dist/2020.js";
import type { SchemaDocument } from "../../../runtime/wire.js";
import { withDiscriminators } from "../../../runtime/wire-unions.js";

/** The options the code is compiled with: those of the run-time wire (runtime/wire.ts), plus source output. */
export const AJV_OPTIONS: Options = {
  strict: true, allErrors: true, verbose: true, discriminator: true, validateSchema: false,
  code: { source: true, esm: true, lines: true },
};

const require = createRequire(import.meta.url);

/** ajv's version: part of what the code is a function of. */
export const AJV_VERSION = (require("ajv/package.json") as { version: string }).version;

/** ajv's ucs2length (a string's length in code points), as the generated code spells it. */
const UCS2LENGTH = "(s) => { let n = 0; for (const _ of s) n++; return n; }";

/** The standalone code validating every `$defs` entry of `module`, one export per name. */
export function validatorCode(schemas: Readonly<Record<string, SchemaDocument>>, module: string): string {
  const { Ajv2020 } = require("ajv/dist/2020.js") as { Ajv2020: typeof Ajv };
  const standalone = require("ajv/dist/standalone/index.js") as { default: (ajv: Ajv, refs: Record<string, string>) => string };
  const ajv = new Ajv2020(AJV_OPTIONS);
  for (const name of Object.keys(schemas).sort()) ajv.addSchema(withDiscriminators(schemas[name] as SchemaDocument) as object);
  const doc = schemas[module] as SchemaDocument;
  const names = Object.keys(doc.$defs).sort();
  const refs: Record<string, string> = {};
  for (const n of names) refs[n] = `${doc.$id}#/$defs/${n}`;
  let code = standalone.default(ajv, refs).replace(/require\("ajv\/dist\/runtime\/ucs2length"\)\.default/g, UCS2LENGTH);
  const left = /require\([^)]*\)/.exec(code);
  if (left !== null) throw new Error(`internal: the validators of ${module} need ajv's ${left[0]}; write it out in generator/emit/validate/compile.ts`);
  // Like ajv's own compiled functions, each carries its schema (runtime/timeouts.ts reads a facts record's fields).
  for (const n of names) code += `\n${n}.schema = ${JSON.stringify(doc.$defs[n])};`;
  return `${code.replace(/^"use strict";\n?/, "").trim()}\n`;
}
