// Conformance stage (test support): the suite of one module, the object a generated
// `generated/tests/<module>.conformance.test.ts` drives with one `it` per check. Every check
// throws on failure with a message in the spec's words; `checks()` lists them all, so the
// mutation test can run a broken copy of the generated code through the very same suite.

import { decide } from "../interpret/decision.js";
import { evalExpr } from "../interpret/expr.js";
import { runExample } from "../interpret/example.js";
import { runMachine } from "../interpret/machine.js";
import { type Value, valueEquals } from "../interpret/value.js";
import type { Expr } from "../ir/expr.js";
import type { Module, Program } from "../ir/module.js";
import { type Type, unreachable } from "../ir/types.js";
import { type GeneratedModule, type RunSettings, SuiteContext } from "./context.js";
import { searchFacts } from "./decision-checks.js";
import { decisionEquals, decisionSchemas, machineEquals, machineSchemas } from "./equivalence.js";
import { checkLawOn } from "./law-checks.js";
import { searchTraces } from "./machine-checks.js";
import { shownAs } from "./printer.js";
import type { SchemaSet } from "./schemas.js";

export interface NamedCheck {
  readonly name: string;
  readonly run: () => void;
}

/** Every rule id of a module, from the IR (the generated `RULES` must list the same). */
export function moduleRules(module: Module): string[] {
  return [...module.machines.flatMap((m) => m.handlers.flatMap((h) => h.branches.map((b) => b.rule))), ...module.decisions.flatMap((d) => d.rules.map((r) => r.rule))];
}

export class Suite {
  readonly ctx: SuiteContext;

  /**
   * @param known checks of this module listed as known failures (test name -> reason): they
   *   still run; a failure is only printed, and passing is an error so the entry gets removed.
   */
  constructor(
    program: Program,
    moduleName: string,
    impl: GeneratedModule,
    schemas: SchemaSet,
    settings: RunSettings,
    private readonly known: ReadonlyMap<string, string> = new Map(),
  ) {
    const module = program.modules.find((m) => m.name === moduleName);
    if (module === undefined) throw new Error(`conformance: no module ${moduleName} in the program`);
    this.ctx = new SuiteContext(program, module, impl, schemas, settings);
  }

  private guarded(name: string, run: () => void): void {
    const reason = this.known.get(name);
    if (reason === undefined) return run();
    try {
      run();
    } catch (e) {
      console.warn(`known failure (${this.module.name}: ${name}): ${reason}\n${e instanceof Error ? e.message : String(e)}`);
      return;
    }
    throw new Error(`${this.module.name}: ${name} is listed as a known failure (${reason}) but passes: remove it from the list`);
  }

  private get module(): Module {
    return this.ctx.module;
  }

  /** The example runs on the generated code and gives the spec's values and the interpreter's. */
  example(name: string): void {
    this.guarded(`example ${name}`, () => this.runExample(name));
  }

  private runExample(name: string): void {
    const ex = this.module.examples.find((x) => x.name === name);
    if (ex === undefined) throw new Error(`${this.module.name}: no example ${name}`);
    const closed = (e: Expr): Value => evalExpr(e, new Map(), this.ctx.program);
    const problems: string[] = [];
    const show = (t: Type, v: Value): string => shownAs(this.ctx.program, t, v);
    const expect = (what: string, t: Type, got: Value, spec: Value, model: Value): void => {
      if (!valueEquals(got, spec)) problems.push(`${what}: generated ${show(t, got)}, the spec says ${show(t, spec)}`);
      if (!valueEquals(got, model)) problems.push(`${what}: generated ${show(t, got)}, the interpreter ${show(t, model)}`);
    };
    const body = ex.body;
    switch (body.kind) {
      case "machine": {
        const events = body.events.map(closed);
        const model = runMachine(this.ctx.program, body.machine, events);
        const m = this.ctx.machine(body.machine.name);
        const stateType: Type = { kind: "named", ref: m.state };
        let s = this.ctx.initial(body.machine.name);
        events.forEach((e, i) => {
          const r = this.ctx.step(body.machine.name, s, e);
          const want = body.outputs[i];
          expect(`output #${i + 1}`, m.output, r.output, want === undefined ? null : closed(want), model.outputs[i] ?? null);
          if (!valueEquals(r.state, model.states[i] ?? null)) problems.push(`state after event #${i + 1}: generated ${show(stateType, r.state)}, the interpreter ${show(stateType, model.states[i] ?? null)}`);
          s = r.state;
        });
        const last = model.states[model.states.length - 1] ?? null;
        for (const a of body.state) {
          const field = (v: Value): Value => (v !== null && typeof v === "object" && !Array.isArray(v) ? ((v as Record<string, Value>)[a.field] ?? null) : null);
          expect(`final state .${a.field}`, a.value.type, field(s), closed(a.value), field(last));
        }
        break;
      }
      case "decision": {
        const f = closed(body.facts);
        const r = this.ctx.decide(body.decision.name, f);
        expect("verdict", this.ctx.decision(body.decision.name).verdict, r.verdict, closed(body.verdict), decide(this.ctx.program, body.decision, f).verdict);
        break;
      }
      default:
        unreachable(body);
    }
    const oracle = runExample(this.ctx.program, ex);
    if (!oracle.ok) problems.push(`the interpreter disagrees with the spec: ${oracle.mismatches.join("; ")}`);
    if (problems.length > 0) throw new Error(`${this.module.name}: example ${name} (${ex.doc || "no doc"}):\n  ${problems.join("\n  ")}`);
  }

