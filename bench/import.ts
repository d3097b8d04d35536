// Benchmark: importing a generated reducer as an application would, compiled to JavaScript and
// resolving `statute/runtime/v1` through the package's exports (dist/, built by bench/gen.ts).
// Reports the modules its import graph reaches (no `node:` module, no ajv allowed) and its import
// time against an empty ES module: medians over cold processes, timed inside each process and
// as whole-process wall time.

import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { builtinModules } from "node:module";
import { dirname, join, resolve } from "node:path";
import ts from "typescript";
import { median } from "./median.js";

const root = join(import.meta.dirname, "..");
const out = join(root, ".tmp", "bench-import");
const MODULE = "supervise";

/** generated/ts compiled module by module (no bundling), as a consumer's build would emit it. */
function compileGenerated(): void {
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  for (const f of readdirSync(join(root, "generated", "ts"))) {
    const src = readFileSync(join(root, "generated", "ts", f), "utf8");
    const js = ts.transpileModule(src, { compilerOptions: { module: ts.ModuleKind.ES2022, target: ts.ScriptTarget.ES2022, verbatimModuleSyntax: false } }).outputText;
    writeFileSync(join(out, f.replace(/\.ts$/, ".js")), js);
  }
  writeFileSync(join(out, "empty.js"), "export {};\n");
}

/** Every module specifier the import graph from `file` reaches (relative and package imports followed). */
function importGraph(file: string, seen = new Set<string>(), specs = new Set<string>()): Set<string> {
  if (seen.has(file)) return specs;
  seen.add(file);
  const text = readFileSync(file, "utf8");
  for (const m of text.matchAll(/^\s*(?:import|export)\s[^;]*?from\s*["']([^"']+)["']|^\s*import\s*["']([^"']+)["']/gm)) {
    const spec = m[1] ?? m[2] ?? "";
    specs.add(spec);
    if (spec.startsWith(".")) importGraph(resolve(dirname(file), spec), seen, specs);
    else if (spec.startsWith("statute/")) importGraph(packageTarget(spec), seen, specs);
  }
  return specs;
}

/** Where Node resolves `statute/<entry>` for a consumer: the entry's "default" target in exports. */
function packageTarget(spec: string): string {
  const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { exports: Record<string, { default: string }> };
  const entry = pkg.exports[`./${spec.slice("statute/".length)}`];
  if (entry === undefined) throw new Error(`package.json exports no ${spec}`);
  return join(root, entry.default);
}

function timeImport(file: string): { inside: number; wall: number } {
  const code = `const t0 = performance.now(); await import(${JSON.stringify(`file://${file}`)}); process.stdout.write(String(performance.now() - t0));`;
  const start = process.hrtime.bigint();
  const r = spawnSync(process.execPath, ["--input-type=module", "-e", code], { cwd: out, encoding: "utf8" });
  const wall = Number(process.hrtime.bigint() - start) / 1e6;
  if (r.status !== 0) throw new Error(r.stderr);
  return { inside: Number(r.stdout), wall };
}

export async function benchImport(runs = 9): Promise<string> {
  if (!existsSync(join(root, "dist", "runtime", "v1.js"))) return "import: dist/ is not built (bench/gen.ts builds it first)";
  compileGenerated();
  const specs = [...importGraph(join(out, `${MODULE}.js`))].sort();
  const builtin = new Set(builtinModules);
  const bad = specs.filter((s) => s.startsWith("node:") || builtin.has(s) || s.includes("ajv"));
  const reducer: { inside: number; wall: number }[] = [];
  const empty: { inside: number; wall: number }[] = [];
  for (let i = 0; i < runs; i++) {
    empty.push(timeImport(join(out, "empty.js")));
    reducer.push(timeImport(join(out, `${MODULE}.js`)));
  }
  const [ri, ei] = [median(reducer.map((r) => r.inside)), median(empty.map((r) => r.inside))];
  const [rw, ew] = [median(reducer.map((r) => r.wall)), median(empty.map((r) => r.wall))];
  return [
    `import: generated/ts/${MODULE} reaches ${specs.join(", ")}; node: modules or ajv among them: ${bad.length === 0 ? "none" : bad.join(", ")}`,
    `import: await import() inside the process, median of ${runs}: reducer ${ri.toFixed(2)} ms, empty module ${ei.toFixed(2)} ms, ratio ${(ri / ei).toFixed(1)}x (target <= 2x)`,
    `import: whole process wall time, median of ${runs}: reducer ${rw.toFixed(0)} ms, empty module ${ew.toFixed(0)} ms, ratio ${(rw / ew).toFixed(2)}x`,
  ].join("\n");
}
