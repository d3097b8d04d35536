// CLI `statute timeouts`: the effective timeouts this process would run with, derived once from
// the generated constants and the STATUTE_<NAME> overrides in the environment, exactly as the
// daemon loads them (runtime/timeouts.ts). A bad override falls back with a warning; a broken
// order law refuses, naming the relation and both sides, with exit code 1.

import { join } from "node:path";
import { formatWarnings, loadTimeouts, TimeoutsError, timeoutsSourceOf, type GeneratedConstants } from "../../runtime/index.js";
import { outDirOf } from "../project/config.js";
import { wireOf } from "./eval.js";
import type { Io } from "./gen.js";
import { importGenerated } from "./load-generated.js";

async function load(root: string, module: string): Promise<GeneratedConstants> {
  return (await importGenerated(join(outDirOf(root), "ts", `${module}.ts`))) as GeneratedConstants;
}

export async function timeouts(root: string, env: Readonly<Record<string, string | undefined>>, io: Io): Promise<number> {
  const gen = await load(root, "timeouts");
  const supervise = await load(root, "supervise");
  const src = timeoutsSourceOf(wireOf(root), "timeouts", gen, [supervise]);
  try {
    const t = loadTimeouts(src, env);
    io.err(formatWarnings(t));
    const names = Object.keys(gen.constants);
    const rows = names.map((n) => `${n} = ${t.values[n]}${n in t.overridden ? " (overridden)" : ""}`);
    io.out(`${rows.join("\n")}\n`);
    return 0;
  } catch (e) {
    if (!(e instanceof TimeoutsError)) throw e;
    io.err(`error: ${e.message}\n`);
    return 1;
  }
}
