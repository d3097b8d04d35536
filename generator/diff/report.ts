// Diff stage: the report as text for people. Per module: breaking changes first (declared ones
// with their reason), then the wire types that changed, the states, behaviour and laws. A
// module where nothing changed is one line. `--json` prints the DiffReport itself instead.

import { showValue } from "../explore/show.js";
import type { Value } from "../interpret/value.js";
import type { Answer, BehaviourEntry } from "./behaviour.js";
import type { DiffReport, ModuleDiff } from "./index.js";
import type { LawEntry } from "./laws.js";

function answer(a: Answer): string {
  if (!a.ok) return `error (${a.error})`;
  const v = a.value as { output?: Value; state?: Value };
  const shown = v !== null && typeof v === "object" && "output" in v && "state" in v ? `output ${showValue(v.output as Value)}, next ${showValue(v.state as Value)}` : showValue(a.value);
  return `${shown}  (rule ${a.rule})`;
}

function behaviour(b: BehaviourEntry): string[] {
  const what = b.kind === "decision" ? "facts records" : "steps";
  if (b.first === null) return [`    ${b.name}: same on all ${b.inputs} ${what}`];
  const input = b.kind === "decision" ? showValue(b.first.input) : (() => {
    const x = b.first.input as { state: Value; event: Value };
    return `${showValue(x.event)} in old state ${showValue(x.state)}`;
  })();
  return [`    ${b.name}: differs on ${b.differing} of ${b.inputs} ${what}; first: ${input}`, `      old: ${answer(b.first.old)}`, `      new: ${answer(b.first.new)}`];
}

function law(l: LawEntry): string[] {
  const head = `    ${l.status} ${l.law}${l.judged === null ? "" : ` (${l.judged === "same" ? "same verdict on every input tried" : l.judged})`}`;
  const out = [head];
  if (l.old !== null && l.status !== "added") out.push(`      old: ${l.old}`);
  if (l.new !== null) out.push(`      new: ${l.new}`);
  if (l.example !== null) {
    const b = Object.entries(l.example.binding).map(([k, v]) => `${k} = ${showValue(v as Value)}`).join(", ");
    out.push(`      on ${b}: old ${l.example.old ? "holds" : "fails"}, new ${l.example.new ? "holds" : "fails"}`);
  }
  return out;
}

function moduleText(m: ModuleDiff): string[] {
  if (m.status === "same") return [`${m.module}: same spec text as before (and its imports)`];
  if (m.status !== "compared") return [`${m.module}: module ${m.status}`, ...m.breaking.map((b) => `  BREAKING ${b.id}: ${b.detail}`)];
  const wire = m.wire.filter((w) => w.status !== "unchanged");
  const diffs = m.behaviour.filter((b) => b.first !== null);
  const carried = m.states.every((s) => s.failed === 0);
  if (m.breaking.length === 0 && wire.length === 0 && diffs.length === 0 && m.laws.length === 0 && m.unused.length === 0) return [`${m.module}: unchanged (wire, ${m.states.length} state machine(s), behaviour and laws)`];
  const out = [`${m.module}:`];
  for (const b of m.breaking) {
    out.push(`  ${b.declared === null ? "BREAKING (undeclared)" : "breaking (declared)"} ${b.id}: ${b.detail}`);
    if (b.state !== undefined) out.push(`    old state: ${showValue(b.state)}`);
    if (b.declared !== null) out.push(`    reason: ${b.declared}`);
  }
  for (const u of m.unused) out.push(`  note: breaking: ${u} declares no change found against this release (drop it once released)`);
  if (wire.length > 0) out.push("  wire:");
  for (const w of wire) {
    const status = w.status === "changed" ? (w.breaking.length > 0 ? "breaking" : "compatible") : w.status;
    out.push(`    ${w.type}: ${status} (${w.directions.join(", ")})`);
    for (const f of [...w.breaking, ...w.changes]) out.push(`      ${w.breaking.includes(f) ? "x" : "-"} ${f.id}: ${f.detail}`);
  }
  if (m.states.length > 0) out.push("  states:");
  for (const s of m.states) {
    const scope = `${s.states} old state(s)${s.complete ? " (every reachable one)" : " (to the explore bound)"}${s.unwritable === 0 ? "" : `, ${s.unwritable} past the old wire's bounds left out`}`;
    out.push(`    ${s.machine}: ${s.failed === 0 ? `all ${scope} carry over (${s.through})` : `${s.failed} of ${scope} do not carry over (${s.through})`}`);
    if (s.first !== null) out.push(`      old state: ${showValue(s.first.state)}`, `      ${s.first.law === null ? "" : `law ${s.first.law}: `}${s.first.reason}`);
  }
  if (!carried || m.behaviour.length > 0) out.push("  behaviour:");
  for (const b of m.behaviour) out.push(...behaviour(b));
  if (m.laws.length > 0) out.push("  laws:");
  for (const l of m.laws) out.push(...law(l));
  return out;
}

export function showDiff(r: DiffReport, oldName: string, newName: string): string {
  const lines = [`statute diff ${oldName} -> ${newName}`, ...r.modules.flatMap(moduleText)];
  const breaking = r.modules.reduce((n, m) => n + m.breaking.length, 0);
  lines.push(r.undeclared > 0 ? `${r.undeclared} undeclared breaking change(s): declare each in the new spec (breaking: [{ change: <id>, reason: ... }]) or undo it` : `no undeclared breaking change (${breaking} declared)`);
  return `${lines.join("\n")}\n`;
}
