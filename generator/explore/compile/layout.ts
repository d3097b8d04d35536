// Explore stage, packed engine: where each part of a value lies among 32-bit words. A value is
// its leaves (bools, enum ordinals, tags, numbers), each a run of bits: a bool 1, an enum or a tag
// as many as its members need, a nat or int `natBits` (a full word at 32). Parts are packed in
// order: a part that fits a word with no full-word leaf sits in the current word's free bits (at
// a shift), any other starts a word of its own. A record is its fields, an option its tag and
// payload, a union its tag and every variant's payload in turn, a list its length (a word) and
// room for the bound's elements, each on words of its own. Bits a value does not use are 0, so
// equal values have equal words: a state's words are its identity (fingerprint, equality, a step
// that changes nothing). A number past its bits cannot be held: the search starts again with
// wider words, then on objects (compiled.ts). The interpreter's values go to words here too (the
// initial state, the candidate events).

import type { Program } from "../../ir/module.js";
import type { Type, TypeRef } from "../../ir/types.js";
import type { Value } from "../../interpret/value.js";
import { shapeOf, type Shape } from "./expr.js";

/** What the packed engine cannot hold as words; the machine is then explored on objects. */
export class Unsupported extends Error {}

/** A leaf's kind: a bool, a small unsigned number (ordinal, tag, length), a nat, an int. */
export type Kind = "b" | "s" | "n" | "i";

/** One leaf: its word and bits, relative to its value's first word and shift 0. */
export interface Leaf {
  readonly word: number;
  readonly shift: number;
  readonly bits: number;
  readonly kind: Kind;
}

/** Where a part lies within its whole, and its leaves among the whole's. */
export interface Part {
  readonly word: number;
  readonly shift: number;
  readonly first: number;
  readonly layout: Layout;
}

export interface Layout {
  /** Words the value takes (a small one: 1). */
  readonly words: number;
  readonly leaves: readonly Leaf[];
  /** Fits the free bits of one word (no full-word leaf): it may sit at any shift. */
  readonly small: boolean;
  /** A small value's bits, from its shift up. */
  readonly bits: number;
  /** The fields of a record, the tag and payloads of a union or option (by name; the tag as `$tag`). */
  readonly parts: ReadonlyMap<string, Part>;
  /** A list's element layout and the words of each element. */
  readonly element: { readonly layout: Layout; readonly words: number; readonly max: number } | null;
}

const bitsFor = (n: number): number => Math.max(1, Math.ceil(Math.log2(Math.max(2, n))));

function leaf(kind: Kind, bits: number): Layout {
  return { words: 1, leaves: [{ word: 0, shift: 0, bits, kind }], small: bits < 32, bits, parts: new Map(), element: null };
}

/** Parts packed in order (see the header). */
function compose(parts: readonly (readonly [string, Layout])[]): Layout {
  let word = 0;
  let used = 0;
  let whole = false;
  const leaves: Leaf[] = [];
  const placed = new Map<string, Part>();
  for (const [name, p] of parts) {
    if (p.small) {
      if (used + p.bits > 32) [word, used] = [word + 1, 0];
      placed.set(name, { word, shift: used, first: leaves.length, layout: p });
      for (const l of p.leaves) leaves.push({ ...l, word, shift: used + l.shift });
      used += p.bits;
    } else {
      if (used > 0) [word, used] = [word + 1, 0];
      placed.set(name, { word, shift: 0, first: leaves.length, layout: p });
      for (const l of p.leaves) leaves.push({ ...l, word: word + l.word });
      word += p.words;
      whole = true;
    }
  }
  const words = used > 0 ? word + 1 : word;
  const small = !whole && words <= 1;
  return { words: small ? 1 : words, leaves, small, bits: small ? used : 32, parts: placed, element: null };
}

export class Layouts {
  private readonly memo = new Map<string, Layout>();

  constructor(
    private readonly prog: Program,
    /** Bits of a nat or int (32: a full word). */
    readonly natBits: number,
  ) {}

  shape(ref: TypeRef): Shape {
    return shapeOf(this.prog, ref);
  }

  of(t: Type): Layout {
    const k = JSON.stringify(t);
    let known = this.memo.get(k);
    if (known === undefined) this.memo.set(k, (known = this.compute(t)));
    return known;
  }

  /** Whether a value of `t` holds a list (then it is read and written in its buffer only). */
  hasList(t: Type): boolean {
    if (t.kind === "list") return true;
    if (t.kind === "option") return this.hasList(t.of);
    if (t.kind !== "named") return false;
    const s = this.shape(t.ref);
    if (s.kind === "record") return s.fields.some((f) => this.hasList(f.type));
    if (s.kind === "union") return s.variants.some((v) => v.fields.some((f) => this.hasList(f.type)));
    return false;
  }

  /** Part `name` of `t` (a record's field, `$tag`, a union's variant payload, an option's `$some`). */
  part(t: Type, name: string): Part {
    const p = this.of(t).parts.get(name);
    if (p === undefined) throw new Unsupported(`no part ${name}`);
    return p;
  }

