// Test support for the spec fuzzer: seeded mutations of real spec texts, as a new user (or a
// hostile one) would break them: lines deleted, duplicated, swapped or re-indented, characters
// inserted, numbers, operators and names replaced, expressions nested or chained far past any
// real spec, YAML anchors, aliases, merge keys and tags, hostile characters in docs, huge names.
// Deterministic in the seed, so every failure is replayed by its case number.

/** A small seeded PRNG (mulberry32): the same seed gives the same cases on every machine. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Rand = () => number;
const int = (r: Rand, n: number): number => Math.floor(r() * n);
const pick = <T>(r: Rand, xs: readonly T[]): T => xs[int(r, xs.length)] as T;

const HOSTILE_CHARS = ["{", "}", "[", "]", ":", ",", '"', "'", "&", "*", "!", "|", ">", "-", "#", "%", "@", "`", "\t", "\r", "\n", "\u2028", "\u2029", "\ufeff", "\u00a0", "\\", "?", "<<", "0", "9", "_", "a", "Z", " "];
const NUMBERS = ["0", "1", "-1", "9007199254740991", "9007199254740993", "99999999999999999999", "1.5", "1e400", "0x10", "00", "1_000", "1__0", "5min", "15h", "999999999h", "pow2(60)", "pow2(53) - 1", "pow2(1024)"];
const OPERATORS = ["<", "<=", ">", ">=", "==", "!=", "+", "-", "*", "/", "%", "&&", "||", "=", "!", "->", "=>"];
const YAML_JUNK = ["x: *undefined_anchor", "<<: 5", "<<: *a", "a: &a [1, 2]", "b: !!binary aGk=", "c: !custom 1", "%TAG ! tag:x,2000:", "? [complex, key]\n: v", "---", "...", "d: &d\n  e: *d", "f: [*g, *g]", "h: |\n\tx", "module: other"];

export interface Mutant {
  readonly text: string;
  /** What was done, for the failure message. */
  readonly ops: readonly string[];
}

const lines = (t: string): string[] => t.split("\n");

type Op = (t: string, r: Rand) => string;

const OPS: Readonly<Record<string, Op>> = {
  deleteLine: (t, r) => {
    const ls = lines(t);
    ls.splice(1 + int(r, ls.length - 1), 1);
    return ls.join("\n");
  },
  duplicateLine: (t, r) => {
    const ls = lines(t);
    const i = 1 + int(r, ls.length - 1);
    ls.splice(i, 0, ls[i] ?? "");
    return ls.join("\n");
  },
  swapLines: (t, r) => {
    const ls = lines(t);
    const i = 1 + int(r, ls.length - 1);
    const j = 1 + int(r, ls.length - 1);
    [ls[i], ls[j]] = [ls[j] ?? "", ls[i] ?? ""];
    return ls.join("\n");
  },
  reindent: (t, r) => {
    const ls = lines(t);
    const i = 1 + int(r, ls.length - 1);
    ls[i] = r() < 0.5 ? `  ${ls[i]}` : (ls[i] ?? "").replace(/^ {1,2}/, "");
    return ls.join("\n");
  },
  insertChar: (t, r) => {
    const at = int(r, t.length);
    return t.slice(0, at) + pick(r, HOSTILE_CHARS) + t.slice(at);
  },
  deleteRange: (t, r) => {
    const at = int(r, t.length);
    return t.slice(0, at) + t.slice(at + 1 + int(r, 20));
  },
  truncate: (t, r) => t.slice(0, int(r, t.length)),
  replaceNumber: (t, r) => replaceMatch(t, r, /\b\d[\d_]*(?:ms|s|min|h)?\b/g, () => pick(r, NUMBERS)),
  replaceOperator: (t, r) => replaceMatch(t, r, /<=|>=|==|!=|&&|\|\||[<>+*%]/g, () => pick(r, OPERATORS)),
  replaceName: (t, r) => {
    const names = [...new Set(t.match(/\b[A-Za-z_][A-Za-z0-9_]*\b/g) ?? [])];
    return replaceMatch(t, r, /\b[A-Za-z_][A-Za-z0-9_]*\b/g, () => (r() < 0.8 ? pick(r, names) : `${pick(r, names)}x`));
  },
  deepParens: (t, r) => {
    const n = 1 + int(r, 400);
    return replaceMatch(t, r, /(?<=(?:when|expr|emit|then|otherwise): )[^\n{},]+/g, (m) => `"${"(".repeat(n)}${m.replace(/^"|"$/g, "")}${")".repeat(n)}"`);
  },
  longChain: (t, r) => {
    const n = 1 + int(r, 400);
    return replaceMatch(t, r, /(?<=(?:when|expr): )[^\n{},"]+/g, (m) => `${m}${r() < 0.5 ? " && true".repeat(n) : " + 0".repeat(n)}`);
  },
  manyNots: (t, r) => replaceMatch(t, r, /(?<=when: )[^\n{},"]+/g, (m) => `"${"!".repeat(2 * (1 + int(r, 300)))}(${m})"`),
  yamlJunk: (t, r) => {
    const ls = lines(t);
    const i = 1 + int(r, ls.length - 1);
    const indent = (ls[i] ?? "").match(/^ */)?.[0] ?? "";
    ls.splice(i, 0, ...pick(r, YAML_JUNK).split("\n").map((l) => indent + l));
    return ls.join("\n");
  },
  deepFlow: (t, r) => {
    const n = 1 + int(r, 300);
    return replaceMatch(t, r, /(?<=: )[^\n{}[\],]+$/gm, () => `${"[".repeat(n)}1${"]".repeat(n)}`);
  },
  hugeName: (t, r) => replaceMatch(t, r, /\b[A-Z][A-Z0-9_]{3,}\b/g, (m) => m + "X".repeat(1000 + int(r, 20_000))),
  hostileDoc: (t, r) => replaceMatch(t, r, /(?<=doc: )[^\n]+/g, () => JSON.stringify(`a\rb\u2028c\u2029d */ -/ <!-- | ${"x".repeat(int(r, 3) * 5000)}`)),
  deletePair: (t, r) => replaceMatch(t, r, /\b[a-z_]+: [^,{}\n]+, /g, () => ""),
  tabIndent: (t, r) => {
    const ls = lines(t);
    const i = 1 + int(r, ls.length - 1);
    ls[i] = `\t${ls[i]}`;
    return ls.join("\n");
  },
};

/** Replace one (seeded) match of `re` in `t` by `by(match)`; `t` itself when nothing matches. */
function replaceMatch(t: string, r: Rand, re: RegExp, by: (m: string) => string): string {
  const all = [...t.matchAll(re)];
  if (all.length === 0) return t;
  const m = pick(r, all);
  const at = m.index ?? 0;
  return t.slice(0, at) + by(m[0]) + t.slice(at + m[0].length);
}

export const OP_NAMES = Object.keys(OPS).sort();

/** One to three mutations of `text`, chosen by `seed`. */
export function mutate(text: string, seed: number): Mutant {
  const r = rng(seed);
  let t = text;
  const ops: string[] = [];
  const n = r() < 0.7 ? 1 : 2 + int(r, 2);
  for (let i = 0; i < n; i++) {
    const name = pick(r, OP_NAMES);
    t = (OPS[name] as Op)(t, r);
    ops.push(name);
  }
  return { text: t, ops };
}
