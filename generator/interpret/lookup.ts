// Interpreter stage: finding declarations of a Program by reference. Linear scans on purpose:
// the oracle favours obviousness over speed.

import type { Constant, Decision, Machine, Module, Program } from "../ir/module.js";
import type { TypeDecl, TypeRef } from "../ir/types.js";
import { InterpretError } from "./value.js";

function refText(ref: TypeRef): string {
  return `${ref.module}.${ref.name}`;
}

export function findModule(prog: Program, name: string): Module {
  const m = prog.modules.find((x) => x.name === name);
  if (m === undefined) throw new InterpretError(`no module '${name}'`);
  return m;
}

export function findType(prog: Program, ref: TypeRef): TypeDecl {
  const t = findModule(prog, ref.module).types.find((x) => x.name === ref.name);
  if (t === undefined) throw new InterpretError(`no type ${refText(ref)}`);
  return t;
}

export function findMachine(prog: Program, ref: TypeRef): Machine {
  const m = findModule(prog, ref.module).machines.find((x) => x.name === ref.name);
  if (m === undefined) throw new InterpretError(`no machine ${refText(ref)}`);
  return m;
}

export function findDecision(prog: Program, ref: TypeRef): Decision {
  const d = findModule(prog, ref.module).decisions.find((x) => x.name === ref.name);
  if (d === undefined) throw new InterpretError(`no decision ${refText(ref)}`);
  return d;
}

export function findConstant(prog: Program, ref: TypeRef): Constant {
  const c = findModule(prog, ref.module).constants.find((x) => x.name === ref.name);
  if (c === undefined) throw new InterpretError(`no constant ${refText(ref)}`);
  return c;
}

/** The fields of a record type (declared record, machine state or decision facts). */
export function recordFields(prog: Program, ref: TypeRef): readonly string[] {
  const t = findType(prog, ref);
  if (t.kind !== "record") throw new InterpretError(`${refText(ref)} is a ${t.kind}, not a record`);
  return t.fields.map((f) => f.name);
}
