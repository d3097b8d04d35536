// Check stage: the state of checking one module: its parsed file, its name tables, and the
// helpers every pass uses to turn a YAML value at a path into a checked expression or type.

import { didYouMean, type Diagnostics } from "../diagnostics/diagnostic.js";
import type { DiagnosticId } from "../diagnostics/catalogue.js";
import { checkExpr, lex, parseExpr, resolveTypeString, syntaxArgs } from "../expr/index.js";
import { boundEnd } from "../expr/const-bound.js";
import type { Expr } from "../ir/expr.js";
import type { Module } from "../ir/module.js";
import { BOOL, type Span, type Type, type TypeRef } from "../ir/types.js";
import { contentOffset, keyAt, lineCol, nodeAt, rangeOf, type Parsed, type Path } from "../parse/index.js";
import type { RawExpr, RawSpec } from "./raw.js";
import { ModuleTables } from "./scope.js";

export class ModuleContext {
  readonly tables: ModuleTables;
  readonly raw: RawSpec;

  constructor(
    readonly parsed: Parsed,
    readonly diags: Diagnostics,
    deps: ReadonlyMap<string, Module>,
  ) {
    this.raw = parsed.value as RawSpec;
    this.tables = new ModuleTables(this.raw.module, parsed.file, diags, deps);
  }

  get module(): string {
    return this.raw.module;
  }

  /** The value of a constant of this module or of one it imports (undefined while unresolved). */
  constValue(ref: TypeRef): number | boolean | undefined {
    return ref.module === this.module ? this.tables.consts.get(ref.name)?.value : this.tables.deps.get(ref.module)?.constants.find((c) => c.name === ref.name)?.value;
  }

  /** Report at the value (or, with `key`, the key) of the YAML node at `path`. */
  error(id: DiagnosticId, path: Path, args: Readonly<Record<string, string | number>>, key = false): void {
    const r = rangeOf(key ? keyAt(this.parsed, path) : nodeAt(this.parsed, path));
    this.diags.report({ id, file: this.parsed.file, ...r, args });
  }

  /** Unknown-name error with a did-you-mean over `candidates`. */
  unknown(path: Path, what: string, name: string, candidates: Iterable<string>, key = false): void {
    this.error("unknownName", path, { what, name, didYouMean: didYouMean(name, candidates) }, key);
  }

  /** Source span of the node at `path`, from its key's line to its value's last line. */
  span(path: Path): Span {
    const start = rangeOf(keyAt(this.parsed, path)).offset;
    const end = nodeAt(this.parsed, path)?.range?.[1] ?? start;
    const a = lineCol(this.parsed.text, start);
    const b = lineCol(this.parsed.text, Math.max(start, end - 1));
    return { file: this.parsed.file, line: a.line, col: a.col, endLine: b.line };
  }

  /** Line of the key at `path` (for "first declared on line N"). */
  line(path: Path): number {
    return this.span(path).line;
  }

  /** Parse and type-check the expression written at `path`. Always returns a typed Expr. */
  expr(path: Path, raw: RawExpr, locals: ReadonlyMap<string, Type>, expected?: Type, allowDecide = false): Expr {
    const node = nodeAt(this.parsed, path);
    let text = typeof raw === "string" ? raw : String(raw);
    if (typeof raw === "number" && expected?.kind === "nat" && expected.unit === "ms") text += "ms";
    const base = typeof raw === "string" ? contentOffset(this.parsed, node, text) : rangeOf(node).offset;
    const parsed = parseExpr(text);
    if ("error" in parsed) {
      const { offset, length } = parsed.error;
      // `when: !(x is Y)` unquoted: YAML took `!(x` for a tag and left the rest as the value.
      const at = rangeOf(node).offset;
      const tag = typeof raw === "string" ? /(![^\s,{}[\]]*)\s*$/.exec(this.parsed.text.slice(Math.max(0, at - 64), at)) : null;
      const tagAt = tag === null ? -1 : at - tag[0].length;
      const args = tag !== null ? { detail: `YAML read '${tag[1]}' as a tag, not as part of the expression`, hint: `quote the expression: "${tag[1]} ${text}"` } : syntaxArgs(parsed.error);
      this.diags.report({ id: parsed.error.limit === undefined ? "exprSyntax" : "exprLimit", file: this.parsed.file, offset: tag !== null ? tagAt : base + offset, length: tag !== null ? tag[1]?.length ?? 1 : length, args });
      return this.placeholder(expected ?? BOOL);
    }
    return checkExpr(parsed.ast, this.tables.site(base, locals, allowDecide), expected);
  }

  /**
   * The two ends of a range `A..B` written at `path` (constant expressions of type `type`), each
   * checked at its own offset; undefined after an error.
   */
  range(path: Path, text: string, type: Type): { from: Expr; to: Expr } | undefined {
    const base = contentOffset(this.parsed, nodeAt(this.parsed, path), text);
    const lexed = lex(text);
    if ("error" in lexed) {
      this.diags.report({ id: "exprSyntax", file: this.parsed.file, offset: base + lexed.error.offset, length: lexed.error.length, args: syntaxArgs(lexed.error) });
      return undefined;
    }
    const dots = lexed.tokens[boundEnd(lexed.tokens, 0, [".."])];
    if (dots?.kind !== "punct" || dots.text !== "..") {
      this.error("badValue", path, { where: "a range", detail: "expected A..B" });
      return undefined;
    }
    const before = this.diags.list.length;
    const part = (from: number, to: number): Expr => {
      const parsed = parseExpr(text.slice(from, to));
      if ("error" in parsed) {
        this.diags.report({ id: "exprSyntax", file: this.parsed.file, offset: base + from + parsed.error.offset, length: parsed.error.length, args: syntaxArgs(parsed.error) });
        return this.placeholder(type);
      }
      return checkExpr(parsed.ast, this.tables.site(base + from), type);
    };
    const r = { from: part(0, dots.offset), to: part(dots.end, text.length) };
    return this.diags.list.length > before ? undefined : r;
  }

  /** Check a guard; also says whether it had errors (then its value means nothing). */
  guard(path: Path, raw: RawExpr | undefined, locals: ReadonlyMap<string, Type>): { expr: Expr | null; errored: boolean } {
    if (raw === undefined) return { expr: null, errored: false };
    const before = this.diags.list.length;
    const expr = this.expr(path, raw, locals, BOOL, true);
    return { expr, errored: this.diags.list.length > before };
  }

  /** Resolve the type string written at `path`; undefined after an error. */
  type(path: Path, text: string): Type | undefined {
    const base = contentOffset(this.parsed, nodeAt(this.parsed, path), text);
    return resolveTypeString(text, this.tables.site(base));
  }

  /** A typed stand-in after an error, so checking goes on. */
  placeholder(type: Type): Expr {
    return { id: this.tables.nextId(), kind: "lit", value: false, type };
  }
}

/** Entries of a YAML mapping as [key, value] in file order (absent mapping: none). */
export function entries<T>(m: Record<string, T> | null | undefined): [string, T][] {
  return m ? Object.entries(m) : [];
}
