// Benchmark: time to the first counterexample of a flipped comparison, statute vs Quint. The
// restart budget's window filter `e.at_ms - t < RESTART_WINDOW_MS` is read as `<=` (a failure
// exactly one window old still counts) in a copy of spec/supervise.yaml under .tmp/; statute
// compiles and explores it in process, and `quint run` simulates the Quint emitted from it, as
// a whole process and as Quint reports its own search. Medians of a few runs each; skipped
// when the Quint CLI is not installed.

import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { compileSpecs } from "../generator/check/index.js";
import { quintBin, runQuint } from "../generator/cli/quint.js";
import { emitQuint } from "../generator/emit/quint/index.js";
import { exploreModule } from "../generator/explore/index.js";
import { median } from "./median.js";

const root = join(import.meta.dirname, "..");
const RUNS = 3;
const LINE = "recent: filter(s.failures, t -> e.at_ms - t < RESTART_WINDOW_MS)";

export async function benchQuint(): Promise<string> {
  if (quintBin(root) === null) return "quint: not installed (npm ci), nothing measured";
  const dir = join(root, ".tmp", "bench-quint");
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(join(dir, "spec"), { recursive: true });
  const spec = readFileSync(join(root, "spec", "supervise.yaml"), "utf8");
  if (!spec.includes(LINE)) return "quint: the restart budget's window filter moved; update bench/quint.ts";
  writeFileSync(join(dir, "spec", "supervise.yaml"), spec.replace(LINE, LINE.replace("< RESTART", "<= RESTART")));

  const statute: number[] = [];
  let found = "";
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    const compiled = compileSpecs(dir);
    if (!compiled.ok) return "quint: the mutant spec does not compile";
    const module = compiled.program.modules[0];
    const r = module === undefined ? undefined : exploreModule(compiled.program, module)[0];
    statute.push(performance.now() - t0);
    found = r?.violation === null || r === undefined ? "no violation (!)" : `${r.violation.law} at depth ${r.violation.trace.length - 1}`;
    if (i === 0) for (const f of emitQuint(compiled.program, {})) writeFileSync(join(dir, f.path.replace(/^quint\//, "")), f.content);
  }

  const whole: number[] = [];
  const inner: number[] = [];
  let quintFound = "";
  for (let i = 0; i < RUNS; i++) {
    const args = ["run", "--backend=typescript", "--main=supervise_RestartBudget", "--max-steps=7", "--max-samples=10000", `--seed=${i + 1}`, "--invariant=laws", "supervise.qnt"];
    const call = await runQuint(root, args, dir);
    whole.push(call.ms);
    const own = /Found an issue \((\d+)ms/.exec(call.stdout);
    if (own !== null) inner.push(Number(own[1]));
    quintFound = own !== null ? "a violated invariant" : "no violation (!)";
  }
  const ms = (xs: number[]): string => (xs.length === 0 ? "n/a" : `${median(xs).toFixed(0)} ms`);
  return [
    `first counterexample of the restart budget with its window filter flipped (< read as <=), median of ${RUNS}`,
    `statute (compile + explore, in process): ${ms(statute)}, ${found}`,
    `quint run --backend=typescript: ${ms(whole)} whole process, ${ms(inner)} as Quint reports its search; ${quintFound}`,
  ].join("\n");
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  process.stdout.write(`${await benchQuint()}\n`);
}
