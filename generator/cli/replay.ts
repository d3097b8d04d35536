// CLI `statute replay <trace.itf.json>`: run a trace's events through the GENERATED TypeScript
// step function and say, step by step, whether each state, output and rule matches the trace;
// then re-check the law the trace is about on its last step with the interpreter. A spec in the
// project's spec folder replays against <out>/ts/; a fixture (or a run under explore parameters, from the
// trace's `#meta.params` or `--param NAME=VALUE`) is rendered by the TS emitter into
// .tmp/replay-<hash>/ first, since no checked-in code exists for it.

import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { isAbsolute, join } from "node:path";
import { formatDiagnostics } from "../diagnostics/format.js";
import { parseArgs } from "node:util";
import { changedFields, fingerprint, fromTrace, loadTarget, parseParams, showValue, traceMeta, withParams, type TraceMeta, type TraceStep } from "../explore/index.js";
import { firstBroken, lawKind } from "../explore/oracle.js";
import { type Value, InterpretError, valueEquals } from "../interpret/value.js";
import type { Program } from "../ir/module.js";
import { type BindableModule, bindInstance } from "../../runtime/instance.js";
import { ItfError, readItf } from "../../runtime/itf.js";
import { outDirOf } from "../project/config.js";
import type { Io } from "./gen.js";
import { importGenerated } from "./load-generated.js";

interface GeneratedMachine {
  initial(): unknown;
  step(s: unknown, e: unknown): { state: unknown; output: unknown; rule: string };
}

