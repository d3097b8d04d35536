// Mutate stage entry: the law-strength score of a module. Every mutant of its IR (operators.ts)
// is judged on the interpreter (oracle.ts): by the module's LAWS alone, and by laws and
// examples; both scores are reported, and the laws alone must pin the behaviour. Mutants the
// spec declares `equivalent` are left out of the score only after the tool has verified that
// they behave like the original on every explored state and judged facts record. The original's
// sweep also tells which laws are vacuous (a premise nothing meets) and, from the mutants, which
// mutants each law alone kills (a law that kills none alone is redundant). Pure apart from the
// clock; the CLI prints the report.

import type { Module, Program } from "../ir/module.js";
import type { Span } from "../ir/types.js";
import { checkLaw } from "../interpret/law.js";
import { InterpretError, type Value } from "../interpret/value.js";
import { showValue } from "../explore/show.js";
import { withParams } from "../explore/params.js";
import { instanceName } from "../check/params.js";
import { firstDifference, sampleInputs, type Sample } from "./differ.js";
import { factsFor } from "./facts.js";
import { anyKill, judgeAll, lawsKill, reason, type FactsTable, type Judgement, type JudgeBounds } from "./oracle.js";
import { mutants, type Mutant } from "./operators.js";
import { premises } from "./premises.js";
import { sweep, type SweepResult } from "./sweep.js";

export { mutants, type Mutant } from "./operators.js";
export { judge, judgeAll, type FactsTable, type JudgeBounds, type Judgement } from "./oracle.js";
export { factsFor, prng, FACTS_LIMIT } from "./facts.js";
export { parts, replaceExpr, type Part } from "./parts.js";
export { firstDifference, sampleInputs, type Sample } from "./differ.js";
export { premises, type Premise } from "./premises.js";

/** What happened to one mutant. */
export interface MutantResult {
  readonly id: string;
  readonly change: string;
  readonly span: Span;
  /**
   * `killed` by the laws (with or without the examples), `survived` the laws but killed by the
   * examples (`byExamples`), `survived` both, or `equivalent` (declared and verified).
   */
  readonly status: "killed" | "survived" | "equivalent";
  /** Killed by the examples (or by laws on the examples' steps) when the laws let it through. */
  readonly byExamples: boolean;
  /** The laws that fail on this mutant, sorted (the judge stops looking once two have failed). */
  readonly laws: readonly string[];
  /** The kill's reason; for a survivor, the first input where it behaves differently ("" if none). */
  readonly detail: string;
}

/** Vacuity and exclusive kills of one law. */
export interface LawStrength {
  readonly law: string;
  readonly kind: string;
  /** Premises no explored state or judged facts record met (the law never reached: "never evaluated"). */
  readonly unmet: readonly string[];
  /** The spec's reason for accepting an unmet premise, or "". */
  readonly accepted: string;
  /** Mutants killed by this law and by no other. */
  readonly only: readonly string[];
}

export interface ModuleScore {
  readonly module: string;
  /** The parameter instances the mutants were judged at (the defaults first; a survivor there is judged at the others). */
  readonly instances: readonly string[];
  /** Why the unmutated module already fails its own claims, or null. Then nothing is scored. */
  readonly baseline: string | null;
  readonly results: readonly MutantResult[];
  /** Mutants killed by the laws alone. */
  readonly killedByLaws: number;
  /** Mutants killed by laws or examples. */
  readonly killed: number;
  /** Mutants scored: all but the verified equivalent ones. */
  readonly scored: number;
  /** Warnings about the judging itself (facts left out). */
  readonly warnings: readonly string[];
  /** Declared equivalent mutants whose id no longer names a mutant. */
  readonly staleEquivalent: readonly string[];
  /** Declared equivalent mutants that behave differently: the declaration is wrong. */
  readonly falseEquivalent: readonly { readonly id: string; readonly difference: string }[];
  /** Per law of a checked kind (machine and decision laws), in declaration order. */
  readonly laws: readonly LawStrength[];
  readonly elapsedMs: number;
}

/** Judge on exactly what `statute explore` searches (no other limit). */
export const EXPLORE_BOUNDS: JudgeBounds = {};

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

/**
 * A declared equivalent's mutant id, where `*` stands for any run of characters, so one
 * declaration covers a family (every literal inside one unreachable fallback, say); each mutant
 * it covers is still verified on its own.
 */
export function idPattern(pattern: string): (id: string) => boolean {
  if (!pattern.includes("*")) return (id) => id === pattern;
  const re = new RegExp(`^${pattern.split("*").map((p) => p.replace(/[.+?^${}()|[\]\\]/g, "\\$&")).join(".*")}$`);
  return (id) => re.test(id);
}

const CHECKED = new Set(["invariant", "step", "decision", "variant", "progress"]);

