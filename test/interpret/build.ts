// Test helper: terse constructors of typed IR expressions for hand-built fixture programs,
// used until the spec checker produces real ones. Ids are unique per process, which is enough.

import type { BinaryOp, Builtin, Expr, ListOp, MatchArm } from "../../generator/ir/expr.js";
import type { Field, Span, Type, TypeRef } from "../../generator/ir/types.js";
import { BOOL, MS, NAT } from "../../generator/ir/types.js";

let nextId = 1;
const id = (): number => nextId++;

export const span = (file: string, line = 1): Span => ({ file, line, col: 1, endLine: line });
export const named = (module: string, name: string): Type => ({ kind: "named", ref: { module, name } });
export const listOf = (of: Type, max: number): Type => ({ kind: "list", of, max });
export const optionOf = (of: Type): Type => ({ kind: "option", of });
export const range = (min: number, max: number): Type => ({ kind: "nat", unit: "none", min, max });
export const field = (name: string, type: Type, doc = ""): Field => ({ name, type, doc });

export const lit = (value: number | boolean | string, type: Type): Expr => ({ id: id(), type, kind: "lit", value });
export const nat = (value: number): Expr => lit(value, NAT);
export const ms = (value: number): Expr => lit(value, MS);
export const bool = (value: boolean): Expr => lit(value, BOOL);
export const v = (name: string, type: Type): Expr => ({ id: id(), type, kind: "var", name });
export const k = (ref: TypeRef, type: Type): Expr => ({ id: id(), type, kind: "const", ref });
export const dot = (of: Expr, name: string, type: Type): Expr => ({ id: id(), type, kind: "field", of, field: name });
export const not = (arg: Expr): Expr => ({ id: id(), type: BOOL, kind: "not", arg });

/** A binary expression; comparisons and logic are bool, arithmetic takes `type` (default: left's). */
export function bin(op: BinaryOp, left: Expr, right: Expr, type?: Type): Expr {
  const logical = ["==", "!=", "<", "<=", ">", ">=", "&&", "||"].includes(op);
  return { id: id(), type: type ?? (logical ? BOOL : left.type), kind: "binary", op, left, right };
}

export const ite = (cond: Expr, then: Expr, els: Expr): Expr => ({ id: id(), type: then.type, kind: "if", cond, then, else: els });
export const call = (fn: Builtin, args: readonly Expr[], type: Type): Expr => ({ id: id(), type, kind: "call", fn, args });
export const listop = (op: ListOp, list: Expr, param: string, body: Expr, type: Type): Expr => ({
  id: id(),
  type,
  kind: "listop",
  op,
  list,
  param,
  body,
});
export const enumV = (ref: TypeRef, member: string): Expr => ({ id: id(), type: { kind: "named", ref }, kind: "enum", ref, member });
export const unionV = (ref: TypeRef, variant: string, fields: Record<string, Expr> = {}): Expr => ({
  id: id(),
  type: { kind: "named", ref },
  kind: "union",
  ref,
  variant,
  fields: Object.entries(fields).map(([name, value]) => ({ name, value })),
});
export const recordV = (ref: TypeRef, fields: Record<string, Expr>): Expr => ({
  id: id(),
  type: { kind: "named", ref },
  kind: "record",
  ref,
  fields: Object.entries(fields).map(([name, value]) => ({ name, value })),
});
export const withV = (of: Expr, fields: Record<string, Expr>): Expr => ({
  id: id(),
  type: of.type,
  kind: "with",
  of,
  fields: Object.entries(fields).map(([name, value]) => ({ name, value })),
});
export const match = (of: Expr, arms: readonly MatchArm[], type: Type): Expr => ({ id: id(), type, kind: "match", of, arms });
export const is = (of: Expr, variant: string): Expr => ({ id: id(), type: BOOL, kind: "is", of, variant });
export const list = (items: readonly Expr[], type: Type): Expr => ({ id: id(), type, kind: "list", items });
export const none = (type: Type): Expr => ({ id: id(), type, kind: "none" });
export const letIn = (name: string, value: Expr, body: Expr): Expr => ({ id: id(), type: body.type, kind: "let", name, value, body });
export const decideE = (ref: TypeRef, arg: Expr, type: Type): Expr => ({ id: id(), type, kind: "decide", ref, arg });
