// Parse stage: YAML text to a node tree that keeps source ranges, so every later stage can point
// at `file:line:col`. A file in the plain YAML specs are written in is read by plain-yaml.ts (a
// few milliseconds); any other file, and every file with a YAML error, by the `yaml` package
// (its CST ranges and LineCounter), which gives the same tree, value and diagnostics.

import { Composer, isScalar, LineCounter, Parser as CstParser, visit, YAMLParseError, type Document, type Node } from "yaml";
import type { Diagnostics } from "../diagnostics/diagnostic.js";
import { clip, LIMITS } from "./limits.js";
import { fromYaml, type YNode } from "./nodes.js";
import { parsePlainYaml } from "./plain-yaml.js";

export type { YNode } from "./nodes.js";

/** One spec file after parsing: its text, its node tree and its plain value. */
export interface Parsed {
  /** Path relative to the repository root, `/`-separated. */
  readonly file: string;
  /** Full text of the file. */
  readonly text: string;
  /** The document's root node (with ranges); null for an empty document. */
  readonly root: YNode | null;
  /** The document as plain data (maps become objects; key order is preserved). */
  readonly value: unknown;
}

export type Path = readonly (string | number)[];

/**
 * Parse one file; YAML syntax errors are reported and yield null. The limits of limits.ts are
 * checked first, on the yaml package's concrete syntax tree (built without recursion), so that
 * no input reaches a recursive pass deeper than they allow; every exception the yaml package
 * raises while composing (an unknown alias, too many aliases, a merge key over a non-map)
 * becomes a positioned diagnostic too.
 */
export function parseSpec(file: string, text: string, diags: Diagnostics): Parsed | null {
  if (text.length > LIMITS.fileChars) {
    diags.report({ id: "fileTooLarge", file, offset: LIMITS.fileChars, length: 1, args: { size: text.length, limit: LIMITS.fileChars } });
    return null;
  }
  const plain = parsePlainYaml(text, LIMITS.yamlDepth);
  if (plain !== null) return { file, text, root: plain.root, value: plain.value };
  let doc: Document.Parsed;
  try {
    // The text is tokenised once: the depth limit is checked on the tokens, then they are
    // composed (as the yaml package's parseDocument does, with its multiple-documents error).
    const lineCounter = new LineCounter();
    const tokens = [...new CstParser(lineCounter.addNewLine).parse(text)];
    const deep = tooDeepAt(tokens);
    if (deep !== null) {
      diags.report({ id: "yamlTooDeep", file, offset: deep, length: 1, args: { limit: LIMITS.yamlDepth } });
      return null;
    }
    const docs = [...new Composer({ uniqueKeys: true, keepSourceTokens: false }).compose(tokens, true, text.length)];
    doc = docs[0] as Document.Parsed;
    const second = docs[1];
    if (second !== undefined) doc.errors.push(new YAMLParseError([second.range[0], second.range[1]], "MULTIPLE_DOCS", "Source contains multiple documents"));
  } catch (e) {
    diags.report({ id: "yamlCompose", file, offset: 0, length: 1, args: composeArgs(e) });
    return null;
  }
  if (doc.errors.length > 0) {
    for (const err of doc.errors) {
      const [start, end] = err.pos;
      diags.report({ id: "yamlSyntax", file, offset: start, length: Math.max(1, end - start), args: { detail: clip(firstLine(err.message)) } });
    }
    return null;
  }
  try {
    const value = doc.toJS({ maxAliasCount: LIMITS.aliases }) as unknown;
    return { file, text, root: fromYaml(doc.contents), value };
  } catch (e) {
    const at = composeErrorAt(doc, e);
    diags.report({ id: "yamlCompose", file, ...at, args: composeArgs(e) });
    return null;
  }
}

const COLLECTIONS = new Set(["block-map", "block-seq", "flow-collection"]);

/** Offset of the first collection nested deeper than the limit, or null. Iterative on purpose. */
function tooDeepAt(tokens: readonly unknown[]): number | null {
  const stack: { node: unknown; depth: number }[] = tokens.map((node) => ({ node, depth: 0 }));
  while (stack.length > 0) {
    const { node, depth } = stack.pop() as { node: unknown; depth: number };
    if (node === null || typeof node !== "object") continue;
    const type = (node as { type?: unknown }).type;
    const d = typeof type === "string" && COLLECTIONS.has(type) ? depth + 1 : depth;
    if (d > LIMITS.yamlDepth) return (node as { offset?: number }).offset ?? 0;
    for (const key in node) {
      const child = (node as Record<string, unknown>)[key];
      if (child !== null && typeof child === "object") stack.push({ node: child, depth: d });
    }
  }
  return null;
}

