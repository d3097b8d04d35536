// CLI `statute explore [module | spec file] [--depth D] [--param NAME=VALUE]... [--out DIR] [--progress]
// [--witnesses] [--max-states N] [--max-memory MB] [--threads N] [--no-symmetry] [--interpret]`: model-check
// the machines of each module over its `explore` domains. Prints a summary per machine; on a
// violation writes the shortest counterexample as ITF to DIR (default .tmp/explore) as
// `<module>.<law>.itf.json` and exits 1.

import { mkdirSync, writeFileSync } from "node:fs";
import { isAbsolute, join } from "node:path";
import { parseArgs } from "node:util";
import { formatDiagnostics } from "../diagnostics/format.js";
import { counterexample, exploreModule, loadTarget, parseParams, showResult, witness, withParams, type Params, type Progress } from "../explore/index.js";
import type { Module, Program } from "../ir/module.js";
import { writeItf } from "../../runtime/itf.js";
import { positiveInt } from "./args.js";
import type { Io } from "./gen.js";

export interface ExploreArgs {
  readonly target: string | undefined;
  readonly depth?: number;
  /** `--param NAME=VALUE`: explore parameters (constants marked `param: true`) set for this run. */
  readonly params: Params;
  readonly maxStates?: number;
  /** Megabytes of resident memory. */
  readonly maxMemory?: number;
  /** `--threads N`: threads the search may use (1: never parallel); default every core. */
  readonly threads?: number;
  readonly symmetry: boolean;
  readonly interpret: boolean;
  readonly out: string;
  readonly progress: boolean;
  readonly witnesses: boolean;
}

/** Parse the arguments (node:util parseArgs, strict); a string is a usage error. */
export function parseExploreArgs(args: readonly string[]): ExploreArgs | string {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...args],
      allowPositionals: true,
      options: { out: { type: "string" }, depth: { type: "string" }, param: { type: "string", multiple: true }, "max-states": { type: "string" }, "max-memory": { type: "string" }, threads: { type: "string" }, progress: { type: "boolean" }, witnesses: { type: "boolean" }, "no-symmetry": { type: "boolean" }, interpret: { type: "boolean" } },
    });
  } catch (e) {
    return (e as Error).message;
  }
  const [target, extra] = parsed.positionals;
  if (extra !== undefined) return `unexpected argument ${extra}`;
  const nums: Record<string, number> = {};
  for (const key of ["depth", "max-states", "max-memory", "threads"] as const) {
    const text = parsed.values[key];
    if (text === undefined) continue;
    const n = positiveInt(text);
    if (n === null) return `--${key} needs a positive integer`;
    nums[key] = n;
  }
  const { depth, "max-states": maxStates, "max-memory": maxMemory, threads } = nums;
  const params = parseParams(parsed.values.param ?? []);
  if (typeof params === "string") return params;
  return {
    target,
    params,
    out: parsed.values.out ?? ".tmp/explore",
    progress: parsed.values.progress === true,
    witnesses: parsed.values.witnesses === true,
    symmetry: parsed.values["no-symmetry"] !== true,
    interpret: parsed.values.interpret === true,
    ...(maxMemory === undefined ? {} : { maxMemory }),
    ...(threads === undefined ? {} : { threads }),
    ...(depth === undefined ? {} : { depth }),
    ...(maxStates === undefined ? {} : { maxStates }),
  };
}

/** A throttled progress line on stderr (only on a terminal, or when asked). */
function progressPrinter(io: Io, enabled: boolean): ((p: Progress) => void) | undefined {
  if (!enabled) return undefined;
  const tty = process.stderr.isTTY === true;
  let last = -Infinity;
  return (p) => {
    if (p.elapsedMs - last < 1000) return;
    last = p.elapsedMs;
    const line = `explore: ${p.states} states, ${Math.round((p.states * 1000) / Math.max(1, p.elapsedMs))} states/s, ${p.transitions} transitions, depth ${p.depth}, ${Math.round(p.memory / 2 ** 20)} MB`;
    io.err(tty ? `\r${line}\x1b[K` : `${line}\n`);
  };
}

