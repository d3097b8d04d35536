// Emit stage, TypeScript target: a module's parameters. A constant the world may change (spec
// `param`) never reaches a step or a decision as a literal: when the module's code reads one
// (directly, through a derived constant, own or imported), its machines and decisions are
// emitted inside `instance(params)`, which checks the values against their ranges, binds each
// parameter and derived constant once as a local, and returns the module's functions and
// registries. `DEFAULT_PARAMS` holds the defaults; `PARAMS` each parameter's default, range and
// whether the operator may set it. Relations between parameters of several modules (timeouts'
// override check) are the runtime's check of the effective values, once per process.

import { constDecl, type Decl, type FunctionDecl } from "./print.js";
import type { Expr } from "../../ir/expr.js";
import type { Constant, Module, Program } from "../../ir/module.js";
import type { Type } from "../../ir/types.js";
import { escapeDoc, type ModuleCtx } from "./context.js";
import { exprText, functionScope } from "./expr.js";
import { boundCode, boundConstants, constReads } from "../../check/params.js";


/** A constant of the program, with its module. */
export interface Located {
  readonly module: string;
  readonly constant: Constant;
}

/**
 * What the module's machines and decisions read of the bound constants, in dependency order
 * (each derived constant after what it reads): the parameters become `instance`'s parameters,
 * the derived ones its locals. Empty: the module's code reads no parameter.
 */
export function instanceConstants(program: Program, module: Module): Located[] {
  const isBound = boundConstants(program);
  const find = (key: string): Located => {
    const [mod, name] = key.split(".") as [string, string];
    const constant = program.modules.find((m) => m.name === mod)?.constants.find((c) => c.name === name);
    if (constant === undefined) throw new Error(`emit ts: unknown constant ${key}`);
    return { module: mod, constant };
  };
  const out: Located[] = [];
  const seen = new Set<string>();
  const visit = (key: string): void => {
    if (seen.has(key) || !isBound.has(key)) return;
    seen.add(key);
    const l = find(key);
    if (l.constant.expr !== null) for (const k of constReads(l.constant.expr)) visit(k);
    out.push(l);
  };
  // The code: machines, and decisions' lets and rules (an override check's facts are the runtime's, not code).
  const code = boundCode(program, module);
  const inside = [module.machines.filter((m) => code.machines.has(m.name)), module.decisions.filter((d) => code.decisions.has(d.name)).map((d) => [d.lets, d.rules])];
  for (const k of [...constReads(inside)].sort()) visit(k);
  return out;
}

/** `supervise` -> `Supervise`, `retry_queue` -> `RetryQueue`: the prefix of the module's parameter types. */
export function moduleTypeName(module: string): string {
  return module.replace(/(^|_)([a-z0-9])/g, (_, _u, c: string) => c.toUpperCase());
}

/**
 * The declarations of a module whose code reads parameters: its parameters' types, defaults
 * and check, and `instance` around `code` (the module's functions and registries, printed
 * with each bound constant read as a local). `exportsOf` names what `instance` returns.
 */
export function instanceDecls(ctx: ModuleCtx, module: Module, consts: readonly Located[], code: readonly Decl[], exportsOf: readonly string[]): Decl[] {
  const T = moduleTypeName(module.name);
  const params = consts.filter((l) => l.constant.param);
  const derived = consts.filter((l) => !l.constant.param);
  const paramsType = `${T}Params`;
  const rows = params.map(({ module: mod, constant: c }) => {
    const r = c.range ?? { min: 0, max: Number.MAX_SAFE_INTEGER };
    return `${c.name}: { default: ${String(c.value)}, min: ${r.min}, max: ${r.max}, env: ${c.overridable}, module: ${JSON.stringify(mod)} },`;
  });
  const scope = functionScope(ctx);
  const bind = [
    ...params.map((l) => `const ${l.constant.name} = p.${l.constant.name};`),
    ...derived.map((l) => `const ${l.constant.name} = ${exprText(l.constant.expr as Expr, scope)};`),
  ];
  const inner = [...code.map((s) => ("isExported" in s ? { ...s, isExported: false } : s)), rangesDecl(ctx, module, scope)];
  const returned = `return { params: p, ${[...derived.map((l) => l.constant.name), ...exportsOf, "ranges"].join(", ")} };`;
  return [
    {
      // A type alias, not an interface: a record of numbers (an index signature) is one.
      kind: "type",
      isExported: true,
      name: paramsType,
      docs: [`The parameters of this module's steps and decisions: every value the world may change that they read (own or imported). An instance binds them once; see \`PARAMS\` for each one's default and range.`],
      type: `{\n${params.map((l) => `/** ${paramDoc(l)} */\nreadonly ${l.constant.name}: number;`).join("\n")}\n}`,
    },
    constDecl("PARAMS", `{\n${rows.join("\n")}\n} as const`, "Each parameter: its default, its range (inclusive), whether the operator may set it from the environment (STATUTE_<NAME>), and the module that declares it."),
    constDecl("DEFAULT_PARAMS", `{ ${params.map((l) => `${l.constant.name}: ${String(l.constant.value)}`).join(", ")} }`, "Every parameter at its default.", paramsType),
    {
      kind: "function",
      isExported: true,
      name: "checkParams",
      docs: [`What is wrong with a parameters record, in words (the first fault: an unknown name, a value that is not a whole number, one outside its range); null when it is a valid instance.`],
      parameters: [{ name: "given", type: "object" }],
      returnType: "string | null",
      statements: [`return ${ctx.rt("checkParams")}(PARAMS, given);`],
    },
    {
      kind: "function",
      isExported: true,
      name: "instance",
      docs: [`The module bound to its parameters (the defaults, each one given replacing its default): every step, decision and registry of the module reads these values. Throws a RangeError saying what is wrong when \`checkParams\` refuses them.`],
      parameters: [{ name: "given", type: `Partial<${paramsType}>`, initializer: "{}" }],
      statements: [
        [
          `const p: ${paramsType} = { ...DEFAULT_PARAMS, ...given };`,
          "const fault = checkParams(p);",
          `if (fault !== null) throw new RangeError(\`${module.name}: \${fault}\`);`,
          ...bind,
        ].join("\n"),
        ...inner,
        returned,
      ],
    },
    {
      kind: "type",
      isExported: true,
      name: `${T}Instance`,
      docs: ["The module bound to one parameters record (what `instance` returns)."],
      type: "ReturnType<typeof instance>",
    },
  ];
}

