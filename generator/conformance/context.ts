// Conformance stage (test support): what every check of one module's suite shares: the checked
// program, the generated module under test (normalised to JSON values and wrapped so every rule
// it fires is counted), the schema validators, the arbitraries' context and the run settings.

import { type BindableModule, bindInstance } from "../../runtime/instance.js";
import { arbContext, type ArbContext } from "../arbitrary/index.js";
import type { Value } from "../interpret/value.js";
import type { Decision, Machine, Module, Program } from "../ir/module.js";
import type { SchemaSet } from "./schemas.js";

/** A generated module's registries (module-level, or of one instance), loosely typed. */
export interface Registries {
  readonly machines: { readonly [name: string]: { readonly initial: () => unknown; readonly step: (s: never, e: never) => unknown } };
  readonly decisions: { readonly [name: string]: { readonly decide: (f: never) => unknown } };
}

/**
 * The shape every generated `ts/<module>.ts` exports, loosely typed: `RULES`, and its registries
 * either at module level (a module no parameter reaches) or from `instance(params)`.
 */
export interface GeneratedModule extends Partial<Registries> {
  readonly RULES: readonly string[];
  readonly DEFAULT_PARAMS?: Readonly<Record<string, number>>;
  readonly instance?: (params: Readonly<Record<string, number>>) => Registries;
}

/** A generated module bound to one parameters record: its registries and every member it has there. */
export interface BoundModule extends Registries {
  readonly RULES: readonly string[];
  /** The module's exports, with an instance's members over them. */
  readonly members: Readonly<Record<string, unknown>>;
}

/**
 * The module bound to `values` (parameters it does not read are left out: they change none of
 * its code); a module without `instance` is its own binding.
 */
export function bindModule(impl: GeneratedModule, values: Readonly<Record<string, number>> = {}): BoundModule {
  if (impl.instance === undefined) {
    if (impl.machines === undefined || impl.decisions === undefined) throw new Error("conformance: the generated module has neither registries nor instance()");
    return { RULES: impl.RULES, machines: impl.machines, decisions: impl.decisions, members: impl as unknown as Record<string, unknown> };
  }
  const inst = bindInstance(impl as BindableModule<Registries>, values);
  return { RULES: impl.RULES, machines: inst.machines, decisions: inst.decisions, members: { ...(impl as unknown as Record<string, unknown>), ...(inst as unknown as Record<string, unknown>) } };
}

export interface Stepped {
  readonly state: Value;
  readonly output: Value;
  readonly rule: string;
}

export interface Decided {
  readonly verdict: Value;
  readonly rule: string;
}

/** How many random cases per property and the base seed; `STATUTE_RUNS` / `STATUTE_SEED`. */
export interface RunSettings {
  readonly runs: number;
  readonly seed: number;
  /** Longest random trace. */
  readonly traceLength: number;
}

export function settingsFromEnv(env: Readonly<Record<string, string | undefined>>): RunSettings {
  const int = (s: string | undefined, d: number): number => (s !== undefined && /^[0-9]+$/.test(s) ? Number(s) : d);
  return { runs: int(env["STATUTE_RUNS"], 300), seed: int(env["STATUTE_SEED"], 20240601), traceLength: int(env["STATUTE_TRACE"], 24) };
}

export class SuiteContext {
  /** Times each rule fired in the generated code, over examples and random runs. */
  readonly counts = new Map<string, number>();
  /** Random inputs dropped because the model's arithmetic left the safe integer range. */
  outOfRange = 0;
  readonly arb: ArbContext;

  constructor(
    readonly program: Program,
    readonly module: Module,
    readonly impl: BoundModule,
    readonly schemas: SchemaSet,
    readonly settings: RunSettings,
  ) {
    this.arb = arbContext(program, module);
    for (const r of impl.RULES) this.counts.set(r, 0);
  }

  private fired(rule: unknown): void {
    if (typeof rule === "string") this.counts.set(rule, (this.counts.get(rule) ?? 0) + 1);
  }

  machine(name: string): Machine {
    const m = this.module.machines.find((x) => x.name === name);
    if (m === undefined) throw new Error(`${this.module.name}: no machine ${name} in this module`);
    return m;
  }

  decision(name: string): Decision {
    const d = this.module.decisions.find((x) => x.name === name);
    if (d === undefined) throw new Error(`${this.module.name}: no decision ${name} in this module`);
    return d;
  }

  initial(machine: string): Value {
    const entry = this.impl.machines[machine];
    if (entry === undefined) throw new Error(`generated ${this.module.name}.ts has no machine ${machine}`);
    return entry.initial() as Value;
  }

  step(machine: string, s: Value, e: Value): Stepped {
    const entry = this.impl.machines[machine];
    if (entry === undefined) throw new Error(`generated ${this.module.name}.ts has no machine ${machine}`);
    const r = (entry.step as (s: unknown, e: unknown) => Stepped)(s, e);
    this.fired(r.rule);
    return r;
  }

  decide(decision: string, f: Value): Decided {
    const entry = this.impl.decisions[decision];
    if (entry === undefined) throw new Error(`generated ${this.module.name}.ts has no decision ${decision}`);
    const r = (entry.decide as (f: unknown) => Decided)(f);
    this.fired(r.rule);
    return r;
  }

  /** A per-check seed: the base seed mixed with the check's title, so checks draw independently. */
  seedFor(title: string): number {
    let h = this.settings.seed | 0;
    for (let i = 0; i < title.length; i++) h = (Math.imul(h, 31) + title.charCodeAt(i)) | 0;
    return h;
  }
}

/** The model stepped outside the safe integers (pow2 of a wire-sized count): not a verdict. */
export function isOutOfRange(e: unknown): boolean {
  return e instanceof Error && e.name === "InterpretError" && /safe integer range/.test(e.message);
}
