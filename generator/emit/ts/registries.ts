// Emit stage, TypeScript target: what a module exports besides its functions. One typed object
// per machine (`RestartBudget = { name, initial, step, rules, invariants }`) and per decision (`{ name,
// decide, rules }`), for a caller that imports one model; then `RULES` and the `machines` and
// `decisions` registries that generic callers (CLI eval, runtime wire, tests) index by name.
// The registries hold the same functions, so both views always agree. No spec text is emitted.

import { constDecl, type ConstDecl } from "./print.js";
import type { Decision, Machine, Module } from "../../ir/module.js";
import { docText } from "./context.js";

/** The per-machine and per-decision objects (in declaration order), the registries (`tables`), and `RULES`. */
export function registries(module: Module, invariants: (m: Machine) => string): { machines: ConstDecl[]; decisions: ConstDecl[]; tables: ConstDecl[]; rules: ConstDecl } {
  const machineRules = module.machines.map(machineRuleIds);
  const decisionRules = module.decisions.map((d) => d.rules.map((r) => r.rule));
  const all = [...machineRules.flat(), ...decisionRules.flat()];
  const entries = (rows: string[][]): string => (rows.length === 0 ? "{}" : `{\n${rows.map((r) => r.join("\n")).join("\n")}\n}`);
  const decisions = module.decisions.map((d) => [`${d.name},`]);
  const rules = constDecl("RULES", `${list(all)} as const`, "Every rule id of this module in declaration order; each must fire in the tests.");
  const tables = [
    constDecl(
      "machines",
      `${entries(module.machines.map((m) => [`${m.name},`]))} as const`,
      "The machines of this module by name, for generic callers (CLI eval, runtime wire, tests).",
    ),
    constDecl("decisions", `${entries(decisions)} as const`, "The decisions of this module by name, for generic callers (CLI eval, runtime wire, tests)."),
  ];
  return { machines: module.machines.map((m) => machineObject(m, invariants(m))), decisions: module.decisions.map(decisionObject), tables, rules };
}

function machineRuleIds(m: Machine): string[] {
  return m.handlers.flatMap((h) => h.branches.map((b) => b.rule));
}

function machineObject(m: Machine, invariants: string): ConstDecl {
  const init = [
    "{",
    `name: ${JSON.stringify(m.name)},`,
    `initial: initial${m.name},`,
    `step: step${m.name},`,
    ...(m.migrate === null ? [] : [`migrate: migrate${m.name},`]),
    `rules: ${list(machineRuleIds(m))},`,
    invariants,
    "} as const",
  ].join("\n");
  return constDecl(m.name, init, docText(`The machine ${m.name}: its initial state, its step, its rule ids and its invariant laws (a restored state is checked against them).`, m.span));
}

function decisionObject(d: Decision): ConstDecl {
  const init = [
    "{",
    `name: ${JSON.stringify(d.name)},`,
    `decide: decide${d.name},`,
    `rules: ${list(d.rules.map((r) => r.rule))},`,
    "} as const",
  ].join("\n");
  return constDecl(d.name, init, docText(`The decision ${d.name}: its function and its rule ids.`, d.span));
}

function list(items: readonly string[]): string {
  if (items.length === 0) return "[]";
  return `[\n${items.map((r) => `${JSON.stringify(r)},`).join("\n")}\n]`;
}
