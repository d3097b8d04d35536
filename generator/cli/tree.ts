// CLI: the generated/ tree on disk compared with the files just rendered in memory. Used by
// `gen` (write only what changed, delete what is no longer generated) and `gen --check` (drift).

import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import type { GeneratedFile } from "../emit/types.js";
import { filesUnder } from "../project/files.js";

export interface Drift {
  readonly changed: readonly string[];
  readonly missing: readonly string[];
  readonly extra: readonly string[];
}

/** How the tree under `dir` differs from `files`. */
export function diffTree(dir: string, files: readonly GeneratedFile[]): Drift {
  const want = new Map(files.map((f) => [f.path, f.content]));
  const have = new Set(filesUnder(dir));
  const changed: string[] = [];
  const missing: string[] = [];
  for (const [path, content] of want) {
    if (!have.has(path)) missing.push(path);
    else if (readFileSync(join(dir, path), "utf8") !== content) changed.push(path);
  }
  const extra = [...have].filter((p) => !want.has(p));
  return { changed, missing, extra };
}

/** Make `dir` hold exactly `files`, touching only files whose bytes change. */
export function writeTree(dir: string, files: readonly GeneratedFile[]): Drift {
  const drift = diffTree(dir, files);
  const byPath = new Map(files.map((f) => [f.path, f.content]));
  for (const path of [...drift.missing, ...drift.changed]) {
    const full = join(dir, path);
    mkdirSync(dirname(full), { recursive: true });
    writeFileSync(full, byPath.get(path) ?? "");
  }
  for (const path of drift.extra) rmSync(join(dir, path));
  pruneEmptyDirs(dir);
  return drift;
}

function pruneEmptyDirs(dir: string): void {
  if (!existsSync(dir)) return;
  for (const name of readdirSync(dir)) {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) {
      pruneEmptyDirs(full);
      if (readdirSync(full).length === 0) rmSync(full, { recursive: true });
    }
  }
}
