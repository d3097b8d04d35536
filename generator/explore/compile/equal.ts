// Explore stage, compiled engine: the spec's structural `==` as source text directed by the
// values' type, instead of the interpreter's generic valueEquals (which lists keys and calls a
// closure per element). One function per compound type; identity first, since a step returns
// the very state or row it did not change. Comparing a path with a record literal or a `with`
// compares field by field, without building the record.

import type { Expr } from "../../ir/expr.js";
import type { Program } from "../../ir/module.js";
import type { Type } from "../../ir/types.js";
import { unreachable } from "../../ir/types.js";
import { prop, shapeOf } from "./expr.js";
import type { Lifter } from "./lift.js";

export class EqualCompiler {
  private readonly names = new Map<string, string>();
  /** Numbers the temporaries of `update` and `literal`, so nested ones never shadow each other. */
  private serial = 0;
  /** The equality functions, for the compiled source. */
  readonly functions: string[] = [];

  constructor(
    readonly prog: Program,
    private readonly lifter: Lifter,
  ) {}

  /** Whether `==` on values of `t` is `===` (no record, union or list inside). */
  flat(t: Type): boolean {
    if (t.kind === "option") return this.flat(t.of);
    if (t.kind === "list") return false;
    if (t.kind === "named") return shapeOf(this.prog, t.ref).kind === "enum";
    return true;
  }

  /** Text testing `a == b` for two value texts of type `t` (each evaluated once). */
  test(a: string, b: string, t: Type): string {
    return this.flat(t) ? `(${a} === ${b})` : `${this.fn(t)}(${a}, ${b})`;
  }

  /**
   * `path == lit` field by field, when `lit` is a record literal or a `with` of a path (both
   * sides then cost no allocation and each field is read once); null for anything else.
   */
  fields(path: Expr, lit: Expr, text: (e: Expr) => string): string | null {
    if (!isPath(path)) return null;
    const r = this.literal(text(path), lit, text);
    if (r === null) return null;
    // Values that are not paths are computed first, in the literal's order, as arguments: the
    // interpreter evaluates the whole literal before comparing, and so may throw on any field.
    if (r.decls.length === 0) return `(${r.test})`;
    return this.lifter.lift(
      r.decls.map((d) => d[0]),
      r.decls.map((d) => d[1]),
      [path, lit],
      [],
      `return ${r.test};`,
    );
  }

  /**
   * `other == set_at(l, i, x)` and `other == map(l, v -> body)` without building the right side:
   * element by element, `x` or `body` compared field by field where it is a literal (the step
   * laws of a machine compare the next state with such an update on every transition). Whatever
   * the interpreter evaluates is evaluated here too, so the one throws where the other does.
   */
  update(other: string, call: Expr, text: (e: Expr) => string): string | null {
    if (call.type.kind !== "list") return null;
    const t = call.type.of;
    const n = this.serial++;
    const [p, l, i, j, y] = ["$p", "$l", "$i", "$j", "$y"].map((v) => `${v}${n}`) as [string, string, string, string, string];
    if (call.kind === "call" && call.fn === "set_at" && call.args.length === 3) {
      const [list, index, x] = call.args as [Expr, Expr, Expr];
      const params = [p, l, i];
      const args = [other, text(list), text(index)];
      const lit = this.literal(y, x, text);
      let test: string;
      if (lit === null) {
        params.push(`$x${n}`);
        args.push(text(x));
        test = this.test(y, `$x${n}`, t);
      } else {
        for (const [name, value] of lit.decls) {
          params.push(name);
          args.push(value);
        }
        test = lit.test;
      }
      const body = `if (${i} < 0) $fail("set_at: negative count " + ${i}); if (${p}.length !== ${l}.length) return false; for (let ${j} = 0; ${j} < ${l}.length; ${j}++) { const ${y} = ${p}[${j}]; if (!(${j} === ${i} ? ${test} : ${this.test(y, `${l}[${j}]`, t)})) return false; } return true;`;
      return this.lifter.lift(params, args, lit === null ? [] : [x], [], body);
    }
    if (call.kind === "listop" && call.op === "map") {
      const lit = this.literal(`${p}[${j}]`, call.body, text);
      const decls = lit === null ? [[`$x${n}`, text(call.body)] as [string, string]] : lit.decls;
      const test = lit === null ? this.test(`${p}[${j}]`, `$x${n}`, t) : lit.test;
      // Once unequal, the rest of the elements are still computed when computing them may throw.
      const canStop = lit === null ? total(call.body) : decls.length === 0;
      const body = `let $ok${n} = ${p}.length === ${l}.length; for (let ${j} = 0; ${j} < ${l}.length; ${j}++) { const v_${call.param} = ${l}[${j}]; ${decls.map(([name, value]) => `const ${name} = ${value};`).join(" ")} if ($ok${n} && !(${test})) { $ok${n} = false; ${canStop ? "break;" : ""} } } return $ok${n};`;
      return this.lifter.lift([p, l], [other, text(call.list)], [call.body], [call.param], body);
    }
    return null;
  }

