// CLI `statute mutate [module | spec file] [--verbose] [--min P] [--laws-only]`: the law
// strength of each module: its IR mutated, each mutant judged on the interpreter by the laws
// alone and by laws and examples, on what `statute explore` searches (the spec's explore domains
// and depth, every reachable state; --depth and --max-states limit it as they limit explore). Prints both scores per module and every survivor with its spec
// line. Exit 1 when a module's own claims fail unmutated, a declared equivalent behaves
// differently, a law is vacuous without a stated reason, or (with --min) a score is below P
// percent: the laws-only score with --laws-only, else the laws + examples one. Over every
// module, `--write` records the findings in spec/law-strength.json (the law table shows them)
// and `--check` fails when that file is not what the specs give now.

import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { formatDiagnostics } from "../diagnostics/format.js";
import { loadTarget } from "../explore/load.js";
import { EXPLORE_BOUNDS, failures, type JudgeBounds, lawsOnlyPercent, mutants, mutateModule, showScore, type ModuleScore } from "../mutate/index.js";
import { renderStrength, STRENGTH_FILE, strengthReport } from "../mutate/report.js";
import type { Io } from "./gen.js";
import { withParams } from "../explore/params.js";

export interface MutateOptions {
  readonly target: string | undefined;
  readonly verbose: boolean;
  readonly min: number | undefined;
  /** --min applies to the laws-only score. */
  readonly lawsOnly: boolean;
  /** Write or check spec/law-strength.json. */
  readonly report: "write" | "check" | null;
  /** --depth and --max-states: the limits of the judged search, as explore's options set them. */
  readonly bounds?: JudgeBounds;
}

/** `--list`: every mutant of each module, `<id>  <file>:<line>  <change>`, none judged. */
export function listMutants(root: string, target: string | undefined, io: Io): number {
  const loaded = loadTarget(root, target);
  if (!loaded.ok) {
    io.err("message" in loaded ? `error: ${loaded.message}\n` : formatDiagnostics(loaded.diagnostics, loaded.texts));
    return 1;
  }
  for (const module of loaded.modules) {
    const all = mutants(loaded.program, module);
    io.out(`${module.name}: ${all.length} mutant(s)\n`);
    for (const m of all) io.out(`  ${m.id}  ${m.span.file}:${m.span.line}  ${m.change}\n`);
  }
  return 0;
}

export function mutate(root: string, { target, verbose, min, lawsOnly, report, bounds = EXPLORE_BOUNDS }: MutateOptions, io: Io): number {
  const loaded = loadTarget(root, target);
  if (!loaded.ok) {
    io.err("message" in loaded ? `error: ${loaded.message}\n` : formatDiagnostics(loaded.diagnostics, loaded.texts));
    return 1;
  }
  if (report !== null && target !== undefined) {
    io.err(`error: --${report} records every module; name no module\n`);
    return 2;
  }
  let failed = false;
  const scores: ModuleScore[] = [];
  let killed = 0;
  let byLaws = 0;
  let scored = 0;
  // The defaults' instance: type bounds that read a parameter folded at the defaults.
  const defaults = withParams(loaded.program, new Map());
  if ("message" in defaults) {
    io.err(`error: ${defaults.message}\n`);
    return 1;
  }
  for (const declared of loaded.modules) {
    const module = defaults.program.modules.find((m) => m.name === declared.name) ?? declared;
    const s = mutateModule(defaults.program, module, bounds);
    scores.push(s);
    io.out(`${showScore(s, verbose).join("\n")}\n`);
    if (failures(s).length > 0) failed = true;
    killed += s.killed;
    byLaws += s.killedByLaws;
    scored += s.scored;
    const score = lawsOnly ? lawsOnlyPercent(s) : s.scored === 0 ? 100 : (100 * s.killed) / s.scored;
    if (min !== undefined && score < min) {
      io.out(`  error: ${module.name}: ${lawsOnly ? "laws-only" : "laws + examples"} score ${score.toFixed(1)}% is below --min ${min}%\n`);
      failed = true;
    }
  }
  const pct = (k: number): string => (scored ? ` (${((100 * k) / scored).toFixed(1)}%)` : "");
  io.out(`mutate: over ${loaded.modules.length} module(s), laws + examples ${killed}/${scored}${pct(killed)}, laws only ${byLaws}/${scored}${pct(byLaws)}\n`);
  if (report !== null) failed = strength(root, loaded.spec, report, renderStrength(strengthReport(scores)), io) || failed;
  return failed ? 1 : 0;
}

/** Write or check <spec folder>/law-strength.json (gen reads it from there); true when the check fails. */
function strength(root: string, spec: string, mode: "write" | "check", text: string, io: Io): boolean {
  const path = join(root, spec, STRENGTH_FILE);
  const have = existsSync(path) ? readFileSync(path, "utf8") : null;
  if (mode === "write") {
    if (have !== text) writeFileSync(path, text);
    io.out(`${have === text ? "unchanged" : "wrote"}: ${spec}/${STRENGTH_FILE}\n`);
    return false;
  }
  if (have === text) return false;
  io.out(`error: ${spec}/${STRENGTH_FILE} is ${have === null ? "missing" : "out of date"}: run \`statute mutate --write\`\n`);
  return true;
}
