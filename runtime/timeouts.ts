// Runtime: the effective timeouts of this process, computed once at start. Defaults are the
// generated constants of `timeouts` (and of the modules it imports); a base constant the spec
// marks `override: true` may be replaced by the environment variable STATUTE_<NAME>. A bad
// override falls back to the default with a warning. Derived constants are recomputed from the
// effective bases, and the module's check decision (CheckTimeouts) is asked, through the wire,
// whether the relations still hold; a violation refuses to start, naming the relation and both
// sides. See runtime/README.md for the variables.

import { type Arith, parseArith, splitComparison } from "./arith-text.js";
import type { GeneratedModel, Wire } from "./wire.js";

export interface TimeoutsSource {
  /** The wire the check goes through (it holds the schemas of `module`). */
  readonly wire: Wire;
  /** The module of the timeouts (`timeouts`). */
  readonly module: string;
  /** Its generated TypeScript module. */
  readonly gen: GeneratedModel;
  /** The decision over the effective values whose verdict names the first violated relation. */
  readonly decision?: string;
  /** The verdict tag that means every relation holds. */
  readonly ordered?: string;
  /**
   * Default of every constant the derivation and the check read, by name: pass the generated
   * modules themselves (`{ ...supervise, ...timeouts }`); non-numeric exports are ignored.
   */
  readonly defaults: Readonly<Record<string, unknown>>;
  /** The base constants the environment may override (the spec's `override: true`). */
  readonly overridable: readonly string[];
  /** Derived constants: name -> defining expression in spec syntax (sums of other constants). */
  readonly derived: Readonly<Record<string, string>>;
  /** Rule id -> guard text in spec syntax; lets a violation show both sides with their values. */
  readonly guards?: Readonly<Record<string, string>>;
  /** The constant a fact field reads; default: the field upper-cased, or with `_DEFAULT` before `_MS`. */
  readonly factOf?: (field: string, names: readonly string[]) => string | undefined;
}

export interface Timeouts {
  /** Every constant's effective value. */
  readonly values: Readonly<Record<string, number>>;
  /** The overrides that took effect, by constant name. */
  readonly overridden: Readonly<Record<string, number>>;
  /** One line per override that was refused (and so fell back to its default). */
  readonly warnings: readonly string[];
}

/** The effective timeouts break a relation (or cannot be checked): the process must not start. */
export class TimeoutsError extends Error {
  override readonly name = "TimeoutsError";
  constructor(
    message: string,
    /** The violated relation (the verdict's `relation`, else its tag), or "" when the check failed. */
    readonly relation: string,
    /** The two sides with their values, when the guard text is known. */
    readonly sides: { readonly left: string; readonly right: string } | null,
  ) {
    super(message);
  }
}

export const ENV_PREFIX = "STATUTE_";

/** The wire's largest ms; an override past it could not be sent or checked. */
const WIRE_MAX_FALLBACK = 100_000_000_000_000;

function defaultFactOf(field: string, names: readonly string[]): string | undefined {
  const upper = field.toUpperCase();
  if (names.includes(upper)) return upper;
  const withDefault = upper.replace(/_MS$/, "_DEFAULT_MS");
  return names.includes(withDefault) ? withDefault : undefined;
}

/** Read one override: a whole number of ms written in plain digits, within the wire's range. */
function readOverride(name: string, raw: string, max: number): { value: number } | { warning: string } {
  const text = raw.trim();
  const why = text === "" ? "it is empty"
    : /^-/.test(text) ? "it is negative"
    : /^\d+\.\d*$|^\d*\.\d+$/.test(text) ? "it is not a whole number of ms"
    : !/^\d+$/.test(text) ? "it is not a number of ms in plain digits"
    : Number(text) > max ? `it is above the wire's largest duration ${max}`
    : null;
  if (why === null) return { value: Number(text) };
  return { warning: `${ENV_PREFIX}${name}=${JSON.stringify(raw)} ignored: ${why}; using the default` };
}

/** Recompute every derived constant over the effective bases (derived ones may use each other). */
function derive(bases: Record<string, number>, derived: Readonly<Record<string, string>>): Record<string, number> {
  const parsed = new Map<string, Arith>(Object.entries(derived).map(([n, t]) => [n, parseArith(t)]));
  const values: Record<string, number> = { ...bases };
  const visiting = new Set<string>();
  const valueOf = (name: string): number => {
    const known = values[name];
    if (known !== undefined) return known;
    const f = parsed.get(name);
    if (f === undefined) throw new TimeoutsError(`timeouts: a derived value reads an unknown constant ${name}`, "", null);
    if (visiting.has(name)) throw new TimeoutsError(`timeouts: derived constant ${name} depends on itself`, "", null);
    visiting.add(name);
    const v = f(valueOf);
    visiting.delete(name);
    values[name] = v;
    return v;
  };
  for (const name of Object.keys(derived).sort()) valueOf(name);
  return values;
}