function paramDoc(l: Located): string {
  const c = l.constant;
  const r = c.range === null ? "" : ` (${c.range.min}..${c.range.max})`;
  // One line inside a block comment: escaped as every doc is, line breaks as spaces.
  return `${escapeDoc(c.doc.trim()).replace(/\n\s*/g, " ")}${r}; default ${String(c.value)}${c.overridable ? `; the operator may set it (STATUTE_${c.name})` : ""}; spec ${c.span.file}:${c.span.line}`;
}

/**
 * `ranges(type, value)`: the fault of a decoded event or facts record against this instance's
 * ranges that read a parameter (`w: nat 0..WORKERS - 1`), which the schema admits at the
 * parameters' range maxima; null when it fits. The runtime wire asks it after the schema.
 */
function rangesDecl(ctx: ModuleCtx, module: Module, scope: ReturnType<typeof functionScope>): FunctionDecl {
  const cases: string[] = [];
  const check = (read: string, pointer: string, t: Type): string | null => {
    if (t.kind !== "nat" || t.maxOf === undefined) return null;
    const bound = `(${exprText(t.maxOf, scope)})`;
    return `if (${read} > ${bound}) return { pointer: ${JSON.stringify(pointer)}, expected: \`an integer at most \${${bound}} at this instance\`, found: String(${read}) };`;
  };
  for (const m of module.machines) {
    const decl = ctx.decl(m.event);
    if (decl.kind !== "union") continue;
    const arms = decl.variants.flatMap((v) => {
      const lines = v.fields.flatMap((f) => check(`e.${f.name}`, `/${f.name}`, f.type) ?? []);
      return lines.length === 0 ? [] : [`case ${JSON.stringify(v.name)}:\n${lines.join("\n")}\nbreak;`];
    });
    if (arms.length > 0) cases.push(`case ${JSON.stringify(`${m.name}Event`)}: {\nconst e = v as ${ctx.typeName(m.event)} & Record<string, number>;\nswitch (e.kind) {\n${arms.join("\n")}\n}\nbreak;\n}`);
  }
  for (const d of module.decisions) {
    const decl = ctx.decl(d.facts);
    if (decl.kind !== "record") continue;
    const lines = decl.fields.flatMap((f) => check(`f.${f.name}`, `/${f.name}`, f.type) ?? []);
    if (lines.length > 0) cases.push(`case ${JSON.stringify(`${d.name}Facts`)}: {\nconst f = v as Record<string, number>;\n${lines.join("\n")}\nbreak;\n}`);
  }
  const body = cases.length === 0 ? ["void type;", "void v;", "return null;"] : [`switch (type) {\n${cases.join("\n")}\n}`, "return null;"];
  return {
    kind: "function",
    name: "ranges",
    docs: ["The fault of a decoded event or facts record against this instance's ranges that read a parameter (the schema admits them at the parameters' maxima); null when it fits. The runtime wire asks it after the schema."],
    parameters: [{ name: "type", type: "string" }, { name: "v", type: "unknown" }],
    returnType: "{ readonly pointer: string; readonly expected: string; readonly found: string } | null",
    statements: [body.join("\n")],
  };
}
