// Explore stage, compiled engine: IR expressions as JavaScript source text, with the meaning the
// interpreter (generator/interpret, the oracle) gives them: Nat subtraction truncates, `/ 0` is
// 0, `% 0` is the left side, a result past the safe integers throws, `==` is structural. The
// text runs inside one `new Function` per machine (machine.ts), where the helpers of
// helpers.ts are in scope under `$`-names; spec variables become `v_<name>`, so no spec name
// can collide with a helper or a temporary (spec names never hold `$`).

import type { Expr } from "../../ir/expr.js";
import type { Program } from "../../ir/module.js";
import type { Type, TypeRef } from "../../ir/types.js";
import { unreachable } from "../../ir/types.js";
import { walkExpr } from "../../ir/walk.js";
import { EqualCompiler, isPath } from "./equal.js";
import { Lifter } from "./lift.js";
import { findConstant, findDecision, findType } from "../../interpret/lookup.js";
import { InterpretError } from "../../interpret/value.js";

/** The elements before `$ix` of `$li` into `$out` (a filter or map that changes its first element at `$ix`). */
const COPY_HEAD = "for (let $j = 0; $j < $ix; $j++) $out.push($li[$j]);";

/** The shape of a named type, payload records of one variant (`Union.Variant`) included. */
export type Shape =
  | { readonly kind: "enum"; readonly members: readonly string[] }
  | { readonly kind: "record"; readonly fields: readonly { readonly name: string; readonly type: Type }[] }
  | { readonly kind: "union"; readonly variants: readonly { readonly name: string; readonly fields: readonly { readonly name: string; readonly type: Type }[] }[] };

export function shapeOf(prog: Program, ref: TypeRef): Shape {
  const dot = ref.name.indexOf(".");
  if (dot >= 0) {
    const union = findType(prog, { module: ref.module, name: ref.name.slice(0, dot) });
    const variant = union.kind === "union" ? union.variants.find((v) => v.name === ref.name.slice(dot + 1)) : undefined;
    if (variant === undefined) throw new InterpretError(`no variant type ${ref.module}.${ref.name}`);
    return { kind: "record", fields: variant.fields };
  }
  const d = findType(prog, ref);
  return d.kind === "enum" ? { kind: "enum", members: d.members } : d.kind === "record" ? { kind: "record", fields: d.fields } : { kind: "union", variants: d.variants };
}

/** A JavaScript property access that is safe for any field name. */
export function prop(name: string): string {
  return /^[A-Za-z_][A-Za-z0-9_]*$/.test(name) ? `.${name}` : `[${JSON.stringify(name)}]`;
}

/** A JavaScript object key. */
export function key(name: string): string {
  return /^[A-Za-z_][A-Za-z0-9_]*$/.test(name) ? name : JSON.stringify(name);
}

/** Compiles expressions of one program; decisions applied by `decide` are compiled on first use. */
export class ExprCompiler {
  private temps = 0;
  private readonly decisions = new Map<string, string>();
  /** Hoisted closed literals by their text. */
  private readonly literals = new Map<string, string>();
  /** Declarations the compiled expressions use: decisions, hoisted literals. */
  readonly functions: string[] = [];

  /** Type-directed equality; its functions go into the compiled source after `functions`. */
  readonly eq: EqualCompiler;
  /** Lambdas, lets and matches as functions of the source (lift.ts). */
  readonly lifter = new Lifter(this.functions);

  constructor(readonly prog: Program) {
    this.eq = new EqualCompiler(prog, this.lifter);
  }

  private tmp(): string {
    return `$t${++this.temps}`;
  }

  expr(e: Expr): string {
    if (HOISTABLE.has(e.kind) && closed(e)) return this.hoisted(e);
    return this.open(e);
  }

  /**
   * A compound literal that reads no variable (the default record of an `nth_or`, say) as a
   * constant built once: values are never mutated, so one shared object is the same value, and
   * a step no longer allocates it on every call.
   */
  private hoisted(e: Expr): string {
    const text = this.open(e);
    let name = this.literals.get(text);
    if (name === undefined) {
      name = `$k${this.literals.size}`;
      this.literals.set(text, name);
      this.functions.push(`const ${name} = ${text};`);
    }
    return name;
  }

