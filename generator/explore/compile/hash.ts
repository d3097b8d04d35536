// Explore stage, compiled engine: a structural 64-bit fingerprint of a state, as source text
// directed by the state's type (no JSON text, and key order never matters). Two 32-bit lanes
// take every word of the value: numbers as one word below 2^31 (two above), enums and tags by
// ordinal, strings by code unit. Records of bools and enums that fit in 30 bits enter as one
// packed word; a record that also holds nats enters as one word while they are small
// (`looseLayout`), field by field once one is not. Symmetric list fields (the spec's
// `symmetric:`) are hashed as a multiset: each row gives a contribution of its own (its word
// when it packs) and the contributions are summed, so every permutation of the workers has one
// fingerprint, with no sort and no record built.

import type { Program } from "../../ir/module.js";
import type { Type, TypeRef } from "../../ir/types.js";
import { unreachable } from "../../ir/types.js";
import { prop, shapeOf } from "./expr.js";

type Field = { readonly name: string; readonly type: Type };

/** The fewest bits a nat of a loose word may have (`looseLayout`). */
const LOOSE_LEAST = 4;

/** One field's place in a loose word: from bit `shift`, a presence bit first when optional, then its value (`inner`, a nat or a type that packs). */
export interface LooseSlot {
  readonly field: Field;
  readonly inner: Type;
  readonly optional: boolean;
  readonly shift: number;
}

/** How a record with small numbers packs into one word (HashCompiler.looseLayout); each nat has `share` bits. */
export interface LooseLayout {
  readonly share: number;
  readonly slots: readonly LooseSlot[];
}

/**
 * Module state for the rare named type hashed by a function (one that contains itself): the
 * lanes handed over in `$A`/`$B`; and the two finalisers (the fingerprint's, a row's contribution).
 */
export const hashPrologue = `
let $A = 0, $B = 0;
function $fmix(h) { h ^= h >>> 16; h = Math.imul(h, 0x85ebca6b); h ^= h >>> 13; h = Math.imul(h, 0xc2b2ae35); return h ^ (h >>> 16); }
function $fmix2(h) { h ^= h >>> 16; h = Math.imul(h, 0x7feb352d); h ^= h >>> 15; h = Math.imul(h, 0x846ca68b); return h ^ (h >>> 16); }
`;

/**
 * Mixing one word into the lanes, as statements over the locals `$a`, `$b` and `$w` of the
 * hashing function: written out in place rather than called, so the lanes stay in registers.
 */
function mix(word: string): string {
  return `$w = ${word}; $a = Math.imul($a ^ $w, 0x9e3779b1); $a = ($a << 15) | ($a >>> 17); $b = Math.imul($b + $w, 0x85ebca77); $b ^= $b >>> 13; $b = Math.imul($b, 0xc2b2ae3d);`;
}

/** Emits the hash of a state as straight-line code; a named type inside itself as a function. */
export class HashCompiler {
  private readonly names = new Map<string, string>();
  /** Named types being written out in place (a type met again inside itself becomes a call). */
  private readonly open = new Set<string>();
  private serial = 0;
  readonly functions: string[] = [];

  constructor(readonly prog: Program) {}

