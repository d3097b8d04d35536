// CLI `statute list`: the modules of spec/ with their machines, decisions and laws, as JSON,
// so scripts and people can see what the law book holds without reading YAML.

import { compileSpecs } from "../check/index.js";
import { formatDiagnostics } from "../diagnostics/format.js";
import { loadProject, specFilesOf } from "../project/config.js";
import type { Io } from "./gen.js";

export function list(root: string, io: Io): number {
  const project = loadProject(root);
  if (!project.ok) {
    io.err(`error: ${project.message}\n`);
    return 1;
  }
  const result = compileSpecs(root, specFilesOf(root, project.config));
  if (!result.ok) {
    io.err(formatDiagnostics(result.diagnostics, result.texts));
    return 1;
  }
  const modules = result.program.modules.map((m) => ({
    module: m.name,
    file: m.file,
    machines: m.machines.map((x) => x.name),
    decisions: m.decisions.map((x) => x.name),
    laws: m.laws.map((l) => ({ name: l.name, kind: l.body.kind, doc: l.doc })),
    examples: m.examples.length,
  }));
  io.out(`${JSON.stringify({ modules }, null, 2)}\n`);
  return 0;
}
