// Effective timeouts from generated code alone (no spec text): overrides of the bases marked
// `param: env` in plain digits only, warnings for anything else and for unknown names, the
// generated `deriveConstants` for derived values, the wire's cap as "never", and the relations an
// override can break re-checked by CheckTimeouts, refusing to start with the relation in words.
// Also pins defect 11 of issue #12 (overrides) and #10 item 8 (timeouts).

import { readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatWarnings, loadTimeouts, TimeoutsError, timeoutsSourceOf, type GeneratedConstants } from "../../runtime/index.js";
import { loadGen, program, wire } from "./specs.js";

const m = program.modules.find((x) => x.name === "timeouts");
if (m === undefined) throw new Error("spec/timeouts.yaml is missing");
const gen = (await loadGen("timeouts")) as GeneratedConstants;
const imported = (await Promise.all(m.imports.map((n) => loadGen(n)))) as GeneratedConstants[];
const src = timeoutsSourceOf(wire, "timeouts", gen, imported);
const WIRE_MAX = 100_000_000_000_000;

function refusal(env: Record<string, string>): TimeoutsError {
  try {
    loadTimeouts(src, env);
  } catch (e) {
    if (e instanceof TimeoutsError) return e;
    throw e;
  }
  throw new Error(`no refusal for ${JSON.stringify(env)}`);
}

