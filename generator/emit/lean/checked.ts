// Emit stage (Lean), outside the pure emitter: the record of the last kernel check of formal/
// (formal/checked.txt). `statute proofs --record RESULT --checker TEXT` writes it from the result
// table of the lean2021 kit (../shared/lean2021/run.sh); `statute proofs` reads it and calls a
// proof checked only when the record's inputs are the files as they are now. Nothing here feeds
// an emitter: generated/ stays a function of spec/ alone.

import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { filesUnder } from "../../project/files.js";

/** The record's file name, inside the formal folder. */
export const CHECKED_FILE = "checked.txt";

/** What the kit said of one law (or of an `_at_defaults` theorem) in its table. */
export type CheckedStatus = "OK" | "FAILED" | "SORRY" | "NOT CHECKED";

export interface CheckedRow {
  readonly module: string;
  readonly law: string;
  readonly status: CheckedStatus;
  readonly detail: string;
}

/** formal/checked.txt, read back. */
export interface CheckRecord {
  /** The Lean that checked, as `--checker` named it. */
  readonly checker: string;
  /** When the kit ran (its result's first line). */
  readonly date: string;
  /** `sha256:<hex>` of the Lean inputs the check read (`leanInputsHash`). */
  readonly inputs: string;
  /** The kit's last line (`lean2021: N of M law proofs check ...`). */
  readonly summary: string;
  /** Per law, by the name the kit gave it. */
  readonly rows: ReadonlyMap<string, CheckedRow>;
}

const ROW = /^(\S+)\s+([A-Za-z_][A-Za-z0-9_']*)\s+(OK|FAILED|SORRY|NOT CHECKED)(?:\s+(.*?))?\s*$/;
const DATE = /\((\d{4}-\d\d-\d\d \d\d:\d\d)\)\s*$/;

function sorted(xs: string[]): string[] {
  return xs.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

/** The `.lean` files under `dir`, relative to it; hidden folders (Lake's `.lake`) are not entered. */
function leanFiles(dir: string): string[] {
  return filesUnder(dir, (name) => name.startsWith(".")).filter((f) => f.endsWith(".lean") && !f.split("/").some((part) => part.startsWith(".")));
}

/**
 * `sha256:<hex>` over the Lean a check reads: every `.lean` under generated/lean and formal's
 * top-level modules and their folders (not the lakefile), each as its path relative to `root`,
 * a NUL, its text, a NUL, in path order.
 */
export function leanInputsHash(root: string, formalDir: string): string {
  const files = [join(root, "generated", "lean"), formalDir].flatMap((dir) => leanFiles(dir).map((f) => join(dir, f)));
  const h = createHash("sha256");
  for (const rel of sorted(files.map((f) => relative(root, f).split("\\").join("/")))) {
    h.update(rel).update("\0").update(readFileSync(join(root, rel))).update("\0");
  }
  return `sha256:${h.digest("hex")}`;
}

/** The per-law rows and the last line of a kit result table; null when it is none. */
export function parseKitResult(text: string): { date: string; summary: string; rows: Map<string, CheckedRow> } | null {
  const lines = text.split("\n");
  const first = lines.find((l) => l.startsWith("lean2021 per-law result:"));
  const summary = lines.find((l) => l.startsWith("lean2021: "));
  if (first === undefined || summary === undefined) return null;
  const rows = new Map<string, CheckedRow>();
  let table = false;
  for (const l of lines) {
    if (/^module\s+law\s+status/.test(l)) table = true;
    else if (table && l.trim() === "") table = false;
    else if (table) {
      const m = ROW.exec(l);
      if (m) rows.set(m[2] ?? "", { module: m[1] ?? "", law: m[2] ?? "", status: m[3] as CheckedStatus, detail: m[4] ?? "" });
    }
  }
  return { date: DATE.exec(first)?.[1] ?? "unknown date", summary: summary.trim(), rows };
}

// `#print axioms` output in a kit log: `'<Ns>.<theorem>' does not depend on any axioms` or
// `'<Ns>.<theorem>' depends on axioms: [a, b]`.
const AXIOMS = /^'([A-Za-z0-9_.']+)' (?:does not depend on any axioms|depends on axioms: \[([^\]]*)\])/gm;

/**
 * Rows for the `<law>_at_defaults` theorems of a run, which the kit's table does not list (it
 * reads only theorems of a `_stmt`): from each proof module's log, OK when `#print axioms` names
 * no `sorryAx` (an elaboration error leaves one), FAILED otherwise, NOT CHECKED when the log has
 * no line for it. `theorems` maps each such theorem to its module.
 */
export function atDefaultsRows(logs: readonly string[], theorems: ReadonlyMap<string, string>): CheckedRow[] {
  const seen = new Map<string, string[]>();
  for (const log of logs) {
    for (const m of log.matchAll(AXIOMS)) {
      const name = (m[1] ?? "").split(".").pop() ?? "";
      seen.set(name, (m[2] ?? "").split(",").map((a) => a.trim()).filter(Boolean));
    }
  }
  return sorted([...theorems.keys()]).map((law) => {
    const axioms = seen.get(law);
    const module = theorems.get(law) ?? "";
    if (axioms === undefined) return { module, law, status: "NOT CHECKED", detail: "no #print axioms line in the run's logs" };
    if (axioms.includes("sorryAx")) return { module, law, status: "FAILED", detail: "its proof did not elaborate (sorryAx)" };
    return { module, law, status: "OK", detail: axioms.length ? `axioms: ${axioms.join(", ")}` : "" };
  });
}

/** The text of formal/checked.txt for a kit result, the checker's name, the inputs' hash and the at-defaults rows. */
export function renderCheckRecord(result: string, checker: string, inputs: string, atDefaults: readonly CheckedRow[] = []): string {
  const parsed = parseKitResult(result);
  const date = parsed?.date ?? "unknown date";
  const body = result.endsWith("\n") ? result : `${result}\n`;
  const row = (r: CheckedRow) => `${r.module.padEnd(10)} ${r.law.padEnd(46)} ${r.status.padEnd(12)} ${r.detail}`.trimEnd();
  const extra = atDefaults.length
    ? ["", "theorems at the parameters' defaults only (not in the kit's table; from #print axioms in the run's logs):", "", `${"module".padEnd(10)} ${"law".padEnd(46)} ${"status".padEnd(12)} detail`, ...atDefaults.map(row), ""]
    : [];
  return [
    "# The last check of formal/ by a Lean kernel. Written by `statute proofs --record RUNDIR --checker",
    "# TEXT` from the run folder of the lean2021 kit (../shared/lean2021/run.sh); read by `statute",
    "# proofs`, which calls a proof checked only while `inputs` is the hash of the Lean files as they are.",
    `checker: ${checker}`,
    `date: ${date}`,
    `inputs: ${inputs}`,
    "",
    body,
    ...extra,
  ].join("\n");
}

/** formal/checked.txt read back; null when absent or not a record. */
export function readCheckRecord(formalDir: string): CheckRecord | null {
  const path = join(formalDir, CHECKED_FILE);
  if (!existsSync(path)) return null;
  const text = readFileSync(path, "utf8");
  const field = (name: string) => new RegExp(`^${name}: (.*)$`, "m").exec(text)?.[1]?.trim();
  const parsed = parseKitResult(text);
  const checker = field("checker");
  const inputs = field("inputs");
  if (parsed === null || checker === undefined || inputs === undefined) return null;
  return { checker, date: field("date") ?? parsed.date, inputs, summary: parsed.summary, rows: parsed.rows };
}