  private open(e: Expr): string {
    const x = (y: Expr): string => this.expr(y);
    switch (e.kind) {
      case "lit":
        return JSON.stringify(e.value);
      case "var":
        return `v_${e.name}`;
      case "const":
        return JSON.stringify(findConstant(this.prog, e.ref).value);
      case "field":
        return `${x(e.of)}${prop(e.field)}`;
      case "not":
        return `!${x(e.arg)}`;
      case "binary":
        return this.binary(e);
      case "if":
        return `(${x(e.cond)} ? ${x(e.then)} : ${x(e.else)})`;
      case "call":
        return this.call(e);
      case "listop":
        return this.listop(e);
      case "enum":
        return JSON.stringify(e.member);
      case "union":
        return `{ kind: ${JSON.stringify(e.variant)}${e.fields.map((f) => `, ${key(f.name)}: ${x(f.value)}`).join("")} }`;
      case "record":
        return `{ ${e.fields.map((f) => `${key(f.name)}: ${x(f.value)}`).join(", ")} }`;
      case "with":
        return this.with(e);
      case "match":
        return this.match(e);
      case "is":
        return this.isEnum(e.of.type) ? `(${x(e.of)} === ${JSON.stringify(e.variant)})` : `(${x(e.of)}.kind === ${JSON.stringify(e.variant)})`;
      case "list":
        return `[${e.items.map(x).join(", ")}]`;
      case "none":
        return "null";
      case "let":
        return this.lifter.lift([`v_${e.name}`], [x(e.value)], [e.body], [e.name], `return ${x(e.body)};`);
      case "decide":
        return `${this.decision(e.ref)}(${x(e.arg)})`;
      default:
        return unreachable(e);
    }
  }

  private isEnum(t: Type): boolean {
    return t.kind === "named" && shapeOf(this.prog, t.ref).kind === "enum";
  }

  /** `left == right`, by the values' type (equal.ts). */
  private equal(left: Expr, right: Expr, l: string, r: string): string {
    const text = (y: Expr): string => this.expr(y);
    const eq = this.eq;
    return eq.fields(left, right, text) ?? eq.fields(right, left, text) ?? eq.update(l, right, text) ?? eq.update(r, left, text) ?? eq.test(l, r, left.type);
  }

  private binary(e: Expr & { kind: "binary" }): string {
    const l = this.expr(e.left);
    const r = this.expr(e.right);
    switch (e.op) {
      case "&&":
      case "||":
        return `(${l} ${e.op} ${r})`;
      case "==":
        return this.equal(e.left, e.right, l, r);
      case "!=":
        return `!${this.equal(e.left, e.right, l, r)}`;
      case "<":
      case "<=":
      case ">":
      case ">=":
        return `(${l} ${e.op} ${r})`;
      case "++":
        return `(${l} + ${r})`;
      case "+":
      case "-":
      case "*":
      case "/":
      case "%":
        return arithmetic(e.op, e.type, l, r);
      default:
        return unreachable(e.op);
    }
  }

  private call(e: Expr & { kind: "call" }): string {
    const a = e.args.map((y) => this.expr(y));
    switch (e.fn) {
      case "min":
      case "max":
        return `Math.${e.fn}(${a[0]}, ${a[1]})`;
      case "len":
        return `${a[0]}.length`;
      case "is_some":
        return `(${a[0]} !== null)`;
      case "is_none":
        return `(${a[0]} === null)`;
      case "some":
        return `${a[0]}`;
      case "pow2":
      case "append":
      case "keep_last":
      case "nth_or":
      case "set_at":
      case "repeat":
      case "get_or":
        return `$${e.fn}(${a.join(", ")})`;
      default:
        return unreachable(e.fn);
    }
  }

  /** A record update as a fresh literal in declaration order (one hidden class per type). */
  private with(e: Expr & { kind: "with" }): string {
    const of = this.expr(e.of);
    const shape = e.of.type.kind === "named" ? shapeOf(this.prog, e.of.type.ref) : null;
    const updates = new Map(e.fields.map((f) => [f.name, this.expr(f.value)]));
    if (shape?.kind !== "record" || [...updates.keys()].some((k) => !shape.fields.some((f) => f.name === k))) {
      return `$with(${of}, { ${e.fields.map((f) => `${key(f.name)}: ${updates.get(f.name)}`).join(", ")} })`;
    }
    // A record whose updated fields already hold their new values (by identity) is returned as
    // it is: values are never mutated, so this is the same value, and a step that changes nothing
    // returns its state itself (no allocation, no fingerprint). With a path and atoms the texts
    // are repeated (they cannot throw); anything else is computed once, in a lifted function.
    if (isPath(e.of) && e.fields.every((f) => atom(f.value))) {
      const same = e.fields.map((f) => `${of}${prop(f.name)} === ${updates.get(f.name)}`).join(" && ");
      return `(${same || "true"} ? ${of} : { ${shape.fields.map((f) => `${key(f.name)}: ${updates.get(f.name) ?? `${of}${prop(f.name)}`}`).join(", ")} })`;
    }
    const r = this.tmp();
    const temps = e.fields.map((f, i) => `const ${r}u${i} = ${updates.get(f.name)};`);
    const at = new Map(e.fields.map((f, i) => [f.name, `${r}u${i}`]));
    const same = e.fields.map((f) => `${r}${prop(f.name)} === ${at.get(f.name)}`).join(" && ");
    const body = shape.fields.map((f) => `${key(f.name)}: ${at.get(f.name) ?? `${r}${prop(f.name)}`}`).join(", ");
    return this.lifter.lift([r], [of], e.fields.map((f) => f.value), [], `${temps.join(" ")} if (${same || "true"}) return ${r}; return { ${body} };`);
  }

