// Diagnostics: a positioned error, collected by every pass, printed like a compiler.
// Positions stay as offsets into the file until printing.

import { clip, LIMITS } from "../parse/limits.js";
import { catalogue, type DiagnosticId } from "./catalogue.js";

export interface Diagnostic {
  /** Catalogue entry. */
  readonly id: DiagnosticId;
  /** Spec file, relative to the repository root. */
  readonly file: string;
  /** Byte... (code-unit) offset of the start of the fault in the file text. */
  readonly offset: number;
  /** Length of the fault in code units (at least 1 when printed). */
  readonly length: number;
  /** Placeholder values for the message and hint. */
  readonly args: Readonly<Record<string, string | number>>;
}

/** Collects diagnostics; passes report and go on, so one run shows every error. */
export class Diagnostics {
  readonly list: Diagnostic[] = [];
  report(d: Diagnostic): void {
    this.list.push(d);
  }
  get hasErrors(): boolean {
    return this.list.length > 0;
  }
}

/** Fill placeholders; user text is cut (with its length) so a huge name is not echoed whole. */
function fill(template: string, args: Readonly<Record<string, string | number>>): string {
  return template.replace(/\{(\w+)\}/g, (_, k: string) => (k in args ? clip(String(args[k]), LIMITS.echoChars) : `{${k}}`));
}

export function messageOf(d: Diagnostic): { code: string; message: string; hint: string } {
  const def = catalogue[d.id];
  return { code: `STA${def.code}`, message: fill(def.message, d.args), hint: fill(def.hint, d.args) };
}

/** Did-you-mean text for an unknown name, from the candidates within a small edit distance. */
export function didYouMean(name: string, candidates: Iterable<string>): string {
  // Bounded: a name past the limit matches nothing, and a candidate whose length alone differs
  // by more than the accepted distance is not compared (the search stays linear in the names).
  if (name.length > LIMITS.nameChars) return "check the spelling";
  const limit = Math.max(2, Math.floor(name.length / 3));
  let best: string | undefined;
  let bestDist = Infinity;
  for (const c of candidates) {
    if (Math.abs(c.length - name.length) > limit || c.length > LIMITS.nameChars) continue;
    const d = editDistance(name.toLowerCase(), c.toLowerCase());
    if (d < bestDist || (d === bestDist && best !== undefined && c < best)) {
      best = c;
      bestDist = d;
    }
  }
  return best !== undefined && bestDist <= limit ? `did you mean '${best}'?` : "check the spelling";
}

function editDistance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) {
      const sub = (prev[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1);
      cur.push(Math.min((prev[j] ?? 0) + 1, (cur[j - 1] ?? 0) + 1, sub));
    }
    prev = cur;
  }
  return prev[b.length] ?? 0;
}
