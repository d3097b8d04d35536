// Benchmark: what a daemon pays at start to validate its wire, each a cold process on the
// compiled runtime (dist/), as ratios of medians against a bare `node -e ''` timed in the same
// loop: ajv compiling every generated schema's `$defs` entry at run time, against importing the
// precompiled validators (generated/validate, ajv standalone code). Each side checks one message
// against every entry, so every validator exists once.

import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { median } from "./median.js";

const root = join(import.meta.dirname, "..");
const wireJs = pathToFileURL(join(root, "dist", "runtime", "wire.js")).href;
const schemasJs = pathToFileURL(join(root, "dist", "runtime", "schemas.js")).href;
const schemaDir = join(root, "generated", "schema");
const validateDir = join(root, "generated", "validate");

const compiling = `
import { createWire } from ${JSON.stringify(wireJs)};
import { loadSchemas } from ${JSON.stringify(schemasJs)};
const schemas = loadSchemas(${JSON.stringify(schemaDir)});
const wire = createWire({ schemas });
let n = 0;
for (const [m, doc] of Object.entries(schemas)) for (const name of Object.keys(doc.$defs)) if (!wire.decode(m, name, "{}").ok) n++;
process.stdout.write(String(n));`;

const precompiled = `
import { readdirSync } from "node:fs";
import { createWire } from ${JSON.stringify(wireJs)};
const validators = {};
for (const f of readdirSync(${JSON.stringify(validateDir)}).filter((x) => x.endsWith(".mjs"))) validators[f.slice(0, -4)] = await import(${JSON.stringify(pathToFileURL(validateDir).href)} + "/" + f);
const wire = createWire({ validators });
let n = 0;
for (const [m, v] of Object.entries(validators)) for (const name of Object.keys(v)) if (!wire.decode(m, name, "{}").ok) n++;
process.stdout.write(String(n));`;

function time(args: readonly string[]): { ms: number; out: string } {
  const start = process.hrtime.bigint();
  const r = spawnSync(process.execPath, args, { cwd: root, encoding: "utf8" });
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  if (r.status !== 0) throw new Error(`node ${args.join(" ").slice(0, 80)} exited ${r.status}: ${r.stderr}`);
  return { ms, out: r.stdout };
}

export async function benchWireStart(runs = 5): Promise<string> {
  const bare: number[] = [];
  const a: number[] = [];
  const b: number[] = [];
  let refused = "";
  for (let i = 0; i < runs; i++) {
    bare.push(time(["-e", ""]).ms);
    const x = time(["--input-type=module", "-e", compiling]);
    const y = time(["--input-type=module", "-e", precompiled]);
    if (x.out !== y.out) throw new Error(`the two wires refused different counts: ${x.out} vs ${y.out}`);
    refused = x.out;
    a.push(x.ms);
    b.push(y.ms);
  }
  const base = median(bare);
  return [
    `wire start (every $defs entry checks one message, ${refused} refused alike on both sides; median of ${runs}; bare node ${base.toFixed(0)} ms):`,
    `  ajv compiling the schemas at run time: ${median(a).toFixed(0)} ms = ${(median(a) / base).toFixed(1)}x bare node`,
    `  precompiled validators (generated/validate): ${median(b).toFixed(0)} ms = ${(median(b) / base).toFixed(1)}x bare node`,
  ].join("\n");
}
