// CLI `statute proofs [--formal DIR] [--record RESULT --checker TEXT]`: what the hand-written Lean
// project in formal/ claims about each law's statement (a proof for all parameters, at the
// defaults only, open, none), and what the last kernel check recorded in DIR/checked.txt said of
// it. Read here and nowhere else, so generated/ never depends on formal/. A proof is "checked"
// only while the record's inputs hash is that of the Lean files as they are now; otherwise it is
// a candidate. `--record` writes DIR/checked.txt from a lean2021 kit result table.

import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { type CheckRecord, CHECKED_FILE, leanInputsHash, parseKitResult, readCheckRecord, renderCheckRecord } from "../emit/lean/checked.js";
import { leanLaws } from "../emit/lean/laws.js";
import { lawReadsParams } from "../emit/lean/params.js";
import { type ProofStatus, readProofStatus } from "../emit/lean/proofs.js";
import type { Io } from "./gen.js";
import { compileProject } from "./project.js";

export interface RecordOptions {
  readonly result: string;
  readonly checker: string;
}

/** One law's line: its claim in formal/ and what the last (fresh) check said of it. */
function lawLine(ident: string, claim: ProofStatus | undefined, record: CheckRecord | null, fresh: boolean): string {
  if (claim === undefined) return `${ident}: no theorem`;
  if (claim === "open") return `${ident}: open (sorry)`;
  const scope = claim === "proved" ? "for all parameters" : "at the defaults only";
  const row = record?.rows.get(claim === "proved" ? ident : `${ident}_at_defaults`) ?? record?.rows.get(ident);
  if (record === null || !fresh || row === undefined) return `${ident}: candidate ${scope} (not checked)`;
  if (row.status === "OK") return `${ident}: checked ${scope} (${record.checker}, ${record.date})`;
  const why = row.status === "SORRY" ? "says sorry" : row.status === "FAILED" ? "FAILED" : "NOT CHECKED";
  return `${ident}: candidate ${scope}, ${why} in the last check${row.detail ? `: ${row.detail}` : ""}`;
}

export function proofs(root: string, formal: string, io: Io, record?: RecordOptions): number {
  const formalDir = join(root, formal);
  if (record !== undefined) {
    if (!existsSync(record.result)) {
      io.err(`error: no kit result at ${record.result}\n  hint: run LEAN=<lean> ../shared/lean2021/run.sh . OUTDIR and pass OUTDIR/result.txt\n`);
      return 2;
    }
    const text = readFileSync(record.result, "utf8");
    if (parseKitResult(text) === null) {
      io.err(`error: ${record.result} is not a lean2021 kit result (no 'lean2021 per-law result:' or 'lean2021:' line)\n  hint: pass the result.txt the kit's run.sh wrote\n`);
      return 2;
    }
    writeFileSync(join(formalDir, CHECKED_FILE), renderCheckRecord(text, record.checker, leanInputsHash(root, formalDir)));
  }
  const result = compileProject(root, io);
  if (result === null) return 1;
  const status = readProofStatus(formalDir);
  const check = readCheckRecord(formalDir);
  const fresh = check !== null && check.inputs === leanInputsHash(root, formalDir);
  const head =
    check === null
      ? `no kernel check recorded (${formal}/${CHECKED_FILE}): every proof is a candidate`
      : fresh
        ? `last kernel check: ${check.checker}, ${check.date}: ${check.summary}`
        : `${formal}/${CHECKED_FILE} is stale (the Lean files changed since its check of ${check.date}): every proof is a candidate`;
  const rows = result.program.modules.map((m) => {
    const laws = leanLaws(m);
    const named = (s: ProofStatus | undefined) => laws.filter((l) => status.get(l.ident) === s).map((l) => l.name);
    const [proved, defaults, open, none] = [named("proved"), named("defaults"), named("open"), named(undefined)];
    const over = laws.filter((l) => lawReadsParams(result.program, m, l)).length;
    const runtime = m.laws.length - laws.length;
    const checked = fresh ? laws.filter((l) => lawLine(l.ident, status.get(l.ident), check, fresh).includes(": checked ")).length : 0;
    const detail = [
      defaults.length ? `at the defaults only: ${defaults.join(", ")}` : "",
      open.length ? `open: ${open.join(", ")}` : "",
      none.length ? `no theorem: ${none.join(", ")}` : "",
    ].filter(Boolean).join("; ");
    const params = over > 0 ? ` (${over} stated over parameters)` : "";
    const summary = `  ${m.name}: ${laws.length} Lean statements${params}, ${proved.length} with a proof for all parameters, ${defaults.length} at the defaults only, ${open.length} open (sorry), ${none.length} without a theorem; ${checked} checked by a kernel${runtime ? `; ${runtime} wire/ffi laws checked by the TypeScript tests` : ""}${detail ? ` (${detail})` : ""}`;
    return [summary, ...laws.map((l) => `    ${lawLine(l.ident, status.get(l.ident), check, fresh)}`)].join("\n");
  });
  io.out(`laws (a proof is checked when ${formal}/${CHECKED_FILE} records a kernel accepting it for the Lean files as they are, a candidate otherwise; "for all parameters": every parameters record in its ranges; "at the defaults only": a theorem <law>_at_defaults):\n${head}\n${rows.join("\n")}\n`);
  return 0;
}
