// Emit stage (Lean): doc comments. Every declaration carries `/-- <doc> (spec/<file>:<line>) -/`,
// wrapped at 100 columns; the module carries a `/-! ... -/` docstring. Lean block comments nest,
// so `/-` and `-/` inside spec text are broken apart.

import type { Span } from "../../ir/types.js";
import { WIDTH } from "./layout.js";

/** Spec text made safe inside a Lean block comment. */
export function commentSafe(text: string): string {
  return text.replace(/\r\n?|[\u2028\u2029]/g, "\n").replace(/-\//g, "- /").replace(/\/-/g, "/ -");
}

/** `text` trimmed and ending with a full stop, so joined parts read as sentences; "" stays "". */
export function sentence(text: string): string {
  const t = text.trim();
  if (t.length === 0) return "";
  return /[.!?:]$/.test(t) ? t : `${t}.`;
}

/** Non-empty parts joined as sentences. */
export function sentences(...parts: readonly string[]): string {
  return parts.map(sentence).filter((p) => p.length > 0).join(" ");
}

/** `spec/supervise.yaml:12`. */
export function where(span: Span): string {
  return `${span.file}:${span.line}`;
}

/** Words of `text` packed into lines: the first has `first` columns, the rest `rest`. */
function wrap(words: readonly string[], first: number, rest: number): string[] {
  const lines: string[] = [];
  let cur = "";
  for (const w of words) {
    const room = lines.length === 0 ? first : rest;
    if (cur.length > 0 && cur.length + 1 + w.length > room) {
      lines.push(cur);
      cur = w;
    } else {
      cur = cur.length > 0 ? `${cur} ${w}` : w;
    }
  }
  lines.push(cur);
  return lines;
}

/**
 * A `/-- ... -/` comment at `indent` columns: one line when it fits, else wrapped with
 * continuation lines indented two more. `text` is one paragraph (whitespace collapsed).
 */
export function docComment(text: string, indent: number, span: Span | null = null): string {
  const body = commentSafe(text).replace(/\s+/g, " ").trim();
  const full = span ? (body.length > 0 ? `${body} (${where(span)})` : `(${where(span)})`) : body;
  const pad = " ".repeat(indent);
  const one = `${pad}/-- ${full} -/`;
  if (one.length <= WIDTH) return one;
  // Three columns are kept free on every line so the closing ` -/` always fits on the last.
  const lines = wrap(full.split(" "), WIDTH - indent - 7, WIDTH - indent - 5);
  return lines.map((l, i) => (i === 0 ? `${pad}/-- ${l}` : `${pad}  ${l}`)).join("\n") + " -/";
}

/**
 * The module docstring body: the spec's Markdown kept line by line (long lines wrapped), so
 * headings and lists survive.
 */
export function moduleDoc(doc: string, decided: readonly string[], origin: string): string {
  const out: string[] = [];
  const paragraphs = commentSafe(doc).replace(/\r\n?/g, "\n").trimEnd().split("\n");
  for (const p of paragraphs) {
    const trimmed = p.trimEnd();
    if (trimmed.length <= WIDTH) out.push(trimmed);
    else {
      const indent = trimmed.length - trimmed.trimStart().length;
      out.push(...wrap(trimmed.trim().split(/\s+/), WIDTH - indent, WIDTH - indent).map((l) => " ".repeat(indent) + l));
    }
  }
  if (decided.length > 0) {
    out.push("", "Decided where the seed is silent:", "");
    for (const d of decided) {
      wrap(commentSafe(d).replace(/\s+/g, " ").trim().split(" "), WIDTH - 2, WIDTH - 2).forEach((l, i) => out.push(`${i === 0 ? "-" : " "} ${l}`));
    }
  }
  out.push("", origin);
  while (out.length > 0 && out[0] === "") out.shift();
  return out.join("\n");
}
