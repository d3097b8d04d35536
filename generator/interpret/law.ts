// Interpreter stage: one law checked on one concrete binding of its variables. The explorer and
// the conformance tests choose the bindings (reachable states, events, facts); this only says
// whether the claim holds there. `wire` and `ffi` laws are about the runtime, not the model.

import type { Expr } from "../ir/expr.js";
import type { Law, LawBody, Program } from "../ir/module.js";
import type { TypeRef } from "../ir/types.js";
import { unreachable } from "../ir/types.js";
import { decide } from "./decision.js";
import { evalExpr } from "./expr.js";
import { stepMachine } from "./machine.js";
import { type Value, InterpretError, asBool, asNumber, asRecord, getField, isRecord } from "./value.js";

/** Values of a law's variables: `s e n o` for machine laws, `f v` for decision laws. */
export interface LawBinding {
  readonly s?: Value;
  readonly e?: Value;
  readonly n?: Value;
  readonly o?: Value;
  readonly f?: Value;
  readonly v?: Value;
}

function need(b: LawBinding, name: keyof LawBinding, law: Law): Value {
  const v = b[name];
  if (v === undefined) throw new InterpretError(`law ${law.name}: binding lacks '${name}'`);
  return v;
}

function hasKind(e: Value): boolean {
  return isRecord(e) && Object.hasOwn(e, "kind");
}

function holds(expr: Expr, vars: Record<string, Value>, prog: Program, what: string): boolean {
  return asBool(evalExpr(expr, new Map(Object.entries(vars)), prog), what);
}

/** `s e n o`, stepping the machine for `n` and `o` when the binding leaves them out. */
function transition(prog: Program, machine: TypeRef, b: LawBinding, law: Law): Record<string, Value> {
  const s = need(b, "s", law);
  const e = need(b, "e", law);
  if (b.n !== undefined && b.o !== undefined) return { s, e, n: b.n, o: b.o };
  // A step law restricted to one event may be given only that variant's payload.
  const event = law.body.kind === "step" && law.body.event !== null && !hasKind(e) ? { kind: law.body.event, ...asRecord(e, "e") } : e;
  const r = stepMachine(prog, machine, s, event);
  return { s, e, n: b.n ?? r.state, o: b.o ?? r.output };
}

export function checkLaw(prog: Program, law: Law, binding: LawBinding): boolean {
  const body = law.body;
  const what = `law ${law.name}`;
  switch (body.kind) {
    case "order":
      return holds(body.expr, {}, prog, what);
    case "invariant":
      return holds(body.expr, { s: need(binding, "s", law) }, prog, what);
    case "step": {
      // A law about one event variant says nothing about the others.
      const e = need(binding, "e", law);
      if (body.event !== null && hasKind(e) && getField(e, "kind", "e") !== body.event) return true;
      return holds(body.expr, transition(prog, body.machine, binding, law), prog, what);
    }
    case "decision": {
      const f = need(binding, "f", law);
      const v = binding.v ?? decide(prog, body.decision, f).verdict;
      return holds(body.expr, { f, v }, prog, what);
    }
    case "variant": {
      const vars = transition(prog, body.machine, binding, law);
      // The measure is an expression over one state, `s`: apply it to the state before and after.
      const before = asNumber(evalExpr(body.measure, new Map([["s", vars["s"] as Value]]), prog), what);
      const after = asNumber(evalExpr(body.measure, new Map([["s", vars["n"] as Value]]), prog), what);
      const up = body.direction === "increases";
      if (holds(body.when, vars, prog, what)) return up ? after > before : after < before;
      if (body.monotone) return up ? after >= before : after <= before;
      return true;
    }
    case "progress": {
      const st = need(binding, "s", law);
      return !holds(body.from, { s: st }, prog, what) || avoidingPath(prog, body, st, body.within) === null;
    }
    case "wire":
    case "ffi":
      throw new InterpretError(`${what}: a ${body.kind} law is checked against the runtime, not the model`);
    default:
      return unreachable(body);
  }
}

type Progress = Extract<LawBody, { kind: "progress" }>;

/**
 * A sequence of at most `k` of the law's `by` events from `s` along which `to` never holds, or
 * null when every such sequence reaches it (the law's "leads to" from `s`). The events are
 * evaluated in each state they are taken from.
 */
export function avoidingPath(prog: Program, body: Progress, s: Value, k: number): Value[] | null {
  if (holds(body.to, { s }, prog, "progress target")) return null;
  if (k === 0) return [];
  for (const x of body.by) {
    const e = evalExpr(x, new Map([["s", s]]), prog);
    const rest = avoidingPath(prog, body, stepMachine(prog, body.machine, s, e).state, k - 1);
    if (rest !== null) return [e, ...rest];
  }
  return null;
}
