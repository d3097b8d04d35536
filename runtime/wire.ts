// Runtime, wire: what the daemon calls. Raw JSON facts (for a decision) or events (for a
// machine) are decoded with the generated validators (generated/validate, ajv standalone code
// compiled at generation) or, for a module given only its JSON Schema, with ajv at run time;
// handed to the generated model, and the answer is encoded back to JSON. A message the schema
// rejects never reaches the model; the caller gets one WireError with the JSON pointer of the
// fault. Generic over the generated modules: the caller passes each module object and the
// validators or schemas, so runtime/ never imports generated/ (which imports runtime/).

import { Ajv2020, type ErrorObject } from "ajv/dist/2020.js";
import { type WireError, chooseError, expectedText, faultPointer, foundText } from "./wire-error.js";
import { plainJson, readJson } from "./wire-json.js";
import { withDiscriminators } from "./wire-unions.js";

export type { WireError } from "./wire-error.js";

/** The outcome of every wire call: a value, or the reason the message was refused. */
export type Result<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: WireError };

/** A machine as the generated `machines` registry holds it. */
export interface MachineEntry {
  initial(): unknown;
  step(state: unknown, event: unknown): { readonly state: unknown; readonly output: unknown; readonly rule: string };
  readonly rules: readonly string[];
  /** The machine's invariant laws by name, over a state (a restored state must satisfy each). */
  readonly invariants?: Readonly<Record<string, (state: never) => boolean>>;
  /** Spec `migrate`: a state of the last release (its `from` record) as a state of this one; absent when none is declared. */
  migrate?(old: never): unknown;
}

/** A decision as the generated `decisions` registry holds it. */
export interface DecisionEntry {
  decide(facts: unknown): { readonly verdict: unknown; readonly rule: string };
  readonly rules: readonly string[];
}

/** What the wire needs of a generated module (`import * as m from "generated/ts/<module>.js"`). */
export interface GeneratedModel {
  readonly machines: Readonly<Record<string, MachineEntry>>;
  readonly decisions: Readonly<Record<string, DecisionEntry>>;
  /**
   * An instance's check of what its parameters bound (a worker index below WORKERS): the fault of
   * a decoded message of type `name`, with its JSON pointer, or null. Absent: nothing to check.
   */
  readonly ranges?: (name: string, value: unknown) => { readonly pointer: string; readonly expected: string; readonly found: string } | null;
}

/** A generated schema document (`generated/schema/<module>.schema.json`). */
export interface SchemaDocument {
  readonly $id: string;
  readonly $defs: Readonly<Record<string, unknown>>;
  readonly [key: string]: unknown;
}

type VerdictOf<E> = E extends { decide(f: never): { readonly verdict: infer V } } ? V : unknown;
type StateOf<E> = E extends { initial(): infer S } ? S : unknown;
type OutputOf<E> = E extends { step(s: never, e: never): { readonly output: infer O } } ? O : unknown;

export interface Wire {
  /** Decode `raw` (JSON text, or an already parsed value) as `$defs/<name>` of `module`. */
  decode(module: string, name: string, raw: unknown): Result<unknown>;
  /** Decode facts, run the decision, and return its verdict and the rule that fired. */
  decide<M extends GeneratedModel, D extends keyof M["decisions"] & string>(
    module: string, gen: M, decision: D, raw: unknown,
  ): Result<{ readonly verdict: VerdictOf<M["decisions"][D]>; readonly rule: string }>;
  /** Decode one event and step the machine from `state`; a refused event leaves `state` as it was. */
  step<M extends GeneratedModel, K extends keyof M["machines"] & string>(
    module: string, gen: M, machine: K, state: StateOf<M["machines"][K]>, rawEvent: unknown,
  ): Result<{ readonly state: StateOf<M["machines"][K]>; readonly output: OutputOf<M["machines"][K]>; readonly rule: string; readonly event: unknown }>;
  /** The JSON text of a value the model produced. */
  encode(value: unknown): string;
  /** The validator of `$defs/<name>` of `module`: precompiled, or compiled once, then cached. */
  validator(module: string, name: string): Validator | undefined;
}

/** A validator of one `$defs` entry: ajv's shape, whether compiled now or ahead (generated/validate). */
export interface Validator {
  (data: unknown): boolean;
  /** The errors of the last call that returned false (ajv's ErrorObject list, verbose). */
  errors?: readonly unknown[] | null | undefined;
  /** The schema it validates (`$defs/<name>`), as ajv's compiled functions carry it. */
  readonly schema?: unknown;
}

export interface WireOptions {
  /**
   * Precompiled validators by module name: the namespace of `generated/validate/<module>.mjs`
   * (one export per `$defs` name). A module found here never touches ajv at run time.
   */
  readonly validators?: Readonly<Record<string, Readonly<Record<string, Validator>>>>;
  /**
   * Every module's schema by module name, for modules without precompiled validators; all are
   * added to one ajv (created on first use) so cross-module refs resolve.
   */
  readonly schemas?: Readonly<Record<string, SchemaDocument>>;
}

function fail(module: string, name: string, pointer: string, expected: string, found: string): { ok: false; error: WireError } {
  const where = pointer === "" ? "the message" : pointer;
  const message = `${module}.${name}: at ${where}: expected ${expected}, got ${found}`;
  return { ok: false, error: { module, name, pointer, expected, message } };
}

type Validators = Readonly<Record<string, Validator>>;

const usage = (module: string): string => `pass the module's namespace: createWire({ validators: { ${module}: await import("./generated/validate/${module}.mjs") } })`;

