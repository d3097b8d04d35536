// Test support for the conformance harness's own tests: the repository's program, the fixture
// program (test/conformance/fixtures/spec/fleet.yaml: enums, options, strings, records, lists of
// records, worker indices), and generated TypeScript loaded from a scratch tree under .tmp/.

import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { compileSpecs } from "../../generator/check/index.js";
import type { GeneratedModule } from "../../generator/conformance/index.js";
import { SchemaSet } from "../../generator/conformance/index.js";
import { emitSchema } from "../../generator/emit/schema/index.js";
import { emitTs } from "../../generator/emit/ts/index.js";
import type { Program } from "../../generator/ir/module.js";

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
export const FIXTURES = join(ROOT, "test", "conformance", "fixtures");
export const SCRATCH = join(ROOT, ".tmp", "conformance");

export function compiled(root: string, files?: readonly string[]): Program {
  const r = files === undefined ? compileSpecs(root) : compileSpecs(root, files);
  if (!r.ok) throw new Error(`${root}: specs do not compile: ${JSON.stringify(r.diagnostics.slice(0, 3))}`);
  return r.program;
}

/** Schemas of a program rendered in memory (for fixtures, which have no generated/ folder). */
export function schemasOf(program: Program): SchemaSet {
  return new SchemaSet(emitSchema(program, {}).map((f) => JSON.parse(f.content) as object));
}

let loads = 0;

/** A fresh scratch directory under .tmp/conformance, unique to this process and call. */
export function scratchDir(tag: string): string {
  const dir = join(SCRATCH, `${tag}-${process.pid}-${loads++}`);
  mkdirSync(dir, { recursive: true });
  return dir;
}

export function removeScratch(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}

/**
 * Writes TypeScript files (name -> text) into `dir` with the runtime import pointed back at the
 * repository's runtime/, then imports `<module>.ts`. Each call needs a fresh `dir`: modules are cached by URL.
 */
export async function loadTs(dir: string, files: ReadonlyMap<string, string>, module: string): Promise<GeneratedModule> {
  const runtime = relative(dir, join(ROOT, "runtime", "index.js")).split("\\").join("/");
  for (const [name, text] of files) writeFileSync(join(dir, name), text.replace('from "../../runtime/index.js"', `from "${runtime}"`));
  return (await import(pathToFileURL(join(dir, `${module}.ts`)).href)) as GeneratedModule;
}

/** Emitted TypeScript of a program, as `<module>.ts` -> text. */
export function emittedTs(program: Program): Map<string, string> {
  return new Map(emitTs(program, {}).map((f) => [f.path.replace(/^ts\//, ""), f.content]));
}

/** The checked-in generated/ts files, as `<module>.ts` -> text. */
export function generatedTs(program: Program): Map<string, string> {
  return new Map(program.modules.map((m) => [`${m.name}.ts`, readFileSync(join(ROOT, "generated", "ts", `${m.name}.ts`), "utf8")]));
}

export { writeFileSync };
