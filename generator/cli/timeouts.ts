// CLI `statute timeouts`: the effective timeouts this process would run with, derived once from
// the generated constants and the STATUTE_<NAME> overrides in the environment, exactly as the
// daemon loads them (runtime/timeouts.ts). Works on any project: per module that declares a
// `param: env` constant, its constants, loaded with the modules it imports.
// A bad override falls back with a warning; a broken order law refuses, naming the relation and
// both sides, with exit code 1; a project with nothing overridable says so in one line.

import { existsSync } from "node:fs";
import { join, relative } from "node:path";
import { createWire, ENV_PREFIX, formatWarnings, loadTimeouts, TimeoutsError, timeoutsSourceOf, type GeneratedConstants } from "../../runtime/index.js";
import { formatDiagnostics } from "../diagnostics/format.js";
import { loadTarget } from "../explore/index.js";
import type { Module } from "../ir/module.js";
import { outDirOf } from "../project/config.js";
import { wireOf } from "./eval.js";
import type { Io } from "./gen.js";
import { importGenerated } from "./load-generated.js";

/** Every module `m` imports, transitively, in a fixed order. */
function importsOf(m: Module, byName: ReadonlyMap<string, Module>): Module[] {
  const seen = new Set<string>();
  const visit = (x: Module): void => {
    for (const n of x.imports) {
      const i = byName.get(n);
      if (i !== undefined && !seen.has(n)) {
        seen.add(n);
        visit(i);
      }
    }
  };
  visit(m);
  return [...seen].sort().map((n) => byName.get(n) as Module);
}

export async function timeouts(root: string, env: Readonly<Record<string, string | undefined>>, io: Io): Promise<number> {
  const loaded = loadTarget(root, undefined);
  if (!loaded.ok) {
    io.err("message" in loaded ? `error: ${loaded.message}\n` : formatDiagnostics(loaded.diagnostics, loaded.texts));
    return 1;
  }
  const byName = new Map(loaded.program.modules.map((m) => [m.name, m]));
  // Each module that declares an overridable constant, loaded with the modules it imports.
  const roots = loaded.program.modules.filter((m) => m.constants.some((c) => c.overridable));
  if (roots.length === 0) {
    io.out(`no constant of ${loaded.spec}/ is marked \`param: env\`: there is no timeout to override (spec/LANGUAGE.md, "Parameters")\n`);
    return 0;
  }
  const ts = join(outDirOf(root), "ts");
  const load = async (m: Module): Promise<GeneratedConstants | string> => {
    const file = join(ts, `${m.name}.ts`);
    return existsSync(file) ? ((await importGenerated(file)) as GeneratedConstants) : `${relative(root, file)} is missing: run \`statute gen\` (with the ts target)`;
  };
  const sections: { readonly module: string; readonly gens: readonly GeneratedConstants[] }[] = [];
  for (const m of roots) {
    const gens = await Promise.all([m, ...importsOf(m, byName)].map(load));
    const missing = gens.find((g): g is string => typeof g === "string");
    if (missing !== undefined) {
      io.err(`error: ${missing}\n`);
      return 1;
    }
    sections.push({ module: m.name, gens: gens as GeneratedConstants[] });
  }
  // The wire is asked only by a module's override check (which the schema target serves).
  const wire = existsSync(join(outDirOf(root), "schema")) ? wireOf(root) : createWire({});
  // A variable goes to the sections that know its constant; one no section knows, to the widest
  // (it is warned about once, with its did-you-mean).
  const knows = (gens: readonly GeneratedConstants[], name: string): boolean => gens.some((g) => Object.hasOwn(g.constants, name));
  const widest = sections.reduce((a, b) => (Object.keys(b.gens[0]?.constants ?? {}).length > Object.keys(a.gens[0]?.constants ?? {}).length ? b : a));
  for (const { module, gens } of sections) {
    const [gen, ...rest] = gens;
    if (gen === undefined) continue;
    const name = (key: string): string => key.slice(ENV_PREFIX.length);
    const mine = Object.fromEntries(Object.entries(env).filter(([k]) => k.startsWith(ENV_PREFIX) && (knows(gens, name(k)) || (gens === widest.gens && !sections.some((x) => knows(x.gens, name(k)))))));
    try {
      const t = loadTimeouts(timeoutsSourceOf(wire, module, gen, rest), mine);
      io.err(formatWarnings(t));
      if (roots.length > 1) io.out(`${module}:\n`);
      const rows = Object.keys(gen.constants).map((n) => `${roots.length > 1 ? "  " : ""}${n} = ${t.values[n]}${n in t.overridden ? " (overridden)" : ""}`);
      io.out(`${rows.join("\n")}\n`);
    } catch (e) {
      if (!(e instanceof TimeoutsError)) throw e;
      io.err(`error: ${e.message}\n`);
      return 1;
    }
  }
  return 0;
}
