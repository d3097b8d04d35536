// CLI `statute proofs [--formal DIR] [--record RUNDIR --checker TEXT]`: what the hand-written Lean
// project in formal/ claims about each law's statement (a proof for all parameters, at the
// defaults only, open, none), and what the last kernel check recorded in DIR/checked.txt said of
// it. Read here and nowhere else, so generated/ never depends on formal/. A proof is "checked"
// only while the record's inputs hash is that of the Lean files as they are now; otherwise it is
// a candidate. `--record` writes DIR/checked.txt from a lean2021 kit run folder.

import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { atDefaultsRows, type CheckRecord, CHECKED_FILE, leanInputsHash, parseKitResult, readCheckRecord, renderCheckRecord } from "../emit/lean/checked.js";
import { leanLaws } from "../emit/lean/laws.js";
import { lawReadsParams } from "../emit/lean/params.js";
import { type ProofStatus, proofStatusOf, readProofStatus } from "../emit/lean/proofs.js";
import type { Io } from "./gen.js";
import { compileProject } from "./project.js";

export interface RecordOptions {
  /** The kit's run folder (its result.txt and logs/). */
  readonly run: string;
  readonly checker: string;
}

/** One law's line: its claim in formal/ and what the last (fresh) check said of it. */
function lawLine(ident: string, claim: ProofStatus | undefined, record: CheckRecord | null, fresh: boolean): string {
  if (claim === undefined) return `${ident}: no theorem`;
  if (claim === "open") return `${ident}: open (sorry)`;
  const scope = claim === "proved" ? "for all parameters" : "at the defaults only";
  const row = record?.rows.get(claim === "proved" ? ident : `${ident}_at_defaults`) ?? record?.rows.get(ident);
  if (record === null || !fresh || row === undefined) return `${ident}: candidate ${scope} (not checked)`;
  // The checker and the date are named once, in the head line; a rerun past the default budget is said.
  if (row.status === "OK") return `${ident}: checked ${scope} by the last check${row.detail ? ` (${row.detail}: over the default 200000 heartbeats)` : ""}`;
  const why = row.status === "SORRY" ? "says sorry" : row.status === "FAILED" ? "FAILED" : "NOT CHECKED";
  return `${ident}: candidate ${scope}, ${why} in the last check${row.detail ? `: ${row.detail}` : ""}`;
}

export function proofs(root: string, formal: string, io: Io, record?: RecordOptions): number {
  const formalDir = join(root, formal);
  if (record !== undefined) {
    const resultFile = join(record.run, "result.txt");
    if (!existsSync(resultFile)) {
      io.err(`error: no kit result at ${resultFile}\n  hint: run LEAN=<lean> ../shared/lean2021/run.sh . RUNDIR and pass RUNDIR\n`);
      return 2;
    }
    const text = readFileSync(resultFile, "utf8");
    if (parseKitResult(text) === null) {
      io.err(`error: ${resultFile} is not a lean2021 kit result (no 'lean2021 per-law result:' or 'lean2021:' line)\n  hint: pass the folder the kit's run.sh wrote\n`);
      return 2;
    }
    const logsDir = join(record.run, "logs");
    const logs = existsSync(logsDir) ? readdirSync(logsDir).filter((f) => f.startsWith("Proofs") && f.endsWith(".log")).sort().map((f) => readFileSync(join(logsDir, f), "utf8")) : [];
    const atDefaults = new Map<string, string>();
    const proofsDir = join(formalDir, "Proofs");
    for (const f of existsSync(proofsDir) ? readdirSync(proofsDir).filter((x) => x.endsWith(".lean")).sort() : []) {
      for (const [law, s] of proofStatusOf(readFileSync(join(proofsDir, f), "utf8"))) if (s === "defaults") atDefaults.set(`${law}_at_defaults`, f.replace(/\.lean$/, ""));
    }
    writeFileSync(join(formalDir, CHECKED_FILE), renderCheckRecord(text, record.checker, leanInputsHash(root, formalDir), atDefaultsRows(logs, atDefaults)));
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
