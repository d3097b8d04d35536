// CLI `statute mutate [module | spec file] [--verbose] [--min P]`: the law-strength score of each
// module: its IR mutated, each mutant judged on the interpreter against the module's examples and
// laws. Prints a score per module and every survivor with its spec line. Exit 1 when a module's
// own claims fail unmutated, or (with --min) when a score is below P percent.

import { formatDiagnostics } from "../diagnostics/format.js";
import { loadTarget } from "../explore/load.js";
import { mutateModule, showScore } from "../mutate/index.js";
import type { Io } from "./gen.js";

export function mutate(root: string, argv: readonly string[], io: Io): number {
  let target: string | undefined;
  let verbose = false;
  let min: number | undefined;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] as string;
    if (a === "--verbose") verbose = true;
    else if (a === "--min") {
      min = Number(argv[++i]);
      if (!Number.isFinite(min)) {
        io.err("error: --min needs a percentage\n");
        return 2;
      }
    } else if (a.startsWith("--") || target !== undefined) {
      io.err(`error: unexpected argument ${a}\nusage: statute mutate [module | spec file] [--verbose] [--min P]\n`);
      return 2;
    } else target = a;
  }
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
