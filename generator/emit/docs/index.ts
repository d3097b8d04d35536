// Docs target: `docs/laws.md`, the law table in the seed's shape (Rule | TypeScript | Model |
// Law) for every module, with how each law is checked, the decided points, the rules of every
// machine and decision linked to their spec lines, and a diagram per machine. Proof status is not
// here (generated/ depends on spec/ only): `statute proofs` reports it from formal/ (proved for
// all parameters, at the defaults only, or open); the table says which parameters each Lean
// statement ranges over.

import { instanceName } from "../../check/params.js";
import { showType } from "../../expr/type-util.js";
import type { Law, Migration, Module, Program } from "../../ir/module.js";
import { printExpr } from "../../ir/print.js";
import type { Span } from "../../ir/types.js";
import type { EmitContext, Emitter } from "../types.js";
import { machineDiagram } from "./mermaid.js";
import { lawReadsParams, leanParams } from "../lean/params.js";

const leanNamespace = (m: Module) => `Statute.${m.name.split("_").map((p) => p.charAt(0).toUpperCase() + p.slice(1)).join("")}`;

function link(span: Span): string {
  return `[${span.file}:${span.line}](../../${span.file}#L${span.line}-L${span.endLine})`;
}

function cell(text: string): string {
  return prose(text).replace(/\|/g, "\\|").replace(/\n/g, " ");
}

/** Spec text made safe in Markdown: every line terminator is LF, and no HTML comment opens. */
function prose(text: string): string {
  return text.replace(/\r\n?|[\u2028\u2029]/g, "\n").replace(/<!--/g, "&lt;!--");
}

/** What code a law is about: the generated functions a daemon calls. */
function tsOf(m: Module, law: Law): string {
  const b = law.body;
  const file = `generated/ts/${m.name}.ts`;
  switch (b.kind) {
    case "order":
      return `constants in \`${file}\``;
    case "invariant":
    case "step":
    case "variant":
    case "progress":
      return `\`step${b.machine.name}\` (${file})`;
    case "decision":
      return `\`decide${b.decision.name}\` (${file})`;
    case "wire":
    case "ffi":
      return `runtime wire over \`${b.targetKind === "machine" ? "step" : "decide"}${b.target.name}\``;
  }
}

/** How a law is checked. Whether formal/ proves its Lean statement is `statute proofs`'s to say. */
export function lawStatus(law: Law): string {
  switch (law.body.kind) {
    case "order":
      return "evaluated at generation; Lean statement";
    case "wire":
    case "ffi":
      return "runtime tests (TypeScript only; no Lean statement)";
    default:
      return "conformance property; Lean statement";
  }
}

/** Vacuity and exclusive kills, as `statute mutate --write` recorded them. */
function strengthOf(m: Module, law: Law, ctx: EmitContext): string {
  const r = ctx.strength?.[m.name]?.laws[law.name];
  if (r === undefined) return law.body.kind === "wire" || law.body.kind === "ffi" || law.body.kind === "order" ? "" : "strength not measured";
  const vacuity = r.unmet.length === 0 ? "premises met" : r.accepted !== "" ? `vacuous, accepted: ${r.accepted}` : `VACUOUS: ${r.unmet.join("; ")}`;
  const shown = r.only.slice(0, 3).map((id) => `\`${id}\``).join(", ");
  const only = r.only.length === 0 ? "kills no mutant alone (redundant)" : `kills ${r.only.length} mutant(s) alone: ${shown}${r.only.length > 3 ? ", ..." : ""}`;
  return `${vacuity}; ${only}`;
}

/** Which parameters a law's Lean statement ranges over (every value in their ranges), if any. */
function leanOver(program: Program, m: Module, law: Law): string {
  const lp = leanParams(program, m);
  if (lp === null || !lawReadsParams(program, m, law)) return "";
  const ps = lp.params.map((l) => `${l.constant.name} ${l.constant.range === null ? "" : `${l.constant.range.min}..${l.constant.range.max}`}`.trim());
  return ` stated for every ${lp.struct} in range (${ps.join(", ")})`;
}

function migrationLine(machine: string, g: Migration): string {
  const from = g.from.map((f) => `${f.name}: ${showType(f.type)}`).join(", ");
  return `**Migration** of ${machine} (${link(g.span)}): a state of the last release, \`{ ${from} }\`, becomes \`${cell(printExpr(g.to))}\`${g.doc ? `; ${prose(g.doc)}` : ""}.`;
}

