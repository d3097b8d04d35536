// Explore stage, packed engine: IR expressions as JavaScript over 32-bit words, with the
// interpreter's meaning (generator/interpret). A value of a type of fixed size (bool, enum, nat,
// int, ms, options, records and unions of such, lists with a bound of such) lies in words as
// layout.ts places its leaves, and an expression compiles to statements and either one
// JavaScript expression per leaf or a place (a buffer, a word, a shift: a state's field, a list
// element). No object is built while a state is stepped; lists are written into scratch buffers
// of their bound. What words cannot hold (text, a list of lists, a value holding a list read
// leaf by leaf) raises Unsupported, and the machine is explored on objects (machine.ts). A
// number stored past its bits raises $wide: the search starts again wider, then on objects.

import type { Expr } from "../../ir/expr.js";
import type { Program } from "../../ir/module.js";
import type { Type } from "../../ir/types.js";
import { unreachable } from "../../ir/types.js";
import { findConstant, findDecision } from "../../interpret/lookup.js";
import { arithmetic } from "./expr.js";
import { Layouts, Unsupported, type Layout, type Leaf } from "./layout.js";

/**
 * A value: its leaves (one JavaScript expression each, in its layout's order), or where it lies:
 * a buffer, its first word (an expression) and the shift of its first bit (only a small value,
 * one that fits in a word, lies at a shift other than 0).
 */
export interface Flat {
  readonly type: Type;
  readonly leaves: readonly string[] | null;
  readonly mem: { readonly buf: string; readonly at: string; readonly shift: number } | null;
}

/** A variable's value; a function when its layout depends on the type it is read as (`e`). */
export type Binding = Flat | ((t: Type) => Flat);
export type Env = ReadonlyMap<string, Binding>;

/** `at + j` as text, folded when `at` is a number. */
export function plus(at: string, j: number | string): string {
  if (typeof j === "number" && j === 0) return at;
  if (/^\d+$/.test(at) && typeof j === "number") return String(Number(at) + j);
  return `${at} + ${j}`;
}

export const inMem = (type: Type, buf: string, at: string, shift = 0): Flat => ({ type, leaves: null, mem: { buf, at, shift } });
const ofLeaves = (type: Type, leaves: readonly string[]): Flat => ({ type, leaves, mem: null });
const mask = (bits: number): number => (bits >= 32 ? -1 : 2 ** bits - 1);

export class FlatCompiler {
  private temps = 0;
  /** Module-level declarations: scratch buffers of lists and of values holding lists. */
  readonly declarations: string[] = [];

  constructor(
    readonly prog: Program,
    readonly layouts: Layouts,
  ) {}

  tmp(): string {
    return `$t${++this.temps}`;
  }

  lay(t: Type): Layout {
    return this.layouts.of(t);
  }

  /** A scratch buffer of `words` words, module-level. */
  scratch(words: number): string {
    const name = `$B${this.declarations.length}`;
    this.declarations.push(`const ${name} = new Int32Array(${Math.max(1, words)});`);
    return name;
  }

  /** Zeros (and falses) for every leaf of `t`. */
  zeros(t: Type): string[] {
    return this.lay(t).leaves.map((l) => (l.kind === "b" ? "false" : "0"));
  }

  /** The leaves of `f` (read from its buffer when it lies in one). */
  leaves(f: Flat): readonly string[] {
    if (f.leaves !== null) return f.leaves;
    const m = f.mem as NonNullable<Flat["mem"]>;
    if (this.layouts.hasList(f.type) && f.type.kind !== "list") throw new Unsupported("a list inside a value read whole");
    return this.lay(f.type).leaves.map((l) => read(m.buf, plus(m.at, l.word), m.shift + l.shift, l));
  }

