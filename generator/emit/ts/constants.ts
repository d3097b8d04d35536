// Emit stage, TypeScript target: constants as exported numbers and booleans. A derived
// constant is emitted as its value evaluated at generation, with its defining expression in
// the doc comment, so the model never recomputes what the checker already proved.

import { constDecl, type ConstDecl } from "./print.js";
import type { Constant } from "../../ir/module.js";
import { docText } from "./context.js";
import { printExpr } from "../../ir/print.js";

export function constantDecl(c: Constant): ConstDecl {
  const notes: string[] = [];
  if (c.doc.trim() !== "") notes.push(c.doc.trim());
  if (c.expr !== null) notes.push(`= ${printExpr(c.expr)}`);
  if (c.overridable) notes.push(`The runtime may override it with STATUTE_${c.name}.`);
  // Declared `number`/`boolean`, not the literal type: a guard such as `MAX == 0` must still
  // type-check (TypeScript rejects comparing the literal type 5 with 0).
  return constDecl(c.name, String(c.value), docText(notes.join("\n\n"), c.span), typeof c.value === "boolean" ? "boolean" : "number");
}