/** Vacuity from the original's sweep, exclusive kills from the mutants' judgements. */
function lawStrength(module: Module, swept: SweepResult, results: readonly MutantResult[]): LawStrength[] {
  return module.laws
    .filter((l) => CHECKED.has(l.body.kind))
    .map((l) => {
      const unmet = swept.reached.has(l.name) ? premises(l).filter((p) => !swept.met.has(p.id)).map((p) => p.text) : ["never evaluated"];
      const only = results.filter((r) => r.laws.length === 1 && r.laws[0] === l.name).map((r) => r.id);
      return { law: l.name, kind: l.body.kind, unmet, accepted: l.vacuous, only };
    });
}

function judged(base: Pick<MutantResult, "id" | "change" | "span">, j: Judgement, survivorDetail: () => string): MutantResult {
  const byLaws = lawsKill(j);
  if (byLaws) return { ...base, status: "killed", byExamples: false, laws: j.laws, detail: reason(j) ?? "" };
  return { ...base, status: "survived", byExamples: anyKill(j), laws: [], detail: j.example ?? survivorDetail() };
}

/** One other instance of the module's parameters, as the mutants are judged there. */
interface Other {
  readonly name: string;
  readonly prog: Program;
  readonly module: Module;
  readonly facts: FactsTable;
  /** Why the original fails there, or null. */
  readonly baseline: string | null;
  readonly mutants: ReadonlyMap<string, Mutant>;
}

/** The spec's instances besides the defaults, each with its judge's inputs and the original's verdict there. */
function otherInstances(prog: Program, module: Module, bounds: JudgeBounds): Other[] {
  return module.instances.flatMap((values) => {
    if (Object.keys(values).length === 0) return [];
    const bound = withParams(prog, new Map(Object.entries(values)));
    if ("message" in bound) return [];
    const m = bound.program.modules.find((x) => x.name === module.name) as Module;
    const { table: facts } = factsTable({ modules: bound.program.modules.map((x) => ({ ...x, examples: [] })) }, m);
    const baseline = reason(judgeAll(bound.program, m.name, facts, bounds));
    return [{ name: instanceName(values), prog: bound.program, module: m, facts, baseline, mutants: new Map(mutants(bound.program, m).map((x) => [x.id, x])) }];
  });
}

/** The mutant (by id) killed by the laws at one of the other instances, or null. */
function killedElsewhere(others: readonly Other[], id: string, base: Pick<MutantResult, "id" | "change" | "span">, bounds: JudgeBounds): MutantResult | null {
  for (const o of others) {
    const m = o.mutants.get(id);
    if (m === undefined || o.baseline !== null) continue;
    const j = judgeAll(withModule(o.prog, m.apply(o.module)), o.module.name, o.facts, bounds);
    if (lawsKill(j)) return { ...base, status: "killed", byExamples: false, laws: j.laws, detail: `at ${o.name}: ${reason(j) ?? ""}` };
  }
  return null;
}

/** Score one module: every mutant judged, unless the original already fails. */
export function mutateModule(prog: Program, module: Module, bounds: JudgeBounds = EXPLORE_BOUNDS): ModuleScore {
  const started = performance.now();
  // The laws are judged on facts drawn from types and constants alone, never from the examples.
  const { table: facts, skipped } = factsTable({ modules: prog.modules.map((m) => ({ ...m, examples: [] })) }, module);
  const all: Mutant[] = mutants(prog, module);
  const declared = module.equivalent.map((e) => ({ ...e, matches: idPattern(e.mutant) }));
  const staleEquivalent = declared.filter((e) => !all.some((m) => e.matches(m.id))).map((e) => e.mutant);
  const swept = sweep(prog, module, facts, bounds, true);
  const baseline = reason(judgeAll(prog, module.name, facts, bounds, swept));
  const results: MutantResult[] = [];
  const falseEquivalent: { id: string; difference: string }[] = [];
  let sampled: Sample | undefined;
  const sample = (): Sample => (sampled ??= sampleInputs(prog, module, bounds));
  let instances: Other[] | undefined;
  const others = (): Other[] => (instances ??= otherInstances(prog, module, bounds));
  if (baseline === null) {
    for (const m of all) {
      const base = { id: m.id, change: m.change, span: m.span };
      const mutated = withModule(prog, m.apply(module));
      const why = declared.find((e) => e.matches(m.id))?.reason;
      if (why !== undefined) {
        const difference = firstDifference(prog, mutated, sample());
        if (difference === null) {
          results.push({ ...base, status: "equivalent", byExamples: false, laws: [], detail: why });
          continue;
        }
        falseEquivalent.push({ id: m.id, difference });
      }
      const j = judgeAll(mutated, module.name, facts, bounds);
      const r = judged(base, j, () => firstDifference(prog, mutated, sample()) ?? "");
      // A survivor at the defaults is judged at the spec's other instances too: the laws speak of
      // every parameter value, so a mutant that breaks one at WORKERS = 4 is killed by them.
      results.push(r.status === "survived" ? (killedElsewhere(others(), m.id, base, bounds) ?? r) : r);
    }
  }
  const instanceFaults = baseline === null ? (instances ?? []).flatMap((o) => (o.baseline === null ? [] : [`at ${o.name}: ${o.baseline}`])) : [];
  const killedByLaws = results.filter((r) => r.status === "killed").length;
  const killed = killedByLaws + results.filter((r) => r.byExamples).length;
  const scored = results.filter((r) => r.status !== "equivalent").length;
  return {
    module: module.name,
    baseline: baseline ?? (instanceFaults.length > 0 ? instanceFaults.join("; ") : null),
    instances: module.instances.map(instanceName),
    results,
    killedByLaws,
    killed,
    scored,
    warnings: skipped,
    staleEquivalent,
    falseEquivalent,
    laws: lawStrength(module, swept, results),
    elapsedMs: performance.now() - started,
  };
}

