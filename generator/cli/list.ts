// CLI `statute list`: the modules of spec/ with their machines, decisions and laws, as JSON,
// so scripts and people can see what the law book holds without reading YAML.

import type { Io } from "./gen.js";
import { compileProject } from "./project.js";

export function list(root: string, io: Io): number {
  const result = compileProject(root, io);
  if (result === null) return 1;
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
