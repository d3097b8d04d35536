// Runtime: the effective timeouts of this process, computed once at start from generated code
// alone. Defaults and override flags come from the generated `constants` registries (of the
// timeouts module and the modules it imports); a base constant marked `override` may be replaced
// by the environment variable STATUTE_<NAME>, in plain digits only. Derived constants are
// recomputed by the generated `deriveConstants` (the model's arithmetic, no spec text is read),
// every value above the wire's bound (the constant the spec marks `wire_bound`) is that bound
// ("never"), and the decision the spec marks `override_check` is asked through the wire whether
// the relations an override can break still hold; a violation refuses to start, naming the
// relation in words with both sides. No constant or decision name is special here. See README.md.

import type { GeneratedModel, Wire } from "./wire.js";

/** A generated module as the loader reads it (see generator/emit/ts/overrides.ts). */
export interface GeneratedConstants extends Partial<GeneratedModel> {
  readonly constants: Readonly<Record<string, { readonly value: number | boolean; readonly override: boolean; readonly derived: boolean }>>;
  /** Every derived constant from its base values (a record of numbers); absent when the module derives nothing. */
  readonly deriveConstants?: (bases: never) => object;
  /** The name of the constant marked `wire_bound`, in the module that declares it. */
  readonly wireBound?: string;
  /** The decision marked `override_check`, absent when the module has none. */
  readonly overrideCheck?: OverrideCheck;
}

/** What the generated `overrideCheck` holds (see generator/emit/ts/overrides.ts). */
export interface OverrideCheck {
  /** The decision asked at start. */
  readonly decision: string;
  /** The verdict tag that accepts the effective values. */
  readonly accept: string;
  /** For each facts field, the constant whose effective value it takes. */
  readonly facts: Readonly<Record<string, string>>;
  /** Each rule's doc, by rule id. */
  readonly ruleDocs: Readonly<Record<string, string>>;
  /** For a comparison rule, both sides over the facts, by rule id. */
  readonly ruleSides: Readonly<Record<string, (facts: never) => readonly [number, number]>>;
}

export interface TimeoutsSource {
  /** The wire the check goes through (it holds the schemas of `module`). */
  readonly wire: Wire;
  /** The module of the timeouts (`timeouts`). */
  readonly module: string;
  /** Its generated TypeScript module. */
  readonly gen: GeneratedConstants;
  /** The generated modules it imports constants from (their override flags and wire bound count too). */
  readonly imported: readonly GeneratedConstants[];
}

export interface Timeouts {
  /** Every constant's effective value. */
  readonly values: Readonly<Record<string, number>>;
  /** The overrides that took effect, by constant name (after the cap). */
  readonly overridden: Readonly<Record<string, number>>;
  /** One line per environment variable that was refused or not understood. */
  readonly warnings: readonly string[];
  /** The constants whose value was above the wire's range and so means never. */
  readonly never: readonly string[];
}

/** The effective timeouts break a relation (or cannot be checked): the process must not start. */
export class TimeoutsError extends Error {
  override readonly name = "TimeoutsError";
  constructor(
    message: string,
    /** The violated relation (the verdict's one payload value, else its tag), or "" when the check failed. */
    readonly relation: string,
    /** Both sides of the violated comparison, when the rule compares two numbers. */
    readonly sides: { readonly left: number; readonly right: number } | null,
  ) {
    super(message);
  }
}

export const ENV_PREFIX = "STATUTE_";

/** The wire's largest ms when no module marks a `wire_bound`; a value past it means never. */
const WIRE_MAX_FALLBACK = 100_000_000_000_000;

