// Emit stage (Lean), outside the pure emitter: what formal/ claims to prove. `statute proofs`
// reads it, with the record of the last kernel check (checked.ts), and reports each claim as
// checked or a candidate; nothing here feeds an emitter, so editing formal/ never changes
// generated/. Also scaffolds a proofs file for a module whose laws are not yet stated there.

import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Module } from "../../ir/module.js";
import { leanLaws } from "./laws.js";
import { lawName, moduleImport, moduleNamespace, upperCamel } from "./names.js";

/**
 * What formal/ claims of a law: `proved` (its `_stmt`, for every valid parameters record when the
 * law reads parameters), `defaults` (only `<law>_at_defaults : <law>_at <Module>Params.defaults`
 * is proved: at the defaults only), `open` (every theorem of it uses `sorry`).
 */
export type ProofStatus = "proved" | "defaults" | "open";

/** The stronger of two claims about one law: a proof for all parameters, then at the defaults, then open. */
function stronger(a: ProofStatus | undefined, b: ProofStatus): ProofStatus {
  const rank = { proved: 2, defaults: 1, open: 0 } as const;
  return a !== undefined && rank[a] > rank[b] ? a : b;
}

/** Lean source without comments (nested block comments, doc comments, line comments). */
export function stripComments(src: string): string {
  let out = "";
  let depth = 0;
  for (let i = 0; i < src.length; i++) {
    const two = src.slice(i, i + 2);
    if (two === "/-") {
      depth++;
      i++;
    } else if (two === "-/" && depth > 0) {
      depth--;
      i++;
    } else if (depth === 0 && two === "--") {
      while (i < src.length && src[i] !== "\n") i++;
      out += "\n";
    } else if (depth === 0) out += src[i];
    else if (src[i] === "\n") out += "\n";
  }
  return out;
}

// `theorem <ident> : Statute.<Module>.<ident>_stmt`, the statement a law's proof must carry
// (the statement may sit on the next line when the first would pass 100 columns).
const THEOREM = /^(?:private\s+|protected\s+)?theorem\s+([A-Za-z_][A-Za-z0-9_']*)\s*:\s*Statute\.([A-Za-z0-9_]+)\.([A-Za-z_][A-Za-z0-9_']*)_stmt\b/gm;
// `theorem <ident>_at_defaults : Statute.<Module>.<ident>_at <Module>Params.defaults`: a law over
// parameters proved at their defaults only.
const AT_DEFAULTS = /^(?:private\s+|protected\s+)?theorem\s+([A-Za-z_][A-Za-z0-9_']*)_at_defaults\s*:\s*Statute\.([A-Za-z0-9_]+)\.([A-Za-z_][A-Za-z0-9_']*)_at\s+(?:Statute\.\2\.)?\2Params\.defaults\b/gm;
// A column-0 line that starts the next declaration (ends the previous proof).
const NEXT_DECL = /^(?:@\[|theorem\b|lemma\b|def\b|abbrev\b|example\b|instance\b|end\b|namespace\b|section\b|private\b|protected\b|noncomputable\b|open\b|set_option\b)/m;

/** Status of each law proved in one proofs file's text (comments ignored). */
export function proofStatusOf(src: string): Map<string, ProofStatus> {
  const text = stripComments(src);
  const full = new Map<string, ProofStatus>();
  const atDefaults = new Map<string, ProofStatus>();
  const scan = (re: RegExp, into: Map<string, ProofStatus>, proved: ProofStatus) => {
    for (const m of text.matchAll(re)) {
      if (m[1] !== m[3]) continue;
      const ident = m[1] ?? "";
      const start = (m.index ?? 0) + m[0].length;
      const rest = text.slice(start);
      const next = NEXT_DECL.exec(rest.slice(rest.indexOf("\n") + 1));
      const proof = next ? rest.slice(0, rest.indexOf("\n") + 1 + next.index) : rest;
      const open = /\b(?:sorry|admit)\b/.test(proof);
      // A law stated twice the same way counts as open if either statement is.
      into.set(ident, open || into.get(ident) === "open" ? "open" : proved);
    }
  };
  scan(THEOREM, full, "proved");
  scan(AT_DEFAULTS, atDefaults, "defaults");
  const status = new Map(full);
  for (const [ident, s] of atDefaults) status.set(ident, stronger(full.get(ident), s));
  return status;
}

/** Scan `<formalDir>/Proofs/*.lean`: each law's proof theorem, open if it uses `sorry`. */
export function readProofStatus(formalDir: string): Map<string, ProofStatus> {
  const dir = join(formalDir, "Proofs");
  const status = new Map<string, ProofStatus>();
  if (!existsSync(dir)) return status;
  const files = readdirSync(dir).filter((f) => f.endsWith(".lean")).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  for (const f of files) {
    for (const [ident, s] of proofStatusOf(readFileSync(join(dir, f), "utf8"))) status.set(ident, stronger(status.get(ident), s));
  }
  return new Map([...status].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/**
 * A starting `formal/Proofs/<Module>.lean` for a module: every law stated, proved by `sorry`
 * (hand-written from then on; formal/ is never regenerated).
 */
export function proofScaffold(m: Module): string {
  const ns = moduleNamespace(m.name);
  const lines = [
    `-- Proofs of the laws of ${m.file}. Hand-written; the statements are generated in`,
    `-- generated/lean/Statute/${upperCamel(m.name)}.lean and must not be restated here.`,
    `import ${moduleImport(m.name)}`,
    "",
    `namespace ${ns}.Proofs`,
  ];
  for (const law of leanLaws(m)) {
    const head = `theorem ${law.ident} : ${ns}.${lawName(law.ident)} := by`;
    const split = [`theorem ${law.ident} :`, `    ${ns}.${lawName(law.ident)} := by`];
    lines.push("", `/-- ${law.name}: not yet proved. -/`, ...(head.length <= 100 ? [head] : split), "  sorry");
  }
  lines.push("", `end ${ns}.Proofs`, "");
  return lines.join("\n");
}
