// Benchmark: the explorer's speed and memory on every explored machine of spec/ (and the
// launcher's quiesce protocol with WORKERS = 4 explored to completion): distinct states per
// second (median of 3 runs) and bytes per state of the visited set (fingerprints and parent
// pointers); with `node --expose-gc` also the heap growth per state (else GC noise hides it).

import { join } from "node:path";
import { compileSpecs } from "../generator/check/index.js";
import { exploreMachine, withWorkers } from "../generator/explore/index.js";
import type { Explore, Program } from "../generator/ir/module.js";
import { median } from "./median.js";

const root = join(import.meta.dirname, "..");


function measure(prog: Program, x: Explore, depth: number, label: string): string {
  const rates: number[] = [];
  let states = 0;
  let setBytes = 0;
  let heapPerState = 0;
  const gc = (globalThis as { gc?: () => void }).gc;
  for (let i = 0; i < 3; i++) {
    gc?.();
    const heap = process.memoryUsage().heapUsed;
    const r = exploreMachine(prog, x, { depth });
    const grown = process.memoryUsage().heapUsed - heap;
    rates.push((r.states * 1000) / Math.max(1e-3, r.elapsedMs));
    states = r.states;
    setBytes = r.bytes / r.states;
    heapPerState = Math.max(0, grown) / r.states;
  }
  const heap = gc ? `, heap growth ${Math.round(heapPerState)} bytes/state` : "";
  return `${label}: ${states} states at depth ${depth}, ${Math.round(median(rates))} states/s, visited set ${Math.round(setBytes)} bytes/state${heap}`;
}

export async function benchExplore(): Promise<string> {
  const compiled = compileSpecs(root);
  if (!compiled.ok) throw new Error("spec/ does not compile; run `statute gen` for the diagnostics");
  const prog = compiled.program;
  const lines: string[] = [];
  for (const m of prog.modules) for (const x of m.explore) lines.push(measure(prog, x, x.depth, `explore ${m.name}.${x.machine.name}`));
  const four = withWorkers(prog, 4);
  const quiesce = four?.modules.find((m) => m.name === "launcher")?.explore[0];
  if (four && quiesce) lines.push(measure(four, quiesce, 64, "explore launcher.Quiesce, WORKERS = 4, to completion"));
  return lines.join("\n");
}
