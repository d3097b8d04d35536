// CLI `statute proofs [--formal DIR]`: what the hand-written Lean project in formal/ claims about
// each law's statement: a proof, an open proof (`sorry`), or none. Read here and nowhere else, so
// generated/ never depends on formal/. Every proof is a candidate until `lake build` checks it.

import { join } from "node:path";
import { leanLaws } from "../emit/lean/laws.js";
import { type ProofStatus, readProofStatus } from "../emit/lean/proofs.js";
import { lawReadsParams } from "../emit/lean/params.js";
import type { Io } from "./gen.js";
import { compileProject } from "./project.js";

export function proofs(root: string, formal: string, io: Io): number {
  const result = compileProject(root, io);
  if (result === null) return 1;
  const status = readProofStatus(join(root, formal));
  const rows = result.program.modules.map((m) => {
    const laws = leanLaws(m);
    const named = (s: ProofStatus | undefined) => laws.filter((l) => status.get(l.ident) === s).map((l) => l.name);
    const [proved, defaults, open, none] = [named("proved"), named("defaults"), named("open"), named(undefined)];
    const over = laws.filter((l) => lawReadsParams(result.program, m, l)).length;
    const runtime = m.laws.length - laws.length;
    const detail = [
      defaults.length ? `at the defaults only: ${defaults.join(", ")}` : "",
      open.length ? `open: ${open.join(", ")}` : "",
      none.length ? `no theorem: ${none.join(", ")}` : "",
    ].filter(Boolean).join("; ");
    const params = over > 0 ? ` (${over} stated over parameters)` : "";
    return `  ${m.name}: ${laws.length} Lean statements${params}, ${proved.length} with a candidate proof for all parameters, ${defaults.length} at the defaults only, ${open.length} open (sorry), ${none.length} without a theorem${runtime ? `; ${runtime} wire/ffi laws checked by the TypeScript tests` : ""}${detail ? ` (${detail})` : ""}`;
  });
  io.out(`laws (a proof in ${formal}/ is a candidate until \`lake build\` in ${formal}/ has checked it; "for all parameters" means every parameters record in its ranges, "at the defaults only" a theorem <law>_at_defaults):\n${rows.join("\n")}\n`);
  return 0;
}
