// CLI `statute eval <spec file> <machine or decision> <JSON>`: ask the GENERATED model a question
// from the shell, through the runtime wire the daemon uses, so the answer (or the refusal) is
// exactly what the daemon would get. A decision takes a facts object; a machine takes a list of
// events run from its initial state. A malformed message prints the JSON pointer of the fault
// and what was expected there, and exits 1. The text is read by the wire's strict reader
// (duplicate keys, number forms, depth, size), the same one the daemon reads messages with.

import { existsSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { loadSchemas } from "../../runtime/schemas.js";
import { type BindableModule, bindInstance, unknownParams } from "../../runtime/instance.js";
import { readJson } from "../../runtime/wire-json.js";
import { createWire, type GeneratedModel, type Validator, type Wire, type WireError } from "../../runtime/wire.js";
import { loadProject, outDirOf, specFilesOf } from "../project/config.js";
import type { Io } from "./gen.js";
import { importGenerated } from "./load-generated.js";
import { parseParams } from "../explore/params.js";

/** The wire over every generated schema (all of them, so cross-module refs resolve). */
export function wireOf(root: string): Wire {
  return createWire({ schemas: loadSchemas(join(outDirOf(root), "schema")) });
}

/**
 * The wire for questions to `module`: its precompiled validators (`<out>/validate/<module>.mjs`,
 * cross-module refs inlined) when the project generates them, so nothing is compiled; else ajv
 * over every generated schema.
 */
async function wireFor(root: string, out: string, module: string): Promise<Wire> {
  const file = join(root, out, "validate", `${module}.mjs`);
  if (!existsSync(file)) return wireOf(root);
  const validators = (await import(pathToFileURL(file).href)) as Record<string, Validator>;
  return createWire({ validators: { [module]: validators } });
}

/** `spec/supervise.yaml` -> `supervise`. */
function moduleOf(file: string): string {
  return file.replace(/^.*\//, "").replace(/\.yaml$/, "");
}

function refused(io: Io, e: WireError, pointer: string = e.pointer): number {
  const at = pointer === "" ? '"" (the whole message)' : pointer;
  io.err(`error: malformed input at ${at}: expected ${e.expected}\n  (${e.message})\n`);
  return 1;
}

/**
 * The generated module bound to `--param` values: a module a parameter reaches is made an
 * instance (its `checkParams` refuses a value outside a parameter's range, in words); a name
 * that is no parameter of its code is refused with the ones it has.
 */
function bindGenerated(io: Io, module: string, gen: GeneratedModule, texts: readonly string[]): GeneratedModel | number {
  const params = parseParams(texts);
  if (typeof params === "string") {
    io.err(`error: ${params}\n`);
    return 2;
  }
  const values = Object.fromEntries(params);
  const unknown = unknownParams(gen, values);
  if (unknown.length > 0) {
    const known = Object.keys(gen.DEFAULT_PARAMS ?? {});
    io.err(`error: --param ${unknown[0]}: not a parameter of ${module}'s steps and decisions (${known.length === 0 ? "it has none" : `parameters: ${known.join(", ")}`})\n`);
    return 2;
  }
  try {
    return bindInstance(gen, values);
  } catch (e) {
    io.err(`error: --param: ${(e as Error).message}\n`);
    return 1;
  }
}

/** What the CLI reads of a generated module: its registries, or `instance` and its defaults. */
type GeneratedModule = BindableModule<GeneratedModel> & Partial<GeneratedModel>;

export async function evaluate(root: string, args: readonly string[], io: Io, paramTexts: readonly string[] = []): Promise<number> {
  const [file, name, json] = args;
  if (file === undefined || name === undefined || json === undefined) {
    io.err("usage: statute eval <spec file> <machine or decision> <JSON>\n");
    return 2;
  }
  const project = loadProject(root);
  if (!project.ok) {
    io.err(`error: ${project.message}\n`);
    return 1;
  }
  // A spec file is named for its module (the checker insists), so no spec is compiled here: the
  // question goes to the generated code as it is (`statute gen --check` says whether it is stale).
  const files = specFilesOf(root, project.config);
  const wanted = file.replace(/\\/g, "/").replace(/^\.\//, "");
  const found = files.find((f) => f === wanted || moduleOf(f) === wanted);
  if (found === undefined) {
    io.err(`error: no spec module '${file}'; modules: ${files.join(", ")}\n`);
    return 1;
  }
  const mod = { name: moduleOf(found), file: found };
  const path = join(root, project.config.out, "ts", `${mod.name}.ts`);
  if (!existsSync(path)) {
    io.err(`error: ${project.config.out}/ts/${mod.name}.ts does not exist; run \`statute gen\` first\n`);
    return 1;
  }
  const bound = bindGenerated(io, mod.name, (await importGenerated(path)) as GeneratedModule, paramTexts);
  if (typeof bound === "number") return bound;
  const gen = bound;
  const wire = await wireFor(root, project.config.out, mod.name);
  if (Object.hasOwn(gen.decisions, name)) {
    const r = wire.decide(mod.name, gen, name, json);
    if (!r.ok) return refused(io, r.error);
    io.out(`${JSON.stringify({ verdict: r.value.verdict, rule: r.value.rule }, null, 2)}\n`);
    return 0;
  }
  const machine = gen.machines[name];
  if (machine !== undefined) {
    const read = readJson(json);
    if (!read.ok) {
      const at = read.pointer === "" ? '"" (the whole message)' : read.pointer;
      io.err(`error: malformed input at ${at}: expected ${read.expected}, got ${read.found}\n`);
      return 1;
    }
    const input = read.value;
    if (!Array.isArray(input)) {
      io.err(`error: ${name} is a machine; give a JSON list of events\n`);
      return 1;
    }
    let state = machine.initial();
    const steps: { event: unknown; output: unknown; rule: string }[] = [];
    for (const [i, event] of input.entries()) {
      const r = wire.step(mod.name, gen, name, state, event);
      if (!r.ok) return refused(io, r.error, `/${i}${r.error.pointer}`);
      state = r.value.state;
      steps.push({ event, output: r.value.output, rule: r.value.rule });
    }
    io.out(`${JSON.stringify({ steps, state }, null, 2)}\n`);
    return 0;
  }
  const names = [...Object.keys(gen.machines), ...Object.keys(gen.decisions)];
  io.err(`error: ${mod.file} has no machine or decision '${name}'; it has: ${names.join(", ")}\n`);
  return 1;
}
