// Explore stage, compiled engine: a structural 64-bit fingerprint of a state, as source text
// directed by the state's type (no JSON text, and key order never matters). Two 32-bit lanes
// take every word of the value: numbers as two words, enums and tags by ordinal, strings by
// code unit. Symmetric list fields (the spec's `symmetric:`) are hashed as a multiset: each
// index's elements hash on their own, the element hashes are sorted, then mixed in, so every
// permutation of the workers has one fingerprint (sorting worker records, without building them).
// Records of bools and enums that fit in 30 bits enter as one packed word, and symmetric rows
// that pack are sorted as their words.

import type { Program } from "../../ir/module.js";
import type { Type, TypeRef } from "../../ir/types.js";
import { unreachable } from "../../ir/types.js";
import { prop, shapeOf } from "./expr.js";

/** Lane state and the word mixer; `$A`/`$B` are the lanes. */
export const hashPrologue = `
let $A = 0, $B = 0;
const $EA = [], $EB = [], $EI = [];
function $mix(w) {
  $A = Math.imul($A ^ w, 0x9e3779b1); $A = ($A << 15) | ($A >>> 17);
  $B = Math.imul($B + w, 0x85ebca77); $B ^= $B >>> 13; $B = Math.imul($B, 0xc2b2ae3d);
}
function $num(x) { $mix(x | 0); $mix(Math.floor(x / 4294967296) | 0); }
function $str(x) { $mix(x.length); for (let i = 0; i < x.length; i++) $mix(x.charCodeAt(i)); }
function $fmix(h) { h ^= h >>> 16; h = Math.imul(h, 0x85ebca6b); h ^= h >>> 13; h = Math.imul(h, 0xc2b2ae35); return h ^ (h >>> 16); }
`;

/** Emits one hash function per named type reached from the state. */
export class HashCompiler {
  private readonly names = new Map<string, string>();
  readonly functions: string[] = [];

  constructor(readonly prog: Program) {}

  /** Statements that mix the value `v` (an expression over a local) of type `t`. */
  value(v: string, t: Type, depth = 0): string {
    switch (t.kind) {
      case "bool":
        return `$mix(${v} ? 1 : 2);`;
      case "nat":
      case "int":
        return `$num(${v});`;
      case "string":
        return `$str(${v});`;
      case "option": {
        const o = `$o${depth}`;
        return `{ const ${o} = ${v}; if (${o} === null) $mix(0); else { $mix(1); ${this.value(o, t.of, depth + 1)} } }`;
      }
      case "list": {
        const l = `$l${depth}`;
        const i = `$i${depth}`;
        return `{ const ${l} = ${v}; $mix(${l}.length); for (let ${i} = 0; ${i} < ${l}.length; ${i}++) { ${this.value(`${l}[${i}]`, t.of, depth + 1)} } }`;
      }
      case "named":
        return `${this.named(t.ref)}(${v});`;
      default:
        return unreachable(t);
    }
  }

  /**
   * Bits that hold every value of `t` (a bool, an enum, a record of such), when at most 30:
   * such a value enters the hash as one word, `packed`, instead of a word per field. Null for
   * numbers, strings, lists, options and unions.
   */
  bits(t: Type): number | null {
    if (t.kind === "bool") return 1;
    if (t.kind !== "named") return null;
    const shape = shapeOf(this.prog, t.ref);
    // One more code than members: a value outside the type (never produced) still packs.
    if (shape.kind === "enum") return Math.max(1, Math.ceil(Math.log2(shape.members.length + 1)));
    if (shape.kind !== "record") return null;
    let sum = 0;
    for (const f of shape.fields) {
      const b = this.bits(f.type);
      if (b === null) return null;
      sum += b;
    }
    return sum <= 30 ? sum : null;
  }

  /** The packed word of a value of `t` (bits(t) not null): distinct values, distinct words. */
  packed(v: string, t: Type): string {
    if (t.kind === "bool") return `(${v} ? 1 : 0)`;
    if (t.kind !== "named") throw new Error("hash: packed on a type that does not pack");
    const shape = shapeOf(this.prog, t.ref);
    if (shape.kind === "enum") return `${this.ordinal(t.ref, shape.members)}(${v})`;
    if (shape.kind !== "record") throw new Error("hash: packed on a union");
    const parts: string[] = [];
    let shift = 0;
    for (const f of shape.fields) {
      const p = this.packed(`${v}${prop(f.name)}`, f.type);
      parts.push(shift === 0 ? p : `(${p} << ${shift})`);
      shift += this.bits(f.type) as number;
    }
    return parts.length === 0 ? "0" : `(${parts.join(" | ")})`;
  }

  private ordinal(ref: TypeRef, members: readonly string[]): string {
    const id = `ord:${ref.module}.${ref.name}`;
    const known = this.names.get(id);
    if (known !== undefined) return known;
    const name = `$ord${this.names.size}`;
    this.names.set(id, name);
    this.functions.push(`function ${name}(v) { switch (v) { ${members.map((m, i) => `case ${JSON.stringify(m)}: return ${i};`).join(" ")} default: return ${members.length}; } }`);
    return name;
  }

