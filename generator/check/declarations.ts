// Check stage: the declarations of a module: imports, constants (base values and derived
// expressions, evaluated lazily with cycle detection) and named types (two phases, so types may
// refer to each other in any order). Machine and decision record types are added by their passes.

import { evalConstExpr } from "../expr/index.js";
import type { Constant, Let, Module } from "../ir/module.js";
import { BOOL, MS, NAT, type Field, type Type, type TypeDecl, type TypeRef, type Variant } from "../ir/types.js";
import { entries, type ModuleContext } from "./context.js";
import type { RawExpr, RawField, RawVariant } from "./raw.js";
import type { ConstInfo } from "./scope.js";
import { boundConstants, constReads } from "./params.js";
import type { Expr } from "../ir/expr.js";

/** Whether an expression reads a constant that `isBound` says a parameter decides. */
function readsBound(e: Expr, isBound: (ref: TypeRef) => boolean): boolean {
  return [...constReads(e)].some((k) => {
    const [module, name] = k.split(".") as [string, string];
    return isBound({ module, name });
  });
}

const styles = {
  type: { re: /^[A-Z][A-Za-z0-9]*$/, style: "UpperCamelCase", example: "RestartBudget" },
  constant: { re: /^[A-Z][A-Z0-9_]*$/, style: "UPPER_SNAKE_CASE", example: "RESTART_WINDOW_MS" },
  field: { re: /^[a-z][a-z0-9_]*$/, style: "lower_snake_case", example: "at_ms" },
} as const;

/** Report a name that breaks the naming convention of its kind. */
export function checkName(cx: ModuleContext, kind: keyof typeof styles, what: string, name: string, path: (string | number)[]): void {
  const s = styles[kind];
  if (!s.re.test(name)) cx.error("badName", path, { what, name, style: s.style, example: s.example }, true);
}

/** Bring imported names into scope; unknown modules and names are reported. */
export function checkImports(cx: ModuleContext, deps: ReadonlyMap<string, Module>): void {
  for (const [mod, names] of entries(cx.raw.imports)) {
    const dep = deps.get(mod);
    if (!dep) continue; // reported by the program pass (unknown module or cycle)
    names.forEach((name, i) => {
      const c = dep.constants.find((x) => x.name === name);
      const t = dep.types.find((x) => x.name === name);
      const d = dep.decisions.find((x) => x.name === name);
      if (c) cx.tables.consts.set(name, { ref: { module: mod, name }, type: c.type, value: c.value, widest: c.widest, bound: boundConstants({ modules: [...deps.values()] }).has(`${mod}.${name}`) });
      if (t) cx.tables.types.set(name, { ref: { module: mod, name }, decl: t });
      if (d) cx.tables.decisions.set(name, { ref: { module: mod, name }, facts: d.facts, verdict: d.verdict });
      if (!c && !t && !d) {
        const all = [...dep.constants.map((x) => x.name), ...dep.types.map((x) => x.name), ...dep.decisions.map((x) => x.name)];
        cx.error("notExported", ["imports", mod, i], { module: mod, name, didYouMean: didYouMeanOf(name, all) });
      }
    });
  }
}

function didYouMeanOf(name: string, all: string[]): string {
  const near = all.filter((x) => x.toLowerCase().includes(name.toLowerCase().slice(0, 4)));
  return near.length > 0 ? `did you mean '${near.sort()[0]}'?` : `it exports: ${[...all].sort().join(", ")}`;
}

const typeOfKind: Record<string, Type> = { nat: NAT, ms: MS, bool: BOOL };

