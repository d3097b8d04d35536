// Diagnostics: compiler-style printing. `spec/x.yaml:12:7: error STA4002: ...`, the source line,
// a caret underline, and the hint. Pure: the caller supplies the file texts.

import { lineCol } from "../parse/index.js";
import { messageOf, type Diagnostic } from "./diagnostic.js";

/** Print diagnostics sorted by file, then position, then code; identical ones once. */
export function formatDiagnostics(diags: readonly Diagnostic[], texts: ReadonlyMap<string, string>): string {
  const sorted = [...diags].sort((a, b) =>
    a.file !== b.file ? (a.file < b.file ? -1 : 1) : a.offset !== b.offset ? a.offset - b.offset : messageOf(a).code < messageOf(b).code ? -1 : 1,
  );
  const out: string[] = [];
  const seen = new Set<string>();
  for (const d of sorted) {
    const text = formatOne(d, texts.get(d.file) ?? "");
    if (seen.has(text)) continue;
    seen.add(text);
    out.push(text);
  }
  const n = out.length;
  out.push(`${n} error${n === 1 ? "" : "s"}`);
  return out.join("\n\n") + "\n";
}

function formatOne(d: Diagnostic, text: string): string {
  const { code, message, hint } = messageOf(d);
  const { line, col } = lineCol(text, d.offset);
  const { source, at } = window(sourceLine(text, d.offset), col);
  const width = Math.max(1, Math.min(d.length, source.length - at + 1));
  const gutter = String(line).length;
  const pad = " ".repeat(gutter);
  return [
    `${d.file}:${line}:${col}: error ${code}: ${message}`,
    `${pad} |`,
    `${line} | ${source}`,
    `${pad} | ${" ".repeat(Math.max(0, at - 1))}${"^".repeat(width)}`,
    `${pad} = hint: ${hint}`,
  ].join("\n");
}

/** The line holding `offset`, found around it (not by splitting a huge file), without its CR. */
function sourceLine(text: string, offset: number): string {
  const start = offset <= 0 ? 0 : text.lastIndexOf("\n", offset - 1) + 1;
  const nl = text.indexOf("\n", offset);
  return text.slice(start, nl < 0 ? text.length : nl).replace(/\r$/, "");
}

const WINDOW = 160;

/** A long line is shown as a window around the column (so a 1 MB line is not echoed whole). */
function window(line: string, col: number): { source: string; at: number } {
  if (line.length <= WINDOW) return { source: line, at: col };
  const from = Math.max(0, Math.min(col - 1 - 40, line.length - WINDOW));
  const head = from > 0 ? "..." : "";
  const tail = from + WINDOW < line.length ? "..." : "";
  return { source: head + line.slice(from, from + WINDOW) + tail, at: col - from + head.length };
}
