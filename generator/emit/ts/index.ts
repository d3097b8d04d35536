// Emit stage, TypeScript target (generated/ts/<module>.ts): the entry `emitTs`. Per module it
// gathers the declarations of constants, types, hoisted defaults, machines and decisions, then
// the per-machine and per-decision objects and the registries (registries.ts); adds the imports
// the printed code used, and prints once (print.ts), laid out by nesting (layout.ts).

import type { Module, Program } from "../../ir/module.js";
import { doNotEdit, RUNTIME_V1, type Emitter, type GeneratedFile } from "../types.js";
import { constantDecl } from "./constants.js";
import { escapeDoc, ModuleCtx } from "./context.js";
import { decisionDecl } from "./decision.js";
import { verdictDecl } from "./verdict.js";
import { machineDecls } from "./machine.js";
import { overrideDecls } from "./overrides.js";
import { registries } from "./registries.js";
import { typeDecl } from "./types.js";
import { instanceConstants, instanceDecls } from "./params.js";
import { invariantsProperty } from "./invariants.js";
import { boundCode } from "../../check/params.js";
import { moduleDigest } from "../../ir/digest.js";
import { layout } from "./layout.js";
import { constDecl, type Decl, type ImportDecl, printFile } from "./print.js";

/** The name a function or `const` statement declares. */
function declName(s: Decl): string {
  if (s.kind === "function" || s.kind === "const") return s.name;
  throw new Error("emit ts: an instance member that is neither a function nor a const");
}

export const emitTs: Emitter = (program, emitCtx) => program.modules.map((m) => emitModule(program, m, emitCtx.runtime ?? RUNTIME_V1));

/** The TypeScript file of one module. */
export function emitModule(program: Program, module: Module, runtime: string = RUNTIME_V1): GeneratedFile {
  const ctx = new ModuleCtx(program, module);
  const path = `ts/${module.name}.ts`;
  // Code first: printing it discovers the values to hoist, declared before their first use. A
  // machine or decision a parameter reaches lives inside `instance`, with the registries.
  const reached = boundCode(program, module);
  const visible = new Set(instanceConstants(program, module).map((l) => `${l.module}.${l.constant.name}`));
  const reg = registries(module, (m) => invariantsProperty(ctx, program, module, m, reached.machines.has(m.name) ? visible : new Set()));
  const outside: Decl[] = [];
  const inside: Decl[] = [];
  module.machines.forEach((m, i) => (reached.machines.has(m.name) ? inside : outside).push(...machineDecls(ctx, m), reg.machines[i] as Decl));
  module.decisions.forEach((d, i) => (reached.decisions.has(d.name) ? inside : outside).push(decisionDecl(ctx, d), ...[verdictDecl(ctx, d) ?? []].flat(), reg.decisions[i] as Decl));
  const bound = instanceConstants(program, module);
  const models =
    bound.length === 0
      ? [...outside, ...reg.tables]
      : [...outside, ...instanceDecls(ctx, module, bound, [...inside, ...reg.tables], [...outside, ...inside, ...reg.tables].map(declName))];
  const body: Decl[] = [
    constDecl("SPEC_DIGEST", JSON.stringify(moduleDigest(program, module)), "The digest of this module's model (its constants, types, machines and decisions, and the digests of the modules it reads): what a journaled decision names.", "string"),
    ...module.constants.filter((c) => !ctx.isBound(module.name, c.name)).map(constantDecl),
    ...module.types.map((d) => typeDecl(ctx, d)),
    ...ctx.hoistedValues().map((h) => constDecl(h.name, h.value, `A default value, built once (values are never changed).`, h.type, false)),
    ...models,
    reg.rules,
    ...overrideDecls(ctx, module),
  ];
  // The imports are gathered last: building the body's code found what it uses.
  return { path, content: normalise(layout(printFile(header(module), importDecls(ctx, runtime), body))) };
}

/** The do-not-edit line, then the module's documentation as a file-level doc comment. */
function header(module: Module): string {
  const doc = escapeDoc(module.doc.trim());
  const lines = doc === "" ? [] : doc.split("\n").map((l) => (l.trim() === "" ? " *" : ` * ${l.trimEnd()}`));
  return [doNotEdit(module.file, "//"), "", "/**", ...lines, ...(lines.length > 0 ? [" *"] : []), " * @module", " */"].join("\n");
}

function importDecls(ctx: ModuleCtx, runtime: string): ImportDecl[] {
  const out: ImportDecl[] = [];
  if (ctx.usesRuntime()) out.push({ kind: "import", from: runtime, namespace: "rt" });
  for (const imp of ctx.imports()) {
    const from = `./${imp.module}.js`;
    if (imp.types.length > 0) out.push({ kind: "import", from, typeOnly: true, names: imp.types });
    if (imp.values.length > 0) out.push({ kind: "import", from, names: imp.values });
  }
  return out;
}

/** LF line endings, no trailing spaces, exactly one trailing newline. */
function normalise(text: string): string {
  return `${text.replace(/\r\n?/g, "\n").replace(/[ \t]+$/gm, "").replace(/\n+$/, "")}\n`;
}
