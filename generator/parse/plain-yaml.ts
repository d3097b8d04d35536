// Parse stage: a fast reader for the plain YAML that specs are written in (block maps and
// sequences, flow maps and lists, plain, quoted and `|`/`>` block scalars), giving the same value
// and the same node ranges as the yaml package. Starting the yaml package's general parser costs
// a few hundred milliseconds per run (most of `statute list`); this reader costs a few. Anything
// outside that subset (anchors, aliases, tags, comments after the header, tabs, escapes, merge
// keys, numbers in other forms, a duplicate key, ...) returns null, and the caller parses the
// file with the yaml package, which also reports every YAML error: this reader never reports one.
// test/parse/plain-yaml.test.ts holds it to the yaml package on every YAML file of the repository.

import type { YNode, YScalar } from "./nodes.js";

class Bail extends Error {}

const bail = (): never => {
  throw new Bail();
};

/** Characters that make the yaml package do something this reader does not (control, tab, BOM, line separators, surrogates). */
const UNSUPPORTED = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\ufeff\u2028\u2029\ud800-\udfff]/;
/** What a plain scalar may not start with (YAML indicators). */
const INDICATOR = /^[-?:,[\]{}#&*!|>'"%@`]/;
/** A plain scalar's run in a flow collection: up to a flow indicator or the line's end. */
const FLOW_PLAIN = /[^,[\]{}\n]*/y;
const KEY = /^[A-Za-z_][A-Za-z0-9_.*-]*$/;
/** Plain text the YAML 1.2 core schema reads as a number; only plain decimal integers are taken here. */
const NUMERIC = /^(?:[-+]?[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+|[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$/;
const CORE: Readonly<Record<string, unknown>> = { null: null, Null: null, NULL: null, "~": null, true: true, True: true, TRUE: true, false: false, False: false, FALSE: false };

/** A plain scalar's value under the core schema, or a bail for forms this reader leaves to the yaml package. */
function resolvePlain(text: string): unknown {
  if (Object.hasOwn(CORE, text)) return CORE[text];
  if (/^(?:0|[1-9][0-9]{0,14})$/.test(text)) return Number(text);
  if (NUMERIC.test(text)) bail();
  return text;
}

/** Where a block collection's value ends (the yaml package's `range[1]`). */
const endOf = (node: YNode): number => node.range?.[1] ?? bail();

interface Out {
  readonly node: YNode;
  readonly value: unknown;
}

/** Parse `text`; null when it is not in the subset (the caller then uses the yaml package). */
export function parsePlainYaml(text: string, maxDepth: number): { readonly root: YNode; readonly value: unknown } | null {
  if (UNSUPPORTED.test(text) || !text.endsWith("\n")) return null;
  try {
    return new Reader(text, maxDepth).document();
  } catch (e) {
    if (e instanceof Bail) return null;
    throw e;
  }
}

class Reader {
  private pos = 0;

  constructor(private readonly text: string, private readonly maxDepth: number) {}

  document(): { root: YNode; value: unknown } {
    // Header comments and blank lines, then one block node at column 0, then only blank lines.
    while (this.pos < this.text.length && (this.text[this.pos] === "#" || this.text[this.pos] === "\n")) this.pos = this.lineEnd(this.pos) + 1;
    if (this.pos >= this.text.length) bail();
    const out = this.block(0, -1, 1);
    this.skipBlank();
    if (this.pos < this.text.length) bail();
    return { root: out.node, value: out.value };
  }

  private lineEnd(p: number): number {
    const e = this.text.indexOf("\n", p);
    return e < 0 ? this.text.length : e;
  }

  /** Past blank lines (nothing but a newline); a line of spaces or a comment line is not taken. */
  private skipBlank(): void {
    while (this.text[this.pos] === "\n") this.pos++;
  }

  /** Column of the line starting at `p` (its leading spaces). */
  private indentAt(p: number): number {
    let i = p;
    while (this.text[i] === " ") i++;
    return i - p;
  }

  /** A block node whose first line starts at this.pos + col (a line start), deeper than `parent`. */
  private block(col: number, parent: number, depth: number): Out {
    if (depth > this.maxDepth || col <= parent) bail();
    const at = this.pos + col;
    this.pos = at;
    if (this.text[at] === "-" && (this.text[at + 1] === " " || this.text[at + 1] === "\n")) return this.seq(col, depth);
    return this.map(col, depth);
  }

  /** Whether a `key: ` starts at p (a key, then a colon and a space or newline). */
  private keyAt(p: number): number {
    const colon = this.text.indexOf(":", p);
    const end = this.lineEnd(p);
    if (colon < 0 || colon > end || (this.text[colon + 1] !== " " && this.text[colon + 1] !== "\n")) return -1;
    return KEY.test(this.text.slice(p, colon)) ? colon : -1;
  }

  private map(col: number, depth: number): Out {
    const items: { key: YScalar; value: YNode }[] = [];
    const value: Record<string, unknown> = {};
    const start = this.pos;
    let end = start;
    for (;;) {
      const k = this.pos;
      const colon = this.keyAt(k);
      if (colon < 0) bail();
      const name = this.text.slice(k, colon);
      if (typeof resolvePlain(name) !== "string" || Object.hasOwn(value, name) || name === "__proto__") bail();
      const key: YScalar = { kind: "scalar", range: [k, colon, colon], value: name };
      this.pos = colon + 1;
      const v = this.valueAfterIndicator(col, depth);
      items.push({ key, value: v.out.node });
      value[name] = v.out.value;
      end = v.nodeEnd;
      if (!this.nextSibling(col)) break;
    }
    return { node: { kind: "map", items, range: [start, end, end] }, value };
  }

  private seq(col: number, depth: number): Out {
    const items: YNode[] = [];
    const value: unknown[] = [];
    const start = this.pos;
    let end = start;
    for (;;) {
      if (this.text[this.pos] !== "-" || this.text[this.pos + 1] !== " ") bail();
      this.pos += 2;
      while (this.text[this.pos] === " ") this.pos++;
      const itemCol = this.pos - this.lineStart(this.pos);
      let v: { out: Out; nodeEnd: number };
      if (this.keyAt(this.pos) >= 0) {
        // A compact map in the item: its keys line up at the item's column.
        const lineStart = this.lineStart(this.pos);
        this.pos = lineStart;
        const out = this.block(itemCol, col, depth + 1);
        v = { out, nodeEnd: endOf(out.node) };
      } else v = this.inline(col, depth);
      items.push(v.out.node);
      value.push(v.out.value);
      end = v.nodeEnd;
      if (!this.nextSibling(col)) break;
    }
    return { node: { kind: "seq", items, range: [start, end, end] }, value };
  }

  private lineStart(p: number): number {
    return this.text.lastIndexOf("\n", p - 1) + 1;
  }

  /** At a line start after a value: skip blank lines; true when the next line continues this collection at `col`. */
  private nextSibling(col: number): boolean {
    const save = this.pos;
    this.skipBlank();
    if (this.pos >= this.text.length) {
      this.pos = save;
      return false;
    }
    const indent = this.indentAt(this.pos);
    const first = this.text[this.pos + indent];
    if (first === "#" || first === "\n") bail();
    if (indent > col) bail();
    if (indent < col) {
      this.pos = save;
      return false;
    }
    this.pos += indent;
    return true;
  }

  /** The value after `key:` at column `col`: on the same line, or a block on the following lines. */
  private valueAfterIndicator(col: number, depth: number): { out: Out; nodeEnd: number } {
    while (this.text[this.pos] === " ") this.pos++;
    if (this.text[this.pos] !== "\n") return this.inline(col, depth);
    this.pos++;
    this.skipBlank();
    if (this.pos >= this.text.length) bail();
    const indent = this.indentAt(this.pos);
    const out = this.block(indent, col, depth + 1);
    return { out, nodeEnd: endOf(out.node) };
  }

  /** A value starting on the current line: flow collection, quoted or block scalar, or plain scalar. */
  private inline(col: number, depth: number): { out: Out; nodeEnd: number } {
    const c = this.text[this.pos];
    let out: Out;
    if (c === "|" || c === ">") return this.blockScalar(col);
    if (c === "{" || c === "[") out = this.flow(col, depth + 1);
    else if (c === '"' || c === "'") out = this.quoted();
    else {
      const start = this.pos;
      const end = this.lineEnd(start);
      const raw = this.text.slice(start, end).trimEnd();
      if (raw === "" || INDICATOR.test(raw) || raw.includes(": ") || raw.includes(" #") || raw.endsWith(":")) bail();
      out = { node: { kind: "scalar", range: [start, start + raw.length, end + 1] }, value: resolvePlain(raw) };
      this.pos = start + raw.length;
    }
    // Only spaces may follow on the line; the next line must not continue this value.
    while (this.text[this.pos] === " ") this.pos++;
    if (this.text[this.pos] !== "\n") bail();
    this.pos++;
    const next = this.pos;
    if (next < this.text.length && this.text[next] !== "\n" && this.indentAt(next) > col) bail();
    return { out, nodeEnd: next };
  }

  private quoted(): Out {
    const q = this.text[this.pos] as string;
    const start = this.pos;
    const close = this.text.indexOf(q, start + 1);
    const simple = close < 0 ? "" : this.text.slice(start + 1, close);
    // The common case by native search; escapes ('' and \", \\) character by character.
    if (close >= 0 && !simple.includes("\n") && !simple.includes("\\") && this.text[close + 1] !== q) {
      this.pos = close + 1;
      return { node: { kind: "scalar", range: [start, this.pos, this.pos] }, value: simple };
    }
    let value = "";
    let i = start + 1;
    for (;;) {
      const c = this.text[i];
      if (c === undefined || c === "\n") bail();
      if (q === '"' && c === "\\") {
        const e = this.text[i + 1];
        if (e !== '"' && e !== "\\") bail();
        value += e;
        i += 2;
      } else if (c === q) {
        if (q === "'" && this.text[i + 1] === "'") {
          value += "'";
          i += 2;
        } else break;
      } else {
        value += c;
        i++;
      }
    }
    this.pos = i + 1;
    return { node: { kind: "scalar", range: [start, this.pos, this.pos] }, value };
  }

  /** `|`, `|-`, `>` or `>-` and its lines (no line of only spaces; no blank line inside a folded one). */
  private blockScalar(col: number): { out: Out; nodeEnd: number } {
    const start = this.pos;
    const headEnd = this.lineEnd(start);
    const head = this.text.slice(start, headEnd);
    if (!/^[|>]-?$/.test(head)) bail();
    const folded = head[0] === ">";
    const strip = head.endsWith("-");
    let p = headEnd + 1;
    const lines: string[] = [];
    let indent = -1;
    let end = p;
    while (p < this.text.length) {
      const e = this.lineEnd(p);
      const line = this.text.slice(p, e);
      if (line === "") {
        lines.push("");
        p = e + 1;
        continue;
      }
      const n = this.indentAt(p);
      if (indent < 0) indent = n;
      if (n < indent || n <= col) break;
      if (line.trim() === "") bail();
      lines.push(line.slice(indent));
      p = e + 1;
      end = p;
    }
    while (lines.length > 0 && lines[lines.length - 1] === "") lines.pop();
    if (lines.length === 0 || (folded && lines.includes(""))) bail();
    // Folding joins lines with a space, except around a more-indented line, whose breaks stay.
    const more = (l: string | undefined): boolean => l?.startsWith(" ") === true;
    const body = folded ? lines.map((l, i) => (i === 0 ? l : `${more(lines[i - 1]) || more(l) ? "\n" : " "}${l}`)).join("") : lines.join("\n");
    this.pos = end;
    return { out: { node: { kind: "scalar", range: [start, end, end] }, value: strip ? body : `${body}\n` }, nodeEnd: end };
  }

  /** `{ key: value, ... }` or `[value, ...]`, on one line or several (each indented past `col`). */
  private flow(col: number, depth: number): Out {
    if (depth > this.maxDepth) bail();
    const open = this.text[this.pos] as string;
    const close = open === "{" ? "}" : "]";
    const start = this.pos;
    this.pos++;
    const items: ({ key: YScalar; value: YNode } | YNode)[] = [];
    const obj: Record<string, unknown> = {};
    const arr: unknown[] = [];
    this.flowSpace(col);
    if (this.text[this.pos] !== close) {
      for (;;) {
        if (open === "{") {
          const k = this.pos;
          const colon = this.text.indexOf(":", k);
          if (colon < 0 || this.text[colon + 1] !== " ") bail();
          const name = this.text.slice(k, colon);
          if (!KEY.test(name) || typeof resolvePlain(name) !== "string" || Object.hasOwn(obj, name) || name === "__proto__") bail();
          this.pos = colon + 1;
          this.flowSpace(col);
          const v = this.flowValue(col, depth);
          items.push({ key: { kind: "scalar", range: [k, colon, colon], value: name }, value: v.node });
          obj[name] = v.value;
        } else {
          const v = this.flowValue(col, depth);
          items.push(v.node);
          arr.push(v.value);
        }
        this.flowSpace(col);
        const c = this.text[this.pos];
        if (c === close) break;
        if (c !== ",") bail();
        this.pos++;
        this.flowSpace(col);
        if (this.text[this.pos] === close) bail();
      }
    }
    this.pos++;
    const range: [number, number, number] = [start, this.pos, this.pos];
    return open === "{"
      ? { node: { kind: "map", items: items as { key: YScalar; value: YNode }[], range }, value: obj }
      : { node: { kind: "seq", items: items as YNode[], range }, value: arr };
  }

  /** Spaces and line breaks inside a flow collection; a continued line must be indented past `col`. */
  private flowSpace(col: number): void {
    for (;;) {
      const c = this.text[this.pos];
      if (c === " ") this.pos++;
      else if (c === "\n") {
        this.pos++;
        if (this.indentAt(this.pos) <= col) bail();
      } else if (c === "#") bail();
      else return;
    }
  }

  private flowValue(col: number, depth: number): Out {
    const c = this.text[this.pos];
    if (c === "{" || c === "[") return this.flow(col, depth + 1);
    if (c === '"' || c === "'") return this.quoted();
    const start = this.pos;
    FLOW_PLAIN.lastIndex = start;
    const run = FLOW_PLAIN.exec(this.text)?.[0] ?? "";
    const i = start + run.length;
    // A colon before a space or indicator would make a pair, ` #` a comment: the yaml package's to read.
    if (/:(?:[ ,[\]{}]|$)/.test(run) || run.includes(" #") || this.text[i] === ":") bail();
    const raw = this.text.slice(start, i).trimEnd();
    if (raw === "" || INDICATOR.test(raw)) bail();
    this.pos = start + raw.length;
    return { node: { kind: "scalar", range: [start, this.pos, this.pos] }, value: resolvePlain(raw) };
  }
}
