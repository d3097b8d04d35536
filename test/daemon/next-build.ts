// Test support: build k + 1 of the daemon, as a release would make it. A copy of this checkout's
// sources in a scratch folder (node_modules linked), whose spec/supervise.yaml changes as a
// release might change it: the RestartBudget state gains a field (`restarts`, with a declared
// migration from the state of build k) and the Verdict union a variant (`Throttle`); then
// `statute gen` regenerates its models there. Its supervisor runs from that copy, so two builds
// with two generated models meet one journal, as after an upgrade.

import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** What a release changes in spec/supervise.yaml, each edit an exact text and its replacement. */
const EDITS: readonly (readonly [string, string])[] = [
  ["      GiveUp: { doc: stop restarting the worker; the session stays down }\n", "      GiveUp: { doc: stop restarting the worker; the session stays down }\n      Throttle: { doc: restart later than the pause (build k + 1 adds it; no rule gives it yet), fields: { pause_ms: ms } }\n"],
  ["          ClockBackwards => false }", "          ClockBackwards => false,\n          Throttle => false }"],
  ["      last_ms: { type: ms, init: 0ms, doc: time of the latest accepted failure }\n", "      last_ms: { type: ms, init: 0ms, doc: time of the latest accepted failure }\n      restarts: { type: nat, init: 0, doc: restarts granted on this budget }\n"],
  ["              last_ms: e.at_ms\n", "              last_ms: e.at_ms\n              restarts: s.restarts + 1\n"],
  ["\nlaws:\n", "\n    migrate:\n      doc: a budget of build k counted no restarts; each failure it keeps was restarted\n      from: { failures: \"list<ms> max RESTART_MAX_FAILURES\", given_up: bool, last_ms: ms }\n      to: \"RestartBudgetState { failures: s.failures, given_up: s.given_up, last_ms: s.last_ms, restarts: len(s.failures) }\"\nlaws:\n"],
];

/** Every `RestartBudgetState { ... }` literal gains the new field. */
function withRestarts(text: string): string {
  return text.replace(/RestartBudgetState \{ ([^}]*?) \}/g, (_, fields: string) => (fields.includes("restarts") ? `RestartBudgetState { ${fields} }` : `RestartBudgetState { ${fields}, restarts: 0 }`));
}

export function nextSupervise(text: string): string {
  let out = text;
  for (const [from, to] of EDITS) {
    if (!out.includes(from)) throw new Error(`next build: spec/supervise.yaml no longer holds ${JSON.stringify(from.slice(0, 60))}`);
    out = out.replace(from, to);
  }
  return withRestarts(out);
}

/** The root of build k + 1: sources copied from `root`, the spec changed, the models regenerated. */
export function nextBuild(root: string): string {
  if (!existsSync(join(root, "dist", "runtime", "v1.js"))) throw new Error("next build: run `node bin/build.js` first (workers resolve the runtime to dist/)");
  const dir = mkdtempSync(join(tmpdir(), "statute-build-"));
  // dist/: a worker resolves the package's runtime (`statute/runtime/v1`) to its build, as installed.
  for (const part of ["bin", "daemon", "dist", "runtime", "generator", "generated", "spec", "fixtures/daemon", "package.json", "tsconfig.json"]) cpSync(join(root, part), join(dir, part), { recursive: true });
  symlinkSync(join(root, "node_modules"), join(dir, "node_modules"));
  const spec = join(dir, "spec", "supervise.yaml");
  writeFileSync(spec, nextSupervise(readFileSync(spec, "utf8")));
  // The daemon reads the TypeScript models and the compiled validators; the schemas back them.
  writeFileSync(join(dir, "statute.config.json"), `${JSON.stringify({ targets: ["ts", "schema", "validate"] })}\n`);
  execFileSync(process.execPath, [join(dir, "bin", "statute.js"), "gen"], { cwd: dir, stdio: "pipe" });
  return dir;
}
