// Emit stage (Lean): the data side of expressions: built-in calls, list operations, enum, union
// and record constructors, `with`, `match`, `is`, list literals and options. Constructors are
// always written fully qualified (`Verdict.Restart 250`), never with the `.ctor` shorthand.

import type { Expr, FieldValue, MatchArm } from "../../ir/expr.js";
import type { TypeDecl } from "../../ir/types.js";
import { unreachable } from "../../ir/types.js";
import type { ExprCx } from "./context.js";
import { leanType, typeRefName, withLocal } from "./context.js";
import type { Term } from "./expr.js";
import { P, app, at, lambda, term } from "./expr.js";
import type { Doc } from "./layout.js";
import { align, cat, group, join, line, nest } from "./layout.js";
import { ident, localName } from "./names.js";

type DataExpr = Extract<Expr, { kind: "call" | "listop" | "enum" | "union" | "record" | "with" | "match" | "is" | "list" | "none" }>;

export function dataExpr(e: DataExpr, cx: ExprCx): Term {
  const t = (x: Expr) => term(x, cx);
  switch (e.kind) {
    case "call":
      return call(e, cx);
    case "listop": {
      if (e.list.type.kind !== "list") throw new Error("lean emitter: list operation on a non-list");
      const fn = lambda(e.param, e.list.type.of, e.body, cx);
      const list = t(e.list);
      switch (e.op) {
        case "filter":
          return app("List.filter", [fn, list]);
        case "map":
          return app("List.map", [fn, list]);
        case "all":
          return app("List.all", [list, fn]);
        case "any":
          return app("List.any", [list, fn]);
        case "count":
          return app("List.length", [app("List.filter", [fn, list])]);
        default:
          return unreachable(e.op);
      }
    }
    case "enum":
      return { doc: `${typeRefName(e.ref, cx.module)}.${ident(e.member)}`, prec: P.max };
    case "union":
      return app(`${typeRefName(e.ref, cx.module)}.${ident(e.variant)}`, e.fields.map((f) => t(f.value)));
    case "record": {
      const type = typeRefName(e.ref, cx.module);
      if (e.fields.length === 0) return { doc: `${type}.mk`, prec: P.max };
      const fields = align(join(fieldDocs(e.fields, cx), cat(",", line)));
      // Broken, the ascription gets a line of its own, so a long last field never runs past the width.
      return { doc: group(cat("(", align(cat("{ ", fields, line, `} : ${type})`)))), prec: P.max };
    }
    case "with": {
      if (e.fields.length === 0) return t(e.of);
      const fields = join(fieldDocs(e.fields, cx), cat(",", line));
      const doc = align(group(cat("{ ", at(t(e.of), P.max), " with", nest(2, cat(line, fields)), " }")));
      return { doc, prec: P.max };
    }
    case "match":
      return match(e.of, e.arms, cx);
    case "is":
      return isTest(e.of, e.variant, cx);
    case "list": {
      if (e.items.length === 0) return { doc: `([] : ${leanType(e.type, cx.module)})`, prec: P.max };
      return { doc: group(cat("[", align(join(e.items.map((i) => t(i).doc), cat(",", line))), "]")), prec: P.max };
    }
    case "none":
      return { doc: `(Option.none : ${leanType(e.type, cx.module)})`, prec: P.max };
    default:
      return unreachable(e);
  }
}

function fieldDocs(fields: readonly FieldValue[], cx: ExprCx): Doc[] {
  return fields.map((f) => cat(ident(f.name), " := ", at(term(f.value, cx), P.low + 1)));
}