/** Path of the generated module to run: checked-in code, or freshly rendered for this program. */
async function generatedPath(root: string, prog: Program, module: string, rendered: boolean): Promise<string> {
  if (!rendered) return join(outDirOf(root), "ts", `${module}.ts`);
  const { emitTs } = await import("../emit/ts/index.js");
  const files = emitTs(prog, {});
  const [h1, h2] = fingerprint(files.map((f) => f.content).join("\0"));
  // Under the project root, so the emitted `statute/runtime/v1` import resolves as generated/'s does.
  const dir = join(root, ".tmp", `replay-${h1.toString(16).padStart(8, "0")}${h2.toString(16).padStart(8, "0")}`);
  mkdirSync(dir, { recursive: true });
  for (const f of files) writeFileSync(join(dir, f.path.replace(/^ts\//, "")), f.content);
  return join(dir, `${module}.ts`);
}

export async function replay(root: string, args: readonly string[], io: Io): Promise<number> {
  const usage = "usage: statute replay <trace.itf.json> [--param NAME=VALUE]...\n";
  let parsed;
  try {
    parsed = parseArgs({ args: [...args], allowPositionals: true, options: { param: { type: "string", multiple: true } } });
  } catch (e) {
    io.err(`error: ${(e as Error).message}\n${usage}`);
    return 2;
  }
  const [file, ...extra] = parsed.positionals;
  const given = parseParams(parsed.values.param ?? []);
  if (file === undefined || extra.length > 0 || typeof given === "string") {
    io.err(`${typeof given === "string" ? `error: ${given}\n` : ""}${usage}`);
    return 2;
  }
  let steps: TraceStep[];
  let prog: Program;
  let meta: TraceMeta;
  let specFolder: string;
  try {
    const trace = readItf(readFileSync(isAbsolute(file) ? file : join(root, file), "utf8"));
    meta = traceMeta(trace);
    const loaded = loadTarget(root, meta.source);
    if (!loaded.ok) {
      io.err("message" in loaded ? `error: ${loaded.message}\n` : formatDiagnostics(loaded.diagnostics, loaded.texts));
      return 1;
    }
    specFolder = loaded.spec;
    // The trace's own parameters, then those given here (which win).
    const params = new Map([...Object.entries(meta.params ?? {}), ...given]);
    const over = params.size === 0 ? { program: loaded.program } : withParams(loaded.program, params);
    if ("message" in over) {
      io.err(`error: ${over.message}\n`);
      return 2;
    }
    prog = over.program;
    if (params.size > 0) meta = { ...meta, params: Object.fromEntries(params) };
    steps = fromTrace(prog, trace);
  } catch (e) {
    if (!(e instanceof ItfError || e instanceof InterpretError || (e as NodeJS.ErrnoException).code === "ENOENT")) throw e;
    io.err(`error: ${file}: ${(e as Error).message}\n`);
    return 1;
  }
  const checkedIn = join(outDirOf(root), "ts", `${meta.module}.ts`);
  const rendered = !meta.source.startsWith(`${specFolder}/`) || meta.params !== undefined || !existsSync(checkedIn);
  const path = await generatedPath(root, prog, meta.module, rendered);
  const loadedGen = (await importGenerated(path)) as BindableModule<{ machines: Record<string, GeneratedMachine> }> & { machines?: Record<string, GeneratedMachine> };
  // A module a parameter reaches is bound to the trace's parameters (those its code reads).
  const gen = bindInstance(loadedGen, meta.params ?? {});
  const machine = gen.machines[meta.machine];
  if (machine === undefined) {
    io.err(`error: the generated module ${meta.module} has no machine ${meta.machine}\n`);
    return 1;
  }
  io.out(`replay ${file}: ${meta.module}.${meta.machine}, ${steps.length - 1} step(s), on ${rendered ? "TypeScript rendered from" : "generated/ts/ of"} ${meta.source}\n`);
  let mismatches = 0;
  const check = (what: string, got: unknown, want: Value | null): string => {
    if (valueEquals(got as Value, want as Value)) return "";
    mismatches++;
    return `\n       MISMATCH ${what}: trace has ${showValue(want)}, generated code has ${showValue(got as Value)}`;
  };
  let state = machine.initial();
  const first = steps[0];
  io.out(`  #0 initial ${showValue(state as Value)}${check("initial state", state, first?.state ?? null) || "  (matches)"}\n`);
  for (let i = 1; i < steps.length; i++) {
    const step = steps[i] as TraceStep;
    const r = machine.step(state, step.event);
    const diffs = check("state", r.state, step.state) + check("output", r.output, step.output) + (step.rule !== null && step.rule !== r.rule ? check("rule", r.rule, step.rule) : "");
    io.out(`  #${i} ${showValue(step.event)} -> ${showValue(r.output as Value)}  [${r.rule}]${diffs || "  (matches)"}\n`);
    for (const c of changedFields(state as Value, r.state as Value)) io.out(`       ${c}\n`);
    state = r.state;
  }
  const verdict = lawVerdict(prog, meta.module, meta.law, steps);
  io.out(verdict.text);
  io.out(mismatches === 0 ? "every state, output and rule matches the trace\n" : `${mismatches} mismatch(es) between the trace and the generated code\n`);
  return mismatches === 0 && !verdict.violated ? 0 : 1;
}

/**
 * What the interpreter says about the trace's law (or witnessed rule) on its last step; a
 * violated law (or one that cannot be evaluated) fails the replay. A progress law's failure
 * shows the continuation of its `by` events that never reaches `to`.
 */
function lawVerdict(prog: Program, module: string, name: string, steps: readonly TraceStep[]): { readonly text: string; readonly violated: boolean } {
  const last = steps[steps.length - 1];
  const before = steps[steps.length - 2];
  if (last === undefined) return { text: "", violated: false };
  const law = prog.modules.find((m) => m.name === module)?.laws.find((l) => l.name === name);
  if (law === undefined) return { text: last.rule === name ? `the last step fires ${name}, as the witness says\n` : "", violated: false };
  const kind = lawKind(law);
  const onState = kind === "invariant" || kind === "progress";
  const binding = onState || before === undefined ? { s: last.state } : { s: before.state, e: last.event ?? null, n: last.state, o: last.output ?? null };
  const broken = firstBroken(prog, [law], binding);
  const where = `on the last ${onState ? "state" : "step"} (interpreter)`;
  if (broken === null) return { text: `law ${name} (${kind}) holds ${where}\n`, violated: false };
  return { text: `law ${name} (${kind}) is violated ${where}: ${broken.message}\n`, violated: true };
}
