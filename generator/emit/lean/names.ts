// Emit stage (Lean): how spec names become Lean names. Types and files UpperCamelCase, defs
// lowerCamelCase, theorems snake_case; identifiers that Lean reads as keywords are escaped with
// «guillemets» (which do not change the name), and locals that would shadow a Lean function the
// generated code calls get a prime.

import type { TypeRef } from "../../ir/types.js";

/**
 * Words Lean 4 tokenises as keywords (core commands, terms, and non-leading tactic words), so
 * they cannot be bare identifiers. Leading tactic names (`simp`, `exact`, `decide`) are not
 * reserved; the list errs on the side of escaping, which is harmless.
 */
export const LEAN_KEYWORDS: ReadonlySet<string> = new Set([
  "abbrev", "at", "attribute", "axiom", "break", "by", "calc", "catch", "class", "continue",
  "decreasing_by", "def", "deriving", "do", "elab", "elab_rules", "else", "end", "example",
  "exists", "export", "extends", "finally", "for", "forall", "from", "fun", "generalizing",
  "have", "hiding", "if", "import", "in", "include", "inductive", "infix", "infixl", "infixr",
  "initialize", "instance", "let", "local", "macro", "macro_rules", "match", "matches", "meta",
  "module", "mut", "mutual", "namespace", "noncomputable", "nofun", "nomatch", "notation",
  "omit", "only", "opaque", "open", "partial", "postfix", "prefix", "private", "protected",
  "public", "rec", "renaming", "return", "scoped", "section", "set_option", "show", "sorry",
  "structure", "suffices", "syntax", "termination_by", "then", "theorem", "this", "try",
  "universe", "unless", "unsafe", "using", "variable", "where", "with",
  "Prop", "Sort", "Type",
]);

/**
 * Lean names the generated expressions call unqualified; a local of the same name would shadow
 * them, so such locals are renamed with a prime (spec names never contain one).
 */
const SHADOWED: ReadonlySet<string> = new Set([
  "decide", "min", "max", "true", "false", "not", "and", "or",
]);

/** Core type names a spec type must not hide inside its module namespace. */
const CORE_TYPES: ReadonlySet<string> = new Set([
  "Bool", "Nat", "Int", "String", "Option", "List", "Prod", "Unit", "Prop", "Type", "Sort",
  "Decidable", "DecidableEq", "BEq", "Repr", "Eq", "Ne", "And", "Or", "Not", "True", "False",
]);

/** An identifier as Lean source: escaped when it is a keyword. */
export function ident(name: string): string {
  return LEAN_KEYWORDS.has(name) ? `«${name}»` : name;
}

/** A local variable's Lean name (let, lambda parameter, match binding, payload field). */
export function localName(name: string): string {
  if (name === "_") return "_";
  return SHADOWED.has(name) ? `${name}'` : ident(name);
}

/** `supervise` -> `Supervise`, `restart_budget` -> `RestartBudget`. */
export function upperCamel(name: string): string {
  return name
    .split(/[_\-]+/)
    .filter((p) => p.length > 0)
    .map((p) => p.charAt(0).toUpperCase() + p.slice(1))
    .join("");
}

/** The Lean namespace of a module: `Statute.Supervise`. */
export function moduleNamespace(module: string): string {
  return `Statute.${upperCamel(module)}`;
}

/** The Lean module (import path) of a module: `Statute.Supervise`. */
export function moduleImport(module: string): string {
  return `Statute.${upperCamel(module)}`;
}

/** Path of a module's generated Lean file under `generated/`. */
export function modulePath(module: string): string {
  return `lean/Statute/${upperCamel(module)}.lean`;
}

/** A declared type's Lean name, unqualified; a spec type named like a core type gets `_`. */
export function typeName(name: string): string {
  return CORE_TYPES.has(name) ? `${name}_` : ident(name);
}

/** A name declared in `ref.module`, qualified when seen from another module. */
export function qualify(ref: TypeRef, local: string, current: string): string {
  return ref.module === current ? local : `${moduleNamespace(ref.module)}.${local}`;
}

/** Names of the definitions generated for one machine or decision. */
export const machineNames = (m: string) => ({
  initial: `initial${m}`,
  step: `step${m}`,
  handler: (event: string) => `step${m}On${event}`,
  run: `run${m}`,
  final: `final${m}`,
  reachable: `Reachable${m}`,
});
export const decisionName = (d: string): string => `decide${d}`;
export const lawName = (ident_: string): string => `${ident_}_stmt`;
/** A law over parameters stated at one parameters record `p` (`<law>_stmt` is it for every valid `p`). */
export const lawAtName = (ident_: string): string => `${ident_}_at`;
export const exampleName = (name: string): string => `ex_${name}`;

/** A Lean identifier (possibly dotted, possibly «escaped» parts): for the structural tests. */
export const LEAN_IDENT = /^(?:[A-Za-z_][A-Za-z0-9_']*|«[^»]+»)(?:\.(?:[A-Za-z_][A-Za-z0-9_']*|«[^»]+»))*$/;