/** Environment text as shown in a warning: quoted with escapes (a BOM or U+2028 is visible), cut. */
function shown(raw: string): string {
  const q = JSON.stringify(raw.length > 40 ? `${raw.slice(0, 40)}` : raw).replace(/[\u2028\u2029\ufeff\u00a0]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
  return raw.length > 40 ? `${q}... (${raw.length} characters)` : q;
}

/** Read one override: plain ASCII digits and nothing else (no sign, space, BOM, unit or exponent). */
function readOverride(name: string, raw: string): { value: number } | { warning: string } {
  if (/^[0-9]+$/.test(raw)) return { value: Number(raw) };
  const why = raw === "" ? "it is empty" : /^-[0-9]+$/.test(raw) ? "it is negative" : "it is not a whole number of ms in plain digits";
  return { warning: `${ENV_PREFIX}${name}=${shown(raw)} ignored: ${why}; using the default` };
}

/** The closest overridable name to a misspelled one (a few edits away), for the warning. */
function closest(name: string, names: readonly string[]): string | undefined {
  const dist = (a: string, b: string): number => {
    let prev = Array.from({ length: b.length + 1 }, (_, i) => i);
    for (let i = 1; i <= a.length; i++) {
      const cur = [i];
      for (let j = 1; j <= b.length; j++) cur.push(Math.min((prev[j] ?? 0) + 1, (cur[j - 1] ?? 0) + 1, (prev[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1)));
      prev = cur;
    }
    return prev[b.length] ?? 0;
  };
  if (name.length > 64) return undefined;
  const best = names.map((n) => ({ n, d: dist(name, n) })).sort((x, y) => x.d - y.d || (x.n < y.n ? -1 : 1))[0];
  return best !== undefined && best.d <= 3 ? best.n : undefined;
}

/** The effective timeouts, or a TimeoutsError naming the violated relation. Pure in `env`. */
export function loadTimeouts(src: TimeoutsSource, env: Readonly<Record<string, string | undefined>> = process.env): Timeouts {
  const defaults: Record<string, number> = {};
  const derived = new Set<string>();
  const overridable = new Set<string>();
  for (const g of [...src.imported, src.gen]) {
    for (const [name, c] of Object.entries(g.constants)) {
      if (typeof c.value !== "number") continue;
      defaults[name] = c.value;
      if (c.derived) derived.add(name);
      if (c.override) overridable.add(name);
    }
  }
  // The module's own wire bound, else an imported one's (as the schema emitter bounds the wire).
  const bound = [src.gen, ...src.imported].find((g) => g.wireBound !== undefined)?.wireBound;
  const cap = (bound === undefined ? undefined : defaults[bound]) ?? WIRE_MAX_FALLBACK;
  const warnings: string[] = [];
  const overridden: Record<string, number> = {};
  const never: string[] = [];
  const bases: Record<string, number> = {};
  for (const [name, v] of Object.entries(defaults)) if (!derived.has(name)) bases[name] = v;
  for (const key of Object.keys(env).filter((k) => k.startsWith(ENV_PREFIX)).sort()) {
    const name = key.slice(ENV_PREFIX.length);
    const raw = env[key];
    if (raw === undefined) continue;
    if (!overridable.has(name)) {
      const known = Object.hasOwn(defaults, name);
      const hint = known ? "" : closest(name, [...overridable].sort());
      const why = !known ? `no timeout of ${src.module} is named ${name.length > 64 ? `${name.slice(0, 64)}...` : name}${hint ? `; did you mean ${ENV_PREFIX}${hint}?` : ""}`
        : derived.has(name) ? `${name} may not be overridden (it is derived)` : `${name} may not be overridden`;
      warnings.push(`${key.length > 80 ? `${key.slice(0, 80)}...` : key} ignored: ${why}`);
      continue;
    }
    const r = readOverride(name, raw);
    if ("warning" in r) {
      warnings.push(r.warning);
      continue;
    }
    overridden[name] = bases[name] = Math.min(r.value, cap);
  }
  const values: Record<string, number> = { ...bases, ...(src.gen.deriveConstants?.(bases as never) ?? {}) };
  // A value above the wire's range means never, for an operator as on the wire.
  for (const name of Object.keys(values).sort()) {
    if ((values[name] as number) > cap || (name in overridden && Number(env[`${ENV_PREFIX}${name}`]) >= cap)) {
      values[name] = cap;
      never.push(name);
    }
  }
  check(src, values, overridden, cap);
  return { values, overridden, warnings, never };
}

function check(src: TimeoutsSource, values: Readonly<Record<string, number>>, overridden: Readonly<Record<string, number>>, cap: number): void {
  const oc = src.gen.overrideCheck;
  if (oc === undefined) return; // the module declares no relation an override could break
  const decision = oc.decision;
  const facts: Record<string, number> = {};
  for (const [field, c] of Object.entries(oc.facts)) {
    const v = values[c];
    if (v === undefined) throw new TimeoutsError(`timeouts: no value for constant ${c} (fact '${field}' of ${decision})`, "", null);
    facts[field] = v;
  }
  const over = Object.entries(overridden).map(([n, v]) => `${ENV_PREFIX}${n}=${v >= cap ? `${v} (never)` : v}`).join(", ");
  const cause = over === "" ? "" : ` (overrides in effect: ${over})`;
  if (src.gen.machines === undefined || src.gen.decisions === undefined) throw new TimeoutsError(`${src.module}: the override check ${decision} is not a module-level decision`, "", null);
  const r = src.wire.decide(src.module, src.gen as GeneratedModel, decision, facts);
  if (!r.ok) throw new TimeoutsError(`timeouts: the effective values cannot be checked: ${r.error.message}${cause}`, "", null);
  const verdict = r.value.verdict as Readonly<Record<string, unknown>>;
  const tag = typeof verdict === "string" ? verdict : verdict["kind"];
  if (tag === oc.accept) return;
  // A verdict that carries one enum value names the relation by it; else by its tag.
  const payload = typeof verdict === "string" ? [] : Object.entries(verdict).filter(([k]) => k !== "kind").map(([, v]) => v);
  const relation = payload.length === 1 && typeof payload[0] === "string" ? payload[0] : String(tag);
  const words = oc.ruleDocs[r.value.rule];
  const side = oc.ruleSides[r.value.rule];
  const pair = side === undefined ? null : side(facts as never);
  const sides = pair === null ? null : { left: pair[0], right: pair[1] };
  const said = words === undefined || words === "" ? "" : `: ${words}`;
  const by = sides === null ? "" : ` (${sides.left} against ${sides.right})`;
  throw new TimeoutsError(`timeouts: relation ${relation} is violated${said}${by}${cause}; refusing to start`, relation, sides);
}

let once: { readonly key: TimeoutsSource; readonly result: Timeouts } | null = null;

/** `loadTimeouts` once per process: later calls return the first result (the daemon's values). */
export function timeoutsOnce(src: TimeoutsSource, env: Readonly<Record<string, string | undefined>> = process.env): Timeouts {
  if (once === null) once = { key: src, result: loadTimeouts(src, env) };
  return once.result;
}

/** The warnings (and the values that mean never) as lines to print at start. */
export function formatWarnings(t: Timeouts): string {
  return [...t.warnings.map((w) => `warning: ${w}\n`), ...t.never.map((n) => `note: ${n} is above the wire's range: never\n`)].join("");
}

/** The source of `loadTimeouts` read from generated code alone, as the daemon has it. */
export function timeoutsSourceOf(wire: Wire, module: string, gen: GeneratedConstants, imported: readonly GeneratedConstants[] = []): TimeoutsSource {
  return { wire, module, gen, imported };
}

/**
 * The parameters record of a generated module's `instance`, from this process's effective
 * timeouts: every parameter of `defaults` (the module's `DEFAULT_PARAMS`) that the environment
 * may set takes its effective value, so an override reaches every verdict that reads it; a
 * parameter the environment does not set (a worker count) keeps its default here and is bound by
 * the caller.
 */
export function paramsFrom<P extends Readonly<Record<string, number>>>(t: Timeouts, defaults: P): P {
  const out: Record<string, number> = { ...defaults };
  for (const name of Object.keys(defaults)) {
    const v = t.values[name];
    if (v !== undefined) out[name] = v;
  }
  return out as P;
}
