// The relaunch laws alone (examples stripped) catch a broken spec/relaunch.yaml: each fixture
// fixtures/broken/relaunch_*.patch.yaml carries one semantic bug, and the named laws are
// judged one at a time (decision laws over the boundary facts, machine laws by exploration). The
// real module passes every law, so a failure here is the bug, not a law that always fails.

import { describe, expect, it } from "vitest";
import { exploreModule } from "../../generator/explore/index.js";
import type { Module } from "../../generator/ir/module.js";
import { brokenFixtures, brokenProgram, failingLaws, lawsOnly, verdict } from "./harness.js";

function broken(name: string) {
  const f = brokenFixtures().find((x) => x.name === name);
  if (f === undefined) throw new Error(`no fixture ${name}`);
  return brokenProgram(f);
}

const LAWS = ["relaunch_never_replaces", "relaunch_lost_supervisor", "relaunch_leaves_when_not_its_own", "relaunch_takes_only_a_free_socket", "relaunch_probe_acts", "relaunch_adopts_live_workers", "relaunch_lost_leads_to_launch", "relaunch_launch_leads_to_adoption"];

describe("relaunch laws against broken law books (no examples)", () => {
  const prog = lawsOnly();

  it("spec/relaunch.yaml itself passes every law", () => {
    expect(verdict(prog, "relaunch")).toBeNull();
  });

  it("a probe that ignores a launch in progress relaunches beside another client's daemon", () => {
    const p = broken("relaunch_beside_a_launch");
    expect(failingLaws(p, "relaunch", LAWS)).toEqual(["relaunch_never_replaces", "relaunch_lost_supervisor", "relaunch_takes_only_a_free_socket", "relaunch_probe_acts"]);
    const m = p.modules.find((x) => x.name === "relaunch") as Module;
    const [r] = exploreModule(p, m);
    // Crash, another client's launch, this client's probe: the shortest run to a second launch.
    expect(r?.violation?.trace).toHaveLength(4);
    expect(r?.violation?.trace[3]?.output).toBe("Relaunched");
  });

  it("a client that waits where it should relaunch never brings its supervisor back", () => {
    const p = broken("relaunch_never_relaunches");
    expect(failingLaws(p, "relaunch", LAWS)).toEqual(["relaunch_lost_supervisor", "relaunch_probe_acts", "relaunch_lost_leads_to_launch"]);
    expect(verdict(p, "relaunch")).toMatch(/\blaw relaunch_lost_supervisor\b/);
  });
});