describe("loadTimeouts on the generated timeouts module", () => {
  it("the spec's values pass, and the generated derivation gives the generated derived values", () => {
    const t = loadTimeouts(src, {});
    for (const c of m.constants) expect(t.values[c.name], c.name).toBe(c.value);
    expect(t.warnings).toEqual([]);
    expect(t.never).toEqual([]);
  });

  it("an override replaces its base and every derived value follows", () => {
    const t = loadTimeouts(src, { STATUTE_KERNEL_SHUTDOWN_MS: "7000" });
    expect(t.overridden).toEqual({ KERNEL_SHUTDOWN_MS: 7000 });
    expect(t.values).toMatchObject({ KERNEL_TEARDOWN_MS: 8000, STOP_GRACE_MS: 13_000, WORKER_STOP_MS: 16_000, PARENT_KILL_MS: 46_000 });
  });

  it("relations that hold by definition hold for every override (derived, not checked at run time)", () => {
    const names = m.constants.filter((c) => c.overridable).map((c) => c.name);
    fc.assert(
      fc.property(fc.dictionary(fc.constantFrom(...names), fc.nat({ max: 1e12 }).map(String)), (env) => {
        const prefixed = Object.fromEntries(Object.entries(env).map(([k, v]) => [`STATUTE_${k}`, v]));
        let t;
        try {
          t = loadTimeouts(src, prefixed);
        } catch (e) {
          expect(e).toBeInstanceOf(TimeoutsError);
          return;
        }
        const v = t.values as Record<string, number>;
        const atMost = (x: number) => Math.min(x, WIRE_MAX);
        expect(v["STOP_GRACE_MS"]).toBe(atMost((v["KERNEL_TEARDOWN_MS"] as number) + (v["HARNESS_CLOSE_MS"] as number)));
        expect(v["LAUNCHER_WAIT_MS"]).toBeGreaterThanOrEqual(v["SUPERVISOR_DRAIN_MS"] as number);
        expect(v["PARENT_KILL_MS"]).toBe(atMost((v["ROUTE_TIMEOUT_MS"] as number) + (v["WORKER_STOP_MS"] as number)));
        expect(v["REVIVAL_MAX_AGE_MS"]).toBe(atMost((v["REVIVE_WITHIN_MS"] as number) + (v["BUSY_REFRESH_MS"] as number)));
        expect(v["QUIESCE_HOLD_MS"]).toBe(atMost((v["QUIESCE_ANSWER_MS"] as number) + (v["QUIESCE_COMMIT_MS"] as number)));
      }),
      { numRuns: 300, seed: 11 },
    );
    const rules = m.decisions.find((d) => d.name === "CheckTimeouts")?.rules.map((r) => r.rule) ?? [];
    for (const r of ["stop_grace", "launcher_wait", "parent_kill", "busy_evidence", "quiesce_hold"]) expect(rules).not.toContain(`CheckTimeouts.${r}`);
  });

  it("a violated relation refuses to start, named in words with both sides and the override", () => {
    const e = refusal({ STATUTE_WORKER_CONNECT_MS: "5000" });
    expect(e.relation).toBe("WorkerConnect");
    expect(e.sides).toEqual({ left: 5000, right: 10_000 });
    expect(e.message).toBe(
      "timeouts: relation WorkerConnect is violated: a worker's connect covers its auth floor (5000 against 10000) (overrides in effect: STATUTE_WORKER_CONNECT_MS=5000); refusing to start",
    );
  });

  it("a long connect breaks the crash loop through the derived step (30 s + 200 s, six times, > 15 min)", () => {
    const e = refusal({ STATUTE_WORKER_CONNECT_MS: "200000" });
    expect(e.relation).toBe("CrashLoop");
    expect(e.sides).toEqual({ left: 900_000, right: 1_380_000 });
  });

  it("a zero backoff base or refresh interval (a busy loop) is refused by the spec's minimum", () => {
    expect(refusal({ STATUTE_REGISTRATION_BACKOFF_BASE_MS: "0" }).relation).toBe("BackoffBase");
    expect(refusal({ STATUTE_BUSY_REFRESH_MS: "0" }).relation).toBe("BusyRefresh");
    expect(loadTimeouts(src, { STATUTE_REGISTRATION_BACKOFF_BASE_MS: "1" }).values["REGISTRATION_BACKOFF_BASE_MS"]).toBe(1);
  });

  it("a window above the wire's range means never, also for an operator (no fallback to the default)", () => {
    const t = loadTimeouts(src, { STATUTE_WORKER_LOST_EXIT_DEFAULT_MS: "999999999999999999999" });
    expect(t.values["WORKER_LOST_EXIT_DEFAULT_MS"]).toBe(WIRE_MAX);
    expect(t.never).toEqual(["WORKER_LOST_EXIT_DEFAULT_MS"]);
    expect(t.warnings).toEqual([]);
    expect(formatWarnings(t)).toBe("note: WORKER_LOST_EXIT_DEFAULT_MS is above the wire's range: never\n");
    // Never covers never: a re-registration of never is covered by a lost exit of never.
    const both = loadTimeouts(src, { STATUTE_WORKER_LOST_EXIT_DEFAULT_MS: String(WIRE_MAX), STATUTE_REGISTRATION_RESPONSE_MS: String(WIRE_MAX) });
    expect(both.values["REREGISTRATION_MS"]).toBe(WIRE_MAX);
  });
});

describe("overrides are plain digits, names are checked (issue #12, defect 11)", () => {
  for (const bad of [" 45000", "45000 ", "\ufeff45000", "45000\u00a0", "45000\u2028", "\t1", "abc", "-5", "1.5", "NaN", "", "1e3", "0x10", "Infinity", "45s", "+5"]) {
    it(`${JSON.stringify(bad)} is refused with a warning and the default kept`, () => {
      const t = loadTimeouts(src, { STATUTE_WORKER_CONNECT_MS: bad });
      expect(t.values["WORKER_CONNECT_MS"]).toBe(30_000);
      expect(t.warnings).toHaveLength(1);
      expect(t.warnings[0]).toMatch(/^STATUTE_WORKER_CONNECT_MS=".*" ignored: .*; using the default$/);
      expect(t.warnings[0]).not.toMatch(/[\u2028\ufeff\u00a0]/);
    });
  }

  it("a misspelled name is warned about with a suggestion; a derived or fixed one too", () => {
    const t = loadTimeouts(src, { STATUTE_WORKER_CONECT_MS: "1", STATUTE_STOP_GRACE_MS: "1", STATUTE_WIRE_MAX_MS: "1" });
    expect(t.warnings).toEqual([
      "STATUTE_STOP_GRACE_MS ignored: STOP_GRACE_MS may not be overridden (it is derived)",
      "STATUTE_WIRE_MAX_MS ignored: WIRE_MAX_MS may not be overridden",
      "STATUTE_WORKER_CONECT_MS ignored: no timeout of timeouts is named WORKER_CONECT_MS; did you mean STATUTE_WORKER_CONNECT_MS?",
    ]);
    expect(t.values["WORKER_CONNECT_MS"]).toBe(30_000);
  });

  it("a 100 000-character value is not echoed whole", () => {
    const t = loadTimeouts(src, { STATUTE_WORKER_CONNECT_MS: "x".repeat(100_000) });
    expect(t.warnings[0]?.length).toBeLessThan(200);
    expect(t.warnings[0]).toContain("(100000 characters)");
  });
});