  /** Statements that mix the value `v` (an expression over a local) of type `t`. */
  value(v: string, t: Type): string {
    const n = this.serial++;
    switch (t.kind) {
      case "bool":
        return mix(`${v} ? 1 : 2`);
      case "nat":
      case "int":
        // One word below 2^31; else the high word (times 2^-32, exact for a safe integer: x -
        // ToUint32(x) is a multiple of 2^32, so floor(x / 2^32) without a division) with bit 31
        // set, then the low word. A first word with bit 31 set is never a small number's.
        return `{ const $x${n} = ${v}; if ($x${n} >= 0 && $x${n} < 2147483648) { ${mix(`$x${n}`)} } else { ${mix(`(($x${n} - ($x${n} >>> 0)) * 2.3283064365386963e-10) | -2147483648`)} ${mix(`$x${n} | 0`)} } }`;
      case "string":
        return `{ const $x${n} = ${v}; ${this.text(`$x${n}`)} }`;
      case "option":
        return `{ const $o${n} = ${v}; if ($o${n} === null) { ${mix("0")} } else { ${mix("1")} ${this.value(`$o${n}`, t.of)} } }`;
      case "list":
        return `{ const $l${n} = ${v}; ${mix(`$l${n}.length`)} for (let $i${n} = 0; $i${n} < $l${n}.length; $i${n}++) { ${this.value(`$l${n}[$i${n}]`, t.of)} } }`;
      case "named":
        return this.named(v, t.ref);
      default:
        return unreachable(t);
    }
  }

