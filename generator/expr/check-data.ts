// Expression stage, step 3: checking of data forms over named types: field reads, qualified
// members (`Gate.Open`), record and union literals, `with`, `is` and `match`. Field lists come
// out in declaration order whatever the source order, so emitters print them stably.

import { didYouMean } from "../diagnostics/diagnostic.js";
import type { Expr, FieldValue, MatchArm } from "../ir/expr.js";
import { BOOL, type Field, type Type, type TypeDecl, type TypeRef } from "../ir/types.js";
import type { Ast, AstField, AstName, Range } from "./ast.js";
import { bad, isBad, node, report, withLocals } from "./check-base.js";
import { check, infer } from "./check.js";
import type { ExprEnv } from "./env.js";
import { showType, unify } from "./type-util.js";

const tagsOf = (d: TypeDecl): readonly string[] =>
  d.kind === "enum" ? d.members : d.kind === "union" ? d.variants.map((v) => v.name) : [];

/** A type name used as a value qualifier, unless a local or constant has that name. */
function typeNamed(env: ExprEnv, ast: Ast): { ref: TypeRef; decl: TypeDecl } | undefined {
  if (ast.kind !== "name" || env.lookupVar(ast.name) || env.lookupConst(ast.name)) return undefined;
  return env.lookupType(ast.name);
}

/** An enum member or a payload-free union variant named without braces. */
export function memberValue(env: ExprEnv, at: Range, ref: TypeRef, decl: TypeDecl, name: AstName): Expr {
  const type: Type = { kind: "named", ref };
  if (decl.kind === "enum" && decl.members.includes(name.name)) return node(env, type, { kind: "enum", ref, member: name.name });
  const variant = decl.kind === "union" ? decl.variants.find((v) => v.name === name.name) : undefined;
  if (variant) {
    const first = variant.fields[0];
    if (first === undefined) return node(env, type, { kind: "union", ref, variant: variant.name, fields: [] });
    report(env, "missingField", at, { type: `${decl.name}.${variant.name}`, field: first.name });
    return bad(env, type);
  }
  const didYou = decl.kind === "record" ? `${decl.name} is a record; build one with ${decl.name} { ... }` : didYouMean(name.name, tagsOf(decl));
  report(env, "unknownVariant", name, { type: decl.name, name: name.name, didYouMean: didYou });
  return bad(env, type);
}

/** `x.f` on a record, or `Type.Member`. */
export function inferField(ast: Ast & { kind: "field" }, env: ExprEnv, hint: Type | undefined): Expr {
  const qualifier = typeNamed(env, ast.of);
  if (qualifier) return memberValue(env, ast, qualifier.ref, qualifier.decl, ast.field);
  const of = infer(ast.of, env);
  if (isBad(of)) return bad(env, hint);
  const field = ast.field.name;
  if (of.type.kind !== "named") {
    report(env, "notAField", ast.field, { type: showType(of.type), field, didYouMean: "only records have fields" });
    return bad(env, hint);
  }
  const decl = env.typeDecl(of.type.ref);
  if (decl.kind !== "record") {
    const why = decl.kind === "union" ? `read a variant's fields with match: match x { V(a) => a, _ => ... }` : "an enum has no fields";
    report(env, "notAField", ast.field, { type: decl.name, field, didYouMean: why });
    return bad(env, hint);
  }
  const f = decl.fields.find((x) => x.name === field);
  if (!f) {
    report(env, "notAField", ast.field, { type: decl.name, field, didYouMean: didYouMean(field, decl.fields.map((x) => x.name)) });
    return bad(env, hint);
  }
  return node(env, f.type, { kind: "field", of, field });
}

/**
 * Field initialisers checked against `declared`, in declaration order. Unknown and repeated
 * names are errors; with `complete`, so is a missing one (reported at `at`).
 */
function fieldValues(env: ExprEnv, given: readonly AstField[], declared: readonly Field[], typeName: string, complete: boolean, at: Range): FieldValue[] | undefined {
  const byName = new Map<string, Expr>();
  let ok = true;
  for (const g of given) {
    const f = declared.find((x) => x.name === g.name);
    if (!f) {
      report(env, "notAField", g, { type: typeName, field: g.name, didYouMean: declared.length ? didYouMean(g.name, declared.map((x) => x.name)) : `${typeName} has no fields` });
      ok = false;
    } else if (byName.has(g.name)) {
      report(env, "exprSyntax", g, { detail: `field '${g.name}' is given twice`, hint: "give each field once" });
      ok = false;
    } else {
      const value = check(g.value, env, f.type);
      if (isBad(value)) ok = false;
      byName.set(g.name, value);
    }
  }
  if (complete) {
    for (const f of declared) {
      if (byName.has(f.name)) continue;
      report(env, "missingField", at, { type: typeName, field: f.name });
      ok = false;
    }
  }
  if (!ok) return undefined;
  return declared.flatMap((f) => {
    const value = byName.get(f.name);
    return value ? [{ name: f.name, value }] : [];
  });
}