/** Check every constant; derived ones are evaluated on first use, in any declaration order. */
export function checkConstants(cx: ModuleContext): Constant[] {
  const raws = cx.raw.constants ?? {};
  const done = new Map<string, Constant>();
  const inProgress: string[] = [];
  const valueOf = (ref: TypeRef): number | boolean | undefined =>
    ref.module === cx.module ? resolve(ref.name)?.value : cx.tables.deps.get(ref.module)?.constants.find((c) => c.name === ref.name)?.value;
  const widestOf = (ref: TypeRef): number | boolean | undefined =>
    // Never resolves: the value pass has resolved (or reported) every constant an expression reads.
    ref.module === cx.module ? done.get(ref.name)?.widest : cx.tables.deps.get(ref.module)?.constants.find((c) => c.name === ref.name)?.widest;

  const resolve = (name: string): ConstInfo | undefined => {
    const ready = done.get(name);
    if (ready) return { ref: { module: cx.module, name }, type: ready.type, value: ready.value };
    const raw = raws[name];
    if (!raw) return undefined;
    if (inProgress.includes(name)) {
      const cycle = [...inProgress.slice(inProgress.indexOf(name)), name].join(" -> ");
      cx.error("constantCycle", ["constants", name], { name, cycle }, true);
      return { ref: { module: cx.module, name }, type: typeOfKind[raw.type] ?? NAT, value: 0 };
    }
    inProgress.push(name);
    const type = typeOfKind[raw.type] ?? NAT;
    const path = ["constants", name, raw.expr !== undefined ? "expr" : "value"];
    const before = cx.diags.list.length;
    const e = cx.expr(path, raw.expr ?? raw.value ?? 0, new Map(), type);
    const value = evalConstExpr(e, valueOf);
    inProgress.pop();
    // An expression that already had an error (say, a result past 2^53) is not reported again.
    if (value === undefined && cx.diags.list.length === before) cx.error("notConstant", path, { what: `constant ${name}` });
    const isParam = raw.param === true || raw.param === "env";
    const range = isParam ? paramRange(cx, name, raw.range, type, valueOf) : null;
    if (!isParam && raw.range !== undefined) cx.error("badAttribute", ["constants", name, "range"], { where: `constant ${name}`, detail: "only a parameter has a range", hint: "mark it 'param: true' (or 'param: env'), or drop 'range'" }, true);
    const c: Constant = {
      name,
      doc: raw.doc,
      type,
      value: value ?? 0,
      expr: raw.expr !== undefined ? e : null,
      overridable: raw.param === "env",
      wireBound: raw.wire_bound === true,
      param: isParam,
      range,
      widest: range !== null ? range.max : raw.expr !== undefined ? (evalConstExpr(e, widestOf) ?? value ?? 0) : (value ?? 0),
      span: cx.span(["constants", name]),
    };
    checkAttributes(cx, c, raw);
    if (raw.override !== undefined) cx.error("badAttribute", ["constants", name, "override"], { where: `constant ${name}`, detail: "'override' is the old spelling of a parameter", hint: `write 'param: env' (the operator sets it from STATUTE_${name}) or 'param: true' (the runtime binds it in code)` }, true);
    if (range !== null && typeof c.value === "number" && (c.value < range.min || c.value > range.max)) {
      cx.error("constantValue", ["constants", name, "value"], { name, detail: `the default ${c.value} is outside its range ${range.min}..${range.max}`, hint: "widen 'range' or change the default 'value'" });
    }
    if (!Number.isSafeInteger(c.value) && typeof c.value === "number") cx.error("constantValue", path, { name, detail: `value ${c.value} is not a safe integer`, hint: "keep constants below 2^53" });
    done.set(name, c);
    const bound = isParam || (c.expr !== null && readsBound(c.expr, (ref) => (ref.module === cx.module ? done.get(ref.name) !== undefined && cx.tables.consts.get(ref.name)?.bound === true : cx.tables.consts.get(ref.name)?.bound === true)));
    cx.tables.consts.set(name, { ref: { module: cx.module, name }, type, value: c.value, widest: c.widest, bound });
    return { ref: { module: cx.module, name }, type, value: c.value, widest: c.widest, bound };
  };
  cx.tables.constResolver = resolve;
  for (const name of Object.keys(raws)) {
    checkName(cx, "constant", "constant", name, ["constants", name]);
    if (cx.tables.consts.has(name) && !done.has(name)) cx.error("duplicateName", ["constants", name], { what: "constant", name, line: "an import" }, true);
    resolve(name);
  }
  const out = Object.keys(raws).flatMap((n) => done.get(n) ?? []);
  const bounds = out.filter((c) => c.wireBound);
  for (const c of bounds.slice(1)) {
    cx.error("badAttribute", ["constants", c.name, "wire_bound"], { where: `constant ${c.name}`, detail: `a second wire bound (the first is ${bounds[0]?.name ?? ""})`, hint: "a module has one wire bound; drop 'wire_bound' here" }, true);
  }
  return out;
}

