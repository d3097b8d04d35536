// Benchmark: the start-up and run time of the shipped (compiled) CLI, each a cold process, as
// ratios of medians against a bare `node -e ''` timed in the same loop. `gen --check` renders
// every target of the law book: cold (no cache, as in a clean clone or CI) and answered by its
// cache (node_modules/.cache/statute, same inputs). No command may load ts-morph or the
// TypeScript compiler, which a preload checks in the same runs. dist/ is built first.

import { execFileSync, spawnSync } from "node:child_process";
import { rmSync } from "node:fs";
import { join } from "node:path";
import { median } from "./median.js";

const root = join(import.meta.dirname, "..");
const cli = join(root, "dist", "generator", "cli.js");

// Preloaded into each timed run: at exit, says on stderr whether ts-morph or typescript was loaded.
const probe = `data:text/javascript,${encodeURIComponent(
  'import { createRequire } from "node:module"; const r = createRequire(process.cwd() + \"/\"); process.on("exit", () => { const k = Object.keys(r.cache); process.stderr.write("\\nPROBE " + JSON.stringify({ tsMorph: k.some((p) => p.includes("/ts-morph/")), typescript: k.some((p) => p.includes("/typescript/lib/")) }) + "\\n"); });',
)}`;

interface Run {
  readonly ms: number;
  readonly tsMorph: boolean;
}

function timeRun(args: readonly string[]): Run {
  const start = process.hrtime.bigint();
  const r = spawnSync(process.execPath, ["--import", probe, ...args], { cwd: root, encoding: "utf8" });
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  // exit 1 from --check only means generated/ is stale; the work measured is the same.
  const m = /PROBE (\{.*\})/.exec(r.stderr);
  if ((r.status !== 0 && !(r.status === 1 && args.includes("--check"))) || m === null) throw new Error(`node ${args.join(" ")} exited ${r.status}: ${r.stderr}`);
  const p = m ? (JSON.parse(m[1] ?? "{}") as { tsMorph: boolean; typescript: boolean }) : { tsMorph: false, typescript: false };
  return { ms, tsMorph: p.tsMorph || p.typescript };
}

const cache = join(root, "node_modules", ".cache", "statute");

/** Name, arguments, target (x bare node), and whether the drift check's cache is removed first. */
const commands: readonly (readonly [string, readonly string[], number, boolean])[] = [
  ["gen --check, cold", ["gen", "--check"], 10, true],
  ["gen --check, cached", ["gen", "--check"], 5, false],
  ["list", ["list"], 5, false],
  ["eval", ["eval", "spec/supervise.yaml", "RestartDecide", '{"in_window":4,"budget":5}'], 5, false],
  ["explore notice --depth 2", ["explore", "notice", "--depth", "2"], 5, false],
];

let built = false;

/** The compiled CLI (dist/generator/cli.js), built once per process: what an installed bin runs. */
export function builtCli(): string {
  if (!built) execFileSync(process.execPath, [join(root, "bin", "build.js")], { cwd: root, stdio: "ignore" });
  built = true;
  return cli;
}

export async function benchGen(runs = 5): Promise<string> {
  builtCli();
  const bare: number[] = [];
  const times = new Map<string, Run[]>(commands.map(([name]) => [name, []]));
  for (let i = 0; i < runs; i++) {
    bare.push(timeRun(["-e", ""]).ms);
    for (const [name, args, , cold] of commands) {
      if (cold) rmSync(cache, { recursive: true, force: true });
      times.get(name)?.push(timeRun([cli, ...args]));
    }
  }
  const b = median(bare);
  const lines = [`cli: median of ${runs} runs of \`node -e ''\`: ${b.toFixed(0)} ms`];
  for (const [name, , target] of commands) {
    const rs = times.get(name) ?? [];
    const t = median(rs.map((r) => r.ms));
    const loads = rs.some((r) => r.tsMorph) ? "loads ts-morph" : "no ts-morph";
    lines.push(`cli: statute ${name} (compiled): ${t.toFixed(0)} ms = ${(t / b).toFixed(1)}x bare node (target <= ${target}x), ${loads}`);
  }
  return lines.join("\n");
}
