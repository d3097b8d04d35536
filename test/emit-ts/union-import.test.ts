// The TypeScript emitter imports a type of another module that is used only in a field of a
// union variant (the imports are gathered from what the declarations printed); the fixture
// (test/emit-ts/fixtures-import/spec) has no other use of the type, so a missing import shows
// as a type error and as an absent import line.

import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { compileSpecs } from "../../generator/check/index.js";
import { emitTs } from "../../generator/emit/ts/index.js";
import { typeErrors } from "./harness.js";

const r = compileSpecs(join(import.meta.dirname, "fixtures-import"));
if (!r.ok) throw new Error(`fixtures-import does not compile: ${JSON.stringify(r.diagnostics[0])}`);
const files = emitTs(r.program, {});
const brush = files.find((f) => f.path === "ts/brush.ts")?.content ?? "";

describe("emitTs imports", () => {
  it("imports a cross-module type used only in a union field", () => {
    expect(brush).toContain('readonly color: Color');
    expect(brush.split("\n").filter((l) => l.startsWith("import "))).toEqual(['import type { Color } from "./paint.js";']);
  });

  it("type-checks", () => {
    expect(typeErrors(files)).toEqual([]);
  });
});
