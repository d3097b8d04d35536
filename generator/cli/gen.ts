// CLI `statute gen [--check]`: compile every spec, render every target in memory, then write
// (or, with --check, compare). Nothing is written unless the whole program compiled and every
// target rendered, so a spec error leaves generated/ exactly as it was.

import { join } from "node:path";
import { compileSpecs } from "../check/index.js";
import { formatDiagnostics } from "../diagnostics/format.js";
import { emitAll } from "../emit/index.js";
import { readProofStatus } from "../emit/lean/proofs.js";
import type { GeneratedFile } from "../emit/types.js";
import type { Program } from "../ir/module.js";
import { readStrength, STRENGTH_FILE } from "../mutate/report.js";
import { diffTree, writeTree } from "./tree.js";

export interface Io {
  out(text: string): void;
  err(text: string): void;
}

/** Compile and render; on spec errors print them and return null. */
export function render(root: string, io: Io): { program: Program; files: GeneratedFile[]; proofs: ReadonlyMap<string, "proved" | "open"> } | null {
  const result = compileSpecs(root);
  if (!result.ok) {
    io.err(formatDiagnostics(result.diagnostics, result.texts));
    return null;
  }
  const proofs = readProofStatus(join(root, "formal"));
  const strength = readStrength(join(root, "spec", STRENGTH_FILE));
  const files = emitAll(result.program, { proofs, strength });
  return { program: result.program, files, proofs };
}

/** One line per module: how many laws formal/ proves, leaves open (sorry), or has no proof for. */
function proofSummary(program: Program, proofs: ReadonlyMap<string, "proved" | "open">): string {
  const lines = program.modules.map((m) => {
    const count = (s: "proved" | "open" | undefined) => m.laws.filter((l) => proofs.get(l.ident) === s).length;
    const open = m.laws.filter((l) => proofs.get(l.ident) === "open").map((l) => l.name);
    const missing = m.laws.filter((l) => proofs.get(l.ident) === undefined).map((l) => l.name);
    const detail = [open.length ? `open: ${open.join(", ")}` : "", missing.length ? `no theorem: ${missing.join(", ")}` : ""].filter(Boolean).join("; ");
    return `  ${m.name}: ${m.laws.length} laws stated, ${count("proved")} with a proof in formal/, ${count("open")} open (sorry), ${count(undefined)} without a theorem${detail ? ` (${detail})` : ""}`;
  });
  return `laws (a proof in formal/ is a candidate until lake build checks it; no Lean toolchain here):\n${lines.join("\n")}\n`;
}

export function gen(root: string, args: readonly string[], io: Io): number {
  const check = args.includes("--check");
  const rendered = render(root, io);
  if (!rendered) return 1;
  const dir = join(root, "generated");
  if (check) {
    const d = diffTree(dir, rendered.files);
    const lines = [...d.changed.map((p) => `changed: generated/${p}`), ...d.missing.map((p) => `missing: generated/${p}`), ...d.extra.map((p) => `extra:   generated/${p}`)];
    if (lines.length === 0) {
      io.out(`generated/ is up to date (${rendered.files.length} files)\n`);
      return 0;
    }
    io.err(`generated/ differs from what spec/ generates:\n${lines.join("\n")}\nrun \`npm run gen\` and commit the result; never edit generated/ by hand\n`);
    return 1;
  }
  const d = writeTree(dir, rendered.files);
  const touched = d.changed.length + d.missing.length + d.extra.length;
  io.out(`generated ${rendered.files.length} files from ${rendered.program.modules.length} modules (${touched} written or removed)\n`);
  io.out(proofSummary(rendered.program, rendered.proofs));
  return 0;
}
