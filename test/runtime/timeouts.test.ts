// Effective timeouts: environment overrides of the bases marked `override: true`, fallback with
// a warning on a bad value, derived values recomputed, and the relations re-checked by the
// module's decision. First on a small fake module (so the rules are seen in isolation), then on
// the real spec/timeouts.yaml when it exists, with the derivations and guards taken from its IR.

import { describe, expect, it } from "vitest";
import { printExpr } from "../../generator/ir/print.js";
import { createWire, formatWarnings, loadTimeouts, TimeoutsError, type TimeoutsSource } from "../../runtime/index.js";
import { loadGen, program, wire } from "./specs.js";

const fakeWire = createWire({
  schemas: {
    fake: {
      $id: "https://statute.dev/schema/fake.schema.json",
      $defs: {
        CheckFakeFacts: {
          type: "object",
          properties: { c_ms: { type: "integer", minimum: 0, maximum: 1e14 }, limit_ms: { type: "integer", minimum: 0, maximum: 1e14 } },
          required: ["c_ms", "limit_ms"],
          additionalProperties: false,
        },
      },
    },
  },
});
const fakeGen = {
  machines: {},
  decisions: {
    CheckFake: {
      rules: ["CheckFake.limit", "CheckFake.ordered"],
      decide: (f: unknown) => {
        const { c_ms, limit_ms } = f as { c_ms: number; limit_ms: number };
        return limit_ms < c_ms ? { verdict: { kind: "Violated", relation: "Limit" }, rule: "CheckFake.limit" } : { verdict: { kind: "Ordered" }, rule: "CheckFake.ordered" };
      },
    },
  },
};
const fake: TimeoutsSource = {
  wire: fakeWire,
  module: "fake",
  gen: fakeGen,
  decision: "CheckFake",
  defaults: { A_MS: 1000, B_MS: 2000, C_MS: 3000, LIMIT_MS: 5000, helper: () => 0 },
  overridable: ["A_MS", "B_MS"],
  derived: { C_MS: "A_MS + B_MS" },
  guards: { "CheckFake.limit": "f.limit_ms < f.c_ms" },
};