describe("daemon/TIMEOUTS.md", () => {
  it("lists exactly the overridable constants of spec/timeouts.yaml with their defaults", () => {
    const text = readFileSync(join(import.meta.dirname, "..", "..", "daemon", "TIMEOUTS.md"), "utf8");
    const rows = [...text.matchAll(/^\| `STATUTE_([A-Z0-9_]+)` \| ([\d ]+) \|/gm)].map((r) => [r[1], Number((r[2] ?? "").replace(/ /g, ""))]);
    expect(rows).toEqual(m.constants.filter((c) => c.overridable).map((c) => [c.name, c.value]));
  });

  it("generated TypeScript holds no spec-syntax strings for the runtime, and runtime/ no expression parser", () => {
    const ts = readFileSync(join(import.meta.dirname, "..", "..", "generated", "ts", "timeouts.ts"), "utf8");
    expect(ts).not.toMatch(/guards:|derived: "/);
    expect(ts).not.toMatch(/"f\.[a-z_]+ [<>]/);
  });
});

describe("the runtime reads the spec's attributes, not names (issue #11, item 6)", () => {
  it("the decision asked and the constant each fact reads come from override_check", () => {
    expect(gen.overrideCheck?.decision).toBe("CheckTimeouts");
    expect(gen.overrideCheck?.accept).toBe("Ordered");
    const d = m.decisions.find((x) => x.overrideCheck !== null);
    expect(Object.entries(gen.overrideCheck?.facts ?? {})).toEqual(d?.overrideCheck?.facts.map((f) => [f.field, f.constant.name]));
  });

  it("a module without override_check is not checked; without a wire_bound the cap is 10^14", () => {
    const { overrideCheck: _check, wireBound: _bound, ...bare } = gen;
    const plain = timeoutsSourceOf(wire, "timeouts", bare, imported);
    expect(loadTimeouts(plain, { STATUTE_WORKER_CONNECT_MS: "5000" }).values["WORKER_CONNECT_MS"]).toBe(5000);
    expect(loadTimeouts(plain, { STATUTE_WORKER_CONNECT_MS: String(2 * WIRE_MAX) }).values["WORKER_CONNECT_MS"]).toBe(WIRE_MAX);
  });

  it("the wire bound is the constant marked wire_bound, whatever its name", () => {
    const renamed: GeneratedConstants = { ...gen, wireBound: "WORKER_CONNECT_MS" };
    // The cap is now 30 s: a longer connect means never and is taken as the cap (and every
    // timeout past 30 s is capped too, so the lost worker's relation breaks).
    expect(() => loadTimeouts(timeoutsSourceOf(wire, "timeouts", renamed, imported), { STATUTE_WORKER_CONNECT_MS: "40000" })).toThrow(
      /relation LostWorker is violated: .* \(30000 against 90000\) \(overrides in effect: STATUTE_WORKER_CONNECT_MS=30000 \(never\)\)/,
    );
  });
});
