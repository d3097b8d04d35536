// Test helper for the expression stage: a small in-memory ExprEnv modelled on the restart
// budget of spec/LANGUAGE.md (Verdict, Gate, Worker, RestartBudgetState, two constants),
// recording every reported diagnostic so tests can assert ids, offsets and arguments.

import type { DiagnosticId } from "../../generator/diagnostics/catalogue.js";
import type { ExprEnv } from "../../generator/expr/env.js";
import { parseExpr } from "../../generator/expr/parser.js";
import { checkExpr } from "../../generator/expr/check.js";
import type { Expr } from "../../generator/ir/expr.js";
import { BOOL, INT, MS, NAT, STRING, type Field, type Span, type Type, type TypeDecl, type TypeRef } from "../../generator/ir/types.js";

const span: Span = { file: "spec/test.yaml", line: 1, col: 1, endLine: 1 };
const field = (name: string, type: Type): Field => ({ name, type, doc: "" });
export const named = (name: string): Type => ({ kind: "named", ref: { module: "test", name } });

const decls: TypeDecl[] = [
  {
    kind: "union", name: "Verdict", doc: "", span,
    variants: [
      { name: "Restart", fields: [field("pause_ms", MS)], doc: "" },
      { name: "GiveUp", fields: [], doc: "" },
    ],
  },
  { kind: "enum", name: "Gate", doc: "", span, members: ["Open", "Closed"] },
  { kind: "enum", name: "OrphanVerdict", doc: "", span, members: ["Exit", "Wait"] },
  { kind: "record", name: "Worker", doc: "", span, fields: [field("busy", BOOL), field("gate", named("Gate"))] },
  {
    kind: "record", name: "RestartBudgetState", doc: "", span,
    fields: [field("failures", { kind: "list", of: MS, max: 5 }), field("given_up", BOOL)],
  },
  { kind: "record", name: "FailurePayload", doc: "", span, fields: [field("at_ms", MS)] },
  { kind: "record", name: "OrphanExitFacts", doc: "", span, fields: [field("absent_ms", MS), field("has_work", BOOL)] },
];

const consts: Record<string, { type: Type; value: number | boolean }> = {
  RESTART_MAX_FAILURES: { type: NAT, value: 5 },
  RESTART_WINDOW_MS: { type: MS, value: 900_000 },
  STRICT: { type: BOOL, value: true },
};

export const defaultVars: Record<string, Type> = {
  s: named("RestartBudgetState"),
  e: named("FailurePayload"),
  v: named("Verdict"),
  g: named("Gate"),
  o: { kind: "option", of: NAT },
  i: INT,
  n: NAT,
  d: { kind: "nat", unit: "none", min: 0, max: 6 },
  ws: { kind: "list", of: named("Worker"), max: 3 },
  f: named("OrphanExitFacts"),
  text: STRING,
};

export interface Reported {
  readonly id: DiagnosticId;
  readonly offset: number;
  readonly length: number;
  readonly args: Readonly<Record<string, string | number>>;
}

export function fakeEnv(vars: Record<string, Type> = defaultVars): ExprEnv & { reported: Reported[] } {
  let id = 0;
  const reported: Reported[] = [];
  const ref = (name: string): TypeRef => ({ module: "test", name });
  return {
    reported,
    lookupVar: (name) => (Object.hasOwn(vars, name) ? vars[name] : undefined),
    lookupConst: (name) => {
      const c = Object.hasOwn(consts, name) ? consts[name] : undefined;
      return c && { ref: ref(name), type: c.type, value: c.value };
    },
    lookupType: (name) => {
      const decl = decls.find((d) => d.name === name);
      return decl && { ref: ref(name), decl };
    },
    typeDecl: (r) => {
      const decl = decls.find((d) => d.name === r.name);
      if (!decl) throw new Error(`no type ${r.name}`);
      return decl;
    },
    lookupDecision: (name) =>
      name === "OrphanExit" ? { ref: ref("OrphanExit"), facts: ref("OrphanExitFacts"), verdict: named("OrphanVerdict") } : undefined,
    names: (kind) =>
      kind === "var" ? Object.keys(vars) : kind === "const" ? Object.keys(consts) : kind === "type" ? decls.map((d) => d.name) : ["OrphanExit"],
    nextId: () => ++id,
    report: (diag, offset, length, args) => {
      reported.push({ id: diag, offset, length, args });
    },
  };
}

/** Parse (must succeed) and check `src`; returns the IR and every diagnostic. */
export function run(src: string, expected?: Type, vars?: Record<string, Type>): { expr: Expr; reported: Reported[] } {
  const parsed = parseExpr(src);
  if ("error" in parsed) throw new Error(`syntax error in test input ${src}: ${parsed.error.detail}`);
  const env = fakeEnv(vars);
  const expr = checkExpr(parsed.ast, env, expected);
  return { expr, reported: env.reported };
}