function safe(name: string): string {
  return name.replace(/[^A-Za-z0-9_.-]/g, "_");
}

export function explore(root: string, argv: readonly string[], io: Io): number {
  const args = parseExploreArgs(argv);
  if (typeof args === "string") {
    io.err(`error: ${args}\nusage: statute explore [module | spec file] [--depth D] [--param NAME=VALUE]... [--out DIR] [--progress] [--witnesses] [--max-states N] [--max-memory MB] [--threads N] [--no-symmetry] [--interpret]\n`);
    return 2;
  }
  const loaded = loadTarget(root, args.target);
  if (!loaded.ok) {
    io.err("message" in loaded ? `error: ${loaded.message}\n` : formatDiagnostics(loaded.diagnostics, loaded.texts));
    return 1;
  }
  // The instances to explore: the --param values alone when given, else each module's
  // `explore.params` instances (the defaults first); every one through withParams, which checks
  // the values and refolds what reads a parameter.
  const given = args.params.size > 0 ? withParams(loaded.program, args.params) : null;
  if (given !== null && "message" in given) {
    io.err(`error: ${given.message}\n`);
    return 2;
  }
  const outDir = isAbsolute(args.out) ? args.out : join(root, args.out);
  const onProgress = progressPrinter(io, args.progress || process.stderr.isTTY === true);
  const opts = {
    ...(args.depth === undefined ? {} : { depth: args.depth }),
    ...(args.maxStates === undefined ? {} : { maxStates: args.maxStates }),
    ...(args.maxMemory === undefined ? {} : { maxMemory: args.maxMemory * 2 ** 20 }),
    ...(args.threads === undefined ? {} : { threads: args.threads }),
    witnesses: args.witnesses,
    symmetry: args.symmetry,
    engine: args.interpret ? ("interpret" as const) : ("compiled" as const),
    ...(onProgress ? { onProgress } : {}),
  };
  let failed = 0;
  let explored = 0;
  for (const declared of loaded.modules) {
    if (declared.explore.length === 0) {
      io.out(`${declared.name}: no explore section, nothing to explore (its decisions are covered by the tests)\n`);
      continue;
    }
    const instances: ReadonlyMap<string, number>[] = given !== null ? [args.params] : declared.instances.map((i) => new Map(Object.entries(i)));
    for (const values of instances) {
      const bound = given ?? withParams(loaded.program, values);
      if ("message" in bound) {
        io.err(`error: ${declared.name}: ${bound.message}\n`);
        return 2;
      }
      const prog: Program = bound.program;
      const module = prog.modules.find((m) => m.name === declared.name) as Module;
      const params = values.size > 0 ? values : undefined;
      for (const r of exploreModule(prog, module, opts)) {
        explored++;
        if (onProgress && process.stderr.isTTY === true) io.err("\r\x1b[K");
        io.out(`${showResult(r, params).join("\n")}\n`);
        const write = (name: string, text: string): string => {
          mkdirSync(outDir, { recursive: true });
          writeFileSync(join(outDir, name), text);
          return join(args.out, name);
        };
        // Files of the spec's other instances say which; one --param run keeps the plain names.
        const at = params === undefined || given !== null ? "" : `.${[...params].map(([k, v]) => `${k}=${v}`).join(".")}`;
        const cex = counterexample(prog, module, r, params);
        if (cex) {
          failed++;
          io.out(`  counterexample written to ${write(`${safe(r.module)}.${safe(r.violation?.law ?? "error")}${safe(at)}.itf.json`, writeItf(cex))}\n`);
        }
        for (const [rule, trace] of r.witnesses) write(`${safe(r.module)}.${safe(rule)}${safe(at)}.witness.itf.json`, writeItf(witness(prog, module, r, rule, trace, params)));
        if (r.witnesses.size > 0) io.out(`  ${r.witnesses.size} witness trace(s) written to ${args.out}\n`);
      }
    }
  }
  io.out(`explore: ${explored} machine(s) explored, ${failed} violation(s)\n`);
  return failed > 0 ? 1 : 0;
}
