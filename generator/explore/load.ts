// Explore stage: which program and modules a command works on. `statute explore`, `mutate` and
// `replay` take a module name (from spec/) or a spec file path; a file outside spec/ (a broken
// fixture) is compiled together with spec/*.yaml so its imports resolve.

import { compileSpecs, specFiles } from "../check/index.js";
import type { Diagnostic } from "../diagnostics/diagnostic.js";
import type { Module, Program } from "../ir/module.js";

export type Loaded =
  | { readonly ok: true; readonly program: Program; readonly modules: readonly Module[] }
  | { readonly ok: false; readonly diagnostics: readonly Diagnostic[]; readonly texts: ReadonlyMap<string, string> }
  | { readonly ok: false; readonly message: string };

/** Compile spec/ (plus `target` when it is a file elsewhere) and pick the target's module(s). */
export function loadTarget(root: string, target: string | undefined): Loaded {
  const file = target?.endsWith(".yaml") ? target.replace(/^\.\//, "") : undefined;
  const specs = specFiles(root);
  const files = file !== undefined && !specs.includes(file) ? [...specs, file] : specs;
  const compiled = compileSpecs(root, files);
  if (!compiled.ok) return compiled;
  const modules = compiled.program.modules;
  if (target === undefined) return { ok: true, program: compiled.program, modules: modules.filter((m) => specs.includes(m.file)) };
  const picked = modules.filter((m) => (file !== undefined ? m.file === file : m.name === target));
  if (picked.length === 0) {
    return { ok: false, message: `no module '${target}'; modules: ${modules.map((m) => m.name).join(", ")}` };
  }
  return { ok: true, program: compiled.program, modules: picked };
}
