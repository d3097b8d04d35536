// Emit stage, Quint target: a module's parameters. Every parameter the module reads (own or
// imported; the Lean target's analysis, generator/emit/lean/params.ts) is a Quint `const` of the
// pure module `<module>`; derived constants over them stay `pure val`s, now over the consts. An
// imported module with consts is instantiated: with this module's const where it has one, at the
// parameter's default where it reads none of it. The state-machine modules `<module>_<M>` and,
// for a module without machines, `<module>_defaults` instantiate the module at the defaults, so
// `quint test` and `quint run` run there.

import type { Module, Program } from "../../ir/module.js";
import { leanParams, type LeanBound } from "../lean/params.js";
import { PRELUDE_MODULE } from "./prelude.js";

/** The parameters of `m` as Quint consts, in program order (empty: no const). */
export function quintConsts(program: Program, m: Module): readonly LeanBound[] {
  return leanParams(program, m)?.params ?? [];
}

/**
 * The import of module `name` from a module whose consts are `own` (`atDefaults`: none, every
 * parameter at its default): qualified, instantiated when `name` has consts.
 */
export function importLine(program: Program, name: string, own: readonly LeanBound[], atDefaults: boolean, star = false): string {
  const m = program.modules.find((x) => x.name === name);
  if (m === undefined) throw new Error(`emit quint: unknown module ${name}`);
  const consts = quintConsts(program, m);
  const mine = new Set(atDefaults ? [] : own.map((l) => `${l.module}.${l.constant.name}`));
  const args = consts.map((l) => `${l.constant.name} = ${mine.has(`${l.module}.${l.constant.name}`) ? l.constant.name : String(l.constant.value)}`);
  const inst = args.length === 0 ? name : `${name}(${args.join(", ")})`;
  return star ? `import ${inst}.* from "./${name}"` : args.length === 0 ? `import ${name} from "./${name}"` : `import ${inst} as ${name} from "./${name}"`;
}

/** The imports of a module's pure part (`atDefaults` false) or of a module instantiating it at the defaults. */
export function importLines(program: Program, m: Module, atDefaults: boolean): string[] {
  const own = quintConsts(program, m);
  return [`import ${PRELUDE_MODULE}.* from "./${PRELUDE_MODULE}"`, ...m.imports.map((i) => importLine(program, i, own, atDefaults))];
}
