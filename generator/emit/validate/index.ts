// Emit stage, validators target (`validate/<module>.mjs` and `.d.mts`): the wire's validators
// compiled ahead of time from the module's JSON Schema (compile.ts), so a daemon starts without
// compiling a schema. `.mjs` is ESM whatever the project's `type`, so a CommonJS project loads
// them with `await import(...)` as an ESM one does, and tsc reads their `.d.mts`. Compiling costs about half a second for the law book, so a file already on
// disk is reused when it proves to be the output: its header records a digest of the inputs
// (every schema, ajv's version and options) and of its own body, and both must match.

import { createHash } from "node:crypto";
import type { Program } from "../../ir/module.js";
import type { SchemaDocument } from "../../../runtime/wire.js";
import { moduleSchema } from "../schema/index.js";
import { doNotEdit, type Emitter, type GeneratedFile } from "../types.js";
import { AJV_OPTIONS, AJV_VERSION, validatorCode } from "./compile.js";

/** Reads what a path of this target holds now (for reuse), or undefined. */
export type Previous = (path: string) => string | undefined;

const sha256 = (text: string): string => createHash("sha256").update(text).digest("hex");

function schemasOf(program: Program): Record<string, SchemaDocument> {
  const out: Record<string, SchemaDocument> = {};
  for (const m of program.modules) out[m.name] = moduleSchema(program, m) as unknown as SchemaDocument;
  return out;
}

/** The validators of every module; `previous` (optional) offers files on disk for reuse. */
export function renderValidators(program: Program, previous?: Previous): GeneratedFile[] {
  const schemas = schemasOf(program);
  const inputs = sha256(JSON.stringify({ ajv: AJV_VERSION, options: AJV_OPTIONS, schemas }));
  const files: GeneratedFile[] = [];
  for (const m of program.modules) {
    const path = `validate/${m.name}.mjs`;
    const head = [
      doNotEdit(m.file, "//"),
      `// The wire's validators of ${m.name}.schema.json: ajv ${AJV_VERSION} standalone code, unions by discriminator.`,
    ];
    const old = previous?.(path);
    const reused = old === undefined ? undefined : verified(old, head, inputs);
    const body = reused ?? validatorCode(schemas, m.name);
    files.push({ path, content: `${[...head, `// inputs sha256:${inputs} body sha256:${sha256(body)}`].join("\n")}\n${body}` });
    files.push({ path: `validate/${m.name}.d.mts`, content: declarations(m.file, m.name, Object.keys(schemas[m.name]?.$defs ?? {}).sort()) });
  }
  return files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/** The body of `old` when its header is `head` plus matching digests of `inputs` and of that body. */
function verified(old: string, head: readonly string[], inputs: string): string | undefined {
  const lines = old.split("\n");
  if (lines.length <= head.length + 1 || head.some((h, i) => lines[i] !== h)) return undefined;
  const digests = /^\/\/ inputs sha256:([0-9a-f]{64}) body sha256:([0-9a-f]{64})$/.exec(lines[head.length] ?? "");
  const body = lines.slice(head.length + 1).join("\n");
  return digests !== null && digests[1] === inputs && digests[2] === sha256(body) ? body : undefined;
}

function declarations(file: string, module: string, names: readonly string[]): string {
  return [
    doNotEdit(file, "//"),
    "",
    "/** A precompiled validator: true when `data` is valid; otherwise `errors` (ajv's, verbose) says why. */",
    "export interface Validator {",
    "  (data: unknown): boolean;",
    "  errors?: readonly unknown[] | null | undefined;",
    "  readonly schema?: unknown;",
    "}",
    ...names.flatMap((n) => ["", `/** \`$defs/${n}\` of ${module}.schema.json. */`, `export declare const ${n}: Validator;`]),
    "",
  ].join("\n");
}

/** The target as a pure emitter (compiles every module). */
export const emitValidate: Emitter = (program) => renderValidators(program);
