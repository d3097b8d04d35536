// Test helper for the TypeScript emitter: type-check emitted files together with the runtime
// under the project's strict options (in memory), and load them for execution from a scratch
// directory under .tmp/ that mirrors the repository layout (generated/ts beside runtime/).

import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { ModuleKind, ModuleResolutionKind, Project, ScriptTarget } from "ts-morph";
import type { GeneratedFile } from "../../generator/emit/types.js";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const RUNTIME = ["runtime/model.ts", "runtime/v1.ts", "runtime/index.ts"];
/**
 * Generated code uses only the model prelude of the runtime entry; the rest of the entry (wire,
 * clock, ...) needs node_modules, which the in-memory and scratch trees do not have.
 */
function runtimeText(path: string): string {
  return path === "runtime/index.ts" ? 'export * from "./model.js";\n' : readFileSync(join(ROOT, path), "utf8");
}

/** Diagnostics of the emitted files plus runtime/, as `file:line: message` strings. */
export function typeErrors(files: readonly GeneratedFile[]): string[] {
  const project = new Project({
    useInMemoryFileSystem: true,
    compilerOptions: {
      target: ScriptTarget.ES2022,
      module: ModuleKind.NodeNext,
      moduleResolution: ModuleResolutionKind.NodeNext,
      lib: ["lib.es2022.d.ts"],
      types: [],
      strict: true,
      noUncheckedIndexedAccess: true,
      exactOptionalPropertyTypes: true,
      noFallthroughCasesInSwitch: true,
      noImplicitReturns: true,
      isolatedModules: true,
      verbatimModuleSyntax: true,
      noEmit: true,
    },
  });
  const fs = project.getFileSystem();
  // The package itself, so the emitted `statute/runtime/v1` import resolves by self-reference.
  fs.writeFileSync("/repo/package.json", '{ "name": "statute", "type": "module", "exports": { "./runtime/v1": "./runtime/v1.js" } }');
  for (const r of RUNTIME) project.createSourceFile(`/repo/${r}`, runtimeText(r));
  for (const f of files) project.createSourceFile(`/repo/generated/${f.path}`, f.content);
  return project.getPreEmitDiagnostics().map((d) => {
    const file = d.getSourceFile()?.getFilePath() ?? "?";
    const text = d.getMessageText();
    const message = typeof text === "string" ? text : text.getMessageText();
    return `${file}:${d.getLineNumber() ?? 0}: TS${d.getCode()} ${message}`;
  });
}

let loads = 0;
const scratch: string[] = [];

/** Removes the scratch trees this process wrote (the imported modules stay loaded). */
export function removeScratch(): void {
  for (const dir of scratch.splice(0)) rmSync(dir, { recursive: true, force: true });
}

/** Writes the files (and a copy of runtime/) to a fresh scratch tree; imports `ts/<module>.ts`. */
export async function loadEmitted(files: readonly GeneratedFile[], module: string): Promise<Record<string, unknown>> {
  const dir = join(ROOT, ".tmp", "emit-ts-run", `${process.pid}-${loads++}`);
  scratch.push(dir);
  for (const r of RUNTIME) {
    mkdirSync(dirname(join(dir, r)), { recursive: true });
    writeFileSync(join(dir, r), runtimeText(r));
  }
  for (const f of files) {
    mkdirSync(dirname(join(dir, "generated", f.path)), { recursive: true });
    writeFileSync(join(dir, "generated", f.path), f.content);
  }
  // A module a parameter reaches: its instance at the default parameters, over its exports.
  const m = (await import(pathToFileURL(join(dir, "generated", "ts", `${module}.ts`)).href)) as Record<string, unknown> & { instance?: () => object };
  return m.instance === undefined ? m : { ...m, ...m.instance() };
}
