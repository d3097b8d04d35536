// Mutate stage entry: the law-strength score of a module. Every mutant of its IR (operators.ts)
// is judged on the interpreter against the module's own examples and laws (oracle.ts); a mutant
// that passes them all survives, and a survivor is behaviour the laws do not pin down. Mutants
// the spec declares `equivalent` (with a reason) are left out of the score. Pure apart from the
// clock; the CLI prints the report.

import type { Module, Program } from "../ir/module.js";
import type { Span } from "../ir/types.js";
import { checkLaw } from "../interpret/law.js";
import { InterpretError, type Value } from "../interpret/value.js";
import { showValue } from "../explore/show.js";
import { firstDifference, sampleInputs, type Sample } from "./differ.js";
import { factsFor } from "./facts.js";
import { judge, type FactsTable, type JudgeBounds } from "./oracle.js";
import { mutants, type Mutant } from "./operators.js";

export { mutants, type Mutant } from "./operators.js";
export { judge, type FactsTable, type JudgeBounds } from "./oracle.js";
export { factsFor, prng, FACTS_LIMIT } from "./facts.js";
export { parts, replaceExpr, type Part } from "./parts.js";
export { firstDifference, sampleInputs, type Sample } from "./differ.js";

/** What happened to one mutant. */
export interface MutantResult {
  readonly id: string;
  readonly change: string;
  readonly span: Span;
  /** `killed` with the claim that caught it, `survived`, or `equivalent` with the spec's reason. */
  readonly status: "killed" | "survived" | "equivalent";
  /** The kill's reason; for a survivor, the first input where it behaves differently ("" if none). */
  readonly detail: string;
}

export interface ModuleScore {
  readonly module: string;
  /** Why the unmutated module already fails its own claims, or null. Then nothing is scored. */
  readonly baseline: string | null;
  readonly results: readonly MutantResult[];
  readonly killed: number;
  /** Mutants scored: all but the equivalent ones. */
  readonly scored: number;
  /** Warnings about the judging itself (facts left out). */
  readonly warnings: readonly string[];
  /** Declared equivalent mutants whose id no longer names a mutant. */
  readonly staleEquivalent: readonly string[];
  readonly elapsedMs: number;
}

/** Exploration bounds while judging mutants: most kills happen in a few steps. */
export const DEFAULT_BOUNDS: JudgeBounds = { depth: 12, maxStates: 20_000 };

/**
 * The facts each decision law of the module is judged on. Facts on which the ORIGINAL law
 * cannot even be evaluated (an arithmetic result past the safe integers, say) are left out and
 * counted: judging mutants on them would kill every mutant for the spec's own reason.
 */
export function factsTable(prog: Program, module: Module): { table: FactsTable; skipped: string[] } {
  const table = new Map<string, readonly Value[]>();
  const skipped: string[] = [];
  for (const law of module.laws) {
    if (law.body.kind !== "decision") continue;
    const usable: Value[] = [];
    let first: string | null = null;
    let dropped = 0;
    for (const f of factsFor(prog, law.body.decision)) {
      try {
        checkLaw(prog, law, { f });
        usable.push(f);
      } catch (e) {
        if (!(e instanceof InterpretError)) throw e;
        dropped++;
        first ??= `${showValue(f)}: ${e.message}`;
      }
    }
    if (dropped > 0) skipped.push(`${law.name} cannot be evaluated on ${dropped} facts record(s), left out; first: ${first}`);
    table.set(law.name, usable);
  }
  return { table, skipped };
}

function withModule(prog: Program, m: Module): Program {
  return { modules: prog.modules.map((x) => (x.name === m.name ? m : x)) };
}

/** Score one module: every mutant judged, unless the original already fails. */
export function mutateModule(prog: Program, module: Module, bounds: JudgeBounds = DEFAULT_BOUNDS): ModuleScore {
  const started = performance.now();
  const { table: facts, skipped } = factsTable(prog, module);
  const all: Mutant[] = mutants(prog, module);
  const equivalent = new Map(module.equivalent.map((e) => [e.mutant, e.reason]));
  const staleEquivalent = [...equivalent.keys()].filter((id) => !all.some((m) => m.id === id));
  const baseline = judge(prog, module.name, facts, bounds);
  const results: MutantResult[] = [];
  let sample: Sample | undefined;
  if (baseline === null) {
    for (const m of all) {
      const base = { id: m.id, change: m.change, span: m.span };
      const reason = equivalent.get(m.id);
      if (reason !== undefined) {
        results.push({ ...base, status: "equivalent", detail: reason });
        continue;
      }
      const mutated = withModule(prog, m.apply(module));
      const why = judge(mutated, module.name, facts, bounds);
      if (why !== null) results.push({ ...base, status: "killed", detail: why });
      else {
        sample ??= sampleInputs(prog, module, bounds);
        results.push({ ...base, status: "survived", detail: firstDifference(prog, mutated, sample) ?? "" });
      }
    }
  }
  const killed = results.filter((r) => r.status === "killed").length;
  const scored = results.filter((r) => r.status !== "equivalent").length;
  return { module: module.name, baseline, results, killed, scored, warnings: skipped, staleEquivalent, elapsedMs: performance.now() - started };
}

/**
 * The report of one module: the score, then the survivors with their spec line, split into
 * those that behave differently somewhere (a law gap: no law notices) and those that never
 * did on the judged inputs (likely equivalent: declare them, or widen the domains).
 */
export function showScore(s: ModuleScore, verbose = false): string[] {
  if (s.baseline !== null) return [`${s.module}: not scored, the unmutated module fails its own claims: ${s.baseline}`];
  const pct = s.scored === 0 ? 100 : (100 * s.killed) / s.scored;
  const of = (st: MutantResult["status"]): MutantResult[] => s.results.filter((r) => r.status === st);
  const survivors = of("survived");
  const gaps = survivors.filter((r) => r.detail !== "");
  const same = survivors.filter((r) => r.detail === "");
  const eq = of("equivalent");
  const lines = [`${s.module}: score ${s.killed}/${s.scored} mutants killed (${pct.toFixed(1)}%)${eq.length ? `, ${eq.length} declared equivalent` : ""}, ${(s.elapsedMs / 1000).toFixed(1)} s`];
  for (const w of s.warnings) lines.push(`  warning: ${w}`);
  const at = (r: MutantResult): string => `${r.span.file}:${r.span.line}`;
  if (gaps.length) lines.push(`  ${gaps.length} survivor(s) behave differently and no law notices (law gaps):`);
  for (const r of gaps) lines.push(`    ${r.id}  (${at(r)})`, `        ${r.change}`, `        differs: ${r.detail}`);
  if (same.length) lines.push(`  ${same.length} survivor(s) never behave differently on the judged inputs (likely equivalent):`);
  for (const r of same) lines.push(`    ${r.id}  (${at(r)})`, `        ${r.change}`);
  for (const r of eq) lines.push(`  equivalent ${r.id}  (${at(r)}): ${r.detail}`);
  if (verbose) for (const r of of("killed")) lines.push(`  killed ${r.id}: ${r.detail}`);
  for (const id of s.staleEquivalent) lines.push(`  warning: equivalent mutant '${id}' is not a mutant of this module (stale id?)`);
  return lines;
}
