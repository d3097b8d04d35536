// Tests of the Lean emitter on the text fixture fixtures/gen/budget: the files it emits and
// determinism. Its golden text is the lean/ part of that case's snapshot
// (fixtures/gen/budget/generated/lean, test/generator/snapshots.test.ts; accept changes with
// `npm run fixtures:accept` and review them line by line).

import { describe, expect, it } from "vitest";
import { emitLean } from "../../generator/emit/lean/index.js";
import { program } from "./fixture.js";

const ctx = {};

describe("lean emitter files", () => {
  it("emits one file per module and the root", () => {
    expect(emitLean(program, ctx).map((f) => f.path)).toEqual(["lean/Statute.lean", "lean/Statute/Supervise.lean", "lean/Statute/Timeouts.lean"]);
  });
});

describe("lean emitter determinism", () => {
  it("emits the same bytes twice, and from a deep copy of the program", () => {
    const a = emitLean(program, ctx);
    const b = emitLean(program, ctx);
    const c = emitLean(JSON.parse(JSON.stringify(program)), ctx);
    expect(b).toEqual(a);
    expect(c).toEqual(a);
  });

  it("states no wire or ffi law and writes no proof status (generated/ depends on spec/ only)", () => {
    const text = emitLean(program, ctx).find((f) => f.path === "lean/Statute/Supervise.lean")?.content ?? "";
    const runtimeLaws = program.modules.flatMap((m) => m.laws).filter((l) => l.body.kind === "wire" || l.body.kind === "ffi");
    expect(runtimeLaws.length).toBeGreaterThan(0);
    for (const law of runtimeLaws) expect(text).not.toContain(`def ${law.ident}_stmt`);
    expect(text).toContain("def restart_gives_up_stmt");
    expect(text).not.toMatch(/formal\/|sorry/);
  });
});
