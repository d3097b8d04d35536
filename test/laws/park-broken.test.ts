// The park laws alone (examples stripped) catch a broken copy of spec/park.yaml: each fixture in
// fixtures/broken/park_*.yaml carries one semantic bug, and every law is judged on its own (decision
// laws over the boundary facts, machine laws by exploration) so the test names the laws that fail.
// The real module passes every law, so a failure here is the bug, not a law that always fails.

import { describe, expect, it } from "vitest";
import { exploreModule } from "../../generator/explore/index.js";
import type { Module } from "../../generator/ir/module.js";
import { failingLaws, lawsOnly, verdict } from "./harness.js";

const FIXTURES = ["fixtures/broken/park_run_end_forgets_jobs.yaml", "fixtures/broken/park_never_evicts.yaml"];

function program() {
  return lawsOnly(FIXTURES);
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
