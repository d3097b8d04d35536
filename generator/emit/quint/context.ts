// Emit stage, Quint target: names. Quint puts every sum-type constructor of a module in one
// scope, so two types of a module with a variant of the same name (`Busy` of `Answer` and of
// `QuiesceOutput`) cannot both keep it: the variants of such a type are spelled
// `<Type>_<Variant>`, and `quintTag`/`specTag` map between the two spellings (the ITF traces
// Quint writes carry the Quint spelling). Other modules are imported qualified (`supervise::X`).

import type { Module, Program } from "../../ir/module.js";
import type { TypeDecl, TypeRef } from "../../ir/types.js";

/** Constructors the prelude declares: a spec variant of this name is always qualified. */
const PRELUDE_TAGS = new Set(["Some", "None"]);

// Quint keywords and built-in operators a spec local (lower_snake) could spell.
const RESERVED = new Set(
  (
    "module import export from as const var val def pure action run temporal nondet type if else " +
    "match and or not iff implies all any true false assume bool int str always eventually next " +
    "enabled weakFair strongFair leadsTo Set List Rec Tup"
  ).split(" "),
);

/** The Quint name of a spec local (let, lambda parameter, `s`, `e`, `n`, `o`, `f`, `v`). */
export function localName(name: string): string {
  return RESERVED.has(name) ? `${name}_` : name;
}

/**
 * The Quint name of a record field or state variable: a keyword (`run` is a field of revive's
 * work set) gets a trailing `_`, which specField undoes for traces Quint writes.
 */
export function fieldName(name: string): string {
  return RESERVED.has(name) ? `${name}_` : name;
}

/** The spec field behind a Quint field name. */
export function specField(name: string): string {
  return name.endsWith("_") && RESERVED.has(name.slice(0, -1)) ? name.slice(0, -1) : name;
}

/** lower_snake to lowerCamel (`restart_gives_up` -> `restartGivesUp`) for generated operator names. */
export function camel(name: string): string {
  return name.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}

/**
 * Types of `module` whose variants must be qualified with the type's name: a tag shared by two
 * types, or spelled like a type of the module (`Answer` the event and `Answer` the enum), or
 * like a constructor of the prelude.
 */
export function qualifiedTypes(module: Module): Set<string> {
  const typeNames = new Set(module.types.map((d) => d.name));
  const owners = new Map<string, string[]>();
  for (const d of module.types) {
    for (const tag of tagsOf(d)) owners.set(tag, [...(owners.get(tag) ?? []), d.name]);
  }
  const out = new Set<string>();
  for (const [tag, types] of owners) {
    if (types.length > 1 || PRELUDE_TAGS.has(tag) || typeNames.has(tag)) for (const t of types) out.add(t);
  }
  return out;
}

function tagsOf(d: TypeDecl): readonly string[] {
  return d.kind === "enum" ? d.members : d.kind === "union" ? d.variants.map((v) => v.name) : [];
}

/** The Quint constructor name of variant `variant` of type `ref` (unqualified by module). */
export function quintTag(program: Program, ref: TypeRef, variant: string): string {
  const m = program.modules.find((x) => x.name === ref.module);
  return m !== undefined && qualifiedTypes(m).has(ref.name) ? `${ref.name}_${variant}` : variant;
}

/** The spec variant name behind a Quint constructor name of type `ref`. */
export function specTag(program: Program, ref: TypeRef, tag: string): string {
  const prefix = `${ref.name}_`;
  const m = program.modules.find((x) => x.name === ref.module);
  return m !== undefined && qualifiedTypes(m).has(ref.name) && tag.startsWith(prefix) ? tag.slice(prefix.length) : tag;
}

/** Per-module emission state: which module we are in, and lookups across the program. */
export class QuintCtx {
  private readonly decls = new Map<string, TypeDecl>();

  constructor(
    readonly program: Program,
    readonly module: Module,
  ) {
    for (const m of program.modules) for (const d of m.types) this.decls.set(`${m.name}.${d.name}`, d);
  }

  /** A declared name of module `module` as seen from this one: qualified when foreign. */
  name(module: string, name: string): string {
    return module === this.module.name ? name : `${module}::${name}`;
  }

  /** The constructor of a variant, qualified by module when foreign. */
  tag(ref: TypeRef, variant: string): string {
    return this.name(ref.module, quintTag(this.program, ref, variant));
  }

  decl(ref: TypeRef): TypeDecl {
    const d = this.decls.get(`${ref.module}.${ref.name}`);
    if (d === undefined) throw new Error(`emit quint: unknown type ${ref.module}.${ref.name}`);
    return d;
  }
}