/** The attributes `wire_bound` and `param` fit only some constants; say which and why. */
function checkAttributes(cx: ModuleContext, c: Constant, raw: { wire_bound?: boolean; param?: boolean | "env" }): void {
  const at = (key: string, detail: string, hint: string): void => cx.error("badAttribute", ["constants", c.name, key], { where: `constant ${c.name}`, detail, hint }, true);
  if (raw.wire_bound === true && typeof c.value !== "number") at("wire_bound", "a wire bound is a number", "give the wire bound type nat or ms, or drop 'wire_bound'");
  if (c.param && c.expr !== null) at("param", "only a base value can be a parameter (this one is derived)", "give the constant a 'value', or mark the base constant it is derived from");
  else if (c.param && c.type.kind !== "nat") at("param", `a parameter is a nat or ms (this one is ${c.type.kind})`, "make it 'type: nat' or 'type: ms', or drop 'param'");
  if (c.param && c.wireBound) at("param", "the wire bound is not a parameter (schemas are compiled with it)", "drop 'param'");
}

/** The wire bound of a module that declares none (10^14 ms), as the schema emitter has it. */
const DEFAULT_RANGE_MAX = 100_000_000_000_000;

/**
 * A parameter's `range: "A..B"` (constant expressions over non-parameters), folded; absent, 0 to
 * the wire bound. A malformed range is reported and taken as the default one.
 */
function paramRange(cx: ModuleContext, name: string, text: string | undefined, type: Type, valueOf: (ref: TypeRef) => number | boolean | undefined): { min: number; max: number } {
  const whole = { min: 0, max: DEFAULT_RANGE_MAX };
  if (text === undefined) return whole;
  const path = ["constants", name, "range"];
  const parts = String(text).split("..");
  if (parts.length !== 2) {
    cx.error("badAttribute", path, { where: `range of ${name}`, detail: `expected A..B, got ${JSON.stringify(String(text).slice(0, 60))}`, hint: "write the two ends as constant expressions, e.g. range: \"1ms..WIRE_MAX_MS\"" }, true);
    return whole;
  }
  const [lo, hi] = parts.map((p) => {
    const e = cx.expr(path, p.trim(), new Map(), type);
    return evalConstExpr(e, valueOf);
  });
  if (typeof lo !== "number" || typeof hi !== "number" || lo > hi) {
    cx.error("badAttribute", path, { where: `range of ${name}`, detail: `the ends must be constant numbers with the first at most the second (got ${String(lo)}..${String(hi)})`, hint: "write e.g. range: \"1..64\"" }, true);
    return whole;
  }
  return { min: lo, max: hi };
}

/** Phase A: register every local type name (so types may refer to each other in any order). */
export function declareTypes(cx: ModuleContext, names: readonly [string, (string | number)[]][]): void {
  const first = new Map<string, (string | number)[]>();
  for (const [name, path] of names) {
    checkName(cx, "type", "type", name, path);
    const prev = first.get(name);
    if (prev || cx.tables.types.has(name)) {
      cx.error("duplicateName", path, { what: "type", name, line: prev ? cx.line(prev) : "an import" }, true);
      continue;
    }
    first.set(name, path);
    const placeholder: TypeDecl = { kind: "record", name, doc: "", fields: [], span: cx.span(path) };
    cx.tables.types.set(name, { ref: { module: cx.module, name }, decl: placeholder });
  }
}

