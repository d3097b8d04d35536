// IR stage: print an expression back in the spec's own syntax, for diagnostics (which side of a
// violated order law), doc comments of derived constants and mutation reports.

import type { Expr } from "./expr.js";
import { unreachable } from "./types.js";

const prec: Record<string, number> = { "||": 1, "&&": 2, "==": 3, "!=": 3, "<": 3, "<=": 3, ">": 3, ">=": 3, "+": 4, "-": 4, "++": 4, "*": 5, "/": 5, "%": 5 };

/** The expression as spec text; parenthesised by precedence. */
export function printExpr(e: Expr): string {
  return print(e, 0);
}

function print(e: Expr, outer: number): string {
  switch (e.kind) {
    case "lit":
      if (typeof e.value === "string") return JSON.stringify(e.value);
      if (typeof e.value === "number" && e.type.kind === "nat" && e.type.unit === "ms") return `${e.value}ms`;
      return String(e.value);
    case "var":
      return e.name;
    case "const":
      return e.ref.name;
    case "field":
      return `${print(e.of, 9)}.${e.field}`;
    case "not":
      return `!${print(e.arg, 8)}`;
    case "binary": {
      const p = prec[e.op] ?? 0;
      const text = `${print(e.left, p)} ${e.op} ${print(e.right, p + 1)}`;
      return p < outer ? `(${text})` : text;
    }
    case "if":
      return wrap(`if ${print(e.cond, 0)} then ${print(e.then, 0)} else ${print(e.else, 0)}`, outer);
    case "call":
      return `${e.fn}(${e.args.map((a) => print(a, 0)).join(", ")})`;
    case "listop":
      return `${e.op}(${print(e.list, 0)}, ${e.param} -> ${print(e.body, 0)})`;
    case "enum":
      return `${e.ref.name}.${e.member}`;
    case "union":
      return e.fields.length === 0 ? `${e.ref.name}.${e.variant}` : `${e.ref.name}.${e.variant}${fields(e.fields)}`;
    case "record":
      return `${e.ref.name}${fields(e.fields)}`;
    case "with":
      return `${print(e.of, 9)} with${fields(e.fields)}`;
    case "match": {
      const arms = e.arms.map((a) => `${a.variant ?? "_"}${a.binds.length ? `(${a.binds.join(", ")})` : ""} => ${print(a.body, 0)}`);
      return `match ${print(e.of, 0)} { ${arms.join(", ")} }`;
    }
    case "is":
      return wrap(`${print(e.of, 4)} is ${e.variant}`, outer, 3);
    case "list":
      return `[${e.items.map((i) => print(i, 0)).join(", ")}]`;
    case "none":
      return "none";
    case "let":
      return wrap(`let ${e.name} = ${print(e.value, 0)} in ${print(e.body, 0)}`, outer);
    case "decide":
      return `${e.ref.name}(${print(e.arg, 0)})`;
    default:
      return unreachable(e);
  }
}

function fields(fs: readonly { name: string; value: Expr }[]): string {
  return fs.length === 0 ? " {}" : ` { ${fs.map((f) => `${f.name}: ${print(f.value, 0)}`).join(", ")} }`;
}

function wrap(text: string, outer: number, own = 0): string {
  return outer > own ? `(${text})` : text;
}
