// CLI `statute eval <spec file> <machine or decision> <JSON>`: ask the GENERATED TypeScript a
// question from the shell. A decision takes a facts object; a machine takes a list of events,
// run from its initial state. Prints the outputs (and final state) as JSON.

import { pathToFileURL } from "node:url";
import { join } from "node:path";
import { compileSpecs } from "../check/index.js";
import { formatDiagnostics } from "../diagnostics/format.js";
import type { Io } from "./gen.js";

interface GeneratedModule {
  readonly machines: Record<string, { initial(): unknown; step(s: unknown, e: unknown): { state: unknown; output: unknown; rule: string } }>;
  readonly decisions: Record<string, { decide(f: unknown): { verdict: unknown; rule: string } }>;
}

export async function evaluate(root: string, args: readonly string[], io: Io): Promise<number> {
  const [file, name, json] = args;
  if (file === undefined || name === undefined || json === undefined) {
    io.err("usage: statute eval <spec file> <machine or decision> <JSON>\n");
    return 2;
  }
  const compiled = compileSpecs(root);
  if (!compiled.ok) {
    io.err(formatDiagnostics(compiled.diagnostics, compiled.texts));
    return 1;
  }
  const wanted = file.replace(/^\.\//, "");
  const mod = compiled.program.modules.find((m) => m.file === wanted || m.name === wanted);
  if (!mod) {
    io.err(`error: no spec module '${file}'; modules: ${compiled.program.modules.map((m) => m.file).join(", ")}\n`);
    return 1;
  }
  let input: unknown;
  try {
    input = JSON.parse(json);
  } catch (e) {
    io.err(`error: the input is not JSON: ${(e as Error).message}\n`);
    return 1;
  }
  const gen = (await import(pathToFileURL(join(root, "generated", "ts", `${mod.name}.ts`)).href)) as GeneratedModule;
  const machine = gen.machines[name];
  const decision = gen.decisions[name];
  if (decision) {
    const { verdict, rule } = decision.decide(input);
    io.out(`${JSON.stringify({ verdict, rule }, null, 2)}\n`);
    return 0;
  }
  if (machine) {
    if (!Array.isArray(input)) {
      io.err(`error: ${name} is a machine; give a JSON list of events\n`);
      return 1;
    }
    let state = machine.initial();
    const steps = input.map((event) => {
      const r = machine.step(state, event);
      state = r.state;
      return { event, output: r.output, rule: r.rule };
    });
    io.out(`${JSON.stringify({ steps, state }, null, 2)}\n`);
    return 0;
  }
  const names = [...Object.keys(gen.machines), ...Object.keys(gen.decisions)];
  io.err(`error: ${mod.file} has no machine or decision '${name}'; it has: ${names.join(", ")}\n`);
  return 1;
}
