// Benchmark: the wall time of `npm run gen` (a cold process each run), beside a bare
// `node -e ''` in the same command, as a ratio of medians. Gen runs with --check so the
// benchmark never writes generated/.

import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { median } from "./median.js";

const root = join(import.meta.dirname, "..");


function timeRun(cmd: string, args: readonly string[]): number {
  const start = process.hrtime.bigint();
  const r = spawnSync(cmd, args, { cwd: root, stdio: "ignore" });
  // exit 1 from --check only means generated/ is stale; the work measured is the same.
  if (r.status !== 0 && r.status !== 1) throw new Error(`${cmd} ${args.join(" ")} exited ${r.status}`);
  return Number(process.hrtime.bigint() - start) / 1e6;
}

export async function benchGen(runs = 5): Promise<string> {
  const tsx = join(root, "node_modules", "tsx", "dist", "cli.mjs");
  const gen: number[] = [];
  const bare: number[] = [];
  for (let i = 0; i < runs; i++) {
    bare.push(timeRun(process.execPath, ["-e", ""]));
    gen.push(timeRun(process.execPath, [tsx, "generator/cli.ts", "gen", "--check"]));
  }
  const g = median(gen);
  const b = median(bare);
  return [
    `gen: median of ${runs} cold runs of \`statute gen --check\`: ${g.toFixed(0)} ms`,
    `gen: median of ${runs} runs of \`node -e ''\`: ${b.toFixed(0)} ms`,
    `gen: ratio gen / bare node = ${(g / b).toFixed(1)}x`,
  ].join("\n");
}
