// Test helper (Lean emitter): terse constructors of typed IR expressions for the hand-built
// fixture, standing in for the spec checker. Ids only need to be unique within a module.

import type { BinaryOp, Builtin, Expr, ListOp, MatchArm } from "../../generator/ir/expr.js";
import type { Span, Type, TypeRef } from "../../generator/ir/types.js";
import { BOOL } from "../../generator/ir/types.js";

let next = 1;
const id = () => next++;

export const ref = (module: string, name: string): TypeRef => ({ module, name });
export const span = (file: string, line: number): Span => ({ file, line, col: 1, endLine: line });
export const named = (module: string, name: string): Type => ({ kind: "named", ref: { module, name } });
export const listOf = (of: Type, max: number): Type => ({ kind: "list", of, max });

export const lit = (value: number | boolean, type: Type): Expr => ({ id: id(), type, kind: "lit", value });
export const v = (name: string, type: Type): Expr => ({ id: id(), type, kind: "var", name });
export const k = (r: TypeRef, type: Type): Expr => ({ id: id(), type, kind: "const", ref: r });
export const dot = (of: Expr, field: string, type: Type): Expr => ({ id: id(), type, kind: "field", of, field });
export const not = (arg: Expr): Expr => ({ id: id(), type: BOOL, kind: "not", arg });
export function bin(op: BinaryOp, left: Expr, right: Expr): Expr {
  const bool = ["==", "!=", "<", "<=", ">", ">=", "&&", "||"].includes(op);
  return { id: id(), type: bool ? BOOL : left.type, kind: "binary", op, left, right };
}
export const ite = (cond: Expr, then: Expr, els: Expr): Expr => ({ id: id(), type: then.type, kind: "if", cond, then, else: els });
export const call = (fn: Builtin, args: readonly Expr[], type: Type): Expr => ({ id: id(), type, kind: "call", fn, args });
export const listop = (op: ListOp, list: Expr, param: string, body: Expr, type: Type): Expr =>
  ({ id: id(), type, kind: "listop", op, list, param, body });
export const enumV = (r: TypeRef, member: string): Expr => ({ id: id(), type: { kind: "named", ref: r }, kind: "enum", ref: r, member });
export const unionV = (r: TypeRef, variant: string, fields: Record<string, Expr> = {}): Expr => ({
  id: id(), type: { kind: "named", ref: r }, kind: "union", ref: r, variant,
  fields: Object.entries(fields).map(([name, value]) => ({ name, value })),
});
export const recordV = (r: TypeRef, fields: Record<string, Expr>): Expr => ({
  id: id(), type: { kind: "named", ref: r }, kind: "record", ref: r,
  fields: Object.entries(fields).map(([name, value]) => ({ name, value })),
});
export const match = (of: Expr, arms: readonly MatchArm[], type: Type): Expr => ({ id: id(), type, kind: "match", of, arms });
export const is = (of: Expr, variant: string): Expr => ({ id: id(), type: BOOL, kind: "is", of, variant });
export const list = (items: readonly Expr[], type: Type): Expr => ({ id: id(), type, kind: "list", items });
export const letIn = (name: string, value: Expr, body: Expr): Expr => ({ id: id(), type: body.type, kind: "let", name, value, body });
