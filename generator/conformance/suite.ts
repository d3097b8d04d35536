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
import { bindModule, type GeneratedModule, type RunSettings, SuiteContext } from "./context.js";
import { withParams } from "../explore/params.js";
import { boundConstants, instanceName } from "../check/params.js";
import { firstDifference, otherValues, verdictsEqual } from "./param-checks.js";
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
  /** Suite contexts of other instances than the defaults, by their values (JSON). */
  private readonly instances = new Map<string, SuiteContext>();

  constructor(
    private readonly program: Program,
    private readonly moduleName: string,
    private readonly impl: GeneratedModule,
    private readonly schemas: SchemaSet,
    private readonly settings: RunSettings,
    private readonly known: ReadonlyMap<string, string> = new Map(),
  ) {
    const defaults = withParams(program, new Map());
    if ("message" in defaults) throw new Error(`conformance: ${defaults.message}`);
    const module = defaults.program.modules.find((m) => m.name === moduleName);
    if (module === undefined) throw new Error(`conformance: no module ${moduleName} in the program`);
    this.ctx = new SuiteContext(defaults.program, module, bindModule(impl), schemas, settings);
  }

  /**
   * The suite's context at one instance: the interpreter over the program with those parameter
   * values, the generated module bound to them. `{}` is the defaults' context.
   */
  at(values: Readonly<Record<string, number>>): SuiteContext {
    const key = JSON.stringify(Object.entries(values).sort());
    if (key === "[]") return this.ctx;
    const known = this.instances.get(key);
    if (known !== undefined) return known;
    const bound = withParams(this.program, new Map(Object.entries(values)));
    if ("message" in bound) throw new Error(`${this.moduleName}: ${bound.message}`);
    const module = bound.program.modules.find((m) => m.name === this.moduleName) as Module;
    const ctx = new SuiteContext(bound.program, module, bindModule(this.impl, values), this.schemas, this.settings);
    this.instances.set(key, ctx);
    return ctx;
  }

  /**
   * At one instance of the spec's `explore.params`: every machine and decision equals the
   * interpreter bound to the same values, and every law holds.
   */
  instance(values: Readonly<Record<string, number>>): void {
    const title = `instance ${instanceName(values)}`;
    this.guarded(title, () => {
      const ctx = this.at(values);
      for (const m of ctx.module.machines) machineEquals(ctx, m.name, `${m.name} equals the interpreter at ${instanceName(values)}`);
      for (const d of ctx.module.decisions) decisionEquals(ctx, d.name, `${d.name} equals the interpreter at ${instanceName(values)}`);
      for (const l of ctx.module.laws) checkLawOn(ctx, l);
    });
  }

  /**
   * The parameter changes what the generated code answers: some input gets another output,
   * next state or verdict at another valid value than at the default (an override that the
   * code ignored would fail here).
   */
  paramMatters(name: string): void {
    this.guarded(`parameter ${name} changes a verdict`, () => {
      const c = this.program.modules.flatMap((m) => m.constants).find((x) => x.name === name && x.param);
      if (c === undefined) throw new Error(`${this.moduleName}: no parameter ${name}`);
      const tried: string[] = [];
      for (const v of otherValues(this.module, c)) {
        const found = firstDifference(this.ctx, this.at({ [name]: v }));
        if (found !== null) return;
        tried.push(String(v));
      }
      throw new Error(`${this.moduleName}: parameter ${name} changed no output, state or verdict of the generated code at ${tried.join(", ")} (default ${String(c.value)}): the code does not read it`);
    });
  }

  /** Every exported `verdict<D>` equals `decide<D>(f).verdict` on random facts. */
  verdicts(): void {
    this.guarded("verdict functions equal their decisions", () => verdictsEqual(this.ctx));
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

  /**
   * Every constant the generated module exports has the spec's value (the daemon reads them);
   * every parameter's default is the spec's, and at each instance every derived constant the
   * instance binds is the interpreter's value there.
   */
  constants(): void {
    this.guarded("constants equal the spec's", () => {
      const exported = this.ctx.impl.members;
      const bound = boundConstants(this.program);
      const defaults = (this.impl.DEFAULT_PARAMS ?? {}) as Readonly<Record<string, number>>;
      const wrong = this.module.constants
        .filter((c) => !bound.has(`${this.module.name}.${c.name}`) && exported[c.name] !== c.value)
        .map((c) => `${c.name} = ${String(exported[c.name])}, the spec says ${String(c.value)}`);
      for (const [name, v] of Object.entries(defaults)) {
        const c = this.program.modules.flatMap((m) => m.constants).find((x) => x.name === name && x.param);
        if (c?.value !== v) wrong.push(`the default of ${name} is ${v}, the spec says ${String(c?.value)}`);
      }
      for (const values of this.module.instances) {
        const ctx = this.at(values);
        for (const m of ctx.program.modules) {
          for (const c of m.constants) {
            const got = ctx.impl.members[c.name];
            if (c.expr !== null && bound.has(`${m.name}.${c.name}`) && got !== undefined && got !== c.value) wrong.push(`at ${instanceName(values)} ${c.name} = ${String(got)}, the interpreter ${String(c.value)}`);
          }
        }
      }
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
      ...m.instances.filter((v) => Object.keys(v).length > 0).map((v) => ({ name: `instance ${instanceName(v)}`, run: () => this.instance(v) })),
      ...Object.keys(this.impl.DEFAULT_PARAMS ?? {}).map((n) => ({ name: `parameter ${n} changes a verdict`, run: () => this.paramMatters(n) })),
      ...(m.decisions.length > 0 ? [{ name: "verdict functions equal their decisions", run: () => this.verdicts() }] : []),
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
