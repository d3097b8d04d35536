// Emit stage (Lean): the Lean 4 target. One file `lean/Statute/<Module>.lean` per spec module,
// in namespace `Statute.<Module>` (constants, types, machines, decisions, law statements and
// example theorems), and `lean/Statute.lean` importing them all. Lean core only: no Mathlib,
// no `import Lean`, structural recursion only; the formal/ Lake project builds these files.

import type { Decision, Machine, Module, Program } from "../../ir/module.js";
import type { TypeRef } from "../../ir/types.js";
import type { Emitter, GeneratedFile } from "../types.js";
import { doNotEdit } from "../types.js";
import type { ExprCx } from "./context.js";
import { typeTable } from "./context.js";
import { constantBlocks, paramBlocks, typeBlocks, validBlock } from "./decls.js";
import { leanParams } from "./params.js";
import { moduleDoc } from "./docs.js";
import type { ProgramIndex } from "./laws.js";
import { exampleBlocks, lawBlocks } from "./laws.js";
import { behaviourBlocks } from "./machine.js";
import { moduleImport, moduleNamespace, modulePath } from "./names.js";
import { moduleTemplate, rootTemplate } from "./templates.js";

function programIndex(program: Program): ProgramIndex {
  const find = <T extends { readonly name: string }>(pick: (m: Module) => readonly T[], what: string) => (ref: TypeRef): T => {
    const found = program.modules.find((m) => m.name === ref.module);
    const x = found ? pick(found).find((y) => y.name === ref.name) : undefined;
    if (!x) throw new Error(`lean emitter: unknown ${what} ${ref.module}.${ref.name}`);
    return x;
  };
  return {
    machine: find<Machine>((m) => m.machines, "machine"),
    decision: find<Decision>((m) => m.decisions, "decision"),
  };
}

/** The text of one module's Lean file. */
export function emitLeanModule(m: Module, program: Program): string {
  const lp = leanParams(program, m);
  const cx: ExprCx = { module: m.name, typeDecl: typeTable(program), scope: new Map(), lp, params: null };
  const idx = programIndex(program);
  const blocks = [
    ...constantBlocks(m, cx),
    ...paramBlocks(m, cx),
    ...typeBlocks(m, lp),
    ...behaviourBlocks(m, cx),
    ...validBlock(m, cx),
    ...lawBlocks(m, cx, idx, program),
    ...exampleBlocks(m, cx, idx),
  ];
  const text = moduleTemplate({
    header: doNotEdit(m.file, "--"),
    imports: [...m.imports].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)).map(moduleImport),
    doc: moduleDoc(m.doc, m.decided, `Generated from \`${m.file}\` into namespace \`${moduleNamespace(m.name)}\`.`),
    namespace: moduleNamespace(m.name),
    blocks,
  });
  return text.replace(/[ \t]+\n/g, "\n");
}

/** The Lean target: every module, then the root `Statute.lean` importing them all. */
export const emitLean: Emitter = (program: Program): readonly GeneratedFile[] => {
  const files: GeneratedFile[] = program.modules.map((m) => ({ path: modulePath(m.name), content: emitLeanModule(m, program) }));
  const imports = program.modules.map((m) => moduleImport(m.name)).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  files.push({ path: "lean/Statute.lean", content: rootTemplate({ header: doNotEdit("spec/*.yaml", "--"), imports }) });
  return files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
};
