// The spec fuzzer (issue #12): mutants of the real specs (spec-mutants.ts) compiled in process.
// The property: clean positioned diagnostics or an accepted program whose every target renders;
// never an exception out of the compiler, and generated/ untouched. CI runs a few hundred cases;
// `STATUTE_RUNS=10000 npx vitest run test/fuzz/spec-fuzz.test.ts` soaks (and prints the figures:
// cases, accepted, rejected, internal errors, slowest case, cases over the time bound).
// Time is reported, never asserted (no timed assertions in tests).

import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { compileSpecs } from "../../generator/check/index.js";
import { catalogue } from "../../generator/diagnostics/catalogue.js";
import { formatDiagnostics } from "../../generator/diagnostics/format.js";
import { emitAll } from "../../generator/emit/index.js";
import { mutate } from "./spec-mutants.js";

const repo = join(import.meta.dirname, "..", "..");
const RUNS = Number(process.env["STATUTE_RUNS"] ?? 300);
const SEED = Number(process.env["STATUTE_SEED"] ?? 1);
/** A case slower than this is counted (and listed) as over the time bound; never asserted. */
const BOUND_MS = 10_000;

function treeHash(dir: string): string {
  const h = createHash("sha256");
  const walk = (d: string): void => {
    for (const name of readdirSync(d).sort()) {
      const full = join(d, name);
      if (statSync(full).isDirectory()) walk(full);
      else h.update(name).update(readFileSync(full));
    }
  };
  walk(dir);
  return h.digest("hex");
}

const original = compileSpecs(repo);
if (!original.ok) throw new Error("spec/ does not compile");
const modules = original.program.modules;
const texts = new Map(modules.map((m) => [m.name, readFileSync(join(repo, "spec", `${m.name}.yaml`), "utf8")]));
/** Each module with the modules it imports, transitively: the files one case compiles. */
const closure = (name: string, seen = new Set<string>()): Set<string> => {
  if (seen.has(name)) return seen;
  seen.add(name);
  for (const d of modules.find((m) => m.name === name)?.imports ?? []) closure(d, seen);
  return seen;
};

interface Failure {
  readonly seed: number;
  readonly module: string;
  readonly ops: readonly string[];
  readonly what: string;
}

describe(`spec fuzzer: ${RUNS} mutants of spec/ from seed ${SEED}`, () => {
  it("every mutant gets positioned diagnostics or renders every target; nothing throws; generated/ untouched", () => {
    const before = treeHash(join(repo, "generated"));
    const root = mkdtempSync(join(tmpdir(), "statute-fuzz-"));
    mkdirSync(join(root, "spec"));
    for (const [name, text] of texts) writeFileSync(join(root, "spec", `${name}.yaml`), text);
    const failures: Failure[] = [];
    const slow: string[] = [];
    let accepted = 0;
    let rejected = 0;
    let slowest = 0;
    const names = [...texts.keys()].sort();
    for (let i = 0; i < RUNS; i++) {
      const seed = SEED + i;
      const module = names[seed % names.length] as string;
      const m = mutate(texts.get(module) as string, seed);
      const file = `spec/${module}.yaml`;
      writeFileSync(join(root, file), m.text);
      const files = [...closure(module)].sort().map((n) => `spec/${n}.yaml`);
      const t0 = performance.now();
      try {
        const r = compileSpecs(root, files);
        if (r.ok) {
          accepted++;
          const out = emitAll(r.program, {});
          if (out.length === 0) failures.push({ seed, module, ops: m.ops, what: "accepted but nothing rendered" });
        } else {
          rejected++;
          const printed = formatDiagnostics(r.diagnostics, r.texts);
          for (const d of r.diagnostics) {
            const text = r.texts.get(d.file) ?? "";
            if (!(d.id in catalogue) || d.offset < 0 || d.offset > text.length) failures.push({ seed, module, ops: m.ops, what: `bad diagnostic ${JSON.stringify(d).slice(0, 200)}` });
          }
          if (!/^spec\/[a-z_]+\.yaml:\d+:\d+: error STA\d{4}: /.test(printed)) failures.push({ seed, module, ops: m.ops, what: `unpositioned: ${printed.slice(0, 200)}` });
          if (printed.length > 2_000 * r.diagnostics.length + 100) failures.push({ seed, module, ops: m.ops, what: `echoes ${printed.length} characters` });
        }
      } catch (e) {
        failures.push({ seed, module, ops: m.ops, what: `internal error: ${e instanceof Error ? `${e.name}: ${e.message}`.slice(0, 300) : String(e)}` });
      }
      const ms = performance.now() - t0;
      slowest = Math.max(slowest, ms);
      if (ms > BOUND_MS) slow.push(`seed ${seed} (${module}, ${m.ops.join("+")}): ${Math.round(ms)} ms`);
      writeFileSync(join(root, file), texts.get(module) as string);
    }
    const summary = `spec fuzzer: ${RUNS} cases from seed ${SEED}: ${accepted} accepted, ${rejected} rejected with diagnostics, ${failures.length} failures, slowest ${Math.round(slowest)} ms, ${slow.length} over ${BOUND_MS} ms`;
    console.log([summary, ...slow].join("\n"));
    expect(failures.slice(0, 5)).toEqual([]);
    expect(treeHash(join(repo, "generated"))).toBe(before);
    // Both outcomes must occur, or the property is vacuous on one side.
    expect(accepted).toBeGreaterThan(0);
    expect(rejected).toBeGreaterThan(0);
  }, Math.max(120_000, RUNS * 5_000));
});
