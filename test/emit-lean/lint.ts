// Test helper (Lean emitter): structural properties every generated Lean file must have:
// statements and theorems present, names unique and valid, lines <= 100, no forbidden
// constructs, balanced brackets, a doc comment before every declaration. Used by
// structure.test.ts (fixtures) and spec.test.ts (the real spec/*.yaml).

import { describe, expect, it } from "vitest";
import { emitLean } from "../../generator/emit/lean/index.js";
import { LEAN_IDENT, exampleName, lawName, moduleNamespace, modulePath } from "../../generator/emit/lean/names.js";
import { stripComments } from "../../generator/emit/lean/proofs.js";
import { doNotEdit } from "../../generator/emit/types.js";
import type { Program } from "../../generator/ir/module.js";

/** Lean code with comments and string literals blanked out. */
function code(text: string): string {
  return stripComments(text).replace(/"(?:[^"\\\n]|\\.)*"/g, '""').replace(/'(?:\\[^'\n]+|[^'\\\n])'/g, "''");
}

function declarations(text: string): { kind: string; name: string; line: number }[] {
  const out: { kind: string; name: string; line: number }[] = [];
  text.split("\n").forEach((l, i) => {
    const m = /^(def|theorem|inductive|structure) ([^\s:(]+)/.exec(l);
    if (m) out.push({ kind: m[1] ?? "", name: m[2] ?? "", line: i });
  });
  return out;
}

export function checkProgram(label: string, program: Program): void {
  const files = emitLean(program, {});
  describe(`lean structure (${label})`, () => {
    it("writes a file per module plus the root importing every module", () => {
      const paths = files.map((f) => f.path);
      for (const m of program.modules) expect(paths).toContain(modulePath(m.name));
      const root = files.find((f) => f.path === "lean/Statute.lean")?.content ?? "";
      for (const m of program.modules) expect(root).toContain(`\nimport ${moduleNamespace(m.name)}\n`);
    });

    for (const m of program.modules) {
      const text = files.find((f) => f.path === modulePath(m.name))?.content ?? "";
      const lines = text.split("\n");
      const decls = declarations(text);
      const names = decls.map((d) => d.name);

      it(`${m.name}: starts with the do-not-edit header and wraps everything in its namespace`, () => {
        expect(lines[0]).toBe(doNotEdit(m.file, "--"));
        const ns = moduleNamespace(m.name);
        expect(lines.filter((l) => l === `namespace ${ns}`)).toHaveLength(1);
        expect(text.endsWith(`\nend ${ns}\n`)).toBe(true);
        expect(text).toMatch(/\n\/-!\n[\s\S]*?\n-\/\n/);
      });

      it(`${m.name}: LF only, trailing newline, no tabs or trailing spaces, lines <= 100`, () => {
        expect(text).not.toMatch(/\r|\t| \n/);
        expect(text.endsWith("\n")).toBe(true);
        const long = lines.filter((l) => [...l].length > 100);
        expect(long).toEqual([]);
      });

      it(`${m.name}: has a _stmt def for every law but wire/ffi ones, and one theorem per example`, () => {
        for (const law of m.laws) {
          const stated = law.body.kind !== "wire" && law.body.kind !== "ffi";
          expect(lines.includes(`def ${lawName(law.ident)} : Prop :=`)).toBe(stated);
        }
        for (const ex of m.examples) {
          expect(lines).toContain(`theorem ${exampleName(ex.name)} :`);
          const start = lines.indexOf(`theorem ${exampleName(ex.name)} :`);
          const end = lines.findIndex((l, i) => i > start && l === "  decide");
          expect(end).toBeGreaterThan(start);
          expect(lines[end - 1]?.endsWith(" := by")).toBe(true);
        }
      });

      it(`${m.name}: declaration names are unique, valid Lean identifiers, with a doc comment`, () => {
        expect(new Set(names).size).toBe(names.length);
        for (const d of decls) {
          expect(d.name).toMatch(LEAN_IDENT);
          expect(lines[d.line - 1]?.endsWith("-/")).toBe(true);
        }
      });

      it(`${m.name}: uses no sorry, omega, termination_by, Mathlib, import Lean or .ctor shorthand`, () => {
        const c = code(text);
        expect(c).not.toMatch(/\b(sorry|admit|omega|termination_by|decreasing_by|native_decide|partial|Mathlib)\b/);
        expect(c).not.toMatch(/^import (?!Statute\.)/m);
        // A leading dot after a space, bracket, comma or operator is the `.ctor` shorthand;
        // projections (`s.failures`, `(x).1`) follow an identifier or a closing bracket.
        expect(c).not.toMatch(/(^|[\s(\[{,:=>|])\.[A-Za-z_]/m);
      });

      it(`${m.name}: brackets balance outside comments and strings`, () => {
        const c = code(text);
        const stack: string[] = [];
        const pairs: Record<string, string> = { ")": "(", "]": "[", "}": "{" };
        for (const ch of c) {
          if (ch === "(" || ch === "[" || ch === "{") stack.push(ch);
          else if (ch in pairs) expect(stack.pop()).toBe(pairs[ch]);
        }
        expect(stack).toEqual([]);
      });
    }
  });
}
