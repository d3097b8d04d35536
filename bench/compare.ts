// Benchmark: the explorer's single-thread speed of this tree against a git revision, in one
// process. Both builds are loaded side by side (the revision built from `git archive` into
// .tmp/compare/<commit>, with this tree's node_modules; this tree's dist/ built afresh), each
// compiles the same spec files, and samples of states/s of each target are taken alternately
// (which build goes first alternates too), so the host's drift, which moved a figure by up to 2x
// within minutes on this project's 2-core host, hits both alike. Per target: each build's median
// and the median of the pairs' ratios. `--control` also compares the revision with a second copy
// of its own build (an A/A run: how far from 1.00 noise alone lands; 1.008 in one such run).
// Two builds in one process do not always end in the same JIT state: against a revision whose
// explorer is the same code, one run gave lock_clients 1.52x with every pair above 1.3 while the
// other targets stayed within 0.97-1.12x. So read a ratio beside its control, and trust only
// one that repeats across runs.
//
// `npx tsx bench/compare.ts <revision> [--control]`. Not part of `npm run bench`: it builds a
// revision, and answers one question (did this change make the explorer faster?).

import { execFileSync, execSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, rmSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { builtCli } from "./gen.js";
import { median } from "./median.js";

const root = join(import.meta.dirname, "..");

/** The bench specs, compiled beside spec/ by each build. */
const BENCH_SPECS = ["bench/specs/lease_replicas.yaml", "bench/specs/lock_clients.yaml", "bench/specs/retry_queue.yaml", "bench/specs/rollout_panel.yaml"];

/** The single-thread lines of `npm run bench` (bench/explore.ts), and launcher with symmetry. */
const TARGETS: readonly { readonly module: string; readonly param?: readonly [string, number]; readonly depth?: number; readonly symmetry: boolean }[] = [
  { module: "supervise", depth: 15, symmetry: false },
  { module: "launcher", param: ["WORKERS", 3], depth: 64, symmetry: false },
  { module: "lease_replicas", symmetry: false },
  { module: "lock_clients", symmetry: false },
  { module: "retry_queue", symmetry: false },
  { module: "rollout_panel", symmetry: false },
  { module: "launcher", param: ["WORKERS", 5], depth: 64, symmetry: true },
];

/** What the comparison calls of a build (its dist/ modules, loaded by path). */
interface Build {
  readonly name: string;
  compile(files: readonly string[]): unknown;
  explore(prog: unknown, x: unknown, opts: object): { states: number; elapsedMs: number };
  withParam(prog: unknown, name: string, n: number): unknown;
  specFiles(): string[];
}

async function load(name: string, dir: string): Promise<Build> {
  const check = await import(pathToFileURL(join(dir, "dist/generator/check/index.js")).href);
  const explore = await import(pathToFileURL(join(dir, "dist/generator/explore/index.js")).href);
  return {
    name,
    compile(files) {
      const r = check.compileSpecs(root, files);
      if (!r.ok) throw new Error(`${name}: the specs do not compile`);
      return r.program;
    },
    explore: (prog, x, opts) => explore.exploreMachine(prog, x, opts),
    withParam(prog, param, n) {
      const r = explore.withParams(prog, new Map([[param, n]]));
      if (!("program" in r)) throw new Error(`${name}: no parameter ${param}`);
      return r.program;
    },
    specFiles: () => check.specFiles(root),
  };
}

/** The revision's tree, built once into .tmp/compare/<commit> (its dist/ beside its sources). */
function buildRevision(revision: string): { commit: string; dir: string } {
  const commit = execFileSync("git", ["rev-parse", "--verify", `${revision}^{commit}`], { cwd: root, encoding: "utf8" }).trim();
  const dir = join(root, ".tmp", "compare", commit);
  if (!existsSync(join(dir, "dist", "generator", "explore", "index.js"))) {
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    execSync(`git archive ${commit} | tar -x -C ${JSON.stringify(dir)}`, { cwd: root });
    symlinkSync(join(root, "node_modules"), join(dir, "node_modules"), "dir");
    execFileSync(process.execPath, [join(dir, "bin", "build.js")], { cwd: dir, stdio: "ignore" });
  }
  return { commit, dir };
}

/** One build's search of one target, ready to sample. */
interface Run {
  sample(ms: number): number;
}

function prepare(b: Build, t: (typeof TARGETS)[number]): Run {
  let prog = b.compile([...b.specFiles(), ...BENCH_SPECS]);
  if (t.param !== undefined) prog = b.withParam(prog, t.param[0], t.param[1]);
  const module = (prog as { modules: { name: string; explore: { depth: number }[] }[] }).modules.find((m) => m.name === t.module);
  const x = module?.explore[0];
  if (x === undefined) throw new Error(`${b.name}: no explore section in ${t.module}`);
  const opts = { depth: t.depth ?? x.depth, symmetry: t.symmetry, threads: 1 };
  return {
    sample(ms) {
      let states = 0;
      let spent = 0;
      do {
        const r = b.explore(prog, x, opts);
        states += r.states;
        spent += r.elapsedMs;
      } while (spent < ms);
      return (states * 1000) / spent;
    },
  };
}

const PAIRS = 9;
const SAMPLE_MS = 150;

/** `b` against `a` on every target: each build's median states/s and the median ratio b/a. */
function compare(a: Build, b: Build): string[] {
  return TARGETS.map((t) => {
    const [ra, rb] = [prepare(a, t), prepare(b, t)];
    for (let i = 0; i < 10; i++) {
      ra.sample(100);
      rb.sample(100);
    }
    const xs: number[] = [];
    const ys: number[] = [];
    for (let i = 0; i < PAIRS; i++) {
      if (i % 2 === 0) {
        xs.push(ra.sample(SAMPLE_MS));
        ys.push(rb.sample(SAMPLE_MS));
      } else {
        ys.push(rb.sample(SAMPLE_MS));
        xs.push(ra.sample(SAMPLE_MS));
      }
    }
    const ratios = ys.map((y, i) => y / (xs[i] as number));
    const label = `${t.module}${t.param === undefined ? "" : ` ${t.param[0]} = ${t.param[1]}`}${t.symmetry ? " (symmetry)" : ""}`;
    const k = (r: number): string => `${Math.round(r / 1000)} k`;
    return `${label}: ${b.name} ${k(median(ys))}, ${a.name} ${k(median(xs))} states/s; ${b.name}/${a.name} ${median(ratios).toFixed(3)} (pairs: ${ratios.map((r) => r.toFixed(2)).join(" ")})`;
  });
}

async function main(args: readonly string[]): Promise<void> {
  const revision = args.find((a) => !a.startsWith("--"));
  if (revision === undefined) throw new Error("usage: npx tsx bench/compare.ts <revision> [--control]");
  const { commit, dir } = buildRevision(revision);
  builtCli();
  const short = commit.slice(0, 7);
  const base = await load(short, dir);
  const lines = [`this tree against ${short} (${revision}), single thread, medians of ${PAIRS} alternating pairs of ${SAMPLE_MS} ms samples:`];
  lines.push(...compare(base, await load("this tree", root)));
  if (args.includes("--control")) {
    const copy = join(root, ".tmp", "compare", `${commit}-copy`);
    if (!existsSync(copy)) cpSync(dir, copy, { recursive: true, verbatimSymlinks: true });
    lines.push(`control: ${short} against a copy of its own build (noise alone):`);
    lines.push(...compare(base, await load(`${short} copy`, copy)));
  }
  process.stdout.write(`${lines.join("\n")}\n`);
}

await main(process.argv.slice(2));
