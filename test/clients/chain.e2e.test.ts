// Replacement end to end: k = 5 builds of rising version (semver ranks, pre-releases included)
// started interactively in a random order, background clients of random builds mixed in, all on
// one socket. The daemon never moves to a lower build, at most k - 1 replacements happen, no
// background client replaces, each start's outcome is what replace's Daemon machine says, and the
// audit agrees on the supervisor's journal and on every client's.

import { afterAll, describe, expect, it } from "vitest";
import { stepDaemon } from "../../generated/ts/replace.js";
import { type Build, auditAll, cleanupClients, clientDone, daemonOf, records, scratch } from "./harness.js";

afterAll(cleanupClients);

const BUILDS: Build[] = [
  { version: "0.9.9-main.46", id: "b0" },
  { version: "1.0.0-dev", id: "b1" },
  { version: "1.0.0", id: "b2" },
  { version: "1.2.3", id: "b3" },
  { version: "10.0.0", id: "b4" },
];
const label = (b: Build) => `${b.version}+${b.id}`;
const rankOf = (build: string) => BUILDS.findIndex((b) => label(b) === build);

/** A small seeded generator, so a failing order can be replayed (the seed is in the test name). */
function rng(seed: number): () => number {
  let x = seed >>> 0 || 1;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) / 2 ** 32;
  };
}

const SEED = Number(process.env["STATUTE_CHAIN_SEED"] ?? Date.now() % 100_000);

describe("a chain of builds", { timeout: 240_000 }, () => {
  it(`k = 5 builds in random order with background clients (seed ${SEED})`, async () => {
    const d = scratch();
    const r = rng(SEED);
    const order = [...BUILDS].map((b) => ({ b, k: r() })).sort((x, y) => x.k - y.k).map((x) => x.b);
    const starts: { b: Build; kind: "Interactive" | "Background" }[] = [];
    for (const b of order) {
      if (r() < 0.6) starts.push({ b: BUILDS[Math.floor(r() * BUILDS.length)] as Build, kind: "Background" });
      starts.push({ b, kind: "Interactive" });
    }
    let model: { rank: number; replacements: number } | null = null;
    let running = -1;
    let replacements = 0;
    for (const s of starts) {
      const before = await daemonOf(d);
      const res = await clientDone(d, s.b, ["start", "--kind", s.kind.toLowerCase()]);
      expect(res.code, res.out).toBe(0);
      const after = await daemonOf(d);
      expect(after, res.out).not.toBeNull();
      const rank = rankOf(after!.build);
      const replaced = res.out.includes("daemon: replacing");
      if (replaced) replacements++;
      if (s.kind === "Background") expect(replaced, res.out).toBe(false);
      // Never a downgrade: the running build's rank never falls.
      expect(rank).toBeGreaterThanOrEqual(running);
      running = rank;
      if (before === null) {
        model = { rank, replacements: 0 };
        continue;
      }
      // The generated Daemon machine says what this start does to the running daemon.
      const step = stepDaemon(model!, { kind: "ClientStart", rank: rankOf(label(s.b)), client_kind: s.kind, idle_shutdown: true, busy: false });
      expect(step.output, `${s.kind} ${label(s.b)} against ${before.build}: ${res.out}`).toBe(replaced ? "Replaced" : "Kept");
      model = step.state;
      expect(model.rank).toBe(rank);
    }
    expect(replacements).toBeLessThanOrEqual(BUILDS.length - 1);
    expect(replacements).toBe(model!.replacements);
    // The supervisor's boots: one per launch, in never-falling rank order.
    const boots = records(`${d}/journal`).filter((x) => x.type === "boot").map((x) => rankOf(`${String(x["version"])}+${String(x["buildId"])}`));
    expect(boots).toEqual([...boots].sort((a, b) => a - b));
    expect(boots).toHaveLength(replacements + 1);
    expect(auditAll(d)).toEqual([]);
  });
});
