// Conformance stage (test support): values back into spec syntax. A failing property prints
// its shrunk counterexample as a YAML `examples` entry that can be pasted into the spec as is:
// events and outputs as spec expressions (`Failure { at_ms: 900000ms }`), facts as a map.

import type { Value } from "../interpret/value.js";
import type { Program } from "../ir/module.js";
import type { Type, TypeRef } from "../ir/types.js";
import { unreachable } from "../ir/types.js";
import { findDecl } from "../arbitrary/values.js";

function fields(program: Program, names: readonly { readonly name: string; readonly type: Type }[], v: Value): string {
  const rec = v as Record<string, Value>;
  return names.map((f) => `${f.name}: ${specExpr(program, f.type, rec[f.name] ?? null)}`).join(", ");
}

/** A declared type's value: enum members and union variants bare, records with their type name. */
function declExpr(program: Program, ref: TypeRef, v: Value): string {
  const d = findDecl(program, ref);
  switch (d.kind) {
    case "enum":
      return String(v);
    case "record":
      return `${d.name} { ${fields(program, d.fields, v)} }`;
    case "union": {
      const kind = (v as Record<string, Value>)["kind"];
      const variant = d.variants.find((x) => x.name === kind);
      if (variant === undefined) return `${String(kind)} /* not a variant of ${d.name} */`;
      return variant.fields.length === 0 ? variant.name : `${variant.name} { ${fields(program, variant.fields, v)} }`;
    }
    default:
      return unreachable(d);
  }
}

/** The spec expression whose value is `v` at type `t` (ms values carry the `ms` unit). */
export function specExpr(program: Program, t: Type, v: Value): string {
  switch (t.kind) {
    case "bool":
      return String(v);
    case "nat":
      return t.unit === "ms" ? `${String(v)}ms` : String(v);
    case "int":
      return String(v);
    case "string":
      return JSON.stringify(v);
    case "named":
      return declExpr(program, t.ref, v);
    case "option":
      return v === null ? "none" : `some(${specExpr(program, t.of, v)})`;
    case "list":
      return `[${(v as readonly Value[]).map((x) => specExpr(program, t.of, x)).join(", ")}]`;
    default:
      return unreachable(t);
  }
}

/** `specExpr` for messages: falls back to JSON when the value does not fit its type. */
export function shownAs(program: Program, t: Type, v: Value): string {
  try {
    return specExpr(program, t, v);
  } catch {
    return JSON.stringify(v);
  }
}

/** The name a counterexample of check `title` gets: the law's ident, or the machine's, snake_case. */
export function counterexampleName(title: string): string {
  const law = /^law (\w+?)(_\*)?$/.exec(title);
  if (law !== null) return `${law[1] ?? "law"}_counterexample`;
  const subject = (title.split(" ")[0] ?? "check").replace(/([a-z0-9])([A-Z])/g, "$1_$2").toLowerCase();
  const what = title.includes("schema") ? "schema" : title.includes("interpreter") ? "equals_interpreter" : "check";
  return `${subject}_${what}_counterexample`;
}

/** The doc line of a counterexample: the failure in words, cut at a word near 300 characters. */
export function counterexampleDoc(reason: string): string {
  const text = `found by the conformance suite: ${reason.replace(/\s+/g, " ")}`;
  if (text.length <= 300) return text;
  const cut = text.lastIndexOf(" ", 300);
  return `${text.slice(0, cut > 200 ? cut : 300)} ...`;
}

/** A YAML scalar: plain when it is a bare word or number, else double-quoted (JSON is YAML). */
export function yamlScalar(text: string): string {
  return /^[A-Za-z_][A-Za-z0-9_]*$/.test(text) && !/^(true|false|null|yes|no|on|off|y|n)$/i.test(text)
    ? text
    : /^[0-9]+(ms|s|min|h)?$/.test(text)
      ? text
      : JSON.stringify(text);
}

const flow = (items: readonly string[]): string => `[${items.map(yamlScalar).join(", ")}]`;

/** A machine example: a trace and the outputs the model gives for it. */
export interface MachineExample {
  readonly name: string;
  readonly doc: string;
  readonly machine: TypeRef;
  readonly eventType: Type;
  readonly outputType: Type;
  readonly events: readonly Value[];
  readonly outputs: readonly Value[];
}

/** A decision example: facts and the verdict the model gives. */
export interface DecisionExample {
  readonly name: string;
  readonly doc: string;
  readonly decision: TypeRef;
  readonly factsType: TypeRef;
  readonly verdictType: Type;
  readonly facts: Value;
  readonly verdict: Value;
}

/** The `examples:` entry, indented as in a spec file (two spaces, a dash). */
export function exampleYaml(program: Program, x: MachineExample | DecisionExample): string {
  const head = [`  - name: ${x.name}`, `    doc: ${JSON.stringify(x.doc)}`];
  if ("machine" in x) {
    return [
      ...head,
      `    machine: ${x.machine.name}`,
      `    events: ${flow(x.events.map((e) => specExpr(program, x.eventType, e)))}`,
      `    outputs: ${flow(x.outputs.map((o) => specExpr(program, x.outputType, o)))}`,
    ].join("\n");
  }
  const d = findDecl(program, x.factsType);
  const facts = d.kind === "record" ? d.fields : [];
  const rec = x.facts as Record<string, Value>;
  const map = facts.map((f) => `${f.name}: ${yamlScalar(specExpr(program, f.type, rec[f.name] ?? null))}`).join(", ");
  return [
    ...head,
    `    decision: ${x.decision.name}`,
    `    facts: { ${map} }`,
    `    verdict: ${yamlScalar(specExpr(program, x.verdictType, x.verdict))}`,
  ].join("\n");
}
