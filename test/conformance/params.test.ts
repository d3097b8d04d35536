// The parameters issue's guards, on this repository's specs and generated code: no parameter
// (or constant derived from one) reaches a generated step or decision as a literal, or as a
// module-level binding a daemon could read instead of its instance's; the per-parameter check
// fails on generated code that ignores an override; the verdict-function check fails on a
// flipped comparison in an exported `verdict<D>` that no step calls.

import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { boundConstants } from "../../generator/check/params.js";
import { repoSpecs, Suite, settingsFromEnv, type GeneratedModule } from "../../generator/conformance/index.js";
import * as supervise from "../../generated/ts/supervise.js";

const root = join(import.meta.dirname, "..", "..");
const { program, schemas } = repoSpecs(root);
const settings = { ...settingsFromEnv({}), runs: 100 };

describe("parameters in generated TypeScript", () => {
  const bound = [...boundConstants(program)].map((k) => k.split(".")[1] as string);

  it("are never literals in generated code, nor module-level constants", () => {
    expect(bound).toEqual(expect.arrayContaining(["RESTART_WINDOW_MS", "WORKERS", "IDLE_EVICTION_MS", "BUSY_REFRESH_MS", "REVIVAL_MAX_AGE_MS", "CLIENT_RELAUNCH_WITHIN_MS"]));
    const dir = join(root, "generated", "ts");
    const found: string[] = [];
    for (const f of readdirSync(dir)) {
      const text = readFileSync(join(dir, f), "utf8");
      for (const name of bound) {
        if (new RegExp(`[0-9_]+ /\\* ${name} \\*/`).test(text)) found.push(`${f}: ${name} as a literal`);
        if (new RegExp(`^export const ${name}\\b`, "m").test(text)) found.push(`${f}: ${name} exported at module level`);
      }
    }
    expect(found).toEqual([]);
  });

  it("an instance refuses a value outside a parameter's range, or a name that is none, in words", () => {
    expect(() => supervise.instance({ RESTART_WINDOW_MS: 0 })).toThrow("RESTART_WINDOW_MS = 0 is outside its range 1..100000000000000");
    expect(supervise.checkParams({ WORKERS: 3 })).toMatch(/^no parameter WORKERS/);
    expect(supervise.checkParams({ RESTART_WINDOW_MS: 1.5 })).toMatch(/must be a whole number/);
  });

  it("the per-parameter check fails on generated code that ignores an override", () => {
    // The generated module, except that `instance` binds the defaults whatever it is given.
    const ignoring = { ...supervise, instance: () => supervise.instance() } as unknown as GeneratedModule;
    const suite = new Suite(program, "supervise", ignoring, schemas, settings);
    expect(() => suite.paramMatters("RESTART_WINDOW_MS")).toThrow(/changed no output, state or verdict .* the code does not read it/);
    // The real module passes the same check.
    new Suite(program, "supervise", supervise as unknown as GeneratedModule, schemas, settings).paramMatters("RESTART_WINDOW_MS");
  });

  it("the verdict-function check fails on a flipped comparison in verdictRestartDecide", () => {
    const wrong = (in_window: number, budget: number) => (in_window + 1 < budget ? { kind: "GiveUp" } : supervise.verdictRestartDecide(in_window, budget));
    const flipped = { ...supervise, verdictRestartDecide: wrong, instance: (p: object) => ({ ...supervise.instance(p), verdictRestartDecide: wrong }) } as unknown as GeneratedModule;
    expect(() => new Suite(program, "supervise", flipped, schemas, settings).verdicts()).toThrow(/verdictRestartDecide\(.*\) gives .*decideRestartDecide/);
    new Suite(program, "supervise", supervise as unknown as GeneratedModule, schemas, settings).verdicts();
  });
});
