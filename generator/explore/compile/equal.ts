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

export class EqualCompiler {
  private readonly names = new Map<string, string>();
  /** The equality functions, for the compiled source. */
  readonly functions: string[] = [];

  constructor(readonly prog: Program) {}

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
    if (!isPath(path) || lit.type.kind !== "named") return null;
    const shape = shapeOf(this.prog, lit.type.ref);
    if (shape.kind !== "record") return null;
    // Values that are not paths are computed first, in the literal's order, as arguments: the
    // interpreter evaluates the whole literal before comparing, and so may throw on any field.
    const params: string[] = [];
    const args: string[] = [];
    const value = (e: Expr): string => {
      if (isPath(e)) return text(e);
      params.push(`$q${params.length}`);
      args.push(text(e));
      return params[params.length - 1] as string;
    };
    const values = new Map<string, string>();
    if (lit.kind === "record") for (const f of lit.fields) values.set(f.name, value(f.value));
    else if (lit.kind === "with" && isPath(lit.of)) {
      const of = text(lit.of);
      for (const f of shape.fields) values.set(f.name, `${of}${prop(f.name)}`);
      for (const f of lit.fields) values.set(f.name, value(f.value));
    } else return null;
    if (shape.fields.some((f) => !values.has(f.name)) || values.size !== shape.fields.length) return null;
    const p = text(path);
    const test = shape.fields.length === 0 ? "true" : shape.fields.map((f) => this.test(`${p}${prop(f.name)}`, values.get(f.name) as string, f.type)).join(" && ");
    return params.length === 0 ? `(${test})` : `((${params.join(", ")}) => ${test})(${args.join(", ")})`;
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

/** A variable or a chain of field reads of one: text that may be repeated at no cost. */
function isPath(e: Expr): boolean {
  return e.kind === "var" || (e.kind === "field" && isPath(e.of));
}
