// Emit stage, TypeScript target: `match` as a chain of conditionals over the scrutinee's tag.
// A scrutinee that is not a plain variable path is evaluated once, as the parameter of an
// arrow function called on the spot. Payload bindings read the field through
// `Extract<Union, { kind: "Tag" }>`, which type-checks even inside lambdas, where TypeScript
// forgets the narrowing of a property path.

import type { Expr, MatchArm } from "../../ir/expr.js";
import type { Type, TypeDecl } from "../../ir/types.js";
import { arrowBody, atom, expr, pathKey, wrap, type Printed, type Scope } from "./expr.js";
import { tsType } from "./types.js";
import { under } from "./narrow.js";

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
  if (key !== null) expr(of, scope); // registers the path (and its imports) like any other read
  const inner: Scope = { ...scope, depth: scope.depth + 1 };

  // Arms after a wildcard can never be reached, nor can arms of a tag an earlier test (of the
  // path, narrow.ts) has ruled out; the last reachable arm needs no test.
  const tagKey = key === null ? null : decl.kind === "union" ? `${key}.kind` : key;
  const left = new Set(scope.narrow.get(tagKey ?? "") ?? (decl.kind === "union" ? decl.variants.map((v) => v.name) : decl.members));
  const reachable: { arm: MatchArm; tags: Set<string> }[] = [];
  for (const arm of arms) {
    if (arm.variant !== null && !left.has(arm.variant)) continue;
    reachable.push({ arm, tags: arm.variant === null ? new Set(left) : new Set([arm.variant]) });
    if (arm.variant === null) break;
    left.delete(arm.variant);
    if (left.size === 0) break;
  }
  let chain: string | null = null;
  for (let i = reachable.length - 1; i >= 0; i--) {
    const { arm, tags } = reachable[i] as (typeof reachable)[number];
    const known = tagKey === null ? new Map() : new Map([[tagKey, tags]]);
    const body = under(inner, known, () => expr(arm.body, armScope(inner, arm, decl, subject, scrutType)));
    if (chain === null) {
      chain = wrap(body, 1);
      continue;
    }
    if (arm.variant === null) throw new Error("emit ts: wildcard arm before the last reachable arm");
    const test = decl.kind === "union" ? `${subject}.kind` : subject;
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
