// The relaunch laws alone (examples stripped) catch a broken copy of spec/relaunch.yaml: each
// fixture in fixtures/broken/relaunch_*.yaml carries one semantic bug, and the named laws are
// judged one at a time (decision laws over the boundary facts, machine laws by exploration). The
// real module passes every law, so a failure here is the bug, not a law that always fails.

import { describe, expect, it } from "vitest";
import { exploreModule } from "../../generator/explore/index.js";
import type { Module } from "../../generator/ir/module.js";
import { failingLaws, lawsOnly, verdict } from "./harness.js";

const FIXTURES = ["fixtures/broken/relaunch_beside_a_launch.yaml", "fixtures/broken/relaunch_never_relaunches.yaml"];

function program() {
  return lawsOnly(FIXTURES);
}

const LAWS = ["relaunch_never_replaces", "relaunch_lost_supervisor", "relaunch_leaves_when_not_its_own", "relaunch_takes_only_a_free_socket", "relaunch_probe_acts", "relaunch_adopts_live_workers", "relaunch_lost_leads_to_launch", "relaunch_launch_leads_to_adoption"];

describe("relaunch laws against broken copies (no examples)", () => {
  const prog = program();

  it("spec/relaunch.yaml itself passes every law", () => {
    expect(verdict(prog, "relaunch")).toBeNull();
  });

  it("a probe that ignores a launch in progress relaunches beside another client's daemon", () => {
    expect(failingLaws(prog, "relaunch_beside_a_launch", LAWS)).toEqual(["relaunch_never_replaces", "relaunch_lost_supervisor", "relaunch_takes_only_a_free_socket", "relaunch_probe_acts"]);
    const m = prog.modules.find((x) => x.name === "relaunch_beside_a_launch") as Module;
    const [r] = exploreModule(prog, m);
    // Crash, another client's launch, this client's probe: the shortest run to a second launch.
    expect(r?.violation?.trace).toHaveLength(4);
    expect(r?.violation?.trace[3]?.output).toBe("Relaunched");
  });

  it("a client that waits where it should relaunch never brings its supervisor back", () => {
    expect(failingLaws(prog, "relaunch_never_relaunches", LAWS)).toEqual(["relaunch_lost_supervisor", "relaunch_probe_acts", "relaunch_lost_leads_to_launch"]);
    expect(verdict(prog, "relaunch_never_relaunches")).toMatch(/\blaw relaunch_lost_supervisor\b/);
  });
});
