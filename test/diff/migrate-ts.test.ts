// The generated `migrate<Machine>` (fixtures/gen/migrate, the field-added edit of the diff
// fixtures) equals the interpreter's migration on every state the base release reaches, and the
// machine registry carries it for the daemon.

import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { compileSpecs } from "../../generator/check/index.js";
import { migrateState, reachOld } from "../../generator/diff/state.js";
import type { Program } from "../../generator/ir/module.js";
import * as meter from "../../fixtures/gen/migrate/generated/ts/meter.js";

const root = join(import.meta.dirname, "..", "..");
const compile = (file: string): Program => {
  const r = compileSpecs(root, [file]);
  if (!r.ok) throw new Error(file);
  return r.program;
};

describe("generated migration", () => {
  it("equals the interpreter's on every old reachable state", () => {
    const base = compile("fixtures/diff/base/meter.yaml");
    const now = compile("fixtures/gen/migrate/spec/meter.yaml");
    const side = { program: now, module: now.modules[0] as Program["modules"][number] };
    const machine = side.module.machines[0];
    if (!machine) throw new Error("no machine");
    const states = reachOld({ program: base, module: base.modules[0] as Program["modules"][number] }).get("Meter")?.states ?? [];
    expect(states.length).toBeGreaterThan(10);
    for (const s of states) {
      const want = migrateState(side, machine, s);
      expect(want.ok).toBe(true);
      expect(meter.migrateMeter(s as never)).toEqual(want.ok ? want.state : null);
      expect(meter.machines.Meter.migrate(s as never)).toEqual(want.ok ? want.state : null);
    }
  });
});
