// CLI `statute mutate [module | spec file] [--verbose] [--min P]`: the law-strength score of each
// module: its IR mutated, each mutant judged on the interpreter against the module's examples and
// laws. Prints a score per module and every survivor with its spec line. Exit 1 when a module's
// own claims fail unmutated, or (with --min) when a score is below P percent.

import { formatDiagnostics } from "../diagnostics/format.js";
import { loadTarget } from "../explore/load.js";
import { mutateModule, showScore } from "../mutate/index.js";
import type { Io } from "./gen.js";

export interface MutateOptions {
  readonly target: string | undefined;
  readonly verbose: boolean;
  readonly min: number | undefined;
}

export function mutate(root: string, { target, verbose, min }: MutateOptions, io: Io): number {
  const loaded = loadTarget(root, target);
  if (!loaded.ok) {
    io.err("message" in loaded ? `error: ${loaded.message}\n` : formatDiagnostics(loaded.diagnostics, loaded.texts));
    return 1;
  }
  let failed = false;
  let killed = 0;
  let scored = 0;
  for (const module of loaded.modules) {
    const s = mutateModule(loaded.program, module);
    io.out(`${showScore(s, verbose).join("\n")}\n`);
    if (s.baseline !== null) failed = true;
    killed += s.killed;
    scored += s.scored;
    if (min !== undefined && s.scored > 0 && (100 * s.killed) / s.scored < min) failed = true;
  }
  io.out(`mutate: ${killed}/${scored} mutants killed over ${loaded.modules.length} module(s)${scored ? ` (${((100 * killed) / scored).toFixed(1)}%)` : ""}\n`);
  return failed ? 1 : 0;
}
