// The park laws alone (examples stripped) catch a broken spec/park.yaml: each fixture
// fixtures/broken/park_*.patch.yaml carries one semantic bug, and every law is judged on its own
// (decision laws over the boundary facts, machine laws by exploration) so the test names the laws
// that fail. The real module passes every law, so a failure here is the bug, not a law that always fails.

import { describe, expect, it } from "vitest";
import { exploreModule } from "../../generator/explore/index.js";
import type { Module } from "../../generator/ir/module.js";
import { brokenFixtures, brokenProgram, failingLaws, lawsOnly, verdict } from "./harness.js";

function broken(name: string) {
  const f = brokenFixtures().find((x) => x.name === name);
  if (f === undefined) throw new Error(`no fixture ${name}`);
  return brokenProgram(f);
}

describe("park laws against broken law books (no examples)", () => {
  const prog = lawsOnly();

  it("spec/park.yaml itself passes every law", () => {
    expect(verdict(prog, "park")).toBeNull();
  });

  it("a run end that forgets the running jobs releases the kernel under a bash() handle", () => {
    const laws = ["park_job_holds_kernel", "park_run_end_rechecks", "park_evicts_idle_root", "park_releases_free_child", "park_timer_rechecks", "park_settled_child_leads_to_release"];
    // The decision and the timer's park are intact, so their laws still hold: the bug is the run end's alone.
    const p = broken("park_run_end_forgets_jobs");
    expect(failingLaws(p, "park", laws)).toEqual(["park_job_holds_kernel", "park_run_end_rechecks"]);
    const m = p.modules.find((x) => x.name === "park") as Module;
    const [r] = exploreModule(p, m);
    // Open a child, start a run, start a job, end the run: the shortest run to the release.
    expect(r?.violation?.trace).toHaveLength(5);
    const last = r?.violation?.trace[4];
    expect(last?.output).toBe("KernelReleased");
    expect(last?.state).toMatchObject({ jobs: 1, kernel: "Released" });
  });

  it("a re-check that never evicts an unattached root fails the eviction laws", () => {
    const laws = ["park_evicts_idle_root", "park_timer_rechecks", "park_idle_root_leads_to_stop", "park_releases_free_child", "park_run_end_rechecks", "park_job_holds_kernel"];
    const p = broken("park_never_evicts");
    expect(failingLaws(p, "park", laws)).toEqual(["park_evicts_idle_root", "park_timer_rechecks", "park_idle_root_leads_to_stop"]);
    expect(verdict(p, "park")).toMatch(/\blaw park_evicts_idle_root\b/);
  });
});
