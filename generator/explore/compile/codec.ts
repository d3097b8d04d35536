// Explore stage, compiled engine: a state packed into 32-bit words and back, as source text
// directed by the state's type, so the search's frontier is held as an Int32Array (frontier.ts)
// rather than as objects: bytes per state then count everything the search holds, and a level
// can travel between threads or to disk as it is. A bool, an enum (by ordinal) and a record of
// such that fits 30 bits (hash.ts `packed`) take one word, and so does a record that also holds
// nats while they are small (hash.ts `looseLayout`; else -1 and then its fields); a nat or int
// one word below 2^31, else a marker and two; an option a tag word; a list its length and its
// elements; a union its variant's ordinal and its fields. Decoding builds each record with its
// fields in declaration order, the object shape the compiled step builds.

import type { Program } from "../../ir/module.js";
import type { Type, TypeRef } from "../../ir/types.js";
import { unreachable } from "../../ir/types.js";
import { key, prop, shapeOf } from "./expr.js";
import type { HashCompiler, LooseSlot } from "./hash.js";

/**
 * Module state of the compiled codec: the words being written (`$E`, grown as needed, `$p` the
 * next position) and the words being read (`$D` from `$q`).
 */
export const codecPrologue = `
let $E = new Int32Array(1024), $p = 0, $D = $E, $q = 0;
function $encNum(x) { if (x >= 0 && x < 2147483648) { $E[$p++] = x; } else { const hi = Math.floor(x / 4294967296); $E[$p++] = -1; $E[$p++] = hi; $E[$p++] = (x - hi * 4294967296) | 0; } }
function $decNum() { const w = $D[$q++]; if (w >= 0) return w; const hi = $D[$q++]; return hi * 4294967296 + ($D[$q++] >>> 0); }
function $encText(x) { $E[$p++] = x.length; for (let i = 0; i < x.length; i++) $E[$p++] = x.charCodeAt(i); }
function $decText() { const n = $D[$q++]; let t = ""; for (let i = 0; i < n; i++) t += String.fromCharCode($D[$q++]); return t; }
`;

/** Emits `$encode(s)` (words into `$E` from 0, returns their count) and `$decode(words, at)`. */
export class CodecCompiler {
  private readonly names = new Map<string, [string, string]>();
  readonly functions: string[] = [];

  constructor(
    private readonly prog: Program,
    private readonly hash: HashCompiler,
  ) {}

  /** The encoder and decoder of the state record type. */
  state(ref: TypeRef): string {
    const [enc, dec] = this.named(ref);
    // Written without a room check a word: a store past the end of a typed array is dropped, so
    // a state that did not fit is written again into a larger buffer.
    return `function $encode(s) { for (;;) { $p = 0; ${enc}(s); if ($p <= $E.length) return $p; $E = new Int32Array(Math.max($E.length * 2, $p)); } } function $decode(words, at) { $D = words; $q = at; const s = ${dec}(); return s; } function $decodedEnd() { return $q; }`;
  }

  /** Statements writing the value `v` of type `t`. */
  private enc(v: string, t: Type): string {
    switch (t.kind) {
      case "bool":
        return `$E[$p++] = ${v} ? 1 : 0;`;
      case "nat":
      case "int":
        return `$encNum(${v});`;
      case "string":
        return `$encText(${v});`;
      case "option":
        return `{ const o = ${v}; if (o === null) { $E[$p++] = 0; } else { $E[$p++] = 1; ${this.enc("o", t.of)} } }`;
      case "list":
        return `{ const l = ${v}; $E[$p++] = l.length; for (let i = 0; i < l.length; i++) { ${this.enc("l[i]", t.of)} } }`;
      case "named":
        return `${this.named(t.ref)[0]}(${v});`;
      default:
        return unreachable(t);
    }
  }

  /** An expression reading a value of type `t`. */
  private dec(t: Type): string {
    switch (t.kind) {
      case "bool":
        return "$D[$q++] === 1";
      case "nat":
      case "int":
        return "$decNum()";
      case "string":
        return "$decText()";
      case "option":
        return `($D[$q++] === 0 ? null : ${this.dec(t.of)})`;
      case "list":
        return this.listDecoder(t.of);
      case "named":
        return `${this.named(t.ref)[1]}()`;
      default:
        return unreachable(t);
    }
  }

  private listDecoder(of: Type): string {
    const id = `list:${JSON.stringify(of)}`;
    const known = this.names.get(id);
    if (known !== undefined) return `${known[1]}()`;
    const name = `$decl${this.names.size}`;
    this.names.set(id, ["", name]);
    // Pushed, so the list is a packed array like the ones the step builds.
    this.functions.push(`function ${name}() { const n = $D[$q++]; const out = []; for (let i = 0; i < n; i++) out.push(${this.dec(of)}); return out; }`);
    return `${name}()`;
  }

