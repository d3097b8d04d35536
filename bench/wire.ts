// Benchmark: the cost of the runtime wire per message, one decode (JSON text through ajv) +
// the generated decision + encode, as a ratio against a bare JSON.parse + JSON.stringify of the
// same message in the same process. One line per decision of every module that has an example
// (the first example's facts are the message); medians of several timed runs.

import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { compileSpecs } from "../generator/check/index.js";
import { evalExpr } from "../generator/interpret/index.js";
import { createWire, loadSchemas, type GeneratedModel } from "../runtime/index.js";
import { median } from "./median.js";

const root = join(import.meta.dirname, "..");
const RUNS = 7;
const ITERATIONS = 20_000;


/** Nanoseconds per call of `a` and of `b`: medians over RUNS interleaved runs (so drift hits both). */
function timePair(a: () => unknown, b: () => unknown): [number, number] {
  for (let i = 0; i < 5_000; i++) {
    a();
    b();
  } // warm up (JIT, ajv's compiled validator)
  const ta: number[] = [];
  const tb: number[] = [];
  const once = (f: () => unknown): number => {
    const t0 = process.hrtime.bigint();
    for (let i = 0; i < ITERATIONS; i++) f();
    return Number(process.hrtime.bigint() - t0) / ITERATIONS;
  };
  for (let r = 0; r < RUNS; r++) {
    ta.push(once(a));
    tb.push(once(b));
  }
  return [median(ta), median(tb)];
}

export async function benchWire(): Promise<string> {
  const compiled = compileSpecs(root);
  if (!compiled.ok) return "wire: spec/*.yaml does not compile; nothing measured";
  const schemas = loadSchemas(join(root, "generated", "schema"));
  const wire = createWire({ schemas });
  const lines = [
    `message: decode + decide + encode through runtime/wire.ts vs JSON.parse + JSON.stringify (median of ${RUNS} x ${ITERATIONS})`,
    "(the bare side re-encodes the whole facts, the wire only the verdict: large facts may come out below 1x)",
  ];
  for (const m of compiled.program.modules) {
    // A module a parameter reaches exports its decisions from instance(): bound to the defaults.
    const mod = (await import(pathToFileURL(join(root, "generated", "ts", `${m.name}.ts`)).href)) as GeneratedModel & { instance?: () => GeneratedModel };
    const gen = mod.instance?.() ?? mod;
    for (const d of m.decisions) {
      const ex = m.examples.find((e) => e.body.kind === "decision" && e.body.decision.name === d.name);
      if (ex === undefined || ex.body.kind !== "decision") continue;
      const text = JSON.stringify(evalExpr(ex.body.facts, new Map(), compiled.program));
      let sink = 0;
      const [bare, viaWire] = timePair(
        () => (sink += JSON.stringify(JSON.parse(text)).length),
        () => {
          const r = wire.decide(m.name, gen, d.name, text);
          sink += r.ok ? wire.encode(r.value).length : 0;
        },
      );
      if (sink < 0) lines.push("unreachable"); // keeps the work observable
      lines.push(`${m.name}.${d.name}: ${viaWire.toFixed(0)} ns vs ${bare.toFixed(0)} ns bare, ratio ${(viaWire / bare).toFixed(2)}x (${text.length} bytes)`);
    }
  }
  return lines.join("\n");
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  process.stdout.write(`${await benchWire()}\n`);
}