  /** A string's length and code units (also an enum value outside its type, never produced). */
  private text(x: string): string {
    const i = `$c${this.serial++}`;
    return `${mix(`${x}.length`)} for (let ${i} = 0; ${i} < ${x}.length; ${i}++) { ${mix(`${x}.charCodeAt(${i})`)} }`;
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

  /**
   * A record of bools, enums, nats and options of these, as one word when its numbers are small:
   * the fixed parts as `packed` lays them, each nat in the bits left over (an equal share, at
   * least LOOSE_LEAST), an option as a presence bit then its value. Null for a record with no
   * nat (`packed` covers it) or with any other kind of field. The codec lays its words alike.
   */
  looseLayout(t: Type): LooseLayout | null {
    if (t.kind !== "named" || this.bits(t) !== null) return null;
    const shape = shapeOf(this.prog, t.ref);
    if (shape.kind !== "record") return null;
    // Each field's bits (null for a nat, which takes the share); the fixed ones summed.
    const fields = shape.fields.map((field) => {
      const inner = field.type.kind === "option" ? field.type.of : field.type;
      return { field, inner, optional: field.type.kind === "option", bits: inner.kind === "nat" ? null : this.bits(inner) };
    });
    if (fields.some((f) => f.inner.kind !== "nat" && f.bits === null)) return null;
    const nats = fields.filter((f) => f.bits === null).length;
    const fixed = fields.reduce((n, f) => n + (f.bits ?? 0) + (f.optional ? 1 : 0), 0);
    const share = nats === 0 ? 0 : Math.floor((30 - fixed) / nats);
    if (nats === 0 || share < LOOSE_LEAST) return null;
    let shift = 0;
    const slots = fields.map(({ field, inner, optional, bits }): LooseSlot => {
      const slot = { field, inner, optional, shift };
      shift += (bits ?? share) + (optional ? 1 : 0);
      return slot;
    });
    return { share, slots };
  }

  /** The loose word of the record `v` (looseLayout), or -1 when some nat does not fit its share. */
  looseWord(v: string, t: Type): string | null {
    const layout = this.looseLayout(t);
    if (layout === null) return null;
    const fits: string[] = [];
    const parts = layout.slots.map(({ field, inner, optional, shift }) => {
      const x = `${v}${prop(field.name)}`;
      const number = inner.kind === "nat";
      if (number) fits.push(optional ? `(${x} === null || ${x} < ${2 ** layout.share})` : `${x} < ${2 ** layout.share}`);
      const value = number ? x : this.packed(x, inner);
      const part = optional ? `(${x} === null ? 0 : 1 | (${value} << 1))` : value;
      return shift === 0 ? part : `(${part} << ${shift})`;
    });
    return `(${fits.join(" && ")} ? (${parts.join(" | ")}) : -1)`;
  }

  /** The one word of a value of `t`: `packed`, or else `looseWord` (-1 when too large); null when neither applies. */
  word(v: string, t: Type): string | null {
    return this.bits(t) !== null ? this.packed(v, t) : this.looseWord(v, t);
  }

  /** Mixing the value `v` of `t` whose `word` is given (computed or cached), as `value` would. */
  wordMix(word: string, v: string, t: Type): string {
    return this.bits(t) !== null ? mix(word) : this.looseMix(word, v, t);
  }

  /**
   * Mixing a record whose loose word (`looseWord`, computed or cached) is `word`: that word, or
   * when it is -1 the word 2^30 (above every loose word) and then each field as `value` hashes it.
   */
  looseMix(word: string, v: string, t: Type): string {
    const shape = shapeOf(this.prog, (t as Type & { kind: "named" }).ref);
    const fields = shape.kind === "record" ? shape.fields : [];
    const u = `$u${this.serial++}`;
    return `{ const ${u} = ${word}; if (${u} >= 0) { ${mix(u)} } else { ${mix("1073741824")} ${fields.map((f) => this.value(`${v}${prop(f.name)}`, f.type)).join(" ")} } }`;
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

  /** A value of a named type, in place; inside itself, through its function. */
  private named(v: string, ref: TypeRef): string {
    const id = `${ref.module}.${ref.name}`;
    if (this.open.has(id)) return `$A = $a; $B = $b; ${this.fn(ref)}(${v}); $a = $A; $b = $B;`;
    this.open.add(id);
    const x = `$v${this.serial++}`;
    const body = this.body(x, ref);
    this.open.delete(id);
    return `{ const ${x} = ${v}; ${body} }`;
  }

  /** The function hashing a named type, for a type that contains itself; lanes in `$A`/`$B`. */
  private fn(ref: TypeRef): string {
    const id = `fn:${ref.module}.${ref.name}`;
    const known = this.names.get(id);
    if (known !== undefined) return known;
    const name = `$hash${this.names.size}`;
    this.names.set(id, name);
    this.functions.push(`function ${name}(v) { let $a = $A, $b = $B, $w = 0; ${this.body("v", ref)} $A = $a; $B = $b; }`);
    return name;
  }

  /** The fields that pack (bools, enums, records of such), in declaration order, several to a word of up to 30 bits. */
  private words(fields: readonly Field[]): { readonly f: Field; readonly shift: number; readonly bits: number }[][] {
    const words: { f: Field; shift: number; bits: number }[][] = [];
    let used = 31;
    for (const f of fields) {
      const bits = this.bits(f.type);
      if (bits === null) continue;
      if (used + bits > 30) {
        words.push([]);
        used = 0;
      }
      (words[words.length - 1] as { f: Field; shift: number; bits: number }[]).push({ f, shift: used, bits });
      used += bits;
    }
    return words;
  }

  /**
   * The fields of a record at `v`: those that pack several to a word (words), then the others one
   * by one (`other`, default `value`). A wide record of flags and enums costs a word or two, not
   * one mix per field. With `caches` (the state's own fields in fingerprintFrom), a word starts
   * from the parent's (`$prepare` keeps it) and only the fields that are not the parent's very
   * values are packed again: a step that sets one switch of ten computes one ordinal.
   */
  fields(v: string, fields: readonly Field[], other?: (f: Field) => string, caches: string[] | null = null): string {
    const part = (at: string, f: Field, shift: number): string => {
      const p = this.packed(`${at}${prop(f.name)}`, f.type);
      return shift === 0 ? p : `(${p} << ${shift})`;
    };
    const words = this.words(fields).map((w) => {
      const whole = (at: string): string => w.map(({ f, shift }) => part(at, f, shift)).join(" | ");
      if (caches === null) return mix(whole(v));
      const [k, parent] = [`$K${this.serial++}`, `$PK${this.serial++}`];
      this.functions.push(`let ${parent} = 0;`);
      caches.push(`${parent} = ${whole("p")};`);
      const moved = w.map(({ f, shift, bits }) => `if (${v}${prop(f.name)} !== p${prop(f.name)}) ${k} = (${k} & ${~(((1 << bits) - 1) << shift)}) | ${part(v, f, shift)};`);
      return `{ let ${k} = ${parent}; ${moved.join(" ")} ${mix(k)} }`;
    });
    const rest = fields.filter((f) => this.bits(f.type) === null).map((f) => (other ? other(f) : this.value(`${v}${prop(f.name)}`, f.type)));
    return [...words, ...rest].join(" ");
  }

  private body(v: string, ref: TypeRef): string {
    const shape = shapeOf(this.prog, ref);
    const t: Type = { kind: "named", ref };
    if (shape.kind === "record" && this.bits(t) !== null) return mix(this.packed(v, t));
    const loose = this.looseWord(v, t);
    if (loose !== null) return this.looseMix(loose, v, t);
    if (shape.kind === "enum") {
      const e = `$e${this.serial++}`;
      return `const ${e} = ${this.ordinal(ref, shape.members)}(${v}); if (${e} < ${shape.members.length}) { ${mix(e)} } else { ${this.text(v)} }`;
    }
    if (shape.kind === "record") return this.fields(v, shape.fields);
    const arms = shape.variants.map((variant, i) => `case ${JSON.stringify(variant.name)}: ${mix(String(i))} ${variant.fields.map((f) => this.value(`${v}${prop(f.name)}`, f.type)).join(" ")} break;`);
    return `switch (${v}.kind) { ${arms.join(" ")} default: ${this.text(`${v}.kind`)} }`;
  }

  /**
   * `$fingerprint(s)`: the state's two lanes into `$fp[0]`, `$fp[1]`. Fields in `symmetric`
   * (lists of one length, permuted together) enter as the multiset of their rows.
   */
  state(fields: readonly { readonly name: string; readonly type: Type }[], symmetric: readonly string[]): string {
    return this.build(fields, symmetric, null);
  }

  /**
   * `$fingerprintFrom(s, p)`, the same fingerprint of `s` computed beside `p` (the state it was
   * stepped from), and `$prepare(p)`: what p's hash is made of (its packed words, the packed
   * word or sub-hash of each row of its lists, the sub-hashes of its compound fields, computed
   * once per expanded state) stands for the same part of `s` where that is p's very value (a step
   * replaces one worker and shares the others). Null when the state has none of these.
   */
  stateFrom(fields: readonly { readonly name: string; readonly type: Type }[], symmetric: readonly string[]): { prepare: string; fingerprint: string } | null {
    const caches: string[] = [];
    const fingerprint = this.build(fields, symmetric, caches);
    if (caches.length === 0) return null;
    // `$prepared`: the state the words are of, so a fingerprint beside another state (a caller's
    // callback hashing in the middle of an expansion) recomputes them rather than misuse them.
    return { prepare: `let $prepared = null; function $prepare(p) { $prepared = p; ${caches.join(" ")} }`, fingerprint };
  }

  /**
   * Whether a value of `t` enters the state's hash as a sub-hash (two words from fresh lanes)
   * rather than word by word: lists, records that do not pack, unions, options of such. A
   * sub-hash can be reused from the parent state when the value is the parent's very value.
   */
  private compound(t: Type): boolean {
    if (t.kind === "list") return true;
    if (t.kind === "option") return this.compound(t.of);
    if (t.kind !== "named") return false;
    const shape = shapeOf(this.prog, t.ref);
    return shape.kind === "union" || (shape.kind === "record" && this.bits(t) === null);
  }

  /** Statements hashing `v` of type `t` alone, from fresh lanes, into the locals `ha`, `hb` (declared by the caller). */
  private pair(v: string, t: Type, ha: string, hb: string): string {
    return `{ const $a0 = $a, $b0 = $b; $a = 0x3c6ef372; $b = 0x1b873593; ${this.value(v, t)} ${ha} = $a; ${hb} = $b; $a = $a0; $b = $b0; }`;
  }

  /**
   * The sub-hash of a list of rows that do not pack: its length and each row's sub-hash. With
   * `parent` (the parent's list), a row that is the parent's very row takes the parent's row
   * sub-hash from the caches `ra`/`rb` (filled by `$prepare`).
   */
  private rowsPair(list: string, of: Type, ha: string, hb: string, parent: string | null, ra: string, rb: string): string {
    const n = this.serial++;
    const [l, i, r, x, y] = [`$L${n}`, `$I${n}`, `$R${n}`, `$X${n}`, `$Y${n}`];
    const reuse = parent === null ? "" : `if (${i} < ${parent}.length && ${r} === ${parent}[${i}]) { ${x} = ${ra}[${i}]; ${y} = ${rb}[${i}]; } else `;
    // Without a parent: the row sub-hashes go into the caches when there are any (`$prepare`).
    const fill = parent === null && ra !== "" ? `${ra}[${i}] = ${x}; ${rb}[${i}] = ${y};` : "";
    return `{ const $a0 = $a, $b0 = $b; $a = 0x3c6ef372; $b = 0x1b873593; const ${l} = ${list}; ${mix(`${l}.length`)} for (let ${i} = 0; ${i} < ${l}.length; ${i}++) { const ${r} = ${l}[${i}]; let ${x} = 0, ${y} = 0; ${reuse}${this.pair(r, of, x, y)} ${fill} ${mix(x)} ${mix(y)} } ${ha} = $a; ${hb} = $b; $a = $a0; $b = $b0; }`;
  }

  /**
   * The rows of the symmetric fields `sym` of `s` as a multiset: each row (its fields across
   * every symmetric list, at one index) gives a 64-bit contribution, one packed word through two
   * different finalisers, or its two-lane row hash finalised, and the contributions are summed
   * lane by lane (mod 2^32), an order-free hash with no sort. With `caches` (fingerprintFrom),
   * \`$prepare\` keeps the parent's contributions and sums, and a state stepped from it pays
   * only for the rows that are not the parent's very rows: one worker moved, one row hashed.
   * Lists of different lengths are not permutations of one another's rows: hashed as lists.
   */
  private multiset(sym: readonly { readonly name: string; readonly type: Type }[], caches: string[] | null): string {
    const rowTypes = sym.map((f) => (f.type as Type & { kind: "list" }).of);
    const bits = rowTypes.map((t) => this.bits(t));
    const packs = bits.every((b) => b !== null) && bits.reduce<number>((n, b) => n + (b as number), 0) <= 30;
    // One list of records with small numbers: a row's loose word when its numbers fit.
    const loose = !packs && sym.length === 1 ? this.looseWord("$r0", rowTypes[0] as Type) : null;
    // Statements setting `ca`, `cb` (declared by the caller) to row `i` of the lists of `v`
    // (null: the rows are in `$r0`.. already).
    const contribution = (v: string | null): string => {
      const rows = v === null ? "" : sym.map((f, k) => `const $r${k} = ${v}${prop(f.name)}[i];`).join(" ");
      const hashed = (): string => {
        const hash = sym.map((_, k) => this.value(`$r${k}`, rowTypes[k] as Type)).join(" ");
        return `{ let $a = 0x3c6ef372, $b = 0x1b873593, $w = 0; ${hash} ca = $fmix($a ^ Math.imul($b, 0x27d4eb2f)); cb = $fmix2(($b + $a) | 0); }`;
      };
      if (loose !== null) return `${rows} const $rw = ${loose}; if ($rw >= 0) { ca = $fmix($rw ^ 0x2f1a8b3d); cb = $fmix2(($rw + 0x61c88647) | 0); } else ${hashed()}`;
      if (packs) {
        let shift = 0;
        const parts = sym.map((_, k) => {
          const p = this.packed(`$r${k}`, rowTypes[k] as Type);
          const at = shift;
          shift += bits[k] as number;
          return at === 0 ? p : `(${p} << ${at})`;
        });
        return `${rows} const $rw = ${parts.join(" | ")}; ca = $fmix($rw ^ 0x2f1a8b3d); cb = $fmix2(($rw + 0x61c88647) | 0);`;
      }
      return `${rows} ${hashed()}`;
    };
    const lists = (v: string): string[] => sym.map((f) => `${v}${prop(f.name)}`);
    const differ = (v: string): string => lists(v).map((l) => `${l}.length !== n`).join(" || ") || "false";
    const full = (v: string, keep: boolean): string =>
      `for (let i = 0; i < n; i++) { let ca = 0, cb = 0; ${contribution(v)} ${keep ? "$SA[i] = ca; $SB[i] = cb; " : ""}sa = (sa + ca) | 0; sb = (sb + cb) | 0; }`;
    const asLists = sym.map((f) => this.value(`s${prop(f.name)}`, f.type)).join(" ");
    const mixed = `${mix("n")} ${mix("sa")} ${mix("sb")}`;
    if (caches === null) return `{ const n = s${prop((sym[0] as (typeof sym)[number]).name)}.length; if (${differ("s")}) { ${asLists} } else { let sa = 0, sb = 0; ${full("s", false)} ${mixed} } }`;
    // The parent's contributions ($SA, $SB), their sums, and its row count (-1: lists of different lengths).
    this.functions.push(`const $SA = [], $SB = []; let $SSA = 0, $SSB = 0, $SN = -1;`);
    caches.push(`{ const n = p${prop((sym[0] as (typeof sym)[number]).name)}.length; if (${differ("p")}) { $SN = -1; } else { let sa = 0, sb = 0; ${full("p", true)} $SSA = sa; $SSB = sb; $SN = n; } }`);
    const same = sym.map((f) => `$r${sym.indexOf(f)} === p${prop(f.name)}[i]`).join(" && ");
    const whole = lists("s").map((l, k) => `${l} === ${lists("p")[k]}`).join(" && ");
    const rows = sym.map((f, k) => `const $r${k} = s${prop(f.name)}[i];`).join(" ");
    const moved = `for (let i = 0; i < n; i++) { ${rows} if (${same}) continue; let ca = 0, cb = 0; ${contribution(null)} sa = (sa + ca - $SA[i]) | 0; sb = (sb + cb - $SB[i]) | 0; }`;
    return `{ const n = s${prop((sym[0] as (typeof sym)[number]).name)}.length; if (${differ("s")}) { ${asLists} } else { let sa = 0, sb = 0; if (n === $SN) { sa = $SSA; sb = $SSB; if (!(${whole})) ${moved} } else { ${full("s", false)} } ${mixed} } }`;
  }

  /** With `caches`, the parent-aided form (stateFrom), each cache's preparing statement pushed. */
  private build(fields: readonly { readonly name: string; readonly type: Type }[], symmetric: readonly string[], caches: string[] | null): string {
    const plain = fields.filter((f) => !symmetric.includes(f.name));
    const sym = fields.filter((f) => symmetric.includes(f.name) && f.type.kind === "list");
    // The packed word of row `i` of the list field `f` of `s` (read into `row` beforehand), from
    // the parent's words where it is the parent's very row.
    const rowWord = (f: { readonly name: string; readonly type: Type }, row: string, i: string): string => {
      const t = (f.type as Type & { kind: "list" }).of;
      const word = this.word(row, t) as string;
      if (caches === null) return word;
      const cache = `$PW${this.serial++}`;
      this.functions.push(`const ${cache} = [];`);
      caches.push(`{ const l = p${prop(f.name)}; for (let i = 0; i < l.length; i++) { const r = l[i]; ${cache}[i] = ${this.word("r", t)}; } }`);
      return `(${i} < p${prop(f.name)}.length && ${row} === p${prop(f.name)}[${i}] ? ${cache}[${i}] : ${word})`;
    };
    // The row sub-hashes of a list of rows that do not pack, beside the parent's: the caches
    // (filled by `$prepare` from the parent's rows) and the parent's list; null without a parent.
    // `prepare`: push the statement filling them (else the caller's preparing statement does).
    const rowCaches = (f: { readonly name: string; readonly type: Type }, prepare: boolean): { ra: string; rb: string; parent: string | null } => {
      const n = this.serial++;
      const [ra, rb] = [`$RA${n}`, `$RB${n}`];
      if (caches === null) return { ra: "", rb: "", parent: null };
      this.functions.push(`const ${ra} = [], ${rb} = [];`);
      const of = (f.type as Type & { kind: "list" }).of;
      if (prepare) caches.push(`{ let $a = 0, $b = 0, $w = 0; const l = p${prop(f.name)}; for (let i = 0; i < l.length; i++) { let x = 0, y = 0; ${this.pair("l[i]", of, "x", "y")} ${ra}[i] = x; ${rb}[i] = y; } }`);
      return { ra, rb, parent: `p${prop(f.name)}` };
    };
    const packedList = (f: { readonly name: string; readonly type: Type }): boolean => f.type.kind === "list" && (this.bits(f.type.of) !== null || this.looseLayout(f.type.of) !== null);
    const plainField = (f: { readonly name: string; readonly type: Type }): string => {
      const at = `s${prop(f.name)}`;
      const n = this.serial++;
      if (packedList(f)) {
        if (caches === null) return this.value(at, f.type);
        return `{ const $l${n} = ${at}; ${mix(`$l${n}.length`)} for (let $i${n} = 0; $i${n} < $l${n}.length; $i${n}++) { const $r${n} = $l${n}[$i${n}]; ${this.wordMix(rowWord(f, `$r${n}`, `$i${n}`), `$r${n}`, (f.type as Type & { kind: "list" }).of)} } }`;
      }
      if (!this.compound(f.type)) return this.value(at, f.type);
      // A compound field enters as its sub-hash, the parent's when it is the parent's very value.
      const [ha, hb] = [`$H${n}`, `$G${n}`];
      let compute: string;
      const c = f.type.kind === "list" ? rowCaches(f, false) : null;
      compute = f.type.kind === "list" && c !== null ? this.rowsPair(at, f.type.of, ha, hb, c.parent, c.ra, c.rb) : this.pair(at, f.type, ha, hb);
      if (caches !== null) {
        const [ca, cb] = [`$CA${n}`, `$CB${n}`];
        this.functions.push(`let ${ca} = 0, ${cb} = 0;`);
        // The parent's sub-hash, its row sub-hashes filling the row caches on the way.
        const parentPair = f.type.kind === "list" && c !== null ? this.rowsPair(`p${prop(f.name)}`, f.type.of, ca, cb, null, c.ra, c.rb) : this.pair(`p${prop(f.name)}`, f.type, ca, cb);
        caches.push(`{ let $a = 0, $b = 0, $w = 0; ${parentPair} }`);
        compute = `if (${at} === p${prop(f.name)}) { ${ha} = ${ca}; ${hb} = ${cb}; } else ${compute}`;
      }
      return `{ let ${ha} = 0, ${hb} = 0; ${compute} ${mix(ha)} ${mix(hb)} }`;
    };
    const lines = [`let $a = 0x811c9dc5 | 0, $b = 0x2545f491, $w = 0;`, this.fields("s", plain, plainField, caches)];
    if (sym.length > 0) lines.push(this.multiset(sym, caches));
    lines.push(`$fp[0] = $fmix($a ^ Math.imul($b, 0x27d4eb2f)); $fp[1] = $fmix($b + $a);`);
    return caches === null ? `function $fingerprint(s) { ${lines.join(" ")} }` : `function $fingerprintFrom(s, p) { if (p !== $prepared) $prepare(p); ${lines.join(" ")} }`;
  }
}
