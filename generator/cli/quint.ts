// CLI `statute quint [module] [--samples N] [--traces K] [--out DIR]`: compare statute's explorer
// with Quint's simulator on the same machines. Per machine with explore domains it runs
// `statute explore` in process (states, transitions, verdict), then `quint run` on the generated
// module `<module>_<Machine>` (same depth, --invariant=laws), and replays every ITF trace Quint
// wrote through the generated TypeScript, as `statute replay` does. Exit 1 when the verdicts
// differ or a trace does not replay. Quint is the project's own (@informalsystems/quint in its
// node_modules), else the one beside statute's; without either, one line says what to install.

import { execFile } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, isAbsolute, join, relative } from "node:path";
import { formatDiagnostics } from "../diagnostics/format.js";
import { fromQuintTrace } from "../emit/quint/traces.js";
import { exploreModule, loadTarget } from "../explore/index.js";
import type { Program } from "../ir/module.js";
import { outDirOf } from "../project/config.js";
import { readItf, writeItf } from "../../runtime/itf.js";
import type { Io } from "./gen.js";
import { replay } from "./replay.js";

export interface QuintCall {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
  readonly ms: number;
}

const QUINT_CLI = ["@informalsystems", "quint", "dist", "src", "cli.js"];

/** The Quint CLI of the project at `root`, else the one installed beside statute, or null. */
export function quintBin(root: string): string | null {
  const own = join(root, "node_modules", ...QUINT_CLI);
  if (existsSync(own)) return own;
  try {
    const pkg = createRequire(import.meta.url).resolve("@informalsystems/quint/package.json");
    const bin = join(dirname(pkg), ...QUINT_CLI.slice(2));
    return existsSync(bin) ? bin : null;
  } catch {
    return null;
  }
}

/** What to install when quintBin finds none (Quint 0.33 needs the antlr4ts override to start). */
export const QUINT_MISSING =
  'the Quint CLI is not installed: npm install --save-dev @informalsystems/quint@0.33.1, with "overrides": { "antlr4ts": "0.5.0-alpha.4" } in package.json (without it Quint crashes at start)';

/** Runs the Quint CLI with `args` in `cwd`; never throws for a non-zero exit or a timeout. */
export function runQuint(root: string, args: readonly string[], cwd: string, timeoutMs = 180_000): Promise<QuintCall> {
  const bin = quintBin(root);
  if (bin === null) return Promise.resolve({ code: 127, stdout: "", stderr: QUINT_MISSING, ms: 0 });
  const t0 = Date.now();
  return new Promise((resolve) => {
    execFile(process.execPath, [bin, ...args], { cwd, timeout: timeoutMs, maxBuffer: 64 << 20 }, (err, stdout, stderr) => {
      const code = err === null ? 0 : typeof err.code === "number" ? err.code : 1;
      resolve({ code, stdout, stderr, ms: Date.now() - t0 });
    });
  });
}

export interface SimulateResult {
  readonly call: QuintCall;
  /** `quint run` reported no violation of `laws`. */
  readonly ok: boolean;
  /** Traces written, and how many replayed step for step through the generated TypeScript. */
  readonly traces: number;
  readonly replayed: number;
  /** The replay output of the first trace that did not replay, if any. */
  readonly mismatch: string | null;
}

/** `quint run` on one machine's module, then every trace it wrote replayed through generated/ts. */
export async function simulate(
  root: string,
  program: Program,
  module: string,
  machine: string,
  opts: { readonly depth: number; readonly samples: number; readonly traces: number; readonly out: string; readonly seed?: string },
): Promise<SimulateResult> {
  const name = `${module}_${machine}`;
  const dir = join(opts.out, name);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const args = [
    "run", "--backend=typescript", `--main=${name}`, `--max-steps=${opts.depth}`, `--max-samples=${opts.samples}`,
    `--n-traces=${opts.traces}`, "--invariant=laws", `--out-itf=${join(dir, "trace_{seq}.itf.json")}`, ...(opts.seed === undefined ? [] : [`--seed=${opts.seed}`]),
    join(outDirOf(root), "quint", `${module}.qnt`),
  ];
  const call = await runQuint(root, args, root);
  const ok = call.code === 0 && /No violation found/.test(call.stdout);
  let replayed = 0;
  let mismatch: string | null = null;
  const files = readdirSync(dir).filter((f) => f.startsWith("trace_") && f.endsWith(".itf.json")).sort();
  for (const f of files) {
    const trace = fromQuintTrace({ program, module, machine, law: ok ? "laws" : "quint violation" }, readItf(readFileSync(join(dir, f), "utf8")));
    const file = join(dir, f.replace(/^trace_/, "statute_"));
    writeFileSync(file, writeItf(trace));
    let text = "";
    const sink = (s: string): void => void (text += s);
    if ((await replay(root, [file], { out: sink, err: sink })) === 0) replayed++;
    else mismatch ??= text;
  }
  return { call, ok, traces: files.length, replayed, mismatch };
}

