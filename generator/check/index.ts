// Check stage entry: spec files to a checked `Program` (all modules in import order) or the
// full list of diagnostics. Reads files; everything after reading is pure.

import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { Diagnostics, didYouMean, type Diagnostic } from "../diagnostics/diagnostic.js";
import type { Module, Program } from "../ir/module.js";
import { keyAt, parseSpec, rangeOf, type Parsed } from "../parse/index.js";
import { checkMeta } from "./meta.js";
import { checkModule } from "./module.js";
import { unreadParams } from "./params.js";
import type { RawSpec } from "./raw.js";

export type CompileResult =
  | { readonly ok: true; readonly program: Program; readonly texts: ReadonlyMap<string, string> }
  | { readonly ok: false; readonly diagnostics: readonly Diagnostic[]; readonly texts: ReadonlyMap<string, string> };

const header = /^# yaml-language-server: \$schema=\S*spec\.schema\.json\s*$/;

/** The spec files of a repository: `spec/*.yaml`, sorted. */
export function specFiles(root: string): string[] {
  return readdirSync(join(root, "spec"))
    .filter((f) => f.endsWith(".yaml"))
    .sort()
    .map((f) => `spec/${f}`);
}

/**
 * Compile the given spec files (paths relative to `root`; default: every spec/*.yaml). `read`
 * gives a file's text (default: from disk under `root`; `statute diff` reads a git revision).
 */
export function compileSpecs(root: string, files: readonly string[] = specFiles(root), read: (file: string) => string = (file) => readFileSync(join(root, file), "utf8")): CompileResult {
  const diags = new Diagnostics();
  const texts = new Map<string, string>();
  const parsed = new Map<string, Parsed>();
  /** Modules whose file did not parse (or that import one): importers stay quiet about them. */
  const failed = new Set<string>();
  for (const file of files) {
    let text: string;
    try {
      text = read(file);
    } catch (e) {
      diags.report({ id: "fileRead", file, offset: 0, length: 1, args: { path: file, detail: (e as Error).message } });
      continue;
    }
    texts.set(file, text);
    if (!header.test(text.split("\n")[0] ?? "")) diags.report({ id: "schemaHeader", file, offset: 0, length: 1, args: {} });
    const p = parseSpec(file, text, diags);
    if (!p || !checkMeta(p, diags)) {
      failed.add(file.replace(/^.*\//, "").replace(/\.yaml$/, ""));
      continue;
    }
    const name = (p.value as RawSpec).module;
    const base = file.replace(/^.*\//, "").replace(/\.yaml$/, "");
    if (name !== base) diags.report({ id: "moduleName", file, ...rangeOf(keyAt(p, ["module"])), args: { name, file: base } });
    parsed.set(name, p);
  }
  const order = importOrder(parsed, failed, diags);
  const modules = new Map<string, Module>();
  for (const name of order) {
    const p = parsed.get(name);
    if (!p) continue;
    // A module that imports a broken one is not checked: its errors would only echo the cause.
    if (Object.keys((p.value as RawSpec).imports ?? {}).some((dep) => failed.has(dep))) {
      failed.add(name);
      continue;
    }
    modules.set(name, checkModule(p, modules, diags));
  }
  // Once the specs check otherwise (a broken declaration would only echo here).
  for (const { module, constant } of diags.hasErrors ? [] : unreadParams([...modules.values()])) {
    const p = parsed.get(module.name);
    if (p) diags.report({ id: "unreadParam", file: p.file, ...rangeOf(keyAt(p, ["constants", constant.name])), args: { name: constant.name } });
  }
  if (diags.hasErrors) return { ok: false, diagnostics: diags.list, texts };
  return { ok: true, program: { modules: order.flatMap((n) => modules.get(n) ?? []) }, texts };
}

/** Modules sorted so that each comes after its imports (ties by name); cycles are reported. */
function importOrder(parsed: ReadonlyMap<string, Parsed>, failed: ReadonlySet<string>, diags: Diagnostics): string[] {
  const order: string[] = [];
  const state = new Map<string, "visiting" | "done">();
  const visit = (name: string, stack: string[]): void => {
    if (state.get(name) === "done") return;
    const p = parsed.get(name);
    if (!p) return;
    if (state.get(name) === "visiting") {
      const cycle = [...stack.slice(stack.indexOf(name)), name].join(" -> ");
      diags.report({ id: "importCycle", file: p.file, ...rangeOf(keyAt(p, ["imports"])), args: { cycle } });
      return;
    }
    state.set(name, "visiting");
    for (const dep of Object.keys((p.value as RawSpec).imports ?? {}).sort()) {
      if (failed.has(dep)) continue;
      if (!parsed.has(dep)) diags.report({ id: "unknownModule", file: p.file, ...rangeOf(keyAt(p, ["imports", dep])), args: { name: dep, didYouMean: didYouMean(dep, parsed.keys()) } });
      else visit(dep, [...stack, name]);
    }
    state.set(name, "done");
    order.push(name);
  };
  for (const name of [...parsed.keys()].sort()) visit(name, []);
  return order;
}
