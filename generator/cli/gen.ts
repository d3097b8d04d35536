// CLI `statute gen [--check] [--watch]`: compile every spec of the project, render its targets in
// memory, then write them (or, with --check, compare). Nothing is written unless the whole
// program compiled and every target rendered, so a spec error leaves the output as it was. The
// folders and targets come from the project's settings (generator/project/config.ts).

import { readFileSync, watch as watchFolder } from "node:fs";
import { join } from "node:path";
import { compileSpecs } from "../check/index.js";
import { exampleDiagnostics } from "../check/run-examples.js";
import { formatDiagnostics } from "../diagnostics/format.js";
import { emitAll } from "../emit/index.js";
import type { GeneratedFile } from "../emit/types.js";
import { renderValidators } from "../emit/validate/index.js";
import type { Program } from "../ir/module.js";
import { readStrength, STRENGTH_FILE } from "../mutate/report.js";
import { type Config, loadProject, specFilesOf, TARGETS } from "../project/config.js";
import { inputsDigest, remember } from "./gen-cache.js";
import { diffTree, type Drift, writeTree } from "./tree.js";

export interface Io {
  out(text: string): void;
  err(text: string): void;
}

export interface Rendered {
  readonly program: Program;
  readonly config: Config;
  /** The rendered files of each selected target folder, paths relative to that folder. */
  readonly folders: ReadonlyMap<string, readonly GeneratedFile[]>;
  readonly count: number;
}

/** The target folders to write: the selected ones, and any an emitter adds that config cannot name yet. */
function selected(files: readonly GeneratedFile[], config: Config): Map<string, GeneratedFile[]> {
  const out = new Map<string, GeneratedFile[]>();
  for (const f of files) {
    const slash = f.path.indexOf("/");
    const folder = f.path.slice(0, slash);
    if ((TARGETS as readonly string[]).includes(folder) && !(config.targets as readonly string[]).includes(folder)) continue;
    const list = out.get(folder) ?? [];
    list.push({ path: f.path.slice(slash + 1), content: f.content });
    out.set(folder, list);
  }
  return out;
}

/** Compile and render; on a settings or spec error print it and return null. */
export function render(root: string, io: Io): Rendered | null {
  const project = loadProject(root);
  if (!project.ok) {
    io.err(`error: ${project.message}\n`);
    return null;
  }
  const { config } = project;
  const result = compileSpecs(root, specFilesOf(root, config));
  if (!result.ok) {
    io.err(formatDiagnostics(result.diagnostics, result.texts));
    return null;
  }
  const examples = exampleDiagnostics(result.program, result.texts);
  if (examples.length > 0) {
    io.err(formatDiagnostics(examples, result.texts));
    return null;
  }
  const strength = readStrength(join(root, config.spec, STRENGTH_FILE));
  const files = emitAll(result.program, { runtime: config.runtime, strength });
  // The validators are compiled by ajv, unless the files on disk prove to be the output already.
  if (config.targets.includes("validate")) files.push(...renderValidators(result.program, (path) => readOrUndefined(join(root, config.out, path))));
  const folders = selected(files, config);
  const count = [...folders.values()].reduce((n, l) => n + l.length, 0);
  return { program: result.program, config, folders, count };
}

function readOrUndefined(path: string): string | undefined {
  try {
    return readFileSync(path, "utf8");
  } catch {
    return undefined;
  }
}

/** `1 module`, `2 modules`. */
export const plural = (n: number, noun: string): string => `${n} ${noun}${n === 1 ? "" : "s"}`;

function lines(out: string, folder: string, d: Drift): string[] {
  const at = (p: string) => `${out}/${folder}/${p}`;
  return [...d.changed.map((p) => `changed: ${at(p)}`), ...d.missing.map((p) => `missing: ${at(p)}`), ...d.extra.map((p) => `extra:   ${at(p)}`)];
}

/** Tell the drift check's cache (gen-cache.ts) that the output folders now hold `rendered`. */
function rememberRender(root: string, inputs: string | null, rendered: Rendered): void {
  const out = rendered.config.out;
  const files = new Map([...rendered.folders].flatMap(([folder, fs]) => fs.map((f) => [`${out}/${folder}/${f.path}`, f.content] as const)));
  remember(root, inputs, [...rendered.folders.keys()].map((f) => `${out}/${f}`), files);
}

export function gen(root: string, opts: { readonly check: boolean }, io: Io): number {
  const inputs = inputsDigest(root);
  const rendered = render(root, io);
  if (!rendered) return 1;
  const out = rendered.config.out;
  if (opts.check) {
    const diffs = [...rendered.folders].flatMap(([folder, files]) => lines(out, folder, diffTree(join(root, out, folder), files)));
    if (diffs.length === 0) {
      rememberRender(root, inputs, rendered);
      io.out(`${out}/ is up to date (${rendered.count} files)\n`);
      return 0;
    }
    io.err(`${out}/ differs from what ${rendered.config.spec}/ generates:\n${diffs.join("\n")}\nrun \`statute gen\` and commit the result; never edit ${out}/ by hand\n`);
    return 1;
  }
  let touched = 0;
  for (const [folder, files] of rendered.folders) {
    const d = writeTree(join(root, out, folder), files);
    touched += d.changed.length + d.missing.length + d.extra.length;
  }
  rememberRender(root, inputs, rendered);
  io.out(`generated ${rendered.count} files from ${plural(rendered.program.modules.length, "module")} into ${out}/ (${touched} written or removed)\n`);
  return 0;
}

/**
 * Aborts `stop` when this process is orphaned: its parent (npx, a shell, an editor) went away,
 * seen as a change of `process.ppid` (polled; the timer never keeps the process alive), or the
 * terminal on stdin ended. A watcher must not outlive what started it.
 */
export function stopWhenOrphaned(stop: AbortController, everyMs = 500): void {
  const parent = process.ppid;
  const timer = setInterval(() => {
    if (process.ppid !== parent) stop.abort();
  }, everyMs);
  timer.unref();
  stop.signal.addEventListener("abort", () => clearInterval(timer));
  if (process.stdin.isTTY) {
    process.stdin.on("end", () => stop.abort()).on("error", () => stop.abort()).resume();
    stop.signal.addEventListener("abort", () => process.stdin.destroy());
  }
}

/**
 * `gen --watch`: generate now, then again after every change in the spec folder (changes within
 * 100 ms are one run). Runs until `signal` aborts (the CLI: until the process is interrupted).
 */
export function watch(root: string, io: Io, signal?: AbortSignal): Promise<number> {
  const project = loadProject(root);
  if (!project.ok) {
    io.err(`error: ${project.message}\n`);
    return Promise.resolve(1);
  }
  const run = () => {
    gen(root, { check: false }, io);
    io.out(`watching ${project.config.spec}/ (Ctrl-C to stop)\n`);
  };
  run();
  return new Promise((done) => {
    let timer: NodeJS.Timeout | undefined;
    const watcher = watchFolder(join(root, project.config.spec), { signal }, () => {
      clearTimeout(timer);
      timer = setTimeout(run, 100);
    });
    watcher.on("close", () => {
      clearTimeout(timer);
      done(0);
    });
    watcher.on("error", (e) => {
      if ((e as Error).name !== "AbortError") io.err(`error: watching ${project.config.spec}/: ${(e as Error).message}\n`);
      watcher.close();
    });
  });
}
