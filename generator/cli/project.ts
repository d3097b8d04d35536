// CLI: the project's settings and its law book compiled, for every command that reads specs
// through the settings. A settings or spec error is printed (diagnostics, never a stack trace)
// and the caller gets null.

import { compileSpecs } from "../check/index.js";
import { formatDiagnostics } from "../diagnostics/format.js";
import type { Program } from "../ir/module.js";
import { type Config, loadProject, specFilesOf } from "../project/config.js";
import type { Io } from "./gen.js";

export function compileProject(root: string, io: Io): { readonly config: Config; readonly program: Program } | null {
  const project = loadProject(root);
  if (!project.ok) {
    io.err(`error: ${project.message}\n`);
    return null;
  }
  const result = compileSpecs(root, specFilesOf(root, project.config));
  if (!result.ok) {
    io.err(formatDiagnostics(result.diagnostics, result.texts));
    return null;
  }
  return { config: project.config, program: result.program };
}
