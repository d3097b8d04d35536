// Interpreter stage (the oracle): runtime values of the IR, in the JSON shape the generated
// TypeScript and the wire use, so the conformance tests compare them with plain deep equality:
// nat/ms/int -> number, bool, string, enum -> member string, union -> { kind, ...fields },
// record -> plain object, option -> value or null, list -> array.

/** A value of any spec type. Options never nest, so `null` is unambiguous as `none`. */
export type Value = number | boolean | string | null | readonly Value[] | { readonly [field: string]: Value };

/** A record or union value (a plain object). */
export type RecordValue = { readonly [field: string]: Value };

/** Raised when the IR or the inputs break an assumption the checker should have guaranteed. */
export class InterpretError extends Error {
  override readonly name = "InterpretError";
}

export function isRecord(v: Value): v is RecordValue {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** Structural equality, the meaning of `==` on every type. Key order does not matter. */
export function valueEquals(a: Value, b: Value): boolean {
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((x: Value, i: number) => valueEquals(x, b[i] as Value));
  }
  if (isRecord(a) && isRecord(b)) {
    const ka = Object.keys(a);
    if (ka.length !== Object.keys(b).length) return false;
    return ka.every((k) => Object.hasOwn(b, k) && valueEquals(a[k] as Value, b[k] as Value));
  }
  return false;
}

/** Short text of a value for error messages. */
export function show(v: Value): string {
  return JSON.stringify(v) ?? String(v);
}

export function asNumber(v: Value, what: string): number {
  if (typeof v !== "number" || !Number.isSafeInteger(v)) {
    throw new InterpretError(`${what}: expected a safe integer, got ${show(v)}`);
  }
  return v;
}

export function asString(v: Value, what: string): string {
  if (typeof v !== "string") throw new InterpretError(`${what}: expected a string, got ${show(v)}`);
  return v;
}

export function asBool(v: Value, what: string): boolean {
  if (typeof v !== "boolean") throw new InterpretError(`${what}: expected a bool, got ${show(v)}`);
  return v;
}

export function asList(v: Value, what: string): readonly Value[] {
  if (!Array.isArray(v)) throw new InterpretError(`${what}: expected a list, got ${show(v)}`);
  return v;
}

export function asRecord(v: Value, what: string): RecordValue {
  if (!isRecord(v)) throw new InterpretError(`${what}: expected a record, got ${show(v)}`);
  return v;
}

/** Read a field that must exist (records, union payloads, events, facts). */
export function getField(v: Value, field: string, what: string): Value {
  const r = asRecord(v, what);
  if (!Object.hasOwn(r, field)) throw new InterpretError(`${what}: no field '${field}' in ${show(v)}`);
  return r[field] as Value;
}