  /**
   * The value at `p` (text that may be repeated) against a record literal or a `with` of a path,
   * field by field: the values to compute first (a name and its text, in the literal's order)
   * and the test over them. Null when `lit` is neither.
   */
  private literal(p: string, lit: Expr, text: (e: Expr) => string): { decls: [string, string][]; test: string } | null {
    if (lit.type.kind !== "named") return null;
    const shape = shapeOf(this.prog, lit.type.ref);
    if (shape.kind !== "record") return null;
    const decls: [string, string][] = [];
    // A path or a constant is read in place; anything else (which might throw) is computed first.
    const value = (e: Expr): string => {
      if (total(e)) return text(e);
      const name = `$q${this.serial++}`;
      decls.push([name, text(e)]);
      return name;
    };
    // A field set to a list update that cannot throw is compared element by element, in place.
    const updates = new Map<string, Expr>();
    const values = new Map<string, string>();
    const set = (f: { readonly name: string; readonly value: Expr }): void => {
      if (totalUpdate(f.value)) updates.set(f.name, f.value);
      else values.set(f.name, value(f.value));
    };
    if (lit.kind === "record") lit.fields.forEach(set);
    else if (lit.kind === "with" && isPath(lit.of)) {
      const of = text(lit.of);
      for (const f of shape.fields) values.set(f.name, `${of}${prop(f.name)}`);
      lit.fields.forEach(set);
    } else return null;
    for (const name of updates.keys()) values.delete(name);
    if (shape.fields.some((f) => !values.has(f.name) && !updates.has(f.name)) || values.size + updates.size !== shape.fields.length) return null;
    const fieldTest = (f: { readonly name: string; readonly type: Type }): string => {
      const at = `${p}${prop(f.name)}`;
      const update = updates.get(f.name);
      return (update && this.update(at, update, text)) ?? this.test(at, values.get(f.name) ?? text(update as Expr), f.type);
    };
    const test = shape.fields.length === 0 ? "true" : shape.fields.map(fieldTest).join(" && ");
    return { decls, test };
  }

  private fn(t: Type): string {
    const id = JSON.stringify(t);
    const known = this.names.get(id);
    if (known !== undefined) return known;
    const name = `$eq${this.names.size}`;
    this.names.set(id, name);
    this.functions.push(`function ${name}(a, b) { if (a === b) return true; ${this.body(t)} }`);
    return name;
  }

  private body(t: Type): string {
    switch (t.kind) {
      case "bool":
      case "nat":
      case "int":
      case "string":
        return "return false;";
      case "option":
        return `return a !== null && b !== null && ${this.test("a", "b", t.of)};`;
      case "list":
        return `if (a.length !== b.length) return false; for (let i = 0; i < a.length; i++) if (!${this.test("a[i]", "b[i]", t.of)}) return false; return true;`;
      case "named": {
        const shape = shapeOf(this.prog, t.ref);
        if (shape.kind === "enum") return "return false;";
        const all = (fields: readonly { readonly name: string; readonly type: Type }[]): string =>
          fields.length === 0 ? "true" : fields.map((f) => this.test(`a${prop(f.name)}`, `b${prop(f.name)}`, f.type)).join(" && ");
        if (shape.kind === "record") return `return ${all(shape.fields)};`;
        const arms = shape.variants.map((v) => `case ${JSON.stringify(v.name)}: return ${all(v.fields)};`);
        return `if (a.kind !== b.kind) return false; switch (a.kind) { ${arms.join(" ")} } return false;`;
      }
      default:
        return unreachable(t);
    }
  }
}

/**
 * Whether evaluating `e` can never throw (on values of its type): reads, constants, literals of
 * such, and logic over them. Conservative: arithmetic and most built-ins are not.
 */
function total(e: Expr): boolean {
  switch (e.kind) {
    case "lit":
    case "var":
    case "const":
    case "enum":
    case "none":
      return true;
    case "field":
      return total(e.of);
    case "not":
      return total(e.arg);
    case "is":
      return total(e.of);
    case "binary":
      return e.op !== "+" && e.op !== "-" && e.op !== "*" && e.op !== "/" && e.op !== "%" && total(e.left) && total(e.right);
    case "if":
      return total(e.cond) && total(e.then) && total(e.else);
    case "record":
    case "union":
      return e.fields.every((f) => total(f.value));
    case "with":
      return total(e.of) && e.fields.every((f) => total(f.value));
    case "list":
      return e.items.every(total);
    default:
      return false;
  }
}

/** A `set_at` or `map` whose evaluation cannot throw (a nat index is never negative). */
function totalUpdate(e: Expr): boolean {
  if (e.kind === "call" && e.fn === "set_at") return e.args.length === 3 && e.args.every(total);
  return e.kind === "listop" && e.op === "map" && total(e.list) && total(e.body);
}

/** A variable or a chain of field reads of one: text that may be repeated at no cost. */
export function isPath(e: Expr): boolean {
  return e.kind === "var" || (e.kind === "field" && isPath(e.of));
}
