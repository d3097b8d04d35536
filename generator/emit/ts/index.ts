// Emit stage, TypeScript target (generated/ts/<module>.ts): the entry `emitTs`. Per module it
// gathers ts-morph structures for constants, types, machines and decisions, then the rule ids
// and the registries, adds the imports the printed code used, and prints once, in memory.

import { IndentationText, NewLineKind, Project, QuoteKind, StructureKind, VariableDeclarationKind } from "./ts-morph.js";
import type { StatementStructures, WriterFunction } from "ts-morph";
import type { Module, Program } from "../../ir/module.js";
import { printExpr } from "../../ir/print.js";
import { doNotEdit, RUNTIME_V1, type Emitter, type GeneratedFile } from "../types.js";
import { constantDecl } from "./constants.js";
import { escapeDoc, ModuleCtx } from "./context.js";
import { decisionDecl } from "./decision.js";
import { machineDecls } from "./machine.js";
import { typeDecl } from "./types.js";

export const emitTs: Emitter = (program, emitCtx) => {
  const project = new Project({
    useInMemoryFileSystem: true,
    manipulationSettings: {
      indentationText: IndentationText.TwoSpaces,
      newLineKind: NewLineKind.LineFeed,
      quoteKind: QuoteKind.Double,
    },
  });
  return program.modules.map((m) => emitModule(project, program, m, emitCtx.runtime ?? RUNTIME_V1));
};

/** The TypeScript file of one module. */
export function emitModule(project: Project, program: Program, module: Module, runtime: string = RUNTIME_V1): GeneratedFile {
  const ctx = new ModuleCtx(program, module);
  const path = `ts/${module.name}.ts`;
  const blank: WriterFunction = (w) => {
    w.blankLineIfLastNot();
  };
  const body: StatementStructures[] = [
    ...module.constants.map(constantDecl),
    ...module.types.map((d) => typeDecl(ctx, d)),
    ...module.machines.flatMap((m) => machineDecls(ctx, m)),
    ...module.decisions.map((d) => decisionDecl(ctx, d)),
    ...registries(module),
  ];
  const statements: (StatementStructures | string | WriterFunction)[] = [header(module), blank];
  const imports = importDecls(ctx, runtime);
  if (imports.length > 0) statements.push(...imports, blank);
  for (const s of body) statements.push(s, blank);
  const file = project.createSourceFile(path, { statements }, { overwrite: true });
  file.formatText({ indentSize: 2, convertTabsToSpaces: true, ensureNewLineAtEndOfFile: true });
  const text = file.getFullText();
  project.removeSourceFile(file);
  return { path, content: normalise(text) };
}

/** The do-not-edit line, then the module's documentation as a file-level doc comment. */
function header(module: Module): string {
  const doc = escapeDoc(module.doc.trim());
  const lines = doc === "" ? [] : doc.split("\n").map((l) => (l.trim() === "" ? " *" : ` * ${l.trimEnd()}`));
  return [doNotEdit(module.file, "//"), "", "/**", ...lines, ...(lines.length > 0 ? [" *"] : []), " * @module", " */"].join("\n");
}

function importDecls(ctx: ModuleCtx, runtime: string): StatementStructures[] {
  const out: StatementStructures[] = [];
  if (ctx.usesRuntime()) {
    out.push({ kind: StructureKind.ImportDeclaration, moduleSpecifier: runtime, namespaceImport: "rt" });
  }
  for (const imp of ctx.imports()) {
    const moduleSpecifier = `./${imp.module}.js`;
    if (imp.types.length > 0) {
      out.push({ kind: StructureKind.ImportDeclaration, moduleSpecifier, isTypeOnly: true, namedImports: imp.types });
    }
    if (imp.values.length > 0) {
      out.push({ kind: StructureKind.ImportDeclaration, moduleSpecifier, namedImports: imp.values });
    }
  }
  return out;
}

/** `RULES`, then the `machines` and `decisions` registries for generic callers. */
function registries(module: Module): StatementStructures[] {
  const machineRules = module.machines.map((m) => m.handlers.flatMap((h) => h.branches.map((b) => b.rule)));
  const decisionRules = module.decisions.map((d) => d.rules.map((r) => r.rule));
  const all = [...machineRules.flat(), ...decisionRules.flat()];
  const entries = (rows: string[][]): string => (rows.length === 0 ? "{}" : `{\n${rows.map((r) => r.join("\n")).join("\n")}\n}`);
  const machines = module.machines.map((m, i) => [
    `  ${m.name}: {`,
    `    initial: initial${m.name},`,
    `    step: step${m.name},`,
    `    rules: ${list(machineRules[i] ?? [], "    ")},`,
    "  },",
  ]);
  const decisions = module.decisions.map((d, i) => [
    `  ${d.name}: {`,
    `    decide: decide${d.name},`,
    `    rules: ${list(decisionRules[i] ?? [], "    ")},`,
    `    guards: ${record(d.rules.flatMap((r) => (r.guard ? [[r.rule, printExpr(r.guard)] as const] : [])), "    ")},`,
    "  },",
  ]);
  const constants = module.constants.map((c) => [
    `  ${c.name}: { value: ${c.name}, override: ${c.overridable}, derived: ${c.expr ? JSON.stringify(printExpr(c.expr)) : "null"} },`,
  ]);
  return [
    constStatement("RULES", `${list(all, "")} as const`, "Every rule id of this module in declaration order; each must fire in the tests."),
    constStatement("machines", `${entries(machines)} as const`, "The machines of this module by name, for generic callers (CLI eval, runtime wire, tests)."),
    constStatement("decisions", `${entries(decisions)} as const`, "The decisions of this module by name, for generic callers (CLI eval, runtime wire, tests)."),
    constStatement(
      "constants",
      `${entries(constants)} as const`,
      "Every constant of this module: its value, whether the runtime may override it, and a derived one's defining expression (spec syntax).",
    ),
  ];
}

function record(items: readonly (readonly [string, string])[], indent: string): string {
  if (items.length === 0) return "{}";
  return `{\n${items.map(([k, v]) => `${indent}  ${JSON.stringify(k)}: ${JSON.stringify(v)},`).join("\n")}\n${indent}}`;
}

function list(items: readonly string[], indent: string): string {
  if (items.length === 0) return "[]";
  return `[\n${items.map((r) => `${indent}  ${JSON.stringify(r)},`).join("\n")}\n${indent}]`;
}

function constStatement(name: string, initializer: string, doc: string): StatementStructures {
  return {
    kind: StructureKind.VariableStatement,
    isExported: true,
    declarationKind: VariableDeclarationKind.Const,
    docs: [doc],
    declarations: [{ name, initializer }],
  };
}

/** LF line endings, no trailing spaces, exactly one trailing newline. */
function normalise(text: string): string {
  return `${text.replace(/\r\n?/g, "\n").replace(/[ \t]+$/gm, "").replace(/\n+$/, "")}\n`;
}
