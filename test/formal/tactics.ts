// The tactic wall of formal/Proofs: a proof may use only the tactics that old and new Lean
// checkers agree on (issue 16), so a test reads each proof file's code (comments stripped)
// and names every word outside that list. Kept apart from the test so its cases can feed it
// hostile samples and show the wall can fail.

/** Tactics a proof may use (plus `sorry`, which leaves the law open, and term keywords). */
export const ALLOWED = new Set([
  "decide", "rfl", "cases", "induction", "intro", "intros", "exact", "constructor", "simp",
  "unfold", "apply", "refine", "show", "have", "match", "fun", "sorry",
]);

/** Words that may start a line or follow `<;>` without being a tactic: term syntax. */
const TERM_WORDS = new Set(["with", "at", "only", "if", "then", "else", "let", "by", "from", "end"]);

/** Known Lean tactics and commands outside the list, refused wherever they occur in code. */
export const FORBIDDEN = [
  "omega", "simp_all", "simpa", "dsimp", "simp_arith", "aesop", "linarith", "nlinarith",
  "norm_num", "positivity", "tauto", "grind", "native_decide", "bv_decide", "by_cases",
  "by_contra", "split", "rw", "rwa", "rewrite", "erw", "subst", "injection", "generalize",
  "specialize", "obtain", "rcases", "rintro", "ext", "funext", "congr", "calc", "exists",
  "existsi", "use", "left", "right", "exfalso", "contradiction", "trivial", "assumption",
  "repeat", "first", "try", "all_goals", "any_goals", "iterate", "conv", "change", "exacts",
  "refine'", "cases'", "induction'", "admit", "axiom", "infer_instance", "nofun", "nomatch",
  "delta", "unfold_let", "norm_cast", "push_cast", "sorryAx",
];

/** The code of a Lean file: line comments, block and doc comments and strings blanked. */
export function stripComments(text: string): string {
  let out = "";
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const two = text.slice(i, i + 2);
    if (two === "/-") { depth++; i++; continue; }
    if (depth > 0 && two === "-/") { depth--; i++; continue; }
    if (depth > 0) { out += text[i] === "\n" ? "\n" : " "; continue; }
    if (two === "--") { while (i < text.length && text[i] !== "\n") i++; out += "\n"; continue; }
    out += text[i];
  }
  return out;
}

/** Every breach of the wall in one file's text: `line: word` per offence, in file order. */
export function breaches(text: string): string[] {
  const found: string[] = [];
  const lines = stripComments(text).split("\n");
  const terms = termLines(lines);
  lines.forEach((line, i) => {
    const at = `${i + 1}`;
    for (const word of FORBIDDEN) {
      const re = new RegExp(`(?<![A-Za-z0-9_.'])${word.replace(/'/g, "\\'")}(?![A-Za-z0-9_'?!])`);
      if (re.test(line)) found.push(`${at}: ${word}`);
    }
    if (/(?<![A-Za-z0-9_.])simp(?![A-Za-z0-9_'])(?!\s+only\s*\[)/.test(line)) found.push(`${at}: simp without only [..]`);
    // A tactic position: the start of a line (after bullets and match arms) or after `<;>`;
    // a line that continues a term (a statement, a `:=` body, an open bracket) is none.
    const head = terms[i] ? [] : [line.replace(/^\s*(?:·\s*)*(?:\|[^=]*=>\s*)?/, "")];
    const starts = [...head, ...line.split("<;>").slice(1)];
    for (const s of starts) {
      const word = /^\s*([a-z_][A-Za-z0-9_'?!]*)(?![.A-Za-z0-9_])/.exec(s)?.[1];
      if (word && !ALLOWED.has(word) && !TERM_WORDS.has(word) && !isHeaderWord(word)) {
        found.push(`${at}: ${word}`);
      }
    }
  });
  return [...new Set(found)];
}

/**
 * Which lines continue a term rather than start a tactic: the lines of a theorem's statement
 * (from `theorem` to its `:=`), the lines after a line that ends in `:=` (a term body, not
 * `:= by`), and lines that start inside an open `(`, `[` or `⟨`.
 */
export function termLines(lines: readonly string[]): boolean[] {
  const out: boolean[] = [];
  let depth = 0;
  let statement = false;
  let body = false;
  for (const line of lines) {
    const code = line.trim();
    if (code === "") { out.push(false); body = false; continue; }
    const header = /^(?:private\s+)?theorem\b/.test(code);
    out.push(!header && (statement || body || depth > 0));
    if (header) { statement = true; body = false; }
    if (statement && /:=(?:\s*by)?$/.test(code)) statement = false;
    if (!statement) body = /:=$/.test(code) || (body && depth > 0);
    for (const ch of code) {
      if ("([⟨".includes(ch)) depth++;
      else if (")]⟩".includes(ch)) depth = Math.max(0, depth - 1);
    }
  }
  return out;
}

/** File-level commands that start lines outside proofs. */
function isHeaderWord(word: string): boolean {
  return ["import", "namespace", "theorem", "def", "private", "open", "section", "set_option"].includes(word);
}

/** Each `theorem <law> : Statute.<Module>.<law>_stmt` of a file, with whether it uses sorry. */
export function lawProofs(text: string): { law: string; open: boolean; atDefaults: boolean }[] {
  const code = stripComments(text);
  // A law's theorem: of its `_stmt` (for every valid parameters record), or `<law>_at_defaults`
  // of `<law>_at <Module>Params.defaults` (at the defaults only).
  const re = /^theorem\s+([A-Za-z_][A-Za-z0-9_']*?)(_at_defaults)?\s*:\s*Statute\.[A-Za-z0-9_]+\.([A-Za-z0-9_']+?)(?:_stmt\b|_at\s+(?:[A-Za-z0-9_.]+\.)?[A-Za-z0-9_]+Params\.defaults\b)/gm;
  const heads = [...code.matchAll(re)];
  return heads.map((m, k) => {
    const body = code.slice(m.index ?? 0, heads[k + 1]?.index ?? code.length);
    return { law: m[1] ?? "", open: /\b(?:sorry|admit)\b/.test(body), atDefaults: m[2] !== undefined };
  });
}
