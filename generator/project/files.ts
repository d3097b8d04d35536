// Project: the one walk of a folder's files, for everything that compares or digests a tree (the
// drift check, its cache, the record of a Lean check). Sorted by code unit, so what is built on
// it is byte-deterministic.

import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";

/**
 * Every file under `dir` (none when it does not exist), as `/`-separated paths relative to it,
 * sorted by code unit. A directory whose name `prune` accepts is not entered.
 */
export function filesUnder(dir: string, prune: (name: string) => boolean = () => false, prefix = ""): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const full = join(dir, name);
      const rel = prefix ? `${prefix}/${name}` : name;
      if (!statSync(full).isDirectory()) return [rel];
      return prune(name) ? [] : filesUnder(full, prune, rel);
    });
}
