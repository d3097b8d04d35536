// Emit stage, TypeScript target: `match` as a chain of conditionals over the scrutinee's tag.
// A scrutinee that is not a plain variable path is evaluated once, as the parameter of an
// arrow function called on the spot. Payload bindings read the field through
// `Extract<Union, { kind: "Tag" }>`, which type-checks even inside lambdas, where TypeScript
// forgets the narrowing of a property path.

import type { Expr, MatchArm } from "../../ir/expr.js";
import type { Type, TypeDecl } from "../../ir/types.js";
import { arrowBody, atom, expr, pathKey, wrap, type Printed, type Scope } from "./expr.js";
import { tsType } from "./types.js";

export function matchExpr(of: Expr, arms: readonly MatchArm[], type: Type, scope: Scope): Printed {
  const ctx = scope.ctx;
  if (of.type.kind !== "named") throw new Error("emit ts: match on a value that is not of a named type");
  const decl = ctx.decl(of.type.ref);
  if (decl.kind === "record") throw new Error(`emit ts: match on record type ${decl.name}`);
  const scrutType = tsType(ctx, of.type);

  // The subject: the path itself, or a fresh parameter bound to the scrutinee's value.
  const key = pathKey(of, scope);
  const param = key === null ? `$m${scope.depth}` : null;
  const subject = key ?? (param as string);
  // An earlier test may have narrowed the path; compare through its declared type then.
  const narrowed = key !== null && scope.tested.has(key);
  if (key !== null) expr(of, scope); // registers the path (and its imports) like any other read
  const tested = narrowed ? `(${subject} as ${scrutType})` : subject;
  if (key !== null) scope.tested.add(key);
  const inner: Scope = { ...scope, depth: scope.depth + 1 };

  // Arms after a wildcard can never be reached; the last reachable arm needs no test.
  const reachable: MatchArm[] = [];
  for (const arm of arms) {
    reachable.push(arm);
    if (arm.variant === null) break;
  }
  let chain: string | null = null;
  for (let i = reachable.length - 1; i >= 0; i--) {
    const arm = reachable[i] as MatchArm;
    const body = expr(arm.body, armScope(inner, arm, decl, subject, scrutType));
    if (chain === null) {
      chain = wrap(body, 1);
      continue;
    }
    if (arm.variant === null) throw new Error("emit ts: wildcard arm before the last reachable arm");
    const test = decl.kind === "union" ? `${tested}.kind` : tested;
    chain = `${test} === ${JSON.stringify(arm.variant)} ? ${wrap(body, 1)} : ${chain}`;
  }
  if (chain === null) throw new Error("emit ts: match without arms");
  const result: Printed = { text: chain, prec: reachable.length > 1 ? 0 : 1 };
  if (param === null) return result;
  const value = expr(of, scope).text;
  return atom(`((${param}: ${scrutType}): ${tsType(ctx, type)} => ${arrowBody(result)})(${value})`);
}

/** The scope of an arm's body: its bindings replaced by reads of the variant's payload fields. */
function armScope(
  scope: Scope,
  arm: MatchArm,
  decl: TypeDecl,
  subject: string,
  scrutType: string,
): Scope {
  if (arm.binds.length === 0 || arm.variant === null || decl.kind !== "union") return scope;
  const variant = decl.variants.find((v) => v.name === arm.variant);
  if (variant === undefined) throw new Error(`emit ts: ${decl.name} has no variant ${arm.variant}`);
  const vars = new Map(scope.vars);
  const narrow = `(${subject} as Extract<${scrutType}, { kind: ${JSON.stringify(arm.variant)} }>)`;
  arm.binds.forEach((b, i) => {
    if (b === "_") return;
    const field = variant.fields[i];
    if (field === undefined) throw new Error(`emit ts: ${arm.variant} binds more names than it has fields`);
    vars.set(b, `${narrow}.${field.name}`);
  });
  return { ...scope, vars };
}
