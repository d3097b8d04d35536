// Emit stage, Quint target (generated/quint/<module>.qnt, plus the shared statute_prelude.qnt):
// per spec module a pure module of the same name (constants, types, decisions, each machine's
// step as a pure function, the laws as predicates, decision examples and decision laws as `run`
// tests) and, per machine, a module `<module>_<Machine>` with the state machine that `quint run`
// simulates. Other modules are imported qualified (`supervise::X`). What renders text with `++`
// is left out with a comment (text.ts): Quint has no string concatenation. The README says how to run
// the Quint CLI, Apalache (`quint verify`) and TLC (`quint compile --target tlaplus`) on them.

import type { Decision, Module, Program } from "../../ir/module.js";
import { doNotEdit, type Emitter } from "../types.js";
import { camel, localName, QuintCtx } from "./context.js";
import { quintExpr, scopeOf } from "./expr.js";
import { lawLines } from "./laws.js";
import { machineModule, stepLines } from "./machine.js";
import { PRELUDE, PRELUDE_MODULE } from "./prelude.js";
import { importLine, importLines, quintConsts } from "./params.js";
import { TEXT_OMITTED, textOmissions } from "./text.js";
import { LINE_BREAKS, namedType, oneLine, quintType, typeDeclLines } from "./types.js";

export const emitQuint: Emitter = (program) => [
  { path: `quint/${PRELUDE_MODULE}.qnt`, content: PRELUDE },
  ...program.modules.map((m) => ({ path: `quint/${m.name}.qnt`, content: moduleText(program, m) })),
];

function moduleText(program: Program, module: Module): string {
  const ctx = new QuintCtx(program, module);
  const imports = importLines(program, module, false);
  const consts = quintConsts(program, module);
  const foreign = consts.filter((l) => l.module !== module.name);
  const scope = scopeOf(ctx);
  const omits = textOmissions(program);
  const sections: string[][] = [
    imports,
    ...foreign.map((l) => [`/// ${oneLine(l.constant.doc)} (a parameter of ${l.module}; the instance of ${l.module} above reads this one)`, `const ${l.constant.name}: int`]),
    ...module.constants.map((c) => {
      if (c.param) return [...(c.doc.trim() === "" ? [] : [`/// ${oneLine(c.doc)}`]), `/// A parameter${c.range === null ? "" : ` (${c.range.min}..${c.range.max})`}, default ${String(c.value)}: instances set it.`, `const ${c.name}: int`];
      const value = c.expr === null ? String(c.value) : quintExpr(c.expr, scope);
      const doc = c.doc.trim() === "" ? [] : [`/// ${oneLine(c.doc)}`];
      return [...doc, `pure val ${c.name}: ${typeof c.value === "boolean" ? "bool" : "int"} = ${value}`];
    }),
    ...module.types.map((d) => typeDeclLines(ctx, d)),
    ...module.decisions.map((d) => (omits.has({ module: module.name, name: d.name }) ? [`// decision ${d.name}: left out; it ${TEXT_OMITTED}.`] : decisionLines(ctx, d))),
    ...module.machines.map((m) => (omits.has({ module: module.name, name: m.name }) ? [`// machine ${m.name}: left out; it ${TEXT_OMITTED}.`] : stepLines(ctx, m))),
    ...module.laws.map((l) => lawLines(ctx, l)),
    ...module.examples.map((ex) => decisionExample(ctx, ex)).filter((x) => x.length > 0),
  ];
  const doc = module.doc.trim() === "" ? [] : module.doc.trim().split(LINE_BREAKS).map((l) => `/// ${l.trimEnd()}`.trimEnd());
  const lines = [
    doNotEdit(module.file, "//"),
    "",
    ...doc,
    `module ${module.name} {`,
    ...sections.flatMap((s) => ["", ...s]).slice(1).flatMap((l) => l.split("\n")).map((l) => (l === "" ? "" : `  ${l}`)),
    "}",
    ...module.machines.filter((m) => !omits.has({ module: module.name, name: m.name })).flatMap((m) => ["", ...machineModule(ctx, m, importLines(program, module, true))]),
    ...(consts.length > 0 && module.machines.length === 0 ? ["", ...defaultsModule(program, module)] : []),
  ];
  return `${lines.join("\n")}\n`;
}

/** `<module>_defaults`: the module at its parameters' defaults, where its tests run (`--main`). */
function defaultsModule(program: Program, module: Module): string[] {
  return [
    `/// ${module.name} at every parameter's default: \`quint test --main=${module.name}_defaults\`.`,
    `module ${module.name}_defaults {`,
    ...[...importLines(program, module, true), importLine(program, module.name, [], true, true)].map((l) => `  ${l}`),
    "}",
  ];
}

function decisionLines(ctx: QuintCtx, d: Decision): string[] {
  const scope = scopeOf(ctx);
  const facts = namedType(ctx, d.facts);
  const verdict = quintType(ctx, d.verdict);
  const body = d.lets.map((l) => `  val ${localName(l.name)} = ${quintExpr(l.value, scope)}`);
  d.rules.forEach((r, i) => {
    const result = `{ verdict: ${quintExpr(r.verdict, scope)}, rule: ${JSON.stringify(r.rule)} }`;
    const head = `  ${i === 0 ? "" : "else "}`;
    body.push(r.guard === null ? `${head}${result}` : `${head}if (${quintExpr(r.guard, scope)}) ${result}`);
  });
  const doc = d.doc.trim() === "" ? [] : [`/// ${oneLine(d.doc)}`];
  return [...doc, `pure def decide${d.name}(f: ${facts}): { verdict: ${verdict}, rule: str } = {`, ...body, "}"];
}

function decisionExample(ctx: QuintCtx, ex: Module["examples"][number]): string[] {
  const b = ex.body;
  if (b.kind !== "decision" || textOmissions(ctx.program).example(ex)) return [];
  const scope = scopeOf(ctx);
  const call = `${ctx.name(b.decision.module, `decide${b.decision.name}`)}(${quintExpr(b.facts, scope)}).verdict`;
  const doc = ex.doc.trim() === "" ? `/// ${ex.name}` : `/// ${oneLine(ex.doc)}`;
  return [doc, `run ${camel(ex.name)}Test = assert(${call} == ${quintExpr(b.verdict, scope)})`];
}