/**
 * The validators given for `module`, checked: a module namespace (or, through CommonJS interop,
 * an object whose `default` is one) of validator functions. Anything else is the caller's
 * mistake, refused at once with what was wrong and how to pass it, never message by message.
 */
function validatorsOf(module: string, given: unknown): Validators {
  const fns = (o: unknown): string[] => (o !== null && typeof o === "object" ? Object.keys(o).filter((k) => typeof (o as Record<string, unknown>)[k] === "function") : []);
  if (fns(given).length > 0) return given as Validators;
  const inner = given !== null && typeof given === "object" ? (given as Record<string, unknown>)["default"] : undefined;
  if (fns(inner).length > 0) return inner as Validators;
  const keys = given !== null && typeof given === "object" ? Object.keys(given) : [];
  const what = given === undefined || given === null ? String(given) : keys.length === 0 ? "an object with no validator" : `an object of ${keys.join(", ")} (no validator function)`;
  throw new TypeError(`createWire: validators.${module} is ${what}; ${usage(module)}`);
}

export function createWire(options: WireOptions): Wire {
  const schemas = options.schemas ?? {};
  const precompiled: Record<string, Validators> = {};
  for (const [module, given] of Object.entries(options.validators ?? {})) precompiled[module] = validatorsOf(module, given);
  let ajv: Ajv2020 | undefined;
  // verbose: the chosen error needs its schema (allowed fields, bounds) and data to explain itself.
  const compiler = (): Ajv2020 => {
    if (ajv === undefined) {
      ajv = new Ajv2020({ strict: true, allErrors: true, verbose: true, discriminator: true });
      for (const module of Object.keys(schemas).sort()) ajv.addSchema(withDiscriminators(schemas[module] as SchemaDocument) as object);
    }
    return ajv;
  };
  const cache = new Map<string, Validator>();

  const validator = (module: string, name: string): Validator | undefined => {
    const key = `${module}#${name}`;
    const hit = cache.get(key);
    if (hit !== undefined) return hit;
    let v: Validator | undefined;
    const given = Object.hasOwn(precompiled, module) ? precompiled[module] : undefined;
    if (given !== undefined) {
      v = Object.hasOwn(given, name) && typeof given[name] === "function" ? given[name] : undefined;
    } else {
      const doc = Object.hasOwn(schemas, module) ? schemas[module] : undefined;
      if (doc === undefined || !Object.hasOwn(doc.$defs, name)) return undefined;
      v = compiler().getSchema(`${doc.$id}#/$defs/${name}`);
    }
    if (v !== undefined) cache.set(key, v);
    return v;
  };

  // A module the wire was given nothing for is the caller's slip, and says what it was given.
  const unknownType = (module: string, name: string): string => {
    if (Object.hasOwn(precompiled, module) || Object.hasOwn(schemas, module)) return `a known message type (no $defs/${name} in ${module})`;
    const known = [...Object.keys(precompiled), ...Object.keys(schemas)].sort();
    return `a module the wire was given (it has no validators or schema for '${module}'; given: ${known.length === 0 ? "none" : known.join(", ")}; ${usage(module)})`;
  };

  const decode = (module: string, name: string, raw: unknown): Result<unknown> => {
    const v = validator(module, name);
    if (v === undefined) return fail(module, name, "", unknownType(module, name), "a message");
    // Text is read strictly (duplicate keys, number forms, depth, size); a value is copied to
    // plain data, so the schema and the model only ever see what JSON text could have said.
    const read = typeof raw === "string" ? readJson(raw) : plainJson(raw);
    if (!read.ok) return fail(module, name, read.pointer, read.expected, read.found);
    const value = read.value;
    if (v(value)) return { ok: true, value };
    const picked = chooseError((v.errors ?? []) as readonly ErrorObject[]);
    if (picked === null) return fail(module, name, "", "a valid message", "an invalid one");
    const pointer = faultPointer(picked.chosen);
    return fail(module, name, pointer, expectedText(picked.chosen, picked.same), foundText(picked.chosen));
  };

  // The model is pure and total on valid input; a throw there is a bug, reported, never raised.
  const guarded = <T>(module: string, name: string, run: () => T): Result<T> => {
    try {
      return { ok: true, value: run() };
    } catch (e) {
      return fail(module, name, "", "input the model accepts", `a model failure: ${(e as Error).message}`);
    }
  };

  return {
    decode,
    validator,
    encode: (value) => JSON.stringify(value),
    decide(module, gen, decision, raw) {
      const entry = (gen.decisions as Record<string, DecisionEntry | undefined>)[decision];
      const name = `${decision}Facts`;
      if (entry === undefined) return fail(module, name, "", `a decision of ${module}`, `'${decision}'`);
      const facts = decode(module, name, raw);
      if (!facts.ok) return facts;
      const range = gen.ranges?.(name, facts.value) ?? null;
      if (range !== null) return fail(module, name, range.pointer, range.expected, range.found);
      return guarded(module, name, () => entry.decide(facts.value) as { verdict: never; rule: string });
    },
    step(module, gen, machine, state, rawEvent) {
      const entry = (gen.machines as Record<string, MachineEntry | undefined>)[machine];
      const name = `${machine}Event`;
      if (entry === undefined) return fail(module, name, "", `a machine of ${module}`, `'${machine}'`);
      const event = decode(module, name, rawEvent);
      if (!event.ok) return event;
      const range = gen.ranges?.(name, event.value) ?? null;
      if (range !== null) return fail(module, name, range.pointer, range.expected, range.found);
      return guarded(module, name, () => ({ ...(entry.step(state, event.value) as { state: never; output: never; rule: string }), event: event.value }));
    },
  };
}