  law(name: string): void {
    const law = this.module.laws.find((l) => l.name === name);
    if (law === undefined) throw new Error(`${this.module.name}: no law ${name}`);
    this.guarded(`law ${name}`, () => checkLawOn(this.ctx, law));
  }

  machineEquals(name: string): void {
    this.guarded(`${name} equals the interpreter on random traces`, () => machineEquals(this.ctx, name));
  }

  decisionEquals(name: string): void {
    this.guarded(`${name} equals the interpreter on random facts`, () => decisionEquals(this.ctx, name));
  }

  machineSchemas(name: string): void {
    this.guarded(`${name} states, events and outputs validate against the schema`, () => machineSchemas(this.ctx, name));
  }

  decisionSchemas(name: string): void {
    this.guarded(`${name} facts and verdicts validate against the schema`, () => decisionSchemas(this.ctx, name));
  }

  /** Every constant the generated module exports has the spec's value (the daemon reads them). */
  constants(): void {
    this.guarded("constants equal the spec's", () => {
      const exported = this.ctx.impl as unknown as Readonly<Record<string, unknown>>;
      const wrong = this.module.constants
        .filter((c) => exported[c.name] !== c.value)
        .map((c) => `${c.name} = ${String(exported[c.name])}, the spec says ${String(c.value)}`);
      if (wrong.length > 0) throw new Error(`${this.module.name}: generated constants differ from the spec: ${wrong.join("; ")}`);
    });
  }

  /** Every rule fired at least once so far (run it last); the generated RULES match the spec's. */
  coverage(): void {
    const spec = moduleRules(this.module);
    const listed = [...this.ctx.impl.RULES];
    if (spec.join("\n") !== listed.join("\n")) throw new Error(`${this.module.name}: generated RULES [${listed.join(", ")}] differ from the spec's [${spec.join(", ")}]`);
    this.searchUnfired();
    const never = spec.filter((r) => (this.ctx.counts.get(r) ?? 0) === 0);
    if (never.length > 0) throw new Error(`${this.module.name}: rules that never fired in the examples and random runs: ${never.join(", ")}`);
  }

  /**
   * Rules the checks left unfired get a longer random search (up to 20 times the runs of one
   * property) before the coverage verdict: a rare rule is not a failure, an unreachable one is.
   */
  private searchUnfired(): void {
    const fired = (rules: readonly string[]) => (): boolean => rules.every((r) => (this.ctx.counts.get(r) ?? 0) > 0);
    const budget = 20 * this.ctx.settings.runs;
    for (const m of this.module.machines) {
      const rules = m.handlers.flatMap((h) => h.branches.map((b) => b.rule));
      if (!fired(rules)()) this.searched.push([m.name, searchTraces(this.ctx, m, budget, fired(rules))]);
    }
    for (const d of this.module.decisions) {
      const rules = d.rules.map((r) => r.rule);
      if (!fired(rules)()) this.searched.push([d.name, searchFacts(this.ctx, d, budget, fired(rules))]);
    }
  }

  /** Extra random inputs the coverage search ran, per machine or decision. */
  private readonly searched: [string, number][] = [];

  /** `module: rule count, ...` for the log, in declaration order. */
  coverageReport(): string {
    const rows = moduleRules(this.module).map((r) => `  ${r}: ${this.ctx.counts.get(r) ?? 0}`);
    const search = this.searched.map(([name, n]) => `\n  (${n} more random inputs of ${name} searched for rare rules)`).join("");
    const skipped = this.ctx.outOfRange > 0 ? `\n  (${this.ctx.outOfRange} random inputs skipped: the model's arithmetic left the safe integers)` : "";
    return `rule coverage of ${this.module.name} (${this.ctx.settings.runs} runs per property, seed ${this.ctx.settings.seed}):\n${rows.join("\n")}${search}${skipped}`;
  }

  /** Every check, named as the generated test file names its `it`s, coverage last. */
  checks(): NamedCheck[] {
    const m = this.module;
    return [
      ...m.examples.map((x) => ({ name: `example ${x.name}`, run: () => this.example(x.name) })),
      ...m.laws.map((l) => ({ name: `law ${l.name}`, run: () => this.law(l.name) })),
      { name: "constants equal the spec's", run: () => this.constants() },
      ...m.machines.flatMap((x) => [
        { name: `${x.name} equals the interpreter on random traces`, run: () => this.machineEquals(x.name) },
        { name: `${x.name} states, events and outputs validate against the schema`, run: () => this.machineSchemas(x.name) },
      ]),
      ...m.decisions.flatMap((x) => [
        { name: `${x.name} equals the interpreter on random facts`, run: () => this.decisionEquals(x.name) },
        { name: `${x.name} facts and verdicts validate against the schema`, run: () => this.decisionSchemas(x.name) },
      ]),
      { name: "every rule fires", run: () => this.coverage() },
    ];
  }
}
