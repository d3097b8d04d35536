// CLI: the drift check's memory. Rendering every target takes most of a second, while what it
// answers is a function of a few inputs: this statute's own code and the versions of the
// libraries that print its output, the project's settings and every file of its spec folder.
// After a full `gen` or `gen --check` the digest of those inputs and a digest of each generated
// file are kept in node_modules/.cache/statute/; the next `gen --check` with the same inputs
// only reads the generated files back. Any difference at all (an input, a file edited, added or
// removed) falls back to the full check, which names the files. No cache is kept for a project
// without node_modules/, and a clean clone (CI) never has one.

import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { type Config, loadProject } from "../project/config.js";
import { filesUnder } from "../project/files.js";
import type { Io } from "./gen.js";

interface Entry {
  readonly inputs: string;
  /** Path under the project root (`generated/ts/x.ts`) to the sha256 of its bytes. */
  readonly files: Readonly<Record<string, string>>;
  /** The target folders the files fill (every file in them is one of `files`). */
  readonly folders: readonly string[];
}

const VERSION = 1;
const cacheFile = (root: string) => join(root, "node_modules", ".cache", "statute", "gen-check.json");
const sha = (data: string | Buffer) => createHash("sha256").update(data).digest("hex");

function digestTree(h: ReturnType<typeof createHash>, dir: string): void {
  for (const rel of filesUnder(dir)) h.update(`${rel}\0`).update(readFileSync(join(dir, rel))).update("\0");
}

/** This statute's code (generator and runtime, as sources or as dist/) and the libraries that print its output. */
function toolDigest(): string {
  const here = dirname(fileURLToPath(import.meta.url));
  const h = createHash("sha256").update(`statute-gen-cache ${VERSION}\0`);
  digestTree(h, join(here, ".."));
  digestTree(h, join(here, "..", "..", "runtime"));
  const req = createRequire(import.meta.url);
  for (const lib of ["ajv", "yaml", "handlebars"]) {
    try {
      h.update(`${lib} ${(JSON.parse(readFileSync(req.resolve(`${lib}/package.json`), "utf8")) as { version: string }).version}\0`);
    } catch {
      h.update(`${lib} ?\0`);
    }
  }
  return h.digest("hex");
}

/** The digest of everything a render reads, or null when the project's settings do not load. */
export function inputsDigest(root: string): string | null {
  const project = loadProject(root);
  return project.ok ? digestOf(root, project.config) : null;
}

function digestOf(root: string, config: Config): string {
  const h = createHash("sha256").update(toolDigest()).update(JSON.stringify(config));
  digestTree(h, join(root, config.spec));
  return h.digest("hex");
}

function read(root: string): Entry | null {
  try {
    return JSON.parse(readFileSync(cacheFile(root), "utf8")) as Entry;
  } catch {
    return null;
  }
}

/**
 * `gen --check` from the cache: true (and the usual line printed) when the inputs are those of the
 * last full render and every file of its target folders has the bytes it rendered then.
 */
export function checkFromCache(root: string, io: Io): boolean {
  const entry = read(root);
  const project = loadProject(root);
  if (entry === null || !project.ok || digestOf(root, project.config) !== entry.inputs) return false;
  const have = entry.folders.flatMap((f) => filesUnder(join(root, f)).map((p) => `${f}/${p}`));
  if (have.length !== Object.keys(entry.files).length) return false;
  for (const p of have) if (entry.files[p] !== sha(readFileSync(join(root, p)))) return false;
  io.out(`${project.config.out}/ is up to date (${have.length} files)\n`);
  return true;
}

/**
 * Remember a full render of `inputs` (their digest, taken before it read them) whose files are now
 * on disk: `folders` (under the root) hold exactly `files`.
 */
export function remember(root: string, inputs: string | null, folders: readonly string[], files: ReadonlyMap<string, string>): void {
  if (inputs === null || !existsSync(join(root, "node_modules"))) return;
  const entry: Entry = { inputs, folders: [...folders].sort(), files: Object.fromEntries([...files.keys()].sort().map((p) => [p, sha(files.get(p) as string)])) };
  try {
    mkdirSync(dirname(cacheFile(root)), { recursive: true });
    writeFileSync(cacheFile(root), `${JSON.stringify(entry)}\n`);
  } catch {
    // A cache that cannot be written is only a slower next check.
  }
}