/** The effective timeouts, or a TimeoutsError naming the violated relation. Pure in `env`. */
export function loadTimeouts(src: TimeoutsSource, env: Readonly<Record<string, string | undefined>> = process.env): Timeouts {
  const bases: Record<string, number> = {};
  for (const [name, v] of Object.entries(src.defaults)) {
    if (/^[A-Z][A-Z0-9_]*$/.test(name) && typeof v === "number" && !Object.hasOwn(src.derived, name)) bases[name] = v;
  }
  const max = bases["WIRE_MAX_MS"] ?? WIRE_MAX_FALLBACK;
  const warnings: string[] = [];
  const overridden: Record<string, number> = {};
  for (const name of [...src.overridable].sort()) {
    const raw = env[`${ENV_PREFIX}${name}`];
    if (raw === undefined) continue;
    if (!Object.hasOwn(bases, name)) {
      warnings.push(`${ENV_PREFIX}${name} ignored: ${name} is not a base constant of ${src.module}`);
      continue;
    }
    const r = readOverride(name, raw, max);
    if ("warning" in r) warnings.push(r.warning);
    else overridden[name] = bases[name] = r.value;
  }
  for (const key of Object.keys(env).sort()) {
    const name = key.slice(ENV_PREFIX.length);
    if (key.startsWith(ENV_PREFIX) && !src.overridable.includes(name) && (Object.hasOwn(bases, name) || Object.hasOwn(src.derived, name))) {
      warnings.push(`${key} ignored: ${name} may not be overridden${Object.hasOwn(src.derived, name) ? " (it is derived)" : ""}`);
    }
  }
  const values = derive(bases, src.derived);
  check(src, values, overridden);
  return { values, overridden, warnings };
}

function check(src: TimeoutsSource, values: Readonly<Record<string, number>>, overridden: Readonly<Record<string, number>>): void {
  const decision = src.decision ?? "CheckTimeouts";
  const factsDef = src.wire.validator(src.module, `${decision}Facts`)?.schema as { properties?: object } | undefined;
  if (factsDef === undefined) throw new TimeoutsError(`timeouts: ${src.module} has no decision ${decision}`, "", null);
  const names = Object.keys(values);
  const facts: Record<string, number> = {};
  for (const field of Object.keys(factsDef.properties ?? {})) {
    const c = (src.factOf ?? defaultFactOf)(field, names);
    const v = c === undefined ? undefined : values[c];
    if (v === undefined) throw new TimeoutsError(`timeouts: no constant for fact '${field}' of ${decision}`, "", null);
    facts[field] = v;
  }
  const over = Object.entries(overridden).map(([n, v]) => `${ENV_PREFIX}${n}=${v}`).join(", ");
  const cause = over === "" ? "" : ` (overrides in effect: ${over})`;
  const r = src.wire.decide(src.module, src.gen, decision, facts);
  if (!r.ok) throw new TimeoutsError(`timeouts: the effective values cannot be checked: ${r.error.message}${cause}`, "", null);
  const verdict = r.value.verdict as { kind?: unknown; relation?: unknown };
  if (verdict.kind === (src.ordered ?? "Ordered")) return;
  const relation = typeof verdict.relation === "string" ? verdict.relation : String(verdict.kind);
  const sides = bothSides(src.guards?.[r.value.rule], facts);
  const shown = sides === null ? "" : `: ${sides.left} ${sides.op} ${sides.right}`;
  throw new TimeoutsError(`timeouts: relation ${relation} is violated (rule ${r.value.rule})${shown}${cause}; refusing to start`, relation, sides);
}

/** `left = value` and `right = value` of a violated guard, over the facts. */
function bothSides(guard: string | undefined, facts: Readonly<Record<string, number>>): { left: string; op: string; right: string } | null {
  const cmp = guard === undefined ? null : splitComparison(guard);
  if (cmp === null) return null;
  const look = (n: string): number => {
    const v = facts[n];
    if (v === undefined) throw new TimeoutsError(`timeouts: the guard '${guard}' reads an unknown fact ${n}`, "", null);
    return v;
  };
  const side = (text: string): string => `${text} = ${parseArith(text)(look)}`;
  return { left: side(cmp.left), op: cmp.op, right: side(cmp.right) };
}

let once: { readonly key: TimeoutsSource; readonly result: Timeouts } | null = null;

/** `loadTimeouts` once per process: later calls return the first result (the daemon's values). */
export function timeoutsOnce(src: TimeoutsSource, env: Readonly<Record<string, string | undefined>> = process.env): Timeouts {
  if (once === null) once = { key: src, result: loadTimeouts(src, env) };
  return once.result;
}

/** The warnings as lines to print at start. */
export function formatWarnings(t: Timeouts): string {
  return t.warnings.map((w) => `warning: ${w}\n`).join("");
}

/** A generated module as the timeouts loader reads it: its `constants` and `decisions` registries. */
export interface GeneratedConstants extends GeneratedModel {
  readonly constants: Readonly<Record<string, { readonly value: number | boolean; readonly override: boolean; readonly derived: string | null }>>;
  readonly decisions: Readonly<Record<string, GeneratedModel["decisions"][string] & { readonly guards?: Readonly<Record<string, string>> }>>;
}

/**
 * The source of `loadTimeouts` read from generated code alone, as the daemon has it: defaults,
 * overridable bases and derived expressions from the `constants` registries of the timeouts
 * module and of the modules it imports, the guards from its check decision.
 */
export function timeoutsSourceOf(wire: Wire, module: string, gen: GeneratedConstants, imported: readonly GeneratedConstants[] = [], decision = "CheckTimeouts"): TimeoutsSource {
  const defaults: Record<string, unknown> = {};
  const derived: Record<string, string> = {};
  const overridable: string[] = [];
  for (const g of [...imported, gen]) {
    for (const [name, c] of Object.entries(g.constants)) {
      defaults[name] = c.value;
      if (c.derived !== null) derived[name] = c.derived;
      if (c.override && g === gen) overridable.push(name);
    }
  }
  const guards = gen.decisions[decision]?.guards ?? {};
  return { wire, module, gen, decision, defaults, overridable, derived, guards };
}
