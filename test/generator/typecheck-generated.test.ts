// Tests run what is generated: the emitted TypeScript (with the runtime it imports) must pass
// `tsc --noEmit` under strict, noUncheckedIndexedAccess and exactOptionalPropertyTypes.

import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { expect, it } from "vitest";

const root = join(import.meta.dirname, "..", "..");

it("generated/ts type-checks under the strict options", () => {
  const tsc = join(root, "node_modules", "typescript", "bin", "tsc");
  let output = "";
  try {
    output = execFileSync(process.execPath, [tsc, "--noEmit", "-p", "tsconfig.generated.json"], { cwd: root, encoding: "utf8" });
  } catch (e) {
    output = String((e as { stdout?: string }).stdout ?? e);
  }
  expect(output).toBe("");
}, 120_000);
