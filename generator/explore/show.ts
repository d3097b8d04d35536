// Explore stage: values and results as text for people: `Failure { at_ms: 900000 }` rather than
// JSON, a one-paragraph summary per explored machine, and a trace step by step with the
// fields that changed. Used by `statute explore`, `statute replay` and the mutation report.

import type { Value } from "../interpret/value.js";
import type { ExploreResult } from "./search.js";
import type { Params } from "./params.js";
import type { TraceStep } from "./trace.js";

/** A value in the spec's own notation (numbers without units; enum-like strings bare). */
export function showValue(v: Value): string {
  if (v === null) return "none";
  if (typeof v === "string") return /^[A-Z][A-Za-z0-9]*$/.test(v) ? v : JSON.stringify(v);
  if (typeof v !== "object") return String(v);
  if (Array.isArray(v)) return `[${v.map(showValue).join(", ")}]`;
  const r = v as { readonly [k: string]: Value };
  const keys = Object.keys(r).filter((k) => k !== "kind");
  const body = keys.length === 0 ? "" : ` { ${keys.map((k) => `${k}: ${showValue(r[k] as Value)}`).join(", ")} }`;
  return typeof r["kind"] === "string" ? `${r["kind"]}${body}` : body.trim() || "{}";
}

/**
 * `path: old -> new` for each part of the state that differs, descending into records and
 * into lists of unchanged length, so one worker's flag shows as `workers[1].running`.
 */
export function changedFields(before: Value, after: Value, path = ""): string[] {
  if (JSON.stringify(before) === JSON.stringify(after)) return [];
  const isRec = (v: Value): v is { readonly [k: string]: Value } => typeof v === "object" && v !== null && !Array.isArray(v);
  if (isRec(before) && isRec(after) && before["kind"] === after["kind"]) {
    return Object.keys(after).flatMap((k) => changedFields(before[k] ?? null, after[k] as Value, path === "" ? k : `${path}.${k}`));
  }
  if (Array.isArray(before) && Array.isArray(after) && before.length === after.length && path !== "") {
    return after.flatMap((x: Value, i: number) => changedFields(before[i] as Value, x, `${path}[${i}]`));
  }
  return [`${path}: ${showValue(before)} -> ${showValue(after)}`];
}

/** A trace, one line per step, with the changed fields indented below. */
export function showTrace(trace: readonly TraceStep[]): string[] {
  const lines: string[] = [];
  trace.forEach((step, i) => {
    if (i === 0 || step.event === null) {
      lines.push(`  #0 initial ${showValue(step.state)}`);
      return;
    }
    const prev = trace[i - 1] as TraceStep;
    lines.push(`  #${i} ${showValue(step.event)} -> ${showValue(step.output)}  [${step.rule ?? "?"}]`);
    for (const c of changedFields(prev.state, step.state)) lines.push(`       ${c}`);
  });
  return lines;
}

function rate(n: number, ms: number): string {
  return ms <= 0 ? "-" : `${Math.round((n * 1000) / ms)}`;
}

/** The summary lines of one exploration. */
export function showResult(r: ExploreResult, params?: Params): string[] {
  const set = params === undefined ? [] : [...params].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([k, v]) => `${k} = ${v}`);
  const head = `${r.module}.${r.machine}${set.length === 0 ? "" : ` (${set.join(", ")})`}`;
  const how = r.violation
    ? `at depth ${r.violation.trace.length - 1}`
    : r.complete
      ? `complete at depth ${r.reached}`
      : r.truncated
        ? `truncated at ${r.states} states (${r.stopped?.message ?? "budget"})`
        : `bounded at depth ${r.depth}`;
  const lines = [
    `${head}: ${r.violation ? "VIOLATION" : "ok"}, ${how}`,
    `  ${r.states} states, ${r.transitions} transitions, ${(r.elapsedMs / 1000).toFixed(2)} s, ${rate(r.states, r.elapsedMs)} states/s, ${Math.round(r.bytes / Math.max(1, r.states))} bytes/state${r.threads > 1 ? `, on ${r.threads} threads` : ""}`,
    `  laws checked: ${r.laws.length === 0 ? "none" : r.laws.join(", ")}`,
    ...(r.symmetric.length > 0 ? [`  symmetry: states that differ by a permutation of ${r.symmetric.join(", ")} counted once`] : []),
  ];
  const unfired = r.rules.filter((x) => !r.fired.has(x));
  lines.push(`  rules fired: ${r.rules.length - unfired.length}/${r.rules.length}${unfired.length ? `; never: ${unfired.join(", ")}` : ""}`);
  if (r.violation) {
    lines.push(`  ${r.violation.law} (${r.violation.kind}) fails after ${r.violation.trace.length - 1} step(s): ${r.violation.message}`);
    lines.push(...showTrace(r.violation.trace));
  }
  return lines;
}