describe("loadTimeouts on a fake module", () => {
  it("without overrides, the defaults and no warnings", () => {
    const t = loadTimeouts(fake, {});
    expect(t.values).toEqual({ A_MS: 1000, B_MS: 2000, C_MS: 3000, LIMIT_MS: 5000 });
    expect(t.warnings).toEqual([]);
  });

  it("an override replaces its base and the derived value follows", () => {
    const t = loadTimeouts(fake, { STATUTE_A_MS: "2500" });
    expect(t.values).toMatchObject({ A_MS: 2500, C_MS: 4500 });
    expect(t.overridden).toEqual({ A_MS: 2500 });
  });

  for (const bad of ["abc", "-5", "1.5", "NaN", "", "  ", "1e3", "0x10", "Infinity", "100000000000001"]) {
    it(`a bad override ${JSON.stringify(bad)} falls back to the default with a warning`, () => {
      const t = loadTimeouts(fake, { STATUTE_B_MS: bad });
      expect(t.values["B_MS"]).toBe(2000);
      expect(t.values["C_MS"]).toBe(3000);
      expect(t.warnings).toHaveLength(1);
      expect(t.warnings[0]).toMatch(/^STATUTE_B_MS=.* ignored: .*; using the default$/);
      expect(formatWarnings(t)).toBe(`warning: ${t.warnings[0]}\n`);
    });
  }

  it("a constant that may not be overridden is left alone, with a warning", () => {
    const t = loadTimeouts(fake, { STATUTE_LIMIT_MS: "1", STATUTE_C_MS: "1", STATUTE_UNRELATED: "x" });
    expect(t.values).toMatchObject({ LIMIT_MS: 5000, C_MS: 3000 });
    expect(t.warnings).toEqual(["STATUTE_C_MS ignored: C_MS may not be overridden (it is derived)", "STATUTE_LIMIT_MS ignored: LIMIT_MS may not be overridden"]);
  });

  it("an override that breaks a relation refuses to start, naming the relation and both sides", () => {
    let err: unknown;
    try {
      loadTimeouts(fake, { STATUTE_A_MS: "4000" });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(TimeoutsError);
    const e = err as TimeoutsError;
    expect(e.relation).toBe("Limit");
    expect(e.sides).toEqual({ left: "f.limit_ms = 5000", op: "<", right: "f.c_ms = 6000" });
    expect(e.message).toContain("relation Limit is violated");
    expect(e.message).toContain("STATUTE_A_MS=4000");
  });
});

const timeoutsModule = program.modules.find((m) => m.name === "timeouts");

describe.skipIf(timeoutsModule === undefined)("loadTimeouts on spec/timeouts.yaml", async () => {
  const m = timeoutsModule as NonNullable<typeof timeoutsModule>;
  const gen = await loadGen("timeouts");
  const defaults: Record<string, unknown> = {};
  for (const name of [...m.imports, "timeouts"]) Object.assign(defaults, await loadGen(name));
  const check = m.decisions.find((d) => d.name === "CheckTimeouts");
  // What the generated TypeScript does not expose yet, read here from the IR (test time only).
  const src: TimeoutsSource = {
    wire,
    module: "timeouts",
    gen,
    defaults,
    overridable: m.constants.filter((c) => c.overridable).map((c) => c.name),
    derived: Object.fromEntries(m.constants.flatMap((c) => (c.expr === null ? [] : [[c.name, printExpr(c.expr)]]))),
    guards: Object.fromEntries((check?.rules ?? []).flatMap((r) => (r.guard === null ? [] : [[r.rule, printExpr(r.guard)]]))),
  };

  it("the spec's values pass, and the runtime's derivation gives the generated derived values", () => {
    const t = loadTimeouts(src, {});
    for (const c of m.constants) expect(t.values[c.name], c.name).toBe(c.value);
    expect(t.warnings).toEqual([]);
  });

  it("a connect below the auth floor is refused as WorkerConnect with both sides", () => {
    expect(() => loadTimeouts(src, { STATUTE_WORKER_CONNECT_MS: "5000" })).toThrow(TimeoutsError);
    try {
      loadTimeouts(src, { STATUTE_WORKER_CONNECT_MS: "5000" });
    } catch (e) {
      expect((e as TimeoutsError).relation).toBe("WorkerConnect");
      expect((e as TimeoutsError).sides).toEqual({ left: "f.worker_connect_ms = 5000", op: "<", right: "f.worker_auth_floor_ms = 10000" });
    }
  });

  it("a long connect breaks the crash loop through the derived step (30 s + 200 s, six times, > 15 min)", () => {
    try {
      loadTimeouts(src, { STATUTE_WORKER_CONNECT_MS: "200000" });
      expect.unreachable();
    } catch (e) {
      expect((e as TimeoutsError).relation).toBe("CrashLoop");
      expect((e as TimeoutsError).sides?.right).toBe("(f.restart_max_failures + 1) * f.crash_loop_step_ms = 1380000");
    }
  });

  it("a longer answer phase moves the derived hold with it, so the relation still holds", () => {
    const t = loadTimeouts(src, { STATUTE_QUIESCE_ANSWER_MS: "6000", STATUTE_BUSY_REFRESH_MS: "garbage" });
    expect(t.values["QUIESCE_HOLD_MS"]).toBe(11_000);
    expect(t.values["BUSY_REFRESH_MS"]).toBe(300_000);
    expect(t.warnings).toHaveLength(1);
  });
});

describe.skipIf(timeoutsModule === undefined)("runtime/README.md", () => {
  it("lists exactly the overridable constants of spec/timeouts.yaml with their defaults", async () => {
    const { readFileSync } = await import("node:fs");
    const { join } = await import("node:path");
    const text = readFileSync(join(import.meta.dirname, "..", "..", "runtime", "README.md"), "utf8");
    const rows = [...text.matchAll(/^\| `STATUTE_([A-Z0-9_]+)` \| ([\d ]+) \|/gm)].map((r) => [r[1], Number((r[2] ?? "").replace(/ /g, ""))]);
    const m = timeoutsModule as NonNullable<typeof timeoutsModule>;
    expect(rows).toEqual(m.constants.filter((c) => c.overridable).map((c) => [c.name, c.value]));
  });
});