function composeArgs(e: unknown): { detail: string; hint: string } {
  const detail = clip(firstLine(e instanceof Error ? e.message : String(e)));
  const hint = /alias count/i.test(detail) ? `use at most ${LIMITS.aliases} aliases; write the values out`
    : /merge/i.test(detail) ? "a merge key (<<) takes a map or an alias of a map; write the keys out instead"
    : /alias/i.test(detail) ? "define the anchor (&name) before its alias (*name)"
    : "simplify the YAML: anchors, aliases and merge keys are rarely needed in a spec";
  return { detail, hint };
}

/** Where a compose error points: the alias it names, else the first alias or merge key. */
function composeErrorAt(doc: Document.Parsed, e: unknown): { offset: number; length: number } {
  const message = e instanceof Error ? e.message : "";
  const named = /: (\S+)$/.exec(message)?.[1];
  const found: { first: Node | null; exact: Node | null } = { first: null, exact: null };
  visit(doc, {
    Alias(_, node) {
      found.first ??= node;
      if (named !== undefined && node.source === named) found.exact ??= node;
    },
    Pair(_, pair) {
      if (/merge/i.test(message) && isScalar(pair.key) && pair.key.value === "<<") found.first ??= pair.key;
    },
  });
  return rangeOf(fromYaml(found.exact ?? found.first));
}

function firstLine(message: string): string {
  return message.split("\n")[0] ?? message;
}

/** The pair of map `node` whose key is the scalar `step`. */
function pairOf(node: YNode | null, step: string | number): { readonly key: YNode | null; readonly value: YNode | null } | undefined {
  if (node?.kind !== "map") return undefined;
  return node.items.find((p) => p.key?.kind === "scalar" && p.key.value === step);
}

/** The YAML node at `path` (map keys and sequence indexes), or the deepest existing ancestor. */
export function nodeAt(parsed: Parsed, path: Path): YNode | null {
  let node: YNode | null = parsed.root;
  for (const step of path) {
    if (node?.kind === "map") {
      const pair = pairOf(node, step);
      if (!pair) return node;
      node = pair.value ?? pair.key;
    } else if (node?.kind === "seq" && typeof step === "number") {
      const item: YNode | null | undefined = node.items[step];
      if (item === undefined) return node;
      node = item;
    } else break;
  }
  return node;
}

/** The key node of the last path step (for errors about a key itself: unknown, duplicate). */
export function keyAt(parsed: Parsed, path: Path): YNode | null {
  if (path.length === 0) return nodeAt(parsed, path);
  const pair = pairOf(nodeAt(parsed, path.slice(0, -1)), path[path.length - 1] as string | number);
  if (pair?.key?.kind === "scalar") return pair.key;
  return nodeAt(parsed, path);
}

/** Offset and length of a node in the file (a key-less empty value points at its parent). */
export function rangeOf(node: YNode | null): { offset: number; length: number } {
  const r = node?.range;
  if (!r) return { offset: 0, length: 1 };
  return { offset: r[0], length: Math.max(1, r[1] - r[0]) };
}

/**
 * Where the characters of a string scalar start in the file, so that an offset inside an
 * expression maps to the file. Plain and quoted scalars map exactly (escapes aside); for block
 * scalars the value is searched in the node's text.
 */
export function contentOffset(parsed: Parsed, node: YNode | null, value: string): number {
  const r = node?.range;
  if (!r) return 0;
  const raw = parsed.text.slice(r[0], r[1]);
  if (raw.startsWith(value)) return r[0];
  if ((raw.startsWith('"') || raw.startsWith("'")) && raw.slice(1).startsWith(value)) return r[0] + 1;
  const at = raw.indexOf(value.split("\n")[0] ?? value);
  return at >= 0 ? r[0] + at : r[0];
}

/** Line starts of the last text asked about: spans ask for many offsets of one file in a row. */
let lineStarts: { text: string; starts: number[] } | null = null;

/** 1-based line and column of an offset (a binary search over the text's line starts). */
export function lineCol(text: string, offset: number): { line: number; col: number } {
  if (lineStarts?.text !== text) {
    const starts = [0];
    for (let i = text.indexOf("\n"); i >= 0; i = text.indexOf("\n", i + 1)) starts.push(i + 1);
    lineStarts = { text, starts };
  }
  const starts = lineStarts.starts;
  const at = Math.max(0, Math.min(offset, text.length));
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if ((starts[mid] as number) <= at) lo = mid;
    else hi = mid - 1;
  }
  return { line: lo + 1, col: offset - (starts[lo] as number) + 1 };
}
