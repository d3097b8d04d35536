// The park laws alone (examples stripped) catch a broken copy of spec/park.yaml: each fixture in
// fixtures/broken/park_*.yaml carries one semantic bug, and every law is judged on its own (decision
// laws over the boundary facts, machine laws by exploration) so the test names the laws that fail.
// The real module passes every law, so a failure here is the bug, not a law that always fails.

import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { compileSpecs, specFiles } from "../../generator/check/index.js";
import { exploreModule } from "../../generator/explore/index.js";
import type { Module, Program } from "../../generator/ir/module.js";
import { DEFAULT_BOUNDS, factsTable, judge } from "../../generator/mutate/index.js";

const root = fileURLToPath(new URL("../..", import.meta.url));
const FIXTURES = ["fixtures/broken/park_run_end_forgets_jobs.yaml", "fixtures/broken/park_never_evicts.yaml"];

function program(): Program {
  const r = compileSpecs(root, [...specFiles(root), ...FIXTURES]);
  if (!r.ok) throw new Error(`specs do not compile: ${JSON.stringify(r.diagnostics.slice(0, 3))}`);
  // Laws only: no module keeps its examples.
  return { modules: r.program.modules.map((m) => ({ ...m, examples: [] })) };
}

/** Why `name` fails its laws (all of them, or only those named), or null when they hold. */
function verdict(prog: Program, name: string, only?: readonly string[]): string | null {
  const m = prog.modules.find((x) => x.name === name) as Module;
  const judged: Module = only === undefined ? m : { ...m, laws: m.laws.filter((l) => only.includes(l.name)) };
  const p: Program = { modules: prog.modules.map((x) => (x === m ? judged : x)) };
  return judge(p, name, factsTable(p, judged).table, DEFAULT_BOUNDS);
}

/** Of the named laws of `name`, those that fail when each is the module's only claim. */
function failingLaws(prog: Program, name: string, laws: readonly string[]): string[] {
  return laws.filter((law) => verdict(prog, name, [law]) !== null);
}

describe("park laws against broken copies (no examples)", () => {
  const prog = program();

  it("spec/park.yaml itself passes every law", () => {
    expect(verdict(prog, "park")).toBeNull();
  });

  it("a run end that forgets the running jobs releases the kernel under a bash() handle", () => {
    const laws = ["park_job_holds_kernel", "park_run_end_rechecks", "park_evicts_idle_root", "park_releases_free_child", "park_timer_rechecks", "park_settled_child_leads_to_release"];
    // The decision and the timer's park are intact, so their laws still hold: the bug is the run end's alone.
    expect(failingLaws(prog, "park_run_end_forgets_jobs", laws)).toEqual(["park_job_holds_kernel", "park_run_end_rechecks"]);
    const m = prog.modules.find((x) => x.name === "park_run_end_forgets_jobs") as Module;
    const [r] = exploreModule(prog, m);
    // Open a child, start a run, start a job, end the run: the shortest run to the release.
    expect(r?.violation?.trace).toHaveLength(5);
    const last = r?.violation?.trace[4];
    expect(last?.output).toBe("KernelReleased");
    expect(last?.state).toMatchObject({ jobs: 1, kernel: "Released" });
  });

  it("a re-check that never evicts an unattached root fails the eviction laws", () => {
    const laws = ["park_evicts_idle_root", "park_timer_rechecks", "park_idle_root_leads_to_stop", "park_releases_free_child", "park_run_end_rechecks", "park_job_holds_kernel"];
    expect(failingLaws(prog, "park_never_evicts", laws)).toEqual(["park_evicts_idle_root", "park_timer_rechecks", "park_idle_root_leads_to_stop"]);
    expect(verdict(prog, "park_never_evicts")).toMatch(/\blaw park_evicts_idle_root\b/);
  });
});
