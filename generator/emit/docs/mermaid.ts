// Docs target: a Mermaid flowchart per machine. Each event enters its branches in order; a
// guarded branch is a diamond whose "no" edge falls through to the next one, which is exactly
// the first-match semantics of the spec.

import type { Machine } from "../../ir/module.js";
import { printExpr } from "../../ir/print.js";

/** Mermaid-safe label text (quotes and angle brackets as entities). */
function label(text: string): string {
  return text.replace(/"/g, "#quot;").replace(/</g, "#lt;").replace(/>/g, "#gt;").replace(/\|/g, "#124;");
}

export function machineDiagram(m: Machine): string {
  const lines = ["```mermaid", "flowchart LR"];
  for (const h of m.handlers) {
    const ev = `${h.event}_event`;
    lines.push(`  ${ev}(["${label(h.event)}"])`);
    let from = ev;
    let edge = "";
    for (const b of h.branches) {
      const id = `${h.event}_${b.id}`;
      const sets = b.assigns.map((a) => a.field).join(", ");
      const out = `${b.id}: emit ${printExpr(b.emit)}${sets ? `; set ${sets}` : ""}`;
      if (b.guard === null) {
        lines.push(`  ${from} ${edge}--> ${id}["${label(out)}"]`);
        continue;
      }
      const cond = `${id}_when`;
      lines.push(`  ${from} ${edge}--> ${cond}{"${label(printExpr(b.guard))}"}`);
      lines.push(`  ${cond} -- yes --> ${id}["${label(out)}"]`);
      from = cond;
      edge = "-- no ";
    }
  }
  lines.push("```");
  return lines.join("\n");
}
