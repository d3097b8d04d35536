// Tests of the Lean emitter: golden text of the fixture program and determinism. Goldens live in
// test/emit-lean/golden/<path under generated/>; accept changes with
// `UPDATE_GOLDEN=1 npx vitest run test/emit-lean` and review them line by line.

import { mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { emitLean } from "../../generator/emit/lean/index.js";
import { program } from "./fixture.js";

const GOLDEN = join(dirname(fileURLToPath(import.meta.url)), "golden");
const update = process.env["UPDATE_GOLDEN"] === "1";
const ctx = {};

function goldenFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? goldenFiles(p) : [relative(GOLDEN, p).split("\\").join("/")];
  });
}

describe("lean emitter golden", () => {
  const files = emitLean(program, ctx);

  it("emits one file per module and the root", () => {
    expect(files.map((f) => f.path)).toEqual(["lean/Statute.lean", "lean/Statute/Supervise.lean", "lean/Statute/Timeouts.lean"]);
  });

  for (const f of files) {
    it(`matches golden ${f.path}`, () => {
      const path = join(GOLDEN, f.path);
      if (update) {
        mkdirSync(dirname(path), { recursive: true });
        writeFileSync(path, f.content);
      }
      expect(f.content).toBe(readFileSync(path, "utf8"));
    });
  }

  it("has no golden file without a generated file", () => {
    expect(goldenFiles(GOLDEN).sort()).toEqual(files.map((f) => f.path).sort());
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