function unionLiteral(env: ExprEnv, ast: Ast & { kind: "construct" }, ref: TypeRef, decl: TypeDecl & { kind: "union" }): Expr {
  const type: Type = { kind: "named", ref };
  const variant = decl.variants.find((v) => v.name === ast.name.name);
  if (!variant) {
    report(env, "unknownVariant", ast.name, { type: decl.name, name: ast.name.name, didYouMean: didYouMean(ast.name.name, tagsOf(decl)) });
    return bad(env, type);
  }
  const fields = fieldValues(env, ast.fields, variant.fields, `${decl.name}.${variant.name}`, true, ast.name);
  return fields ? node(env, type, { kind: "union", ref, variant: variant.name, fields }) : bad(env, type);
}

/** `Type { .. }` (record), `Type.Variant { .. }`, or a bare `Variant { .. }` of the expected union. */
export function inferConstruct(ast: Ast & { kind: "construct" }, env: ExprEnv, hint: Type | undefined): Expr {
  if (ast.qualifier) {
    const t = env.lookupType(ast.qualifier.name);
    if (!t) {
      report(env, "unknownName", ast.qualifier, { what: "type", name: ast.qualifier.name, didYouMean: didYouMean(ast.qualifier.name, env.names("type")) });
      return bad(env, hint);
    }
    if (t.decl.kind === "union") return unionLiteral(env, ast, t.ref, t.decl);
    const detail = t.decl.kind === "enum" ? "an enum member takes no fields" : "a record is built without a variant";
    const how = t.decl.kind === "enum" ? `write ${t.decl.name}.${ast.name.name}` : `write ${t.decl.name} { ... }`;
    report(env, "exprSyntax", ast, { detail, hint: how });
    return bad(env, { kind: "named", ref: t.ref });
  }
  const hinted = hint?.kind === "named" ? env.typeDecl(hint.ref) : undefined;
  if (hint?.kind === "named" && hinted?.kind === "union" && hinted.variants.some((v) => v.name === ast.name.name)) {
    return unionLiteral(env, ast, hint.ref, hinted);
  }
  const t = env.lookupType(ast.name.name);
  if (t?.decl.kind === "record") {
    const type: Type = { kind: "named", ref: t.ref };
    const fields = fieldValues(env, ast.fields, t.decl.fields, t.decl.name, true, ast.name);
    return fields ? node(env, type, { kind: "record", ref: t.ref, fields }) : bad(env, type);
  }
  if (t) {
    report(env, "exprSyntax", ast.name, { detail: `${t.decl.name} is ${t.decl.kind === "enum" ? "an enum" : "a union"}, not a record`, hint: `name the variant: ${t.decl.name}.${tagsOf(t.decl)[0] ?? ""}` });
    return bad(env, { kind: "named", ref: t.ref });
  }
  if (hint?.kind === "named" && hinted?.kind === "union") return unionLiteral(env, ast, hint.ref, hinted);
  report(env, "unknownName", ast.name, { what: "type", name: ast.name.name, didYouMean: didYouMean(ast.name.name, env.names("type")) });
  return bad(env, hint);
}

/** `r with { f: v }`: a record copy with some fields replaced. */
export function inferWith(ast: Ast & { kind: "with" }, env: ExprEnv, hint: Type | undefined): Expr {
  const of = infer(ast.of, env, hint);
  if (isBad(of)) return bad(env, of.type);
  const decl = of.type.kind === "named" ? env.typeDecl(of.type.ref) : undefined;
  if (decl?.kind !== "record") {
    report(env, "typeMismatch", ast.of, { expected: "a record", found: showType(of.type), hint: "'with' copies a record; build other values directly" });
    return bad(env, of.type);
  }
  const fields = fieldValues(env, ast.fields, decl.fields, decl.name, false, ast);
  return fields ? node(env, of.type, { kind: "with", of, fields }) : bad(env, of.type);
}

