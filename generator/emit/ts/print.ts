// Emit stage, TypeScript target: the declarations the emitters build (functions, consts, type
// aliases, interfaces, imports), whose bodies are code text, and their printer. The printer
// writes each line without caring for its indentation; layout.ts then indents every line by
// its nesting, as TypeScript's formatter lays out this code (test/emit-ts/layout.test.ts holds
// it to that on every spec it can find). `statute gen` so never loads the TypeScript compiler.

export interface Param {
  readonly name: string;
  readonly type: string;
  readonly initializer?: string;
}

export interface FunctionDecl {
  readonly kind: "function";
  readonly name: string;
  readonly docs: readonly string[];
  readonly isExported?: boolean;
  readonly parameters?: readonly Param[];
  readonly returnType?: string;
  readonly statements: readonly Statement[];
}

export interface ConstDecl {
  readonly kind: "const";
  readonly name: string;
  readonly type?: string;
  readonly initializer: string;
  readonly docs: readonly string[];
  readonly isExported?: boolean;
}

/** `type Name = type;` (a type text that starts on a new line, a union, continues the line). */
export interface AliasDecl {
  readonly kind: "type";
  readonly name: string;
  readonly type: string;
  readonly docs: readonly string[];
  readonly isExported?: boolean;
}

export interface Property {
  readonly name: string;
  readonly type: string;
  readonly isReadonly?: boolean;
  readonly docs?: readonly string[];
}

export interface InterfaceDecl {
  readonly kind: "interface";
  readonly name: string;
  readonly docs: readonly string[];
  readonly isExported?: boolean;
  readonly properties: readonly Property[];
}

export interface ImportDecl {
  readonly kind: "import";
  readonly from: string;
  /** `import * as <namespace>`. */
  readonly namespace?: string;
  /** `import { a, b }`. */
  readonly names?: readonly string[];
  readonly typeOnly?: boolean;
}

export type Decl = FunctionDecl | ConstDecl | AliasDecl | InterfaceDecl | ImportDecl;

/** A declaration, or code text (one or more lines). */
export type Statement = Decl | string;

/** One doc comment: `/** text *\/` on one line, or a block of ` * ` lines. */
function docLines(text: string): string[] {
  const lines = text.split(/\r?\n/);
  if (lines[0] === "" && lines.length > 1) lines.shift();
  if (lines.length === 1) return [`/** ${lines[0]}${lines[0] === "" ? "" : " "}*/`];
  return ["/**", ...lines.map((l) => (l === "" ? " *" : ` * ${l}`)), " */"];
}

const exportWord = (d: { readonly isExported?: boolean }): string => (d.isExported === true ? "export " : "");

function paramText(p: Param): string {
  return `${p.name}: ${p.type}${p.initializer === undefined ? "" : ` = ${p.initializer}`}`;
}

/** The lines of one declaration (its doc comments first). */
function declLines(d: Decl): string[] {
  if (d.kind === "import") return [importText(d)];
  const out = d.docs.flatMap(docLines);
  switch (d.kind) {
    case "function": {
      const ret = d.returnType === undefined ? "" : `: ${d.returnType}`;
      out.push(`${exportWord(d)}function ${d.name}(${(d.parameters ?? []).map(paramText).join(", ")})${ret} {`, ...bodyLines(d.statements), "}");
      return out;
    }
    case "const":
      out.push(...`${exportWord(d)}const ${d.name}${d.type === undefined ? "" : `: ${d.type}`} = ${d.initializer};`.split("\n"));
      return out;
    case "type":
      out.push(...`${exportWord(d)}type ${d.name} =${d.type.startsWith("\n") ? "" : " "}${d.type};`.split("\n"));
      return out;
    case "interface":
      out.push(`${exportWord(d)}interface ${d.name} {`);
      for (const p of d.properties) out.push(...(p.docs ?? []).flatMap(docLines), ...`${p.isReadonly === true ? "readonly " : ""}${p.name}: ${p.type};`.split("\n"));
      out.push("}");
      return out;
  }
}

function importText(d: ImportDecl): string {
  const what = d.namespace !== undefined ? `* as ${d.namespace}` : `{ ${(d.names ?? []).join(", ")} }`;
  return `import ${d.typeOnly === true ? "type " : ""}${what} from ${JSON.stringify(d.from)};`;
}

/**
 * The statements of a block, one after another: a blank line after a statement that ends in a
 * closing brace and before a function or an interface, none between other statements.
 */
function bodyLines(statements: readonly Statement[]): string[] {
  const out: string[] = [];
  for (const s of statements) {
    const lines = typeof s === "string" ? s.split("\n") : declLines(s);
    const last = out[out.length - 1];
    const opens = typeof s !== "string" && (s.kind === "function" || s.kind === "interface");
    if (last !== undefined && last !== "" && (last.trimEnd().endsWith("}") || opens)) out.push("");
    out.push(...lines);
  }
  return out;
}

/**
 * A whole file: its header comment, its imports, then each statement of the body, with a blank
 * line between parts and between statements. Lines are not indented yet (see layout.ts).
 */
export function printFile(header: string, imports: readonly ImportDecl[], body: readonly Statement[]): string {
  const parts = [header.split("\n"), ...(imports.length > 0 ? [imports.map(importText)] : []), ...body.map((s) => (typeof s === "string" ? s.split("\n") : declLines(s)))];
  return `${parts.map((p) => p.join("\n")).join("\n\n")}\n`;
}

/** A `const` with a doc comment, exported unless `exported` is false. */
export function constDecl(name: string, initializer: string, doc: string, type?: string, exported = true): ConstDecl {
  return { kind: "const", isExported: exported, name, docs: [doc], initializer, ...(type === undefined ? {} : { type }) };
}
