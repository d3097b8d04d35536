// Conformance stage (test support): properties over random facts records of one decision. The
// generated decision answers each record; a check judges the answer. On failure the shrunk
// facts are printed as a spec example whose verdict is the interpreter's.

import fc from "fast-check";
import { factsArb } from "../arbitrary/index.js";
import { decide } from "../interpret/decision.js";
import type { Value } from "../interpret/value.js";
import type { Decision } from "../ir/module.js";
import { type Decided, type SuiteContext, isOutOfRange } from "./context.js";
import { counterexampleDoc, counterexampleName, exampleYaml } from "./printer.js";

export type FactsCheck = (f: Value, answer: Decided) => string | null;

const text = (e: unknown): string => (e instanceof Error ? `${e.name}: ${e.message}` : String(e));

/** null when the check holds on `f`; out-of-range inputs count as holding (and are counted). */
function judge(ctx: SuiteContext, d: Decision, f: Value, check: FactsCheck): string | null {
  try {
    return check(f, ctx.decide(d.name, f));
  } catch (e) {
    if (isOutOfRange(e)) {
      ctx.outOfRange++;
      return null;
    }
    return `threw ${text(e)}`;
  }
}

function counterexample(ctx: SuiteContext, d: Decision, title: string, f: Value, reason: string): string {
  let verdict: Value = null;
  let note = "";
  try {
    verdict = decide(ctx.program, { module: ctx.module.name, name: d.name }, f).verdict;
  } catch (e) {
    note = `\n  (the interpreter fails on these facts too: ${text(e)})`;
  }
  const yaml = exampleYaml(ctx.program, {
    name: counterexampleName(title),
    doc: counterexampleDoc(`${title} fails: ${reason}`),
    decision: { module: ctx.module.name, name: d.name },
    factsType: d.facts,
    verdictType: d.verdict,
    facts: f,
    verdict,
  });
  return `${yaml}${note}`;
}

/** `title` holds for every random facts record of `d`; else an Error with a pasteable example. */
export function factsProperty(ctx: SuiteContext, d: Decision, title: string, check: FactsCheck): void {
  const seed = ctx.seedFor(title);
  const arb = factsArb(ctx.arb, ctx.module.name, d);
  const details = fc.check(
    fc.property(arb, (f) => {
      const reason = judge(ctx, d, f, check);
      if (reason !== null) throw new Error(reason);
    }),
    { numRuns: ctx.settings.runs, seed },
  );
  if (!details.failed) return;
  const f = details.counterexample?.[0];
  if (f === undefined) throw new Error(`${title}: failed (seed ${seed}): ${text(details.errorInstance)}`);
  const reason = judge(ctx, d, f, check) ?? text(details.errorInstance);
  throw new Error(
    `${ctx.module.name}: ${title} fails on random facts (seed ${seed}, ${details.numRuns} runs): ${reason}\n` +
      `The shrunk counterexample, with the verdict the interpreter expects, as a spec example:\n\n` +
      `${counterexample(ctx, d, title, f, reason)}\n`,
  );
}

/** Decides up to `budget` more random facts records until `done()`; returns how many it ran. */
export function searchFacts(ctx: SuiteContext, d: Decision, budget: number, done: () => boolean): number {
  const batch = 100;
  let ran = 0;
  for (let round = 0; ran < budget && !done(); round++) {
    for (const f of fc.sample(factsArb(ctx.arb, ctx.module.name, d), { numRuns: batch, seed: ctx.seedFor(`search ${d.name} ${round}`) })) {
      try {
        ctx.decide(d.name, f);
      } catch {
        // A throwing decision is another check's business; the search only counts rules.
      }
    }
    ran += batch;
  }
  return ran;
}
