// Defect 4 of issue #12: docs full of line terminators (CR, U+2028, U+2029, NEL) and comment
// closers (`*/`, `-/`, `-->`) must not break any target. The real supervise spec is rewritten with
// such a doc in every doc slot, compiled and emitted; the TypeScript is type-checked with the
// compiler API under the project's strict options, the Lean comments must balance, every Markdown
// table row must stay on one line, and every schema must stay JSON.

import { mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import ts from "typescript";
import { isScalar, isSeq, parseDocument, visit } from "yaml";
import { describe, expect, it } from "vitest";
import { compileSpecs } from "../../generator/check/index.js";
import { emitAll } from "../../generator/emit/index.js";
import type { GeneratedFile } from "../../generator/emit/types.js";

const repo = join(import.meta.dirname, "..", "..");
const HOSTILE = "a\rb\r\nc\u2028d\u2029e\u0085f */ g /* h -/ i /- j --> k <!-- l | m ` n ${o} \\ p \" q \n r";
const DOC_KEYS = new Set(["doc", "secures", "adversary"]);

function hostileSpec(): string {
  const doc = parseDocument(readFileSync(join(repo, "spec", "supervise.yaml"), "utf8"));
  visit(doc, {
    Pair(_, pair) {
      if (!isScalar(pair.key) || !DOC_KEYS.has(String(pair.key.value))) return;
      pair.value = doc.createNode(HOSTILE);
    },
    Seq(_, seq) {
      if (isSeq(seq)) for (let i = 0; i < seq.items.length; i++) if (isScalar(seq.items[i]) && seq === doc.get("decided")) seq.items[i] = doc.createNode(HOSTILE);
    },
  });
  return `# yaml-language-server: $schema=../generator/spec.schema.json\n${doc.toString({ lineWidth: 0 })}`;
}

function emitHostile(): { root: string; files: GeneratedFile[] } {
  const root = mkdtempSync(join(tmpdir(), "statute-docs-"));
  mkdirSync(join(root, "spec"));
  writeFileSync(join(root, "spec", "supervise.yaml"), hostileSpec());
  const r = compileSpecs(root);
  if (!r.ok) throw new Error(`the hostile spec does not compile: ${JSON.stringify(r.diagnostics.slice(0, 2))}`);
  const docs = r.program.modules[0]?.constants[0]?.doc ?? "";
  expect(docs).toContain("\u2028");
  return { root, files: emitAll(r.program, { proofs: new Map() }) };
}

describe("hostile docs (issue #12, defect 4)", () => {
  const { root, files } = emitHostile();
  const of = (prefix: string) => files.filter((f) => f.path.startsWith(prefix));

  it("the generated TypeScript type-checks under the strict options", () => {
    for (const f of of("ts/")) {
      const full = join(root, "generated", f.path);
      mkdirSync(dirname(full), { recursive: true });
      writeFileSync(full, f.content);
    }
    symlinkSync(join(repo, "runtime"), join(root, "runtime"));
    symlinkSync(join(repo, "node_modules"), join(root, "node_modules"));
    writeFileSync(join(root, "package.json"), '{ "type": "module" }\n');
    const config = ts.readConfigFile(join(repo, "tsconfig.json"), (p) => ts.sys.readFile(p));
    const parsed = ts.parseJsonConfigFileContent(config.config, ts.sys, repo);
    const program = ts.createProgram(of("ts/").map((f) => join(root, "generated", f.path)), { ...parsed.options, noEmit: true, noUnusedLocals: false });
    const diags = ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, "\n"));
    expect(diags).toEqual([]);
  }, 120_000);

  it("no generated file holds a CR, U+2028 or U+2029 (NEL ends no line in any target)", () => {
    for (const f of files) expect(f.content, f.path).not.toMatch(/[\r\u2028\u2029]/);
  });

  it("Lean block comments balance (a doc cannot close or open one)", () => {
    for (const f of of("lean/")) {
      const opens = f.content.match(/\/-/g)?.length ?? 0;
      const closes = f.content.match(/-\//g)?.length ?? 0;
      expect(opens, f.path).toBe(closes);
    }
  });

  it("every Markdown table row stays one row, and no HTML comment opens", () => {
    for (const f of of("docs/")) {
      expect(f.content.split("\n").slice(1).join("\n"), f.path).not.toContain("<!--");
      for (const line of f.content.split("\n")) if (line.startsWith("|")) expect(line.trimEnd(), `${f.path}: ${line}`).toMatch(/\|$/);
    }
  });

  it("every schema is JSON", () => {
    for (const f of of("schema/")) expect(() => JSON.parse(f.content), f.path).not.toThrow();
  });
});