/** Resolve a mapping of fields (`name: type` or `name: { type, doc }`). */
export function checkFields(cx: ModuleContext, raw: Record<string, RawField> | undefined, path: (string | number)[]): Field[] {
  const out: Field[] = [];
  for (const [name, f] of entries(raw)) {
    checkName(cx, "field", "field", name, [...path, name]);
    if (name === "kind") cx.error("reservedName", [...path, name], { name, example: "client_kind" }, true);
    const text = typeof f === "string" ? f : f.type;
    const tpath = typeof f === "string" ? [...path, name] : [...path, name, "type"];
    const type = cx.type(tpath, text) ?? NAT;
    out.push({ name, type, doc: typeof f === "string" ? "" : (f.doc ?? "") });
  }
  return out;
}

/** Resolve the variants of a union (or of a machine's events). */
export function checkVariants(cx: ModuleContext, raw: Record<string, RawVariant | null>, path: (string | number)[]): Variant[] {
  return entries(raw).map(([name, v]) => {
    checkName(cx, "type", "variant", name, [...path, name]);
    return { name, doc: v?.doc ?? "", fields: checkFields(cx, v?.fields, [...path, name, "fields"]) };
  });
}

/** Phase B: the declared types of the `types:` section. */
export function checkTypes(cx: ModuleContext): TypeDecl[] {
  const out: TypeDecl[] = [];
  for (const [name, t] of entries(cx.raw.types)) {
    const path = ["types", name];
    const span = cx.span(path);
    const doc = t.doc ?? "";
    let decl: TypeDecl;
    if (t.enum) {
      const seen = new Set<string>();
      t.enum.forEach((m, i) => {
        checkName(cx, "type", "enum member", m, [...path, "enum", i]);
        if (seen.has(m)) cx.error("duplicateName", [...path, "enum", i], { what: "enum member", name: m, line: cx.line(path) });
        seen.add(m);
      });
      decl = { kind: "enum", name, doc, members: t.enum, span };
    } else if (t.union) decl = { kind: "union", name, doc, variants: checkVariants(cx, t.union, [...path, "union"]), span };
    else {
      const fields = checkFields(cx, t.record, [...path, "record"]);
      for (const key of Object.keys(t.fallback ?? {})) if (!fields.some((f) => f.name === key)) cx.error("unknownKey", [...path, "fallback", key], { key, didYouMean: `fields of ${name}: ${fields.map((f) => f.name).join(", ")}` }, true);
      const fallback = t.fallback === undefined ? {} : { fallback: `${name} { ${Object.entries(t.fallback).map(([k, v]) => `${k}: ${String(v)}`).join(", ")} }` };
      decl = { kind: "record", name, doc, fields, ...fallback, span };
    }
    register(cx, decl);
    out.push(decl);
  }
  return out;
}

/** Replace a registered placeholder with the finished declaration. */
export function register(cx: ModuleContext, decl: TypeDecl): void {
  const entry = cx.tables.types.get(decl.name);
  if (entry && entry.ref.module === cx.module) entry.decl = decl;
}

/** The `let:` bindings of a handler or decision, in order; each is in scope for the next ones. */
export function checkLets(cx: ModuleContext, raw: Record<string, RawExpr> | undefined, path: (string | number)[], locals: Map<string, Type>): Let[] {
  return entries(raw).map(([name, value]) => {
    checkName(cx, "field", "let", name, [...path, "let", name]);
    const e = cx.expr([...path, "let", name], value, locals, undefined, true);
    locals.set(name, e.type);
    return { name, value: e, span: cx.span([...path, "let", name]) };
  });
}
