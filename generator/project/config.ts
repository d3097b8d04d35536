// Project: where a Statute project lives and what it asks for. The root is the nearest folder,
// from the working directory up (`findRoot`), holding `statute.config.json` or a `package.json`; the settings
// come from that file (or the package.json's `statute` key), every one optional. Read by the CLI
// and by the conformance harness the generated tests import, so both see the same folders.

import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";

/** The generated targets, each a folder under the output folder. */
export const TARGETS = ["ts", "schema", "validate", "lean", "quint", "tests", "docs"] as const;
export type Target = (typeof TARGETS)[number];

export interface Config {
  /** Folder of the spec files (`*.yaml`), relative to the root. */
  readonly spec: string;
  /** Folder the targets are generated into, relative to the root. */
  readonly out: string;
  /** Which targets `statute gen` writes. */
  readonly targets: readonly Target[];
  /** The module specifier generated TypeScript imports the model prelude from. */
  readonly runtime: string;
}

export const DEFAULT_CONFIG: Config = { spec: "spec", out: "generated", targets: TARGETS, runtime: "statute/runtime/v1" };

export const CONFIG_FILE = "statute.config.json";

export type Loaded = { readonly ok: true; readonly root: string; readonly config: Config; readonly from: string | null } | { readonly ok: false; readonly message: string };

/** The project root for `cwd`: the nearest folder up holding statute.config.json or package.json. */
export function findRoot(cwd: string): string {
  for (let dir = resolve(cwd); ; dir = dirname(dir)) {
    if (existsSync(join(dir, CONFIG_FILE)) || existsSync(join(dir, "package.json"))) return dir;
    if (dirname(dir) === dir) return resolve(cwd);
  }
}

function relativeFolder(v: unknown, key: string): string | string[] {
  if (typeof v !== "string" || v === "" || v.startsWith("/") || /^[A-Za-z]:/.test(v) || v.split(/[\\/]/).includes("..")) {
    return [`"${key}" must be a folder inside the project (a relative path without ..)`];
  }
  return v.replace(/\\/g, "/").replace(/\/+$/, "").replace(/^\.\//, "");
}

/** Check a raw settings object; a list of problems when it is not one. */
export function parseConfig(raw: unknown): Config | string[] {
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) return ["the settings must be a JSON object"];
  const errors: string[] = [];
  const r = raw as Record<string, unknown>;
  for (const k of Object.keys(r)) if (!["spec", "out", "targets", "runtime", "$schema"].includes(k)) errors.push(`unknown setting "${k}" (known: spec, out, targets, runtime)`);
  const spec = r["spec"] === undefined ? DEFAULT_CONFIG.spec : relativeFolder(r["spec"], "spec");
  const out = r["out"] === undefined ? DEFAULT_CONFIG.out : relativeFolder(r["out"], "out");
  if (Array.isArray(spec)) errors.push(...spec);
  if (Array.isArray(out)) errors.push(...out);
  let targets: readonly Target[] = DEFAULT_CONFIG.targets;
  if (r["targets"] !== undefined) {
    const t = r["targets"];
    if (!Array.isArray(t) || t.some((x) => !(TARGETS as readonly unknown[]).includes(x))) errors.push(`"targets" must be a list of: ${TARGETS.join(", ")}`);
    else targets = TARGETS.filter((x) => t.includes(x));
    if (targets.includes("tests") && !targets.includes("ts")) errors.push(`target "tests" needs target "ts" (the suites import the generated code)`);
  }
  const runtime = r["runtime"] ?? DEFAULT_CONFIG.runtime;
  if (typeof runtime !== "string" || runtime.trim() === "" || /["'\\\s]/.test(runtime)) errors.push(`"runtime" must be a module specifier such as "${DEFAULT_CONFIG.runtime}"`);
  if (errors.length > 0) return errors;
  return { spec: spec as string, out: out as string, targets, runtime: runtime as string };
}

function readJson(path: string): unknown {
  return JSON.parse(readFileSync(path, "utf8")) as unknown;
}

/** The settings of the project at `root` (defaults where a setting or the file is absent). */
export function loadProject(root: string): Loaded {
  const file = join(root, CONFIG_FILE);
  let raw: unknown = {};
  let from: string | null = null;
  try {
    if (existsSync(file)) {
      raw = readJson(file);
      from = CONFIG_FILE;
    } else if (existsSync(join(root, "package.json"))) {
      const pkg = readJson(join(root, "package.json")) as Record<string, unknown>;
      if (pkg["statute"] !== undefined) {
        raw = pkg["statute"];
        from = 'package.json "statute"';
      }
    }
  } catch (e) {
    return { ok: false, message: `${from ?? CONFIG_FILE}: not valid JSON: ${(e as Error).message}` };
  }
  const config = parseConfig(raw);
  if (Array.isArray(config)) return { ok: false, message: config.map((m) => `${from ?? CONFIG_FILE}: ${m}`).join("\n") };
  return { ok: true, root, config, from };
}

/** The spec files of a project, relative to its root, sorted by code unit. */
export function specFilesOf(root: string, config: Config): string[] {
  const dir = join(root, config.spec);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith(".yaml"))
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
    .map((f) => `${config.spec}/${f}`);
}

/** The absolute output folder of the project at `root` (`generated` when the settings are bad). */
export function outDirOf(root: string): string {
  const p = loadProject(root);
  return join(root, p.ok ? p.config.out : DEFAULT_CONFIG.out);
}