  /** The declared type of field `name` of the record type `t` (its bounds under the instance's parameters). */
  fieldType(t: Type, name: string): Type {
    const shape = t.kind === "named" ? this.shape(t.ref) : null;
    const f = shape?.kind === "record" ? shape.fields.find((x) => x.name === name) : undefined;
    if (f === undefined) throw new Unsupported(`no field ${name}`);
    return f.type;
  }

  /** The payload record type of variant `name` of the union `ref`. */
  payload(ref: TypeRef, name: string): Type {
    return { kind: "named", ref: { module: ref.module, name: `${ref.name}.${name}` } };
  }

  /** The tag of variant `name` of a union. */
  tag(ref: TypeRef, name: string): number {
    const s = this.shape(ref);
    const i = s.kind === "union" ? s.variants.findIndex((v) => v.name === name) : -1;
    if (i < 0) throw new Unsupported(`no variant ${name}`);
    return i;
  }

  /** The ordinal of an enum member. */
  member(ref: TypeRef, name: string): number {
    const s = this.shape(ref);
    const i = s.kind === "enum" ? s.members.indexOf(name) : -1;
    if (i < 0) throw new Unsupported(`no member ${name}`);
    return i;
  }

  /** The words of `v`, a value of `t` as the interpreter holds it. */
  encode(t: Type, v: Value): number[] {
    const words = new Array<number>(this.of(t).words).fill(0);
    this.put(t, v, words, 0, 0);
    return words;
  }

  private put(t: Type, v: Value, words: number[], at: number, shift: number): void {
    const L = this.of(t);
    const set = (l: Leaf, x: number): void => {
      const max = l.kind === "i" ? 2 ** (l.bits - 1) : l.bits === 32 ? 2 ** 31 : 2 ** l.bits;
      if (!Number.isInteger(x) || x >= max || x < (l.kind === "i" ? -max : 0)) throw new Unsupported(`a number past ${l.bits} bits: ${x}`);
      const w = at + l.word;
      words[w] = ((words[w] as number) | ((l.bits === 32 ? x : x & (2 ** l.bits - 1)) << (shift + l.shift))) | 0;
    };
    const into = (name: string, u: Type, x: Value): void => {
      const p = L.parts.get(name) as Part;
      this.put(u, x, words, at + p.word, shift + p.shift);
    };
    switch (t.kind) {
      case "bool":
        return set(L.leaves[0] as Leaf, v === true ? 1 : 0);
      case "nat":
      case "int":
        return set(L.leaves[0] as Leaf, v as number);
      case "string":
        throw new Unsupported("text");
      case "option":
        if (v === null) return;
        into("$tag", { kind: "bool" }, true);
        return into("$some", t.of, v);
      case "list": {
        const items = v as readonly Value[];
        const e = L.element as NonNullable<Layout["element"]>;
        if (items.length > t.max) throw new Unsupported("a list past its bound");
        words[at] = items.length;
        items.forEach((x, i) => this.put(t.of, x, words, at + 1 + i * e.words, 0));
        return;
      }
      case "named": {
        const s = this.shape(t.ref);
        if (s.kind === "enum") return set(L.leaves[0] as Leaf, this.member(t.ref, v as string));
        const r = v as Readonly<Record<string, Value>>;
        if (s.kind === "record") return s.fields.forEach((f) => into(f.name, f.type, r[f.name] as Value));
        const kind = r["kind"] as string;
        set(L.leaves[0] as Leaf, this.tag(t.ref, kind));
        return into(kind, this.payload(t.ref, kind), r);
      }
    }
  }

  private compute(t: Type): Layout {
    switch (t.kind) {
      case "bool":
        return leaf("b", 1);
      case "nat":
        return leaf("n", this.natBits);
      case "int":
        return leaf("i", this.natBits);
      case "string":
        throw new Unsupported("text");
      case "option":
        return compose([
          ["$tag", leaf("b", 1)],
          ["$some", this.of(t.of)],
        ]);
      case "list": {
        if (this.hasList(t.of)) throw new Unsupported("a list of lists");
        const of = this.of(t.of);
        const words = of.small ? 1 : of.words;
        return { words: 1 + t.max * words, leaves: [{ word: 0, shift: 0, bits: 32, kind: "s" }], small: false, bits: 32, parts: new Map(), element: { layout: of, words, max: t.max } };
      }
      case "named": {
        const s = this.shape(t.ref);
        if (s.kind === "enum") return leaf("s", bitsFor(s.members.length));
        if (s.kind === "record") return compose(s.fields.map((f) => [f.name, this.of(f.type)] as const));
        return compose([["$tag", leaf("s", bitsFor(s.variants.length))], ...s.variants.map((v) => [v.name, this.of(this.payload(t.ref, v.name))] as const)]);
      }
    }
  }
}
