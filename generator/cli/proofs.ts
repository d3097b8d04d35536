// CLI `statute proofs [--formal DIR]`: what the hand-written Lean project in formal/ claims about
// each law's statement: a proof, an open proof (`sorry`), or none. Read here and nowhere else, so
// generated/ never depends on formal/. Every proof is a candidate until `lake build` checks it.

import { join } from "node:path";
import { leanLaws } from "../emit/lean/laws.js";
import { readProofStatus } from "../emit/lean/proofs.js";
import type { Io } from "./gen.js";
import { compileProject } from "./project.js";

export function proofs(root: string, formal: string, io: Io): number {
  const result = compileProject(root, io);
  if (result === null) return 1;
  const status = readProofStatus(join(root, formal));
  const rows = result.program.modules.map((m) => {
    const laws = leanLaws(m);
    const named = (s: "proved" | "open" | undefined) => laws.filter((l) => status.get(l.ident) === s).map((l) => l.name);
    const [proved, open, none] = [named("proved"), named("open"), named(undefined)];
    const runtime = m.laws.length - laws.length;
    const detail = [open.length ? `open: ${open.join(", ")}` : "", none.length ? `no theorem: ${none.join(", ")}` : ""].filter(Boolean).join("; ");
    return `  ${m.name}: ${laws.length} Lean statements, ${proved.length} with a candidate proof, ${open.length} open (sorry), ${none.length} without a theorem${runtime ? `; ${runtime} wire/ffi laws checked by the TypeScript tests` : ""}${detail ? ` (${detail})` : ""}`;
  });
  io.out(`laws (a proof in ${formal}/ is a candidate until \`lake build\` in ${formal}/ has checked it):\n${rows.join("\n")}\n`);
  return 0;
}