function call(e: Extract<Expr, { kind: "call" }>, cx: ExprCx): Term {
  const a = e.args.map((x) => term(x, cx));
  const arg = (i: number): Term => {
    const v = a[i];
    if (!v) throw new Error(`lean emitter: ${e.fn} is missing argument ${i + 1}`);
    return v;
  };
  switch (e.fn) {
    case "min":
    case "max":
      return app(e.fn, [arg(0), arg(1)]);
    case "pow2":
      return { doc: cat("2 ^ ", at(arg(0), P.pow)), prec: P.pow };
    case "len":
      return app("List.length", [arg(0)]);
    case "append":
      return { doc: align(group(cat(at(arg(0), P.add), " ++", line, "[", align(arg(1).doc), "]"))), prec: P.add };
    case "keep_last": {
      // The last N elements: drop all but N from the front (Nat `-` stops at 0).
      const len = app("List.length", [arg(0)]);
      const count = { doc: align(group(cat(at(len, P.add), " -", line, at(arg(1), P.add + 1)))), prec: P.add };
      return app("List.drop", [count, arg(0)]);
    }
    case "nth_or":
      return app("List.getD", [arg(0), arg(1), arg(2)]);
    case "set_at":
      return app("List.set", [arg(0), arg(1), arg(2)]);
    case "repeat":
      return app("List.replicate", [arg(0), arg(1)]);
    case "is_some":
      return app("Option.isSome", [arg(0)]);
    case "is_none":
      return app("Option.isNone", [arg(0)]);
    case "get_or":
      return app("Option.getD", [arg(0), arg(1)]);
    case "some":
      return app("Option.some", [arg(0)]);
    default:
      return unreachable(e.fn);
  }
}

function scrutinee(of: Expr, cx: ExprCx): TypeDecl {
  if (of.type.kind !== "named") throw new Error("lean emitter: match on a value that is not an enum or union");
  const decl = cx.typeDecl(of.type.ref);
  if (decl.kind === "record") throw new Error(`lean emitter: match on record ${decl.name}`);
  return decl;
}

/** Variant names and their payload arity, for enums (arity 0) and unions alike. */
function variants(decl: TypeDecl): ReadonlyMap<string, number> {
  if (decl.kind === "enum") return new Map(decl.members.map((m) => [m, 0]));
  if (decl.kind === "union") return new Map(decl.variants.map((v) => [v.name, v.fields.length]));
  return new Map();
}

function match(of: Expr, arms: readonly MatchArm[], cx: ExprCx): Term {
  const decl = scrutinee(of, cx);
  const type = typeRefName(of.type.kind === "named" ? of.type.ref : { module: cx.module, name: decl.name }, cx.module);
  const arity = variants(decl);
  const covered = new Set(arms.filter((a) => a.variant !== null).map((a) => a.variant));
  // Lean rejects a redundant alternative, so a wildcard after every variant is dropped.
  const kept = arms.filter((a) => a.variant !== null || covered.size < arity.size);
  const docs: Doc[] = kept.map((a) => {
    let inner = cx;
    const names = Array.from({ length: a.variant === null ? 0 : (arity.get(a.variant) ?? 0) }, (_, i) => {
      const bind = a.binds[i];
      if (bind === undefined || bind === "_") return "_";
      inner = withLocal(inner, bind, { kind: "value", lean: localName(bind) });
      return localName(bind);
    });
    const pattern = a.variant === null ? "_" : [`${type}.${ident(a.variant)}`, ...names].join(" ");
    const body = at(term(a.body, inner), P.low + 1);
    return cat(line, "| ", pattern, " =>", group(nest(4, cat(line, body))));
  });
  const doc = align(group(cat("match ", at(term(of, cx), P.low + 1), " with", ...docs)));
  return { doc, prec: P.low };
}

function isTest(of: Expr, variant: string, cx: ExprCx): Term {
  const decl = scrutinee(of, cx);
  const type = typeRefName(of.type.kind === "named" ? of.type.ref : { module: cx.module, name: decl.name }, cx.module);
  const subject = term(of, cx);
  if (decl.kind === "enum") {
    const eq = group(cat(at(subject, P.cmp + 1), " =", line, `${type}.${ident(variant)}`));
    return { doc: cat("decide (", align(eq), ")"), prec: P.app };
  }
  const arity = variants(decl);
  if (arity.size === 1) return { doc: "true", prec: P.max };
  const pattern = [`${type}.${ident(variant)}`, ...Array.from({ length: arity.get(variant) ?? 0 }, () => "_")].join(" ");
  const doc = align(group(cat("match ", at(subject, P.low + 1), " with", line, "| ", pattern, " => true", line, "| _ => false")));
  return { doc, prec: P.low };
}