/** The enum or union behind a scrutinee, or undefined after reporting. */
function taggedDecl(env: ExprEnv, e: Expr, at: Range, what: string): (TypeDecl & { kind: "enum" | "union" }) | undefined {
  const decl = e.type.kind === "named" ? env.typeDecl(e.type.ref) : undefined;
  if (decl?.kind === "enum" || decl?.kind === "union") return decl;
  report(env, "typeMismatch", at, { expected: "an enum or union", found: showType(e.type), hint: `${what} works on enums and unions` });
  return undefined;
}

/** Check that `Q` of `Q.Variant` names the scrutinee's type, and that the variant exists. */
function checkTag(env: ExprEnv, decl: TypeDecl, ref: TypeRef, qualifier: AstName | null, variant: AstName): boolean {
  if (qualifier) {
    const q = env.lookupType(qualifier.name);
    if (!q || q.ref.module !== ref.module || q.ref.name !== ref.name) {
      report(env, "typeMismatch", qualifier, { expected: decl.name, found: qualifier.name, hint: `the value is a ${decl.name}` });
      return false;
    }
  }
  if (tagsOf(decl).includes(variant.name)) return true;
  report(env, "unknownVariant", variant, { type: decl.name, name: variant.name, didYouMean: didYouMean(variant.name, tagsOf(decl)) });
  return false;
}

/** `x is V`: a tag test. */
export function inferIs(ast: Ast & { kind: "is" }, env: ExprEnv): Expr {
  const of = infer(ast.of, env);
  if (isBad(of)) return bad(env, BOOL);
  const decl = taggedDecl(env, of, ast.of, "is");
  if (!decl || of.type.kind !== "named" || !checkTag(env, decl, of.type.ref, ast.qualifier, ast.variant)) return bad(env, BOOL);
  return node(env, BOOL, { kind: "is", of, variant: ast.variant.name });
}

/** `match e { V(a, b) => .., _ => .. }`: positional binds, exhaustive, arm bodies of one type. */
export function inferMatch(ast: Ast & { kind: "match" }, env: ExprEnv, hint: Type | undefined): Expr {
  const of = infer(ast.of, env);
  if (isBad(of)) return bad(env, hint);
  const decl = taggedDecl(env, of, ast.of, "match");
  if (!decl || of.type.kind !== "named") return bad(env, hint);
  const ref = of.type.ref;
  const arms: MatchArm[] = [];
  const seen = new Set<string>();
  let wildcard = false;
  let type: Type | undefined;
  let ok = true;
  for (const arm of ast.arms) {
    if (wildcard) {
      report(env, "exprSyntax", arm, { detail: "this arm never matches: the '_' arm above catches everything", hint: "remove it or move '_' last" });
      ok = false;
    }
    const fields = arm.variant ? (decl.kind === "union" ? decl.variants.find((v) => v.name === arm.variant?.name)?.fields : []) : [];
    if (arm.variant === null) wildcard = true;
    else if (!checkTag(env, decl, ref, arm.qualifier, arm.variant)) ok = false;
    else if (seen.has(arm.variant.name)) {
      report(env, "exprSyntax", arm, { detail: `${arm.variant.name} is matched twice`, hint: "keep one arm per variant" });
      ok = false;
    } else seen.add(arm.variant.name);
    if (arm.variant && fields && arm.binds.length > fields.length) {
      const shape = `${arm.variant.name}(${fields.map((f) => f.name).join(", ")})`;
      report(env, "exprSyntax", arm, { detail: `${arm.variant.name} has ${fields.length} field(s) but the pattern binds ${arm.binds.length}`, hint: fields.length ? `bind at most: ${shape}` : `write ${arm.variant.name} => ...` });
      ok = false;
    }
    const binds = arm.binds.flatMap((b, i): [string, Type][] => {
      const f = fields?.[i];
      return f ? [[b.name, f.type]] : [];
    });
    const body = infer(arm.body, withLocals(env, binds), type ?? hint);
    arms.push({ variant: arm.variant?.name ?? null, binds: arm.binds.map((b) => b.name), body });
    if (isBad(body)) {
      ok = false;
      continue;
    }
    const joined = type === undefined ? body.type : unify(type, body.type);
    if (joined === undefined && type !== undefined) {
      report(env, "typeMismatch", arm.body, { expected: showType(type), found: showType(body.type), hint: "every arm of a match has one type" });
      ok = false;
    } else type = joined;
  }
  const missing = tagsOf(decl).filter((t) => !seen.has(t));
  if (!wildcard && missing.length > 0) {
    report(env, "notExhaustive", { offset: ast.offset, end: ast.offset + "match".length }, { missing: missing.join(", ") });
    ok = false;
  }
  if (!ok || type === undefined) return bad(env, type ?? hint);
  return node(env, type, { kind: "match", of, arms });
}
