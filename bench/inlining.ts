// Benchmark: what `statute explore`'s raised inlining budget (generator/explore/compile/
// inlining.ts) is worth, in one process. Machines compiled and warmed up under V8's default
// budget, before the explore bench raises it, against fresh compiles of the same machines after:
// alternating samples of states/s, the median of the pairs' ratios. The search's code around the
// loop, which every machine shares, was optimised under the default budget for both, so the
// figure understates the gain a fresh `statute explore` process sees.

import { compileSpecs } from "../generator/check/index.js";
import { exploreMachine, withParams, type ExploreOptions } from "../generator/explore/index.js";
import type { Explore, Program } from "../generator/ir/module.js";
import { median } from "./median.js";

/** The machines compared: two bench specs and launcher (its step laws make a larger loop). */
const CASES: readonly (readonly [string, string | null, number])[] = [
  ["rollout_panel", null, 0],
  ["lock_clients", null, 0],
  ["launcher", "WORKERS", 3],
];

interface Case {
  readonly label: string;
  readonly prog: Program;
  readonly x: Explore;
  readonly opts: ExploreOptions;
}

function cases(root: string, files: readonly string[]): Case[] {
  const compiled = compileSpecs(root, files);
  if (!compiled.ok) throw new Error("the specs do not compile");
  return CASES.flatMap(([module, param, n]) => {
    const r = param === null ? { program: compiled.program } : withParams(compiled.program, new Map([[param, n]]));
    if (!("program" in r)) return [];
    const x = r.program.modules.find((m) => m.name === module)?.explore[0];
    if (x === undefined) return [];
    return [{ label: param === null ? module : `${module} ${param} = ${n}`, prog: r.program, x, opts: { depth: module === "launcher" ? 64 : x.depth, symmetry: false, threads: 1 } }];
  });
}

/** States/s over searches repeated for at least `ms` milliseconds. */
function sample(c: Case, ms: number): number {
  let states = 0;
  let spent = 0;
  do {
    const r = exploreMachine(c.prog, c.x, c.opts);
    states += r.states;
    spent += r.elapsedMs;
  } while (spent < ms);
  return (states * 1000) / spent;
}

/**
 * Call before the budget is raised: compiles the machines and warms them up (V8 optimises them
 * under its default budget). The returned function, called after, compiles the same machines
 * afresh and gives the comparison line.
 */
export function underDefaultBudget(root: string, files: readonly string[]): () => string {
  const before = cases(root, files);
  for (const c of before) for (let i = 0; i < 10; i++) sample(c, 100);
  return () => {
    const after = cases(root, files);
    const parts = before.map((b, k) => {
      const a = after[k] as Case;
      for (let i = 0; i < 10; i++) sample(a, 100);
      const ratios: number[] = [];
      for (let i = 0; i < 9; i++) {
        // Which goes first alternates, so a drift of the host's speed within a pair cancels.
        const plainFirst = i % 2 === 1 ? sample(b, 150) : 0;
        const raised = sample(a, 150);
        const plain = i % 2 === 1 ? plainFirst : sample(b, 150);
        ratios.push(raised / plain);
      }
      return `${b.label} ${median(ratios).toFixed(2)}x`;
    });
    return `inlining budget (states/s with statute explore's budget against V8's default, in this process, medians of 9 alternating pairs; understated, see bench/inlining.ts): ${parts.join(", ")}`;
  };
}