  private named(ref: TypeRef): string {
    const id = `${ref.module}.${ref.name}`;
    const known = this.names.get(id);
    if (known !== undefined) return known;
    const name = `$hash${this.names.size}`;
    this.names.set(id, name);
    const shape = shapeOf(this.prog, ref);
    let body: string;
    if (shape.kind === "record" && this.bits({ kind: "named", ref }) !== null) {
      body = `$mix(${this.packed("v", { kind: "named", ref })});`;
    } else if (shape.kind === "enum") {
      body = `switch (v) { ${shape.members.map((m, i) => `case ${JSON.stringify(m)}: $mix(${i}); return;`).join(" ")} default: $str(v); }`;
    } else if (shape.kind === "record") {
      body = shape.fields.map((f) => this.value(`v${prop(f.name)}`, f.type)).join(" ");
    } else {
      const arms = shape.variants.map((variant, i) => `case ${JSON.stringify(variant.name)}: $mix(${i}); ${variant.fields.map((f) => this.value(`v${prop(f.name)}`, f.type)).join(" ")} return;`);
      body = `switch (v.kind) { ${arms.join(" ")} default: $str(v.kind); }`;
    }
    this.functions.push(`function ${name}(v) { ${body} }`);
    return name;
  }

  /**
   * `$fingerprint(s)`: the state's two lanes into `$fp[0]`, `$fp[1]`. Fields in `symmetric`
   * (lists of one length, permuted together) enter as the sorted multiset of their rows.
   */
  state(fields: readonly { readonly name: string; readonly type: Type }[], symmetric: readonly string[]): string {
    const plain = fields.filter((f) => !symmetric.includes(f.name));
    const sym = fields.filter((f) => symmetric.includes(f.name) && f.type.kind === "list");
    const lines = [`$A = 0x811c9dc5; $B = 0x2545f491;`, ...plain.map((f) => this.value(`s${prop(f.name)}`, f.type))];
    const rowTypes = sym.map((f) => (f.type as Type & { kind: "list" }).of);
    const rowBits = rowTypes.reduce<number | null>((n, t) => (n === null ? null : ((b) => (b === null ? null : n + b))(this.bits(t))), 0);
    if (sym.length > 0 && rowBits !== null && rowBits <= 30) {
      // Rows that pack into one word each: the sorted words are the multiset itself (no row hash
      // to compute, and two different rows never share a word).
      const lists = sym.map((f) => `s${prop(f.name)}`);
      let shift = 0;
      const parts = sym.map((_, k) => {
        const p = this.packed(`${lists[k]}[i]`, rowTypes[k] as Type);
        const at = shift;
        shift += this.bits(rowTypes[k] as Type) as number;
        return at === 0 ? p : `(${p} << ${at})`;
      });
      const lengths = lists.map((l) => `${l}.length`);
      lines.push(
        `const n = ${lengths[0]};`,
        `if (${lengths.map((l) => `${l} !== n`).join(" || ") || "false"}) { ${sym.map((f) => this.value(`s${prop(f.name)}`, f.type)).join(" ")} } else {`,
        `for (let i = 0; i < n; i++) $EA[i] = ${parts.join(" | ")};`,
        // Insertion sort: worker counts are small.
        `for (let i = 1; i < n; i++) { const x = $EA[i]; let j = i - 1; while (j >= 0 && $EA[j] > x) { $EA[j + 1] = $EA[j]; j--; } $EA[j + 1] = x; }`,
        `$mix(n); for (let i = 0; i < n; i++) $mix($EA[i]);`,
        `}`,
      );
    } else if (sym.length > 0) {
      const lists = sym.map((f) => `s${prop(f.name)}`);
      const rows = sym.map((f, k) => this.value(`${lists[k]}[i]`, (f.type as Type & { kind: "list" }).of)).join(" ");
      const lengths = lists.map((l) => `${l}.length`);
      lines.push(
        `const n = ${lengths[0]};`,
        // Lists of different lengths are not a permutation of one another's rows: hash them plainly.
        `if (${lengths.map((l) => `${l} !== n`).join(" || ") || "false"}) { ${sym.map((f) => this.value(`s${prop(f.name)}`, f.type)).join(" ")} } else {`,
        `const a = $A, b = $B;`,
        `for (let i = 0; i < n; i++) { $A = 0x3c6ef372; $B = 0x1b873593; ${rows} $EA[i] = $A >>> 0; $EB[i] = $B >>> 0; $EI[i] = i; }`,
        // Insertion sort of the row hashes: worker counts are small.
        `for (let i = 1; i < n; i++) { const x = $EI[i]; let j = i - 1; while (j >= 0 && ($EA[$EI[j]] > $EA[x] || ($EA[$EI[j]] === $EA[x] && $EB[$EI[j]] > $EB[x]))) { $EI[j + 1] = $EI[j]; j--; } $EI[j + 1] = x; }`,
        `$A = a; $B = b; $mix(n); for (let i = 0; i < n; i++) { $mix($EA[$EI[i]]); $mix($EB[$EI[i]]); }`,
        `}`,
      );
    }
    lines.push(`$fp[0] = $fmix($A ^ Math.imul($B, 0x27d4eb2f)); $fp[1] = $fmix($B + $A);`);
    return `function $fingerprint(s) { ${lines.join(" ")} }`;
  }
}
