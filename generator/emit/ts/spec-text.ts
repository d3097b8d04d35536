// Emit stage, TypeScript target: an IR expression printed back in the spec's own syntax, for
// the doc comment of a derived constant (`REVIVE_WITHIN_MS + BUSY_REFRESH_MS`). Fully
// parenthesised below the top so that it never misleads; durations get their largest unit.

import type { Expr } from "../../ir/expr.js";
import { unreachable } from "../../ir/types.js";

const UNITS: readonly [string, number][] = [["h", 3_600_000], ["min", 60_000], ["s", 1000]];

/** A literal as written in a spec: ms-typed numbers with the largest unit that divides them. */
function literal(e: Expr & { kind: "lit" }): string {
  if (typeof e.value === "string") return JSON.stringify(e.value);
  if (typeof e.value === "number" && e.type.kind === "nat" && e.type.unit === "ms") {
    for (const [unit, size] of UNITS) if (e.value !== 0 && e.value % size === 0) return `${e.value / size}${unit}`;
    return `${e.value}ms`;
  }
  return String(e.value);
}

function sub(e: Expr): string {
  const t = specText(e);
  return /^[\w.]+(\(.*\))?$/.test(t) && !/\s/.test(t) ? t : `(${t})`;
}

/** `e` in spec syntax. */
export function specText(e: Expr): string {
  switch (e.kind) {
    case "lit":
      return literal(e);
    case "var":
      return e.name;
    case "const":
      return e.ref.name;
    case "field":
      return `${sub(e.of)}.${e.field}`;
    case "not":
      return `!${sub(e.arg)}`;
    case "binary":
      return `${sub(e.left)} ${e.op} ${sub(e.right)}`;
    case "if":
      return `if ${specText(e.cond)} then ${specText(e.then)} else ${specText(e.else)}`;
    case "call":
      return `${e.fn}(${e.args.map(specText).join(", ")})`;
    case "listop":
      return `${e.op}(${specText(e.list)}, ${e.param} -> ${specText(e.body)})`;
    case "enum":
      return `${e.ref.name}.${e.member}`;
    case "union":
      return `${e.ref.name}.${e.variant}${fields(e.fields)}`;
    case "record":
      return `${e.ref.name}${fields(e.fields)}`;
    case "with":
      return `${sub(e.of)} with${fields(e.fields)}`;
    case "match":
      return `match ${specText(e.of)} { ${e.arms
        .map((a) => `${a.variant ?? "_"}${a.binds.length === 0 ? "" : `(${a.binds.join(", ")})`} => ${specText(a.body)}`)
        .join(", ")} }`;
    case "is":
      return `${sub(e.of)} is ${e.variant}`;
    case "list":
      return `[${e.items.map(specText).join(", ")}]`;
    case "none":
      return "none";
    case "let":
      return `let ${e.name} = ${specText(e.value)} in ${specText(e.body)}`;
    case "decide":
      return `${e.ref.name}(${specText(e.arg)})`;
    default:
      return unreachable(e);
  }
}

function fields(fs: readonly { readonly name: string; readonly value: Expr }[]): string {
  return fs.length === 0 ? "" : ` { ${fs.map((f) => `${f.name}: ${specText(f.value)}`).join(", ")} }`;
}
