// Explore stage: which program and modules a command works on. `statute explore`, `mutate` and
// `replay` take a module name (from the project's spec folder, statute.config.json's "spec") or
// a spec file path; a file outside that folder (a broken fixture) is compiled together with the
// folder's specs so its imports resolve.

import { compileSpecs } from "../check/index.js";
import type { Diagnostic } from "../diagnostics/diagnostic.js";
import type { Module, Program } from "../ir/module.js";
import { loadProject, specFilesOf } from "../project/config.js";

export type Loaded =
  | {
      readonly ok: true;
      readonly program: Program;
      readonly modules: readonly Module[];
      /** The project's spec folder, relative to the root (`spec` by default). */
      readonly spec: string;
    }
  | { readonly ok: false; readonly diagnostics: readonly Diagnostic[]; readonly texts: ReadonlyMap<string, string> }
  | { readonly ok: false; readonly message: string };

/** Compile the spec folder (plus `target` when it is a file elsewhere) and pick the target's module(s). */
export function loadTarget(root: string, target: string | undefined): Loaded {
  const project = loadProject(root);
  if (!project.ok) return { ok: false, message: project.message };
  const spec = project.config.spec;
  const file = target?.endsWith(".yaml") ? target.replace(/\\/g, "/").replace(/^\.\//, "") : undefined;
  const specs = specFilesOf(root, project.config);
  const files = file !== undefined && !specs.includes(file) ? [...specs, file] : specs;
  const compiled = compileSpecs(root, files);
  if (!compiled.ok) return compiled;
  const modules = compiled.program.modules;
  if (target === undefined) return { ok: true, program: compiled.program, modules: modules.filter((m) => specs.includes(m.file)), spec };
  const picked = modules.filter((m) => (file !== undefined ? m.file === file : m.name === target));
  if (picked.length === 0) {
    return { ok: false, message: `no module '${target}'; modules: ${modules.map((m) => m.name).join(", ")}` };
  }
  return { ok: true, program: compiled.program, modules: picked, spec };
}