  /** Statements writing `f` at word `at`, shift `shift` of `buf`, a place of type `into`. */
  store(buf: string, at: string, shift: number, f: Flat, out: string[], into: Type = f.type): void {
    if (f.type.kind === "list") return this.storeList(buf, at, f, into.kind === "list" ? into.max : f.type.max, out);
    const L = this.lay(f.type);
    if (f.mem !== null && f.leaves === null) {
      const m = f.mem;
      if (!L.small || L.bits === 32) {
        out.push(`for (let $j = 0; $j < ${L.words}; $j++) ${buf}[${plus(at, "$j")}] = ${m.buf}[${plus(m.at, "$j")}];`);
        return;
      }
      if (L.bits === 0) return;
      const M = mask(L.bits);
      out.push(`${buf}[${at}] = (${buf}[${at}] & ${~(M << shift)}) | (((${m.buf}[${m.at}] >>> ${m.shift}) & ${M}) << ${shift});`);
      return;
    }
    if (this.layouts.hasList(f.type)) throw new Unsupported("a list inside a value stored whole");
    out.push(...writeLeaves(buf, at, shift, L.leaves, this.leaves(f)));
  }

  /** A list of at most `cap` elements at `buf[at]`: its length, its elements, zeros after. */
  private storeList(buf: string, at: string, f: Flat, cap: number, out: string[]): void {
    const src = f.mem;
    if (src === null) throw new Unsupported("a list as leaves");
    const w = (this.lay(f.type).element as NonNullable<Layout["element"]>).words;
    const n = this.tmp();
    out.push(`const ${n} = ${src.buf}[${src.at}]; if (${n} > ${cap}) $wide();`);
    out.push(`${buf}[${at}] = ${n}; for (let $j = 1; $j <= ${n} * ${w}; $j++) ${buf}[${plus(at, "$j")}] = ${src.buf}[${plus(src.at, "$j")}]; for (let $j = ${n} * ${w} + 1; $j <= ${cap * w}; $j++) ${buf}[${plus(at, "$j")}] = 0;`);
  }

