// Check stage: one module from its parsed file to IR, pass by pass. Passes report and go on, so
// a single run shows every error of the file.

import type { Diagnostics } from "../diagnostics/diagnostic.js";
import type { Module } from "../ir/module.js";
import type { Parsed } from "../parse/index.js";
import { ModuleContext, entries } from "./context.js";
import { checkDecision, checkDecisionTypes, factsTypeName } from "./decisions.js";
import { checkConstants, checkImports, checkTypes, declareTypes } from "./declarations.js";
import { checkExamples, checkExplore } from "./examples.js";
import { checkLaws } from "./laws.js";
import { checkMachine, checkMachineTypes, machineTypeNames } from "./machines.js";
import { checkOneOverrideCheck } from "./override-check.js";
import { checkInstances } from "./params.js";

export function checkModule(parsed: Parsed, deps: ReadonlyMap<string, Module>, diags: Diagnostics): Module {
  const cx = new ModuleContext(parsed, diags, deps);
  const raw = cx.raw;
  checkImports(cx, deps);
  const typeNames: [string, (string | number)[]][] = [
    ...entries(raw.types).map(([n]): [string, (string | number)[]] => [n, ["types", n]]),
    ...entries(raw.machines).flatMap(([n]) => machineTypeNames(n).map((t): [string, (string | number)[]] => [t, ["machines", n]])),
    ...entries(raw.decisions).map(([n]): [string, (string | number)[]] => [factsTypeName(n), ["decisions", n]]),
  ];
  declareTypes(cx, typeNames);
  const constants = checkConstants(cx);
  const declared = checkTypes(cx);
  const decisionShells = entries(raw.decisions).map(([n, d]) => checkDecisionTypes(cx, n, d));
  const machineShells = entries(raw.machines).map(([n, m]) => checkMachineTypes(cx, n, m));
  const decisions = decisionShells.map((d) => checkDecision(cx, d));
  checkOneOverrideCheck(cx, decisions);
  const machines = machineShells.map((m) => checkMachine(cx, m));
  const laws = checkLaws(cx, machines, decisionShells);
  const examples = checkExamples(cx, machines, decisionShells);
  const explore = checkExplore(cx, machines);
  const instances = checkInstances(cx, constants);
  const local = (name: string) => cx.tables.types.get(name)?.decl;
  (raw.read_by_older ?? []).forEach((name, i) => {
    if (name !== "*" && !cx.tables.types.has(name)) cx.unknown(["read_by_older", i], "type", name, cx.tables.types.keys());
  });
  const synthesized = typeNames.slice(declared.length).flatMap(([n]) => local(n) ?? []);
  return {
    name: raw.module,
    file: parsed.file,
    doc: raw.doc,
    decided: raw.decided ?? [],
    imports: Object.keys(raw.imports ?? {}).sort(),
    constants,
    types: [...declared, ...synthesized],
    machines,
    decisions,
    laws,
    examples,
    explore,
    instances,
    equivalent: raw.equivalent ?? [],
    breaking: raw.breaking ?? [],
    readByOlder: raw.read_by_older ?? [],
  };
}
