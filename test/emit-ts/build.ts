// Test helper for the TypeScript emitter: a small builder of typed IR expressions, so the
// hand-made fixture reads close to the spec text it stands for. Ids are unique per builder.

import type { Expr, FieldValue, MatchArm } from "../../generator/ir/expr.js";
import { BOOL, INT, MS, NAT, type Span, type Type, type TypeRef } from "../../generator/ir/types.js";

export { BOOL, INT, MS, NAT };
export const named = (module: string, name: string): Type => ({ kind: "named", ref: { module, name } });
export const listOf = (of: Type, max: number): Type => ({ kind: "list", of, max });
export const optionOf = (of: Type): Type => ({ kind: "option", of });
export const ref = (module: string, name: string): TypeRef => ({ module, name });

export function spanAt(file: string, line: number): Span {
  return { file, line, col: 3, endLine: line };
}

/** Expression constructors; every node gets the next id. */
export function builder() {
  let next = 0;
  const mk = (type: Type, rest: Record<string, unknown>): Expr => ({ id: next++, type, ...rest }) as Expr;
  const typeOfList = (l: Expr): Type => (l.type.kind === "list" ? l.type.of : BOOL);
  const fv = (fields: Record<string, Expr>): FieldValue[] => Object.entries(fields).map(([name, value]) => ({ name, value }));
  return {
    lit: (value: number | boolean | string, type: Type) => mk(type, { kind: "lit", value }),
    v: (name: string, type: Type) => mk(type, { kind: "var", name }),
    c: (module: string, name: string, type: Type) => mk(type, { kind: "const", ref: ref(module, name) }),
    field: (of: Expr, field: string, type: Type) => mk(type, { kind: "field", of, field }),
    not: (arg: Expr) => mk(BOOL, { kind: "not", arg }),
    bin: (op: string, left: Expr, right: Expr, type?: Type) =>
      mk(type ?? (["==", "!=", "<", "<=", ">", ">=", "&&", "||"].includes(op) ? BOOL : left.type), { kind: "binary", op, left, right }),
    iff: (cond: Expr, then: Expr, els: Expr) => mk(then.type, { kind: "if", cond, then, else: els }),
    call: (fn: string, args: Expr[], type: Type) => mk(type, { kind: "call", fn, args }),
    listop: (op: string, list: Expr, param: string, body: (x: Expr) => Expr, type: Type) =>
      mk(type, { kind: "listop", op, list, param, body: body(mk(typeOfList(list), { kind: "var", name: param })) }),
    enm: (module: string, name: string, member: string) => mk(named(module, name), { kind: "enum", ref: ref(module, name), member }),
    union: (module: string, name: string, variant: string, fields: Record<string, Expr> = {}) =>
      mk(named(module, name), { kind: "union", ref: ref(module, name), variant, fields: fv(fields) }),
    record: (module: string, name: string, fields: Record<string, Expr>) =>
      mk(named(module, name), { kind: "record", ref: ref(module, name), fields: fv(fields) }),
    with: (of: Expr, fields: Record<string, Expr>) => mk(of.type, { kind: "with", of, fields: fv(fields) }),
    match: (of: Expr, arms: MatchArm[], type: Type) => mk(type, { kind: "match", of, arms }),
    is: (of: Expr, variant: string) => mk(BOOL, { kind: "is", of, variant }),
    list: (items: Expr[], type: Type) => mk(type, { kind: "list", items }),
    none: (type: Type) => mk(type, { kind: "none" }),
    let: (name: string, value: Expr, body: (x: Expr) => Expr) => {
      const b = body(mk(value.type, { kind: "var", name }));
      return mk(b.type, { kind: "let", name, value, body: b });
    },
  };
}