function parseArgs(argv: readonly string[]): { target: string | undefined; samples: number; traces: number; out: string } | string {
  let target: string | undefined;
  const o = { samples: 1000, traces: 10, out: ".tmp/quint" };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] as string;
    if (a === "--samples" || a === "--traces") {
      const n = Number(argv[++i]);
      if (!Number.isSafeInteger(n) || n < 1) return `${a} needs a positive integer`;
      o[a === "--samples" ? "samples" : "traces"] = n;
    } else if (a === "--out") {
      const v = argv[++i];
      if (v === undefined) return "--out needs a directory";
      o.out = v;
    } else if (a.startsWith("--")) return `unknown option ${a}`;
    else if (target === undefined) target = a;
    else return `unexpected argument ${a}`;
  }
  return { target, ...o };
}

const usage =
  "usage: statute quint [module] [--samples N] [--traces K] [--out DIR]\n" +
  "  explore vs `quint run` on generated/quint (N samples), then K of Quint's traces replayed through the generated TS\n";

export async function quint(root: string, argv: readonly string[], io: Io): Promise<number> {
  if (argv.includes("--help") || argv.includes("-h")) {
    io.out(usage);
    return 0;
  }
  const args = parseArgs(argv);
  if (typeof args === "string") {
    io.err(`error: ${args}\n${usage}`);
    return 2;
  }
  if (quintBin(root) === null) {
    io.err(`error: ${QUINT_MISSING}\n`);
    return 1;
  }
  const loaded = loadTarget(root, args.target);
  if (!loaded.ok) {
    io.err("message" in loaded ? `error: ${loaded.message}\n` : formatDiagnostics(loaded.diagnostics, loaded.texts));
    return 1;
  }
  const missing = loaded.modules.map((m) => join(outDirOf(root), "quint", `${m.name}.qnt`)).find((f) => !existsSync(f));
  if (missing !== undefined) {
    io.err(`error: ${relative(root, missing)} is missing: add "quint" to the targets of the project's settings (statute.config.json) and run \`statute gen\`\n`);
    return 1;
  }
  const out = isAbsolute(args.out) ? args.out : join(root, args.out);
  let disagreements = 0;
  for (const module of loaded.modules) {
    for (const r of exploreModule(loaded.program, module)) {
      const statute = r.violation === null ? "laws hold" : `violates ${r.violation.law}`;
      io.out(`${r.module}.${r.machine} (depth ${r.depth})\n`);
      io.out(`  statute explore: ${r.states} states, ${r.transitions} transitions${r.complete ? " (complete)" : ""}, ${statute}, ${Math.round(r.elapsedMs)} ms\n`);
      const q = await simulate(root, loaded.program, r.module, r.machine, { depth: r.depth, samples: args.samples, traces: args.traces, out });
      const verdict = q.ok ? "laws hold on every sample" : q.call.code === 127 ? q.call.stderr : "reports a violation";
      io.out(`  quint run:       ${args.samples} random runs of ${r.depth} steps, ${verdict}, ${q.call.ms} ms (process)\n`);
      io.out(`  replay:          ${q.replayed} of ${q.traces} Quint traces match the generated TypeScript step for step\n`);
      const agree = q.ok === (r.violation === null) && q.replayed === q.traces;
      if (!agree) {
        disagreements++;
        if (!q.ok) io.out(`${q.call.stdout.split("\n").slice(-30).join("\n")}\n`);
        if (q.mismatch !== null) io.out(q.mismatch);
      }
    }
  }
  io.out(disagreements === 0 ? "quint: statute and Quint agree on every machine\n" : `quint: ${disagreements} machine(s) where statute and Quint disagree\n`);
  return disagreements === 0 ? 0 : 1;
}