  /** Leaves that call a function bound to `const` temps; reads and literals stay as they are. */
  bind(f: Flat, out: string[]): Flat {
    if (f.leaves === null) return f;
    return ofLeaves(
      f.type,
      f.leaves.map((v) => {
        if (!/[A-Za-z_$][\w$]*\(/.test(v)) return v;
        const t = this.tmp();
        out.push(`const ${t} = ${v};`);
        return t;
      }),
    );
  }

  expr(e: Expr, env: Env, out: string[]): Flat {
    switch (e.kind) {
      case "lit":
        if (typeof e.value === "string") throw new Unsupported("text");
        return ofLeaves(e.type, [typeof e.value === "boolean" ? String(e.value) : num(e.value)]);
      case "var": {
        const b = env.get(e.name);
        if (b === undefined) throw new Unsupported(`variable ${e.name}`);
        return typeof b === "function" ? b(e.type) : b;
      }
      case "const": {
        const c = findConstant(this.prog, e.ref);
        return ofLeaves(e.type, [typeof c.value === "boolean" ? String(c.value) : num(c.value)]);
      }
      case "field":
        return this.field(this.expr(e.of, env, out), e.field, e.type);
      case "not":
        return ofLeaves(e.type, [`!${this.one(e.arg, env, out)}`]);
      case "binary":
        return this.binary(e, env, out);
      case "if":
        return this.choose(e.type, this.one(e.cond, env, out), (o) => this.expr(e.then, env, o), (o) => this.expr(e.else, env, o), out);
      case "call":
        return this.call(e, env, out);
      case "listop":
        return this.listop(e, env, out);
      case "enum":
        return ofLeaves(e.type, [String(this.layouts.member(e.ref, e.member))]);
      case "union": {
        const words = this.zeros(e.type);
        words[0] = String(this.layouts.tag(e.ref, e.variant));
        let at = this.layouts.part(e.type, e.variant).first;
        for (const f of e.fields) {
          const ls = this.leaves(this.bind(this.expr(f.value, env, out), out));
          ls.forEach((x, j) => (words[at + j] = x));
          at += ls.length;
        }
        return ofLeaves(e.type, words);
      }
      case "record": {
        if (this.layouts.hasList(e.type)) {
          // A record holding a list is built in a buffer of its own, field by field.
          const buf = this.scratch(this.lay(e.type).words);
          for (const f of e.fields) {
            const p = this.layouts.part(e.type, f.name);
            this.store(buf, String(p.word), p.shift, this.expr(f.value, env, out), out, this.layouts.fieldType(e.type, f.name));
          }
          return inMem(e.type, buf, "0");
        }
        return ofLeaves(
          e.type,
          e.fields.flatMap((f) => this.leaves(this.bind(this.expr(f.value, env, out), out))),
        );
      }
      case "with": {
        const of = this.bind(this.expr(e.of, env, out), out);
        const values = e.fields.map((f) => [f.name, this.bind(this.expr(f.value, env, out), out)] as const);
        if (this.layouts.hasList(e.type)) {
          // A copy of the record in a buffer of its own, then the fields replaced there.
          const buf = this.scratch(this.lay(e.type).words);
          this.store(buf, "0", 0, of, out);
          for (const [name, v] of values) {
            const p = this.layouts.part(e.of.type, name);
            this.store(buf, String(p.word), p.shift, v, out, this.layouts.fieldType(e.of.type, name));
          }
          return inMem(e.type, buf, "0");
        }
        const words = [...this.leaves(of)];
        for (const [name, v] of values) {
          const p = this.layouts.part(e.of.type, name);
          this.leaves(v).forEach((x, j) => (words[p.first + j] = x));
        }
        return ofLeaves(e.type, words);
      }
      case "match":
        return this.match(e, env, out);
      case "is": {
        const t = e.of.type;
        if (t.kind !== "named") throw new Unsupported("is on an unnamed type");
        const tag = this.leaves(this.expr(e.of, env, out))[0] as string;
        const index = this.layouts.shape(t.ref).kind === "enum" ? this.layouts.member(t.ref, e.variant) : this.layouts.tag(t.ref, e.variant);
        return ofLeaves(e.type, [`(${tag} === ${index})`]);
      }
      case "list": {
        const t = e.type as Type & { kind: "list" };
        const buf = this.scratch(this.lay(t).words);
        const w = (this.lay(t).element as NonNullable<Layout["element"]>).words;
        if (e.items.length > t.max) throw new Unsupported("a list literal past its bound");
        out.push(`${buf}.fill(0); ${buf}[0] = ${e.items.length};`);
        e.items.forEach((x, i) => this.store(buf, String(1 + i * w), 0, this.expr(x, env, out), out));
        return inMem(t, buf, "0");
      }
      case "none":
        return ofLeaves(e.type, this.zeros(e.type));
      case "let": {
        const v = this.bind(this.expr(e.value, env, out), out);
        return this.expr(e.body, new Map(env).set(e.name, v), out);
      }
      case "decide":
        return this.decide(e, env, out);
      default:
        return unreachable(e);
    }
  }

  /** A one-leaf value (bool, number, enum) as one expression. */
  one(e: Expr, env: Env, out: string[]): string {
    return this.leaves(this.expr(e, env, out))[0] as string;
  }

  /**
   * Part `name` of `of` (a record's field, a union's variant payload), as a value of `type`; a
   * field holding a list keeps its declared type (its bound, under the instance's parameters).
   */
  field(of: Flat, name: string, type: Type): Flat {
    const p = this.layouts.part(of.type, name);
    if (this.layouts.hasList(type)) type = this.layouts.fieldType(of.type, name);
    if (of.mem !== null && of.leaves === null) return inMem(type, of.mem.buf, plus(of.mem.at, p.word), of.mem.shift + p.shift);
    return ofLeaves(type, this.leaves(of).slice(p.first, p.first + p.layout.leaves.length));
  }

  /** `cond ? then : else` for a value of `type`; each side's statements run only on its side. */
  choose(type: Type, cond: string, yes: (out: string[]) => Flat, no: (out: string[]) => Flat, out: string[]): Flat {
    const [a, b] = [[] as string[], [] as string[]];
    if (this.layouts.hasList(type)) {
      const [x, y] = [yes(a), no(b)];
      if (type.kind === "list") type = { ...type, max: Math.max((x.type as typeof type).max, (y.type as typeof type).max) };
      const buf = this.scratch(this.lay(type).words);
      this.store(buf, "0", 0, x, a, type);
      this.store(buf, "0", 0, y, b, type);
      out.push(`if (${cond}) { ${a.join(" ")} } else { ${b.join(" ")} }`);
      return inMem(type, buf, "0");
    }
    const la = this.leaves(yes(a));
    const lb = this.leaves(no(b));
    if (a.length === 0 && b.length === 0) return ofLeaves(type, la.map((x, j) => `(${cond} ? ${x} : ${lb[j]})`));
    const rs = la.map(() => this.tmp());
    out.push(`let ${rs.join(", ")};`);
    out.push(`if (${cond}) { ${a.join(" ")} ${rs.map((r, j) => `${r} = ${la[j]};`).join(" ")} } else { ${b.join(" ")} ${rs.map((r, j) => `${r} = ${lb[j]};`).join(" ")} }`);
    return ofLeaves(type, rs);
  }

  /** `a == b` as one boolean expression. */
  equal(a: Flat, b: Flat, out: string[]): string {
    const L = this.lay(a.type);
    if (a.type.kind === "list") {
      const [x, y] = [a.mem, b.mem];
      if (x === null || y === null) throw new Unsupported("a list as leaves");
      return `$eql(${x.buf}, ${x.at}, ${y.buf}, ${y.at}, ${(L.element as NonNullable<Layout["element"]>).words})`;
    }
    // Two values in buffers: their words (unused bits are 0, so equal values have equal words).
    if (a.mem !== null && b.mem !== null && a.leaves === null && b.leaves === null) {
      const [x, y] = [a.mem, b.mem];
      if (!L.small || L.bits === 32) return `$eqw(${x.buf}, ${x.at}, ${y.buf}, ${y.at}, ${L.words})`;
      if (L.bits === 0) return "true";
      return `(((${x.buf}[${x.at}] >>> ${x.shift}) & ${mask(L.bits)}) === ((${y.buf}[${y.at}] >>> ${y.shift}) & ${mask(L.bits)}))`;
    }
    if (this.layouts.hasList(a.type)) throw new Unsupported("equality of values holding lists");
    const [la, lb] = [this.leaves(this.bind(a, out)), this.leaves(this.bind(b, out))];
    return la.length === 0 ? "true" : `(${la.map((x, j) => `${x} === ${lb[j]}`).join(" && ")})`;
  }

  /**
   * `l == r` where one side may be built from the other: `x == s with { f: v }` compares f with v
   * and every other field with s's, `x == set_at(l, i, v)` the elements but i with l's and
   * element i with v; nothing is built. Every operand is still computed (a throw stays a throw).
   */
  private equalExpr(l: Expr, r: Expr, env: Env, out: string[]): string {
    if (r.kind !== "with" && !isSetAt(r) && (l.kind === "with" || isSetAt(l))) return this.equalExpr(r, l, env, out);
    const a = this.bind(this.expr(l, env, out), out);
    return this.equalTo(a, r, env, out);
  }

  /** `a == r`, the value `a` against the expression `r`. */
  private equalTo(a: Flat, r: Expr, env: Env, out: string[]): string {
    if (r.kind === "with" && !(a.leaves !== null && this.layouts.hasList(a.type))) {
      const base = this.bind(this.expr(r.of, env, out), out);
      const shape = r.of.type.kind === "named" ? this.layouts.shape(r.of.type.ref) : null;
      if (shape?.kind === "record") {
        const updated = new Map(r.fields.map((f) => [f.name, f.value]));
        const tests = shape.fields.map((f) => {
          const mine = this.field(a, f.name, f.type);
          const v = updated.get(f.name);
          return v === undefined ? this.equal(mine, this.field(base, f.name, f.type), out) : this.equalTo(mine, v, env, out);
        });
        return tests.length === 0 ? "true" : `(${tests.join(" && ")})`;
      }
    }
    if (isSetAt(r) && a.mem !== null && a.leaves === null) {
      const list = this.listAt(this.expr(r.args[0] as Expr, env, out));
      const i = this.one(r.args[1] as Expr, env, out);
      const x = this.bind(this.expr(r.args[2] as Expr, env, out), out);
      const at = this.tmp();
      out.push(`if (${i} < 0) $fail("set_at: negative count " + ${i}); const ${at} = ${plus(a.mem.at, 1)} + ${i} * ${list.w};`);
      const element = this.equal(inMem(x.type, a.mem.buf, at), x, out);
      return `($eqlx(${a.mem.buf}, ${a.mem.at}, ${list.buf}, ${list.at}, ${list.w}, ${i}) && (${i} >= ${list.length} || ${element}))`;
    }
    return this.equal(a, this.bind(this.expr(r, env, out), out), out);
  }

  private binary(e: Expr & { kind: "binary" }, env: Env, out: string[]): Flat {
    if (e.op === "&&" || e.op === "||") {
      const l = this.one(e.left, env, out);
      const rest: string[] = [];
      const r = this.one(e.right, env, rest);
      if (rest.length === 0) return ofLeaves(e.type, [`(${l} ${e.op} ${r})`]);
      const t = this.tmp();
      out.push(`let ${t} = ${l}; if (${e.op === "&&" ? t : `!${t}`}) { ${rest.join(" ")} ${t} = ${r}; }`);
      return ofLeaves(e.type, [t]);
    }
    if (e.op === "==" || e.op === "!=") {
      const eq = this.equalExpr(e.left, e.right, env, out);
      return ofLeaves(e.type, [e.op === "==" ? eq : `!${eq}`]);
    }
    const left = this.bind(this.expr(e.left, env, out), out);
    const right = this.bind(this.expr(e.right, env, out), out);
    switch (e.op) {
      case "<":
      case "<=":
      case ">":
      case ">=":
        return ofLeaves(e.type, [`(${this.leaves(left)[0]} ${e.op} ${this.leaves(right)[0]})`]);
      case "++":
        throw new Unsupported("text");
      case "+":
      case "-":
      case "*":
      case "/":
      case "%":
        return ofLeaves(e.type, [arithmetic(e.op, e.type, this.leaves(left)[0] as string, this.leaves(right)[0] as string)]);
      default:
        return unreachable(e.op);
    }
  }

  private call(e: Expr & { kind: "call" }, env: Env, out: string[]): Flat {
    // Arguments are evaluated first, every one (the interpreter's built-ins are eager).
    const args = e.args.map((a) => this.bind(this.expr(a, env, out), out));
    const a = (i: number): Flat => args[i] as Flat;
    const first = (i: number): string => this.leaves(a(i))[0] as string;
    switch (e.fn) {
      case "min":
      case "max":
        return ofLeaves(e.type, [`Math.${e.fn}(${first(0)}, ${first(1)})`]);
      case "pow2":
        return ofLeaves(e.type, [`$pow2(${first(0)})`]);
      case "len":
        return ofLeaves(e.type, [this.listAt(a(0)).length]);
      case "is_some":
        return ofLeaves(e.type, [first(0)]);
      case "is_none":
        return ofLeaves(e.type, [`!${first(0)}`]);
      case "some":
        return ofLeaves(e.type, ["true", ...this.leaves(a(0))]);
      case "get_or": {
        const [o, d] = [this.leaves(a(0)), this.leaves(a(1))];
        return ofLeaves(e.type, d.map((x, j) => `(${o[0]} ? ${o[j + 1]} : ${x})`));
      }
      case "nth_or": {
        // Where the element lies, or where the default does (a constant default is written once,
        // when the machine is made): each leaf is read only where it is used, and compared as words.
        const l = this.listAt(a(0));
        const i = first(1);
        const d = a(2);
        let dflt: string;
        if (d.mem !== null && d.leaves === null && d.mem.shift === 0) dflt = `${d.mem.buf}, ${d.mem.at}`;
        else {
          const buf = this.scratch(l.w);
          const put = writeLeaves(buf, "0", 0, this.lay(e.type).leaves, this.leaves(d));
          if (this.leaves(d).every((x) => /^(-?\d+|true|false)$/.test(x))) this.declarations.push(...put);
          else out.push(`${buf}.fill(0);`, ...put);
          dflt = `${buf}, 0`;
        }
        const [ok, buf, at] = [this.tmp(), this.tmp(), this.tmp()];
        const [db, da] = dflt.split(", ") as [string, string];
        out.push(`if (${i} < 0) $fail("nth_or: negative count " + ${i}); const ${ok} = ${i} < ${l.length}, ${buf} = ${ok} ? ${l.buf} : ${db}, ${at} = ${ok} ? ${plus(l.at, 1)} + ${i} * ${l.w} : ${da};`);
        return inMem(e.type, buf, at);
      }
      case "set_at": {
        const l = this.listAt(a(0));
        const t = a(0).type as Type & { kind: "list" };
        const buf = this.scratch(this.lay(t).words);
        const i = first(1);
        this.store(buf, "0", 0, a(0), out, t);
        const put: string[] = [];
        this.store(buf, `1 + ${i} * ${l.w}`, 0, a(2), put);
        out.push(`if (${i} < 0) $fail("set_at: negative count " + ${i}); if (${i} < ${l.length}) { ${put.join(" ")} }`);
        return inMem(t, buf, "0");
      }
      case "append": {
        const l = this.listAt(a(0));
        const t = { ...(a(0).type as Type & { kind: "list" }), max: (a(0).type as Type & { kind: "list" }).max + 1 };
        const buf = this.scratch(this.lay(t).words);
        this.store(buf, "0", 0, a(0), out, t);
        const put: string[] = [];
        this.store(buf, `1 + ${l.length} * ${l.w}`, 0, a(1), put);
        out.push(`if (${l.length} >= ${t.max}) $wide(); ${put.join(" ")} ${buf}[0] = ${l.length} + 1;`);
        return inMem(t, buf, "0");
      }
      case "keep_last": {
        const l = this.listAt(a(0));
        const t = a(0).type as Type & { kind: "list" };
        const buf = this.scratch(this.lay(t).words);
        const [n, from] = [this.tmp(), this.tmp()];
        out.push(`if (${first(1)} < 0) $fail("keep_last: negative count " + ${first(1)}); const ${from} = Math.max(0, ${l.length} - ${first(1)}), ${n} = ${l.length} - ${from};`);
        out.push(`if (${n} > ${t.max}) $wide(); ${buf}.fill(0); ${buf}[0] = ${n}; for (let $j = 0; $j < ${n} * ${l.w}; $j++) ${buf}[1 + $j] = ${l.buf}[${plus(l.at, 1)} + ${from} * ${l.w} + $j];`);
        return inMem(t, buf, "0");
      }
      case "repeat": {
        const t = e.type as Type & { kind: "list" };
        const buf = this.scratch(this.lay(t).words);
        const w = this.elementWords(t);
        const put: string[] = [];
        this.store(buf, `1 + $r * ${w}`, 0, a(1), put);
        out.push(`if (${first(0)} < 0) $fail("repeat: negative count " + ${first(0)}); if (${first(0)} > ${t.max}) $wide(); ${buf}.fill(0); ${buf}[0] = ${first(0)}; for (let $r = 0; $r < ${first(0)}; $r++) { ${put.join(" ")} }`);
        return inMem(t, buf, "0");
      }
      default:
        return unreachable(e.fn);
    }
  }

  /** The words of each element of a list type. */
  elementWords(t: Type & { kind: "list" }): number {
    return (this.lay(t).element as NonNullable<Layout["element"]>).words;
  }

  /** A list's buffer, start, length (as text) and element width. */
  private listAt(f: Flat): { buf: string; at: string; length: string; w: number } {
    if (f.type.kind !== "list" || f.mem === null) throw new Unsupported("a list not in a buffer");
    return { buf: f.mem.buf, at: f.mem.at, length: `${f.mem.buf}[${f.mem.at}]`, w: this.elementWords(f.type) };
  }

  private listop(e: Expr & { kind: "listop" }, env: Env, out: string[]): Flat {
    const list = this.expr(e.list, env, out);
    const l = this.listAt(list);
    const input = list.type as Type & { kind: "list" };
    const of = input.of;
    const [i, n] = [this.tmp(), this.tmp()];
    const body: string[] = [];
    const element = inMem(of, l.buf, `${plus(l.at, 1)} + ${i} * ${l.w}`);
    const inner = new Map(env).set(e.param, element);
    const loop = (step: string): string => `const ${n} = ${l.length}; for (let ${i} = 0; ${i} < ${n}; ${i}++) { ${body.join(" ")} ${step} }`;
    if (e.op === "map" || e.op === "filter") {
      // As many elements as the input may hold (a type's bound in an expression may predate the parameters).
      const t: Type & { kind: "list" } = { kind: "list", of: e.op === "map" ? (e.type as Type & { kind: "list" }).of : of, max: input.max };
      const buf = this.scratch(this.lay(t).words);
      const w = this.elementWords(t);
      const m = this.tmp();
      const put: string[] = [];
      if (e.op === "map") {
        this.store(buf, `1 + ${m} * ${w}`, 0, this.expr(e.body, inner, body), put);
        out.push(`let ${m} = 0; ${buf}.fill(0); ${loop(`${put.join(" ")} ${m}++;`)} ${buf}[0] = ${m};`);
      } else {
        const keep = this.one(e.body, inner, body);
        this.store(buf, `1 + ${m} * ${w}`, 0, element, put);
        out.push(`let ${m} = 0; ${buf}.fill(0); ${loop(`if (${keep}) { ${put.join(" ")} ${m}++; }`)} ${buf}[0] = ${m};`);
      }
      return inMem(t, buf, "0");
    }
    const test = this.one(e.body, inner, body);
    const r = this.tmp();
    if (e.op === "all") out.push(`let ${r} = true; ${loop(`if (!${test}) { ${r} = false; break; }`)}`);
    else if (e.op === "any") out.push(`let ${r} = false; ${loop(`if (${test}) { ${r} = true; break; }`)}`);
    else out.push(`let ${r} = 0; ${loop(`if (${test}) ${r}++;`)}`);
    return ofLeaves(e.type, [r]);
  }

  private match(e: Expr & { kind: "match" }, env: Env, out: string[]): Flat {
    const t = e.of.type;
    if (t.kind !== "named") throw new Unsupported("match on an unnamed type");
    const of = this.bind(this.expr(e.of, env, out), out);
    const tag = this.leaves(of)[0] as string;
    const shape = this.layouts.shape(t.ref);
    const arm = (k: number, o: string[]): Flat => {
      const a = e.arms[k];
      if (a === undefined) return ofLeaves(e.type, this.zeros(e.type).map(() => `$fail("match: no arm for tag " + ${tag})`));
      if (a.variant === null) return this.expr(a.body, env, o);
      const inner = new Map(env);
      let index: number;
      if (shape.kind === "union") {
        index = this.layouts.tag(t.ref, a.variant);
        const payload = this.field(of, a.variant, this.layouts.payload(t.ref, a.variant));
        const fields = shape.variants[index]?.fields ?? [];
        fields.forEach((f, j) => {
          const name = a.binds[j];
          if (name !== undefined) inner.set(name, this.field(payload, f.name, f.type));
        });
      } else index = this.layouts.member(t.ref, a.variant);
      return this.choose(e.type, `${tag} === ${index}`, (y) => this.expr(a.body, inner, y), (n) => arm(k + 1, n), o);
    };
    return arm(0, out);
  }

  /** A decision applied: its lets and rules written in place, over the facts `f`. */
  private decide(e: Expr & { kind: "decide" }, env: Env, out: string[]): Flat {
    const d = findDecision(this.prog, e.ref);
    const facts = this.bind(this.expr(e.arg, env, out), out);
    const inner = new Map<string, Binding>([["f", facts]]);
    for (const l of d.lets) inner.set(l.name, this.bind(this.expr(l.value, inner, out), out));
    const rule = (k: number, o: string[]): Flat => {
      const r = d.rules[k];
      if (r === undefined) return ofLeaves(e.type, this.zeros(e.type).map(() => `$fail(${JSON.stringify(`${d.name}: no rule holds`)})`));
      if (r.guard === null) return this.expr(r.verdict, inner, o);
      const g = this.one(r.guard, inner, o);
      return this.choose(e.type, g, (y) => this.expr(r.verdict, inner, y), (n) => rule(k + 1, n), o);
    };
    return rule(0, out);
  }
}

/** Leaf `l` at word `at`, bit `shift` of `buf`, as an expression of its kind. */
function read(buf: string, at: string, shift: number, l: Leaf): string {
  const w = `${buf}[${at}]`;
  if (l.bits === 32) return w;
  if (l.kind === "b") return shift === 0 ? `((${w} & 1) !== 0)` : `(((${w} >>> ${shift}) & 1) !== 0)`;
  if (l.kind === "i") return `((${w} << ${32 - shift - l.bits}) >> ${32 - l.bits})`;
  return shift === 0 ? `(${w} & ${mask(l.bits)})` : `((${w} >>> ${shift}) & ${mask(l.bits)})`;
}

/**
 * Statements storing `values` as `leaves` (of a value at word `at`, bit `shift` of `buf`): the
 * leaves of one word in one write, each number checked to fit its bits.
 */
export function writeLeaves(buf: string, at: string, shift: number, leaves: readonly Leaf[], values: readonly string[]): string[] {
  const words = new Map<number, { mask: number; parts: string[] }>();
  const out: string[] = [];
  leaves.forEach((l, j) => {
    const v = values[j] as string;
    if (l.bits === 32) {
      out.push(`${buf}[${plus(at, l.word)}] = ${l.kind === "n" ? `$n31(${v})` : l.kind === "i" ? `$i32(${v})` : v};`);
      return;
    }
    const M = mask(l.bits);
    const value = l.kind === "b" ? `(${v} ? 1 : 0)` : l.kind === "n" ? `$nbits(${v}, ${M})` : l.kind === "i" ? `($ibits(${v}, ${2 ** (l.bits - 1)}) & ${M})` : v;
    const at2 = shift + l.shift;
    const w = words.get(l.word) ?? { mask: 0, parts: [] };
    words.set(l.word, { mask: w.mask | (M << at2), parts: [...w.parts, at2 === 0 ? value : `(${value} << ${at2})`] });
  });
  for (const [word, { mask: m, parts }] of words) {
    const w = `${buf}[${plus(at, word)}]`;
    out.push(m === -1 ? `${w} = ${parts.join(" | ")};` : `${w} = (${w} & ${~m}) | ${parts.join(" | ")};`);
  }
  return out;
}

function num(x: number): string {
  return Object.is(x, -0) ? "0" : String(x);
}

function isSetAt(e: Expr): e is Expr & { kind: "call" } {
  return e.kind === "call" && e.fn === "set_at";
}