  /** The encoder and decoder functions of a named type (declared once, before their bodies, so a type may contain itself). */
  private named(ref: TypeRef): [string, string] {
    const id = `${ref.module}.${ref.name}`;
    const known = this.names.get(id);
    if (known !== undefined) return known;
    const n = this.names.size;
    const names: [string, string] = [`$enc${n}`, `$dec${n}`];
    this.names.set(id, names);
    const [enc, dec] = this.bodies(ref);
    this.functions.push(`function ${names[0]}(v) { ${enc} }`, `function ${names[1]}() { ${dec} }`);
    return names;
  }

  private bodies(ref: TypeRef): [string, string] {
    const shape = shapeOf(this.prog, ref);
    const t: Type = { kind: "named", ref };
    const bits = this.hash.bits(t);
    if (shape.kind === "enum") {
      const members = `$members${this.names.size}`;
      this.functions.push(`const ${members} = ${JSON.stringify(shape.members)};`);
      const ord = this.hash.packed("v", t);
      // A value outside the type is never produced; it still round-trips, as its text.
      return [`const o = ${ord}; $E[$p++] = o; if (o === ${shape.members.length}) $encText(v);`, `const o = $D[$q++]; return o < ${shape.members.length} ? ${members}[o] : $decText();`];
    }
    if (shape.kind === "record") {
      const record = (value: (f: { readonly name: string; readonly type: Type }) => string): string => `{ ${shape.fields.map((f) => `${key(f.name)}: ${value(f)}`).join(", ")} }`;
      if (bits !== null) return [`$E[$p++] = ${this.hash.packed("v", t)};`, `const w = $D[$q++]; return ${this.unpack("w", t, 0)};`];
      const enc = shape.fields.map((f) => this.enc(`v${prop(f.name)}`, f.type)).join(" ");
      // Fields are read in order into locals, then the literal built in declaration order.
      const reads = shape.fields.map((f, i) => `const f${i} = ${this.dec(f.type)};`).join(" ");
      let i = 0;
      const fields: [string, string] = [enc, `${reads} return ${record(() => `f${i++}`)};`];
      const loose = this.hash.looseLayout(t);
      if (loose === null) return fields;
      // Small numbers: the loose word (below 2^30); else -1, then the fields one by one.
      const slots = new Map(loose.slots.map((x) => [x.field.name, x]));
      const slot = (f: { readonly name: string }): string => {
        const { inner, optional, shift } = slots.get(f.name) as LooseSlot;
        const at = optional ? shift + 1 : shift;
        const value = inner.kind === "nat" ? `((w >>> ${at}) & ${2 ** loose.share - 1})` : this.unpack("w", inner, at);
        return optional ? `(((w >>> ${shift}) & 1) === 0 ? null : ${value})` : value;
      };
      return [`const w = ${this.hash.looseWord("v", t)}; if (w >= 0) { $E[$p++] = w; } else { $E[$p++] = -1; ${fields[0]} }`, `const w = $D[$q++]; if (w >= 0) return ${record(slot)}; ${fields[1]}`];
    }
    const encArms = shape.variants.map((variant, i) => `case ${JSON.stringify(variant.name)}: $E[$p++] = ${i}; ${variant.fields.map((f) => this.enc(`v${prop(f.name)}`, f.type)).join(" ")} break;`);
    const decArms = shape.variants.map((variant, i) => {
      const reads = variant.fields.map((f, j) => `const f${j} = ${this.dec(f.type)};`).join(" ");
      return `case ${i}: { ${reads} return { kind: ${JSON.stringify(variant.name)}${variant.fields.map((f, j) => `, ${key(f.name)}: f${j}`).join("")} }; }`;
    });
    return [`switch (v.kind) { ${encArms.join(" ")} default: $fail("encode: no variant " + String(v.kind)); }`, `switch ($D[$q++]) { ${decArms.join(" ")} default: return $fail("decode: bad variant"); }`];
  }

  /** The value of `t` held in `word` from bit `shift` on (the inverse of hash.ts `packed`). */
  private unpack(word: string, t: Type, shift: number): string {
    const at = shift === 0 ? word : `(${word} >>> ${shift})`;
    if (t.kind === "bool") return `(${at} & 1) === 1`;
    if (t.kind !== "named") throw new Error("codec: unpack of a type that does not pack");
    const shape = shapeOf(this.prog, t.ref);
    if (shape.kind === "enum") {
      const bits = this.hash.bits(t) as number;
      const [, members] = this.enumMembers(t.ref, shape.members);
      return `${members}[${at} & ${(1 << bits) - 1}]`;
    }
    if (shape.kind !== "record") throw new Error("codec: unpack of a union");
    let s = shift;
    const parts = shape.fields.map((f) => {
      const text = `${key(f.name)}: ${this.unpack(word, f.type, s)}`;
      s += this.hash.bits(f.type) as number;
      return text;
    });
    return `{ ${parts.join(", ")} }`;
  }

  private enumMembers(ref: TypeRef, members: readonly string[]): [string, string] {
    const id = `members:${ref.module}.${ref.name}`;
    const known = this.names.get(id);
    if (known !== undefined) return known;
    const name = `$pm${this.names.size}`;
    this.names.set(id, ["", name]);
    this.functions.push(`const ${name} = ${JSON.stringify(members)};`);
    return ["", name];
  }
}
