// The TypeScript emitter lays its code out itself (generator/emit/ts/layout.ts), so `statute gen`
// never loads the TypeScript compiler. The oracle is TypeScript's own formatter (through
// ts-morph, a dev dependency): formatting what the emitter printed changes nothing, on every
// spec folder of this repository (ours, the bench's specs of other shapes, the fixtures), and on
// hand-written code that exercises each rule of the layout from unindented lines.

import { readdirSync } from "node:fs";
import { join, relative } from "node:path";
import { IndentationText, NewLineKind, Project, QuoteKind } from "ts-morph";
import { describe, expect, it } from "vitest";
import { compileSpecs } from "../../generator/check/index.js";
import { emitTs } from "../../generator/emit/ts/index.js";
import { layout } from "../../generator/emit/ts/layout.js";

const ROOT = join(import.meta.dirname, "..", "..");

const project = new Project({
  useInMemoryFileSystem: true,
  manipulationSettings: { indentationText: IndentationText.TwoSpaces, newLineKind: NewLineKind.LineFeed, quoteKind: QuoteKind.Double },
});

/** `text` as TypeScript's formatter lays it out (two spaces; trailing spaces dropped, as the emitter does). */
let files = 0;
function formatted(text: string): string {
  // A new name each time: the language service behind formatText caches files by name.
  const file = project.createSourceFile(`f${files++}.ts`, text);
  file.formatText({ indentSize: 2, convertTabsToSpaces: true, ensureNewLineAtEndOfFile: true });
  const out = file.getFullText().replace(/[ \t]+$/gm, "");
  project.removeSourceFile(file);
  return out;
}

/** Every folder under `dir` holding `.yaml` files, beside the ones known not to compile. */
function specFolders(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string): void => {
    const entries = readdirSync(d, { withFileTypes: true });
    if (entries.some((e) => e.isFile() && e.name.endsWith(".yaml"))) out.push(d);
    for (const e of entries) if (e.isDirectory() && !["node_modules", "invalid", "broken", "generated"].includes(e.name)) walk(join(d, e.name));
  };
  walk(dir);
  return out;
}

const folders = ["spec", "bench", "fixtures", "test"].flatMap((d) => specFolders(join(ROOT, d)));

describe("the TypeScript layout against TypeScript's formatter", () => {
  it("finds spec folders of several shapes to judge by", () => {
    const names = folders.map((f) => relative(ROOT, f));
    expect(names).toContain("spec");
    expect(names).toContain(join("bench", "specs"));
    expect(names.length).toBeGreaterThan(8);
  });

  it("the formatter changes nothing in any emitted file", () => {
    let judged = 0;
    for (const folder of folders) {
      const files = readdirSync(folder).filter((f) => f.endsWith(".yaml")).map((f) => relative(ROOT, join(folder, f)));
      const r = compileSpecs(ROOT, files);
      if (!r.ok) continue; // a folder of specs that import from elsewhere, or meant to fail
      for (const f of emitTs(r.program, {})) {
        expect(formatted(f.content), `${relative(ROOT, folder)}: ${f.path}`).toBe(f.content);
        judged++;
      }
    }
    expect(judged).toBeGreaterThan(25);
  });

  const cases: Record<string, string> = {
    "nested brackets, several opened on one line": "function f(): number {\nreturn g(1, {\na: [\n1,\n2,\n],\nb: h(\n3,\n),\n});\n}\n",
    "a closing line that opens again": "function f(x: boolean): number {\nif (x) {\nreturn 1;\n} else {\nreturn 2;\n}\n}\n",
    "case clauses, with and without a block": 'function f(k: string): number {\nswitch (k) {\ncase "a":\nreturn 1;\ncase "b": {\nconst y = 2;\nreturn y;\n}\ndefault:\nreturn 0;\n}\n}\n',
    "a union continued after `=`, with docs and a member over lines": 'export type T =\n/** one */\n| { readonly kind: "A" }\n| {\nreadonly kind: "B";\n/** doc */\nreadonly n: number;\n};\n\nexport const x = 1;\n',
    "brackets inside strings, templates and comments": 'export function f(a: string): string {\n// a { in a comment\nconst s = "}{" + \'(\' + `[${a}]`; /* ) */\nreturn s;\n}\n',
    "a block comment keeps its lines' offsets": "function f(): void {\n/**\n * doc {\n *   indented\n */\nreturn;\n}\n",
  };
  for (const [name, flat] of Object.entries(cases)) {
    it(`lays out ${name} as the formatter does`, () => {
      const mine = layout(flat);
      expect(mine).toBe(formatted(flat));
      expect(mine).not.toBe(flat); // each case needs indenting: it judges something
    });
  }
});
