// Emit stage, TypeScript target: the per-module state every construct emitter shares. It owns
// the imports (a name is imported exactly when printed code uses it), safe local names, the
// lookup of declarations across the program, and the JSDoc text of declarations.

import type { Constant, Decision, Module, Program } from "../../ir/module.js";
import type { Span, TypeDecl, TypeRef } from "../../ir/types.js";
import { boundConstants } from "../../check/params.js";

/** Per-module emission state. */
export class ModuleCtx {
  /** Per imported module: names used as types, and names used as values. */
  private readonly typeImports = new Map<string, Set<string>>();
  private readonly valueImports = new Map<string, Set<string>>();
  private runtimeUsed = false;
  private readonly decls = new Map<string, TypeDecl>();
  private readonly constants = new Map<string, Constant>();
  private readonly decisions = new Map<string, Decision>();
  /** Constant compound values lifted to module level, by their printed value. */
  private readonly hoisted = new Map<string, { readonly name: string; readonly type: string; readonly value: string }>();

  /** `module.NAME` of the constants a parameter decides (params.ts): read as locals of `instance`. */
  private readonly bound: ReadonlySet<string>;

  constructor(
    readonly program: Program,
    readonly module: Module,
  ) {
    this.bound = boundConstants(program);
    for (const m of program.modules) for (const d of m.types) this.decls.set(`${m.name}.${d.name}`, d);
    for (const m of program.modules) for (const c of m.constants) this.constants.set(`${m.name}.${c.name}`, c);
    for (const m of program.modules) for (const d of m.decisions) this.decisions.set(`${m.name}.${d.name}`, d);
  }

  /** `rt.<name>`: a runtime helper; marks the runtime import as needed. */
  rt(name: string): string {
    this.runtimeUsed = true;
    return `rt.${name}`;
  }

  /** The local name of a named type, importing it (type-only) when it lives in another module. */
  typeName(ref: TypeRef): string {
    if (ref.module !== this.module.name) addTo(this.typeImports, ref.module, ref.name);
    return ref.name;
  }

  /** The local name of a value (constant, `decide<D>`) of module `module`, importing it if foreign. */
  valueName(module: string, name: string): string {
    if (module !== this.module.name) addTo(this.valueImports, module, name);
    return name;
  }

  /**
   * A reference to a constant: a number is printed as its value with its name beside it in a
   * block comment, since reading the module-level binding cost the restart budget's step about
   * 7% in V8 (bench/step.ts), where a literal costs nothing; a boolean keeps its name. The value
   * is the one the generator evaluated exactly (ir/module.ts); the exported constant stays for
   * readers and for the runtime's registries. A parameter, or a constant derived from one, is
   * never a literal: it is the local `instance` binds (params.ts), whatever module declares it.
   */
  constantRef(module: string, name: string): string {
    if (this.isBound(module, name)) return name;
    const value = this.constantValue(module, name);
    return typeof value === "number" ? `${value} /* ${name} */` : this.valueName(module, name);
  }

  /** Whether a parameter decides the constant's value (a parameter, or derived from one). */
  isBound(module: string, name: string): boolean {
    return this.bound.has(`${module}.${name}`);
  }

  /**
   * The least value a constant takes in any instance: its value, a parameter's range minimum,
   * or undefined for a constant derived from a parameter (not bounded here).
   */
  constantLeast(module: string, name: string): number | boolean | undefined {
    const c = this.constants.get(`${module}.${name}`);
    if (c === undefined) throw new Error(`emit ts: unknown constant ${module}.${name}`);
    if (c.range !== null) return c.range.min;
    return this.isBound(module, name) ? undefined : c.value;
  }

  /** The value of a constant of any module of the program, as the generator evaluated it. */
  constantValue(module: string, name: string): number | boolean {
    const c = this.constants.get(`${module}.${name}`);
    if (c === undefined) throw new Error(`emit ts: unknown constant ${module}.${name}`);
    return c.value;
  }

  /** The decision behind a reference, from any module of the program. */
  decision(ref: TypeRef): Decision {
    const d = this.decisions.get(`${ref.module}.${ref.name}`);
    if (d === undefined) throw new Error(`emit ts: unknown decision ${ref.module}.${ref.name}`);
    return d;
  }

  /** The declaration behind a type reference, from any module of the program. */
  decl(ref: TypeRef): TypeDecl {
    const d = this.decls.get(`${ref.module}.${ref.name}`);
    if (d === undefined) throw new Error(`emit ts: unknown type ${ref.module}.${ref.name}`);
    return d;
  }

  /**
   * The name of a module-level `const` holding `value` (a closed compound literal, such as the
   * default of `nth_or`), declared once, so a step does not build it again on every call. Names
   * are `default<Type>` (then `default<Type>2`...): lowerCamel with a capital, which no spec
   * local (lower_snake), constant (UPPER_SNAKE) or generated function name can spell.
   */
  hoist(base: string, type: string, value: string): string {
    const known = this.hoisted.get(value);
    if (known !== undefined) return known.name;
    const taken = new Set([...this.hoisted.values()].map((h) => h.name));
    let name = `default${base}`;
    for (let i = 2; taken.has(name); i++) name = `default${base}${i}`;
    this.hoisted.set(value, { name, type, value });
    return name;
  }

  /** The hoisted constants, in the order they were first used. */
  hoistedValues(): readonly { readonly name: string; readonly type: string; readonly value: string }[] {
    return [...this.hoisted.values()];
  }

  /** Whether any printed code used a runtime helper. */
  usesRuntime(): boolean {
    return this.runtimeUsed;
  }

  /** Imports of other modules: per module (sorted by code unit), sorted type and value names. */
  imports(): { module: string; types: string[]; values: string[] }[] {
    const mods = [...new Set([...this.typeImports.keys(), ...this.valueImports.keys()])].sort(byCodeUnit);
    return mods.map((module) => ({
      module,
      types: [...(this.typeImports.get(module) ?? [])].sort(byCodeUnit),
      values: [...(this.valueImports.get(module) ?? [])].sort(byCodeUnit),
    }));
  }
}

function addTo(map: Map<string, Set<string>>, key: string, name: string): void {
  let set = map.get(key);
  if (set === undefined) map.set(key, (set = new Set()));
  set.add(name);
}

/** Sort comparator by UTF-16 code unit, never locale-dependent. */
export function byCodeUnit(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

// Words a spec local (lower_snake) could spell that JavaScript reserves, plus `rt`, the runtime
// namespace every generated file may import.
const RESERVED = new Set(
  (
    "break case catch class const continue debugger default delete do else enum export extends " +
    "false finally for function if import in instanceof new null return super switch this throw " +
    "true try typeof var void while with yield let static implements interface package private " +
    "protected public await arguments eval undefined rt"
  ).split(" "),
);

/** The TypeScript name of a spec local (let, lambda parameter, match binding, `s`/`e`/`f`). */
export function localName(name: string): string {
  return RESERVED.has(name) ? `${name}_` : name;
}

/** JSDoc text of a declaration: its documentation, then where the spec declares it. */
export function docText(doc: string, span: Span | null): string {
  const parts: string[] = [];
  const d = doc.trim();
  if (d !== "") parts.push(escapeDoc(d));
  if (span !== null) parts.push(`${span.file}:${span.line}`);
  return parts.join("\n\n");
}

/** Keeps a documentation string from closing its comment early; every line terminator is LF. */
export function escapeDoc(text: string): string {
  return text.replace(/\*\//g, "*\\/").replace(/\r\n?|[\u2028\u2029]/g, "\n");
}