const pct = (k: number, n: number): string => (n === 0 ? "100.0" : ((100 * k) / n).toFixed(1));

/** Laws-only score in percent. */
export const lawsOnlyPercent = (s: ModuleScore): number => (s.scored === 0 ? 100 : (100 * s.killedByLaws) / s.scored);

/** Laws whose premises are unmet without a reason the spec accepts. */
export const vacuous = (s: ModuleScore): readonly LawStrength[] => s.laws.filter((l) => l.unmet.length > 0 && l.accepted === "");

/** What fails the build: the baseline, a false equivalent, a vacuous law. */
export function failures(s: ModuleScore): string[] {
  const out: string[] = [];
  if (s.baseline !== null) out.push(`${s.module}: the unmutated module fails its own claims`);
  for (const f of s.falseEquivalent) out.push(`${s.module}: '${f.id}' is declared equivalent but differs: ${f.difference}`);
  for (const l of vacuous(s)) out.push(`${s.module}: law ${l.law} is vacuous: nothing explored or judged meets ${l.unmet.join("; ")} (mark it with vacuous: <reason> if that is intended)`);
  return out;
}

/**
 * The report of one module: both scores, then the survivors of the laws with their spec line,
 * split into those that behave differently somewhere (a law gap: no law notices; marked when
 * only an example catches them) and those that never did on the judged inputs (likely
 * equivalent: declare them, or widen the domains); wrong equivalents, vacuous and redundant laws.
 */
export function showScore(s: ModuleScore, verbose = false): string[] {
  if (s.baseline !== null) return [`${s.module}: not scored, the unmutated module fails its own claims: ${s.baseline}`];
  const of = (st: MutantResult["status"]): MutantResult[] => s.results.filter((r) => r.status === st);
  const survivors = of("survived");
  const gaps = survivors.filter((r) => r.detail !== "");
  const same = survivors.filter((r) => r.detail === "");
  const eq = of("equivalent");
  const lines = [
    `${s.module}: laws + examples ${s.killed}/${s.scored} (${pct(s.killed, s.scored)}%), laws only ${s.killedByLaws}/${s.scored} (${pct(s.killedByLaws, s.scored)}%)` +
      `${eq.length ? `, ${eq.length} verified equivalent` : ""}, ${(s.elapsedMs / 1000).toFixed(1)} s`,
  ];
  if (s.instances.length > 1) {
    const elsewhere = s.results.filter((r) => r.status === "killed" && r.detail.startsWith("at ")).length;
    lines.push(`  judged at ${s.instances.join("; ")} (${elsewhere} mutant(s) killed only at another instance than the defaults)`);
  }
  for (const w of s.warnings) lines.push(`  warning: ${w}`);
  const at = (r: MutantResult): string => `${r.span.file}:${r.span.line}`;
  if (gaps.length) lines.push(`  ${gaps.length} survivor(s) of the laws behave differently (law gaps):`);
  for (const r of gaps) lines.push(`    ${r.id}  (${at(r)})${r.byExamples ? "  [only an example catches it]" : ""}`, `        ${r.change}`, `        differs: ${r.detail}`);
  if (same.length) lines.push(`  ${same.length} survivor(s) never behave differently on the judged inputs (likely equivalent):`);
  for (const r of same) lines.push(`    ${r.id}  (${at(r)})`, `        ${r.change}`);
  for (const r of eq) lines.push(`  equivalent ${r.id}  (${at(r)}): ${r.detail}`);
  for (const f of failures(s)) lines.push(`  error: ${f}`);
  for (const l of s.laws.filter((x) => x.unmet.length > 0 && x.accepted !== "")) lines.push(`  vacuous (accepted) ${l.law}: ${l.accepted}`);
  const redundant = s.laws.filter((l) => l.only.length === 0);
  if (redundant.length) lines.push(`  redundant (kill no mutant alone): ${redundant.map((l) => l.law).join(", ")}`);
  if (verbose) for (const r of of("killed")) lines.push(`  killed ${r.id}: ${r.detail}`);
  for (const id of s.staleEquivalent) lines.push(`  warning: equivalent mutant '${id}' is not a mutant of this module (stale id?)`);
  return lines;
}