  /** A list operation as a loop in a lifted function, the lambda's body written in place. */
  private listop(e: Expr & { kind: "listop" }): string {
    const b = this.expr(e.body);
    const loop = (step: string): string => `for (let $ix = 0; $ix < $li.length; $ix++) { const v_${e.param} = $li[$ix]; ${step} }`;
    const bodies = {
      all: `${loop(`if (!(${b})) return false;`)} return true;`,
      any: `${loop(`if (${b}) return true;`)} return false;`,
      count: `let $cn = 0; ${loop(`if (${b}) $cn++;`)} return $cn;`,
      // The list itself while nothing changes (every element kept, or mapped to itself: see
      // \`with\`); a copy only from the first change, built by push so it stays a packed array
      // like every other list of the search.
      filter: `let $out = null; ${loop(`if (${b}) { if ($out !== null) $out.push(v_${e.param}); } else if ($out === null) { $out = []; ${COPY_HEAD} }`)} return $out === null ? $li : $out;`,
      map: `let $out = null; ${loop(`const $y = ${b}; if ($out === null) { if ($y === v_${e.param}) continue; $out = []; ${COPY_HEAD} } $out.push($y);`)} return $out === null ? $li : $out;`,
    } as const;
    return this.lifter.lift(["$li"], [this.expr(e.list)], [e.body], [e.param], bodies[e.op]);
  }

  private match(e: Expr & { kind: "match" }): string {
    const m = this.tmp();
    const enumLike = this.isEnum(e.of.type);
    const shape = e.of.type.kind === "named" ? shapeOf(this.prog, e.of.type.ref) : null;
    const arms: string[] = [];
    for (const arm of e.arms) {
      const body = this.expr(arm.body);
      if (arm.variant === null) {
        arms.push(`return ${body};`);
        break;
      }
      const fields = shape?.kind === "union" ? (shape.variants.find((v) => v.name === arm.variant)?.fields ?? []) : [];
      const binds = arm.binds.map((name, i) => {
        const f = fields[i];
        return f === undefined ? `$fail("match: ${arm.variant} has no field #${i}")` : `const v_${name} = ${m}${prop(f.name)};`;
      });
      arms.push(`if (${m}t === ${JSON.stringify(arm.variant)}) { ${binds.join(" ")} return ${body}; }`);
    }
    const tag = enumLike ? m : `${m}.kind`;
    const body = `const ${m}t = ${tag}; ${arms.join(" ")} return $fail("match: no arm for " + JSON.stringify(${m}t));`;
    // The whole match as the use: its free variables, arm by arm less that arm's binds.
    return this.lifter.lift([m], [this.expr(e.of)], [e], [], body);
  }

  /** The name of the compiled function of a decision (its verdict from its facts). */
  private decision(ref: TypeRef): string {
    const id = `${ref.module}.${ref.name}`;
    const known = this.decisions.get(id);
    if (known !== undefined) return known;
    const name = `$decide${this.decisions.size}`;
    this.decisions.set(id, name);
    const d = findDecision(this.prog, ref);
    const lets = d.lets.map((l) => `const v_${l.name} = ${this.expr(l.value)};`);
    const rules = d.rules.map((r) => (r.guard === null ? `return ${this.expr(r.verdict)};` : `if (${this.expr(r.guard)}) return ${this.expr(r.verdict)};`));
    this.functions.push(`function ${name}(v_f) { ${lets.join(" ")} ${rules.join(" ")} return $fail(${JSON.stringify(`${d.name}: no rule holds`)}); }`);
    return name;
  }
}

/** `l op r` on numbers of type `t`, through the helpers with the interpreter's meaning (helpers.ts). */
export function arithmetic(op: "+" | "-" | "*" | "/" | "%", t: Type, l: string, r: string): string {
  const names = { "+": "add", "-": "sub", "*": "mul", "/": "div", "%": "mod" } as const;
  if (t.kind === "nat") return `$n${names[op]}(${l}, ${r})`;
  if (t.kind === "int") return `$i${names[op]}(${l}, ${r})`;
  return `$fail(${JSON.stringify(`arithmetic ${op} typed ${t.kind}`)})`;
}

const HOISTABLE = new Set(["record", "union", "list", "with"]);

/** A literal, constant or path: text that may be evaluated twice, costing no allocation and never throwing. */
function atom(e: Expr): boolean {
  return e.kind === "lit" || e.kind === "enum" || e.kind === "const" || e.kind === "none" || isPath(e);
}

/** Whether `e` reads no variable: its value is the same on every evaluation. */
function closed(e: Expr): boolean {
  let free = false;
  walkExpr(e, { enter: (x) => void (free ||= x.kind === "var" || x.kind === "decide") });
  return !free;
}
