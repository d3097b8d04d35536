// Diff stage: whether one value (the JSON shape the interpreter and the wire share) is a value of
// an IR type, as the strict wire would judge it: records carry every field and no other, a
// union's `kind` names a variant, numbers lie in their range (an unranged one up to the
// module's wire bound), lists within their bound. Says where and why it does not fit.

import type { Migration, Program } from "../ir/module.js";
import { type Field, type Type, type TypeDecl, unreachable } from "../ir/types.js";
import { showType } from "../expr/type-util.js";
import { wireMax } from "../emit/schema/json.js";
import { isRecord, type RecordValue, type Value } from "../interpret/value.js";


function declOf(prog: Program, t: Type & { kind: "named" }): TypeDecl | undefined {
  return prog.modules.find((m) => m.name === t.ref.module)?.types.find((d) => d.name === t.ref.name);
}

/** null when `v` fits `t`; else `<path>: <why>`. `module` names whose wire bound applies. */
export function misfit(prog: Program, module: string, t: Type, v: Value, path: string): string | null {
  const bad = (why: string): string => `${path === "" ? "(the value)" : path}: ${why}`;
  switch (t.kind) {
    case "bool":
      return typeof v === "boolean" ? null : bad(`expected bool, found ${JSON.stringify(v)}`);
    case "string":
      return typeof v === "string" ? null : bad(`expected string, found ${JSON.stringify(v)}`);
    case "int":
      return typeof v === "number" && Number.isInteger(v) ? null : bad(`expected int, found ${JSON.stringify(v)}`);
    case "nat": {
      const m = prog.modules.find((x) => x.name === module);
      const max = t.max ?? (m ? wireMax(prog, m) : Number.MAX_SAFE_INTEGER);
      if (typeof v !== "number" || !Number.isInteger(v)) return bad(`expected ${showType(t)}, found ${JSON.stringify(v)}`);
      return v >= t.min && v <= max ? null : bad(`${v} is outside ${showType(t)} (${t.min}..${max})`);
    }
    case "option":
      return v === null ? null : misfit(prog, module, t.of, v, path);
    case "list": {
      if (!Array.isArray(v)) return bad(`expected ${showType(t)}, found ${JSON.stringify(v)}`);
      if (v.length > t.max) return bad(`${v.length} elements, more than ${showType(t)} holds`);
      for (const [i, x] of v.entries()) {
        const r = misfit(prog, module, t.of, x, `${path}[${i}]`);
        if (r !== null) return r;
      }
      return null;
    }
    case "named": {
      const d = declOf(prog, t);
      if (d === undefined) return bad(`no type ${t.ref.module}.${t.ref.name} in this release`);
      return misfitDecl(prog, t.ref.module, d, v, path);
    }
    default:
      return unreachable(t);
  }
}

function misfitFields(prog: Program, module: string, fields: readonly Field[], v: RecordValue, path: string, tag: boolean): string | null {
  for (const k of Object.keys(v)) {
    if (tag && k === "kind") continue;
    if (!fields.some((f) => f.name === k)) return `${path}.${k}: no such field`;
  }
  for (const f of fields) {
    if (!Object.hasOwn(v, f.name)) return `${path}.${f.name}: missing`;
    const r = misfit(prog, module, f.type, v[f.name] as Value, `${path}.${f.name}`);
    if (r !== null) return r;
  }
  return null;
}

/** null when `v` is a value of the declared type `d` (of `module`). */
export function misfitDecl(prog: Program, module: string, d: TypeDecl, v: Value, path: string): string | null {
  switch (d.kind) {
    case "enum":
      return typeof v === "string" && d.members.includes(v) ? null : `${path}: ${JSON.stringify(v)} is no member of ${d.name} (${d.members.join(", ")})`;
    case "record":
      return isRecord(v) ? misfitFields(prog, module, d.fields, v, path, false) : `${path}: expected a ${d.name} record`;
    case "union": {
      if (!isRecord(v)) return `${path}: expected a ${d.name} value`;
      const variant = d.variants.find((x) => x.name === v["kind"]);
      if (variant === undefined) return `${path}: ${JSON.stringify(v["kind"])} is no variant of ${d.name} (${d.variants.map((x) => x.name).join(", ")})`;
      return misfitFields(prog, module, variant.fields, v, path, true);
    }
    default:
      return unreachable(d);
  }
}

/** A migration's old state record (`<Machine>State.from`) as a declaration to judge values by. */
export function migrationRecord(m: Migration): TypeDecl {
  return { kind: "record", name: m.fromType.name, doc: m.doc, fields: m.from, span: m.span };
}