function moduleSection(program: Program, m: Module, ctx: EmitContext): string {
  const out: string[] = [`## ${m.name}`, "", prose(m.doc.trim()), ""];
  const params = m.constants.filter((c) => c.param);
  if (params.length > 0) {
    const shown = params.map((c) => `\`${c.name}\` (default ${String(c.value)}${c.range === null ? "" : `, ${c.range.min}..${c.range.max}`}${c.overridable ? `, \`STATUTE_${c.name}\`` : ""})`);
    out.push(`**Parameters:** ${shown.join(", ")}. Every law below is stated for all of their values; explored, mutated and tested at ${m.instances.map(instanceName).join("; ")}.`, "");
  } else if (m.instances.length > 1) out.push(`Explored, mutated and tested at ${m.instances.map(instanceName).join("; ")}.`, "");
  out.push("| Rule | TypeScript | Model | Law |", "|---|---|---|---|");
  for (const law of m.laws) {
    const rule = [law.doc, law.secures && `Secures: ${law.secures}.`, law.adversary && `Adversary: ${law.adversary}.`].filter(Boolean).join(" ");
    const lean = law.body.kind === "wire" || law.body.kind === "ffi" ? "" : `, Lean \`${leanNamespace(m)}.${law.ident}_stmt\`${leanOver(program, m, law)} (proved for all parameters, at the defaults only or open, and kernel-checked or a candidate: \`statute proofs\`)`;
    const model = `${link(law.span)}${lean}`;
    out.push(`| ${cell(rule)} | ${cell(tsOf(m, law))} | ${cell(model)} | \`${law.name}\` (${law.body.kind}): ${cell([lawStatus(law), strengthOf(m, law, ctx)].filter(Boolean).join("; "))} |`);
  }
  if (m.breaking.length > 0) out.push("", "**Breaking changes** against the last release, declared (`statute diff`):", "", ...m.breaking.map((b) => `- \`${b.change}\`: ${prose(b.reason).replace(/\n/g, " ")}`));
  for (const mach of m.machines) if (mach.migrate !== null) out.push("", migrationLine(mach.name, mach.migrate));
  if (m.decided.length > 0) out.push("", "**Decided** (where the seed is silent):", "", ...m.decided.map((d) => `- ${prose(d).replace(/\n/g, " ")}`));
  for (const d of m.decisions) {
    out.push("", `### Decision ${d.name}`, "", prose(d.doc.trim()), "", "| Rule | When | Verdict | Spec |", "|---|---|---|---|");
    for (const r of d.rules) out.push(`| \`${r.rule}\` | ${cell(r.guard ? `\`${printExpr(r.guard)}\`` : "otherwise")} | \`${cell(printExpr(r.verdict))}\` | ${link(r.span)} |`);
  }
  for (const mach of m.machines) {
    out.push("", `### Machine ${mach.name}`, "", prose(mach.doc.trim()), "", "| Rule | When | Sets | Emits | Spec |", "|---|---|---|---|---|");
    for (const h of mach.handlers) {
      for (const b of h.branches) {
        const sets = b.assigns.map((a) => `${a.field} := ${printExpr(a.value)}`).join("; ");
        out.push(`| \`${b.rule}\` | ${cell(b.guard ? `\`${printExpr(b.guard)}\`` : "always")} | ${cell(sets ? `\`${sets}\`` : "")} | \`${cell(printExpr(b.emit))}\` | ${link(b.span)} |`);
      }
    }
    out.push("", machineDiagram(mach));
  }
  return out.join("\n");
}

export const emitDocs: Emitter = (program: Program, ctx: EmitContext) => {
  const laws = program.modules.flatMap((m) => m.laws);
  const head = [
    "<!-- Code generated by statute from spec/*.yaml. DO NOT EDIT. -->",
    "",
    // Named by the modules (the specs alone decide generated/), not by this repository's daemon.
    `# Laws: ${program.modules.map((m) => m.name).join(", ")}`,
    "",
    "Each law is written once in a spec; the TypeScript that runs it, the JSON Schemas of its wire,",
    "the Lean statements and the conformance tests are generated from it. Status per law: how it is",
    "checked. Which Lean statements `formal/` proves, and which a Lean kernel accepted (which Lean,",
    "when), is reported by `statute proofs` from `formal/checked.txt`, the record of the last check: a",
    "proof is checked only while that record is of the Lean files as they are, a candidate otherwise.",
    "",
    `${laws.length} law${laws.length === 1 ? "" : "s"} in ${program.modules.length} module${program.modules.length === 1 ? "" : "s"}.`,
  ];
  const scores = program.modules.flatMap((m) => {
    const r = ctx.strength?.[m.name];
    return r === undefined ? [] : [`| ${m.name} | ${r.laws_only}/${r.scored} | ${r.with_examples}/${r.scored} |`];
  });
  if (scores.length > 0) {
    head.push("", "Law strength (`statute mutate --write`): mutants of the IR killed by the laws alone and by laws and examples.", "", "| Module | Laws only | Laws + examples |", "|---|---|---|", ...scores);
  }
  const body = program.modules.map((m) => moduleSection(program, m, ctx));
  return [{ path: "docs/laws.md", content: `${[head.join("\n"), ...body].join("\n\n").replace(/\n{3,}/g, "\n\n")}\n` }];
};
