// Runtime, wire: the one reader of message text, stricter than JSON.parse where the wire must be:
// a duplicate key, a number that is not plain integer text (`1.0`, `1E2`, `-0`, `1e-400`,
// `5.0000000000000001`), an integer past 2^53 - 1, nesting past WIRE_LIMITS.depth or text past
// WIRE_LIMITS.chars is refused with the JSON pointer of the fault, before any schema runs. A
// message given as a value (library callers) is copied to plain JSON data first, so an inherited
// field (a `kind` on the prototype), a getter, a class instance or a cycle cannot pass for data.

/** The wire's limits on one message. */
export const WIRE_LIMITS = {
  /** Characters of message text. */
  chars: 1_000_000,
  /** Nesting of arrays and objects (the deepest generated schema needs a handful). */
  depth: 64,
  /** Values (objects, arrays, scalars) in one message given as a value. */
  values: 200_000,
} as const;

/** A message read as plain data, or where and why it was refused. */
export type Read =
  | { readonly ok: true; readonly value: unknown }
  | { readonly ok: false; readonly pointer: string; readonly expected: string; readonly found: string };

const INTEGER = /^-?(?:0|[1-9][0-9]*)$/;

class Refused extends Error {
  constructor(readonly pointer: string, readonly expected: string, readonly found: string) {
    super(expected);
  }
}

const pointerOf = (path: readonly (string | number)[]): string =>
  path.map((p) => `/${String(p).replace(/~/g, "~0").replace(/\//g, "~1")}`).join("");

const short = (text: string): string => (text.length > 40 ? `${text.slice(0, 37)}...` : text);

/** Set an own data property (a key `__proto__` stays a field, never a prototype). */
function put(obj: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(obj, key, { value, enumerable: true, writable: true, configurable: true });
}

/** Read message text. The integer rule is the wire's: `-?(0|[1-9][0-9]*)`, not `-0`, safe. */
export function readJson(text: string): Read {
  if (text.length > WIRE_LIMITS.chars) return { ok: false, pointer: "", expected: `a message of at most ${WIRE_LIMITS.chars} characters`, found: `${text.length} characters` };
  let i = 0;
  const path: (string | number)[] = [];
  const fail = (expected: string, found: string): never => {
    throw new Refused(pointerOf(path), expected, found);
  };
  const ws = (): void => {
    while (i < text.length && (text[i] === " " || text[i] === "\t" || text[i] === "\n" || text[i] === "\r")) i++;
  };
  // Text that is not JSON at all is a fault of the whole message (pointer ""), as JSON.parse's.
  const syntax = (what: string): never => {
    throw new Refused("", "JSON text", `text that does not parse (${what} at character ${i + 1})`);
  };

  const str = (): string => {
    i++; // opening quote
    let out = "";
    let from = i;
    for (;;) {
      if (i >= text.length) syntax("an unterminated string");
      const c = text.charCodeAt(i);
      if (c === 0x22) break;
      if (c < 0x20) syntax("a control character in a string");
      if (c !== 0x5c) {
        i++;
        continue;
      }
      out += text.slice(from, i);
      const e = text[i + 1];
      const simple: Record<string, string> = { '"': '"', "\\": "\\", "/": "/", b: "\b", f: "\f", n: "\n", r: "\r", t: "\t" };
      if (e !== undefined && Object.hasOwn(simple, e)) {
        out += simple[e];
        i += 2;
      } else if (e === "u" && /^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) {
        out += String.fromCharCode(parseInt(text.slice(i + 2, i + 6), 16));
        i += 6;
      } else syntax("a bad escape");
      from = i;
    }
    out += text.slice(from, i);
    i++; // closing quote
    return out;
  };

  const num = (): number => {
    const m = /-?[0-9]*(?:\.[0-9]*)?(?:[eE][+-]?[0-9]*)?/y;
    m.lastIndex = i;
    const raw = m.exec(text)?.[0] ?? "";
    if (raw === "" || raw === "-") syntax("an unexpected character");
    i += raw.length;
    if (!INTEGER.test(raw)) fail("an integer in plain digits (no fraction, exponent or leading zero)", `the number ${short(raw)}`);
    if (raw === "-0") fail("an integer in plain digits (0, not -0)", "the number -0");
    const n = Number(raw);
    if (!Number.isSafeInteger(n)) fail(`an integer from ${-Number.MAX_SAFE_INTEGER} to ${Number.MAX_SAFE_INTEGER}`, `the number ${short(raw)}`);
    return n;
  };

  const value = (depth: number): unknown => {
    ws();
    const c = text[i];
    if (c === "{" || c === "[") {
      if (depth >= WIRE_LIMITS.depth) fail(`nesting of at most ${WIRE_LIMITS.depth} levels`, "deeper nesting");
      i++;
      ws();
      if (c === "[") {
        const out: unknown[] = [];
        if (text[i] === "]") {
          i++;
          return out;
        }
        for (;;) {
          path.push(out.length);
          out.push(value(depth + 1));
          path.pop();
          ws();
          if (text[i] === ",") i++;
          else if (text[i] === "]") {
            i++;
            return out;
          } else syntax("a missing ',' or ']'");
        }
      }
      const out: Record<string, unknown> = {};
      if (text[i] === "}") {
        i++;
        return out;
      }
      for (;;) {
        ws();
        if (text[i] !== '"') syntax("a missing key");
        const key = str();
        path.push(key);
        if (Object.hasOwn(out, key)) fail("each key once", `a second "${short(key)}"`);
        ws();
        if (text[i] !== ":") syntax("a missing ':'");
        i++;
        put(out, key, value(depth + 1));
        path.pop();
        ws();
        if (text[i] === ",") i++;
        else if (text[i] === "}") {
          i++;
          return out;
        } else syntax("a missing ',' or '}'");
      }
    }
    if (c === '"') return str();
    if (c === "-" || (c !== undefined && c >= "0" && c <= "9")) return num();
    for (const [word, v] of [["true", true], ["false", false], ["null", null]] as const) {
      if (text.startsWith(word, i)) {
        i += word.length;
        return v;
      }
    }
    return syntax(c === undefined ? "the end of the text" : "an unexpected character");
  };

  try {
    const v = value(0);
    ws();
    if (i < text.length) syntax("text after the message");
    return { ok: true, value: v };
  } catch (e) {
    if (e instanceof Refused) return { ok: false, pointer: e.pointer, expected: e.expected, found: e.found };
    throw e;
  }
}

/**
 * Copy a message given as a value to plain JSON data: own enumerable fields of plain objects,
 * arrays without holes, finite numbers, strings, booleans and null. Anything else is refused
 * at its pointer; a getter that throws is refused, never raised.
 */
export function plainJson(input: unknown): Read {
  let budget = WIRE_LIMITS.values;
  const path: (string | number)[] = [];
  const fail = (expected: string, found: string): never => {
    throw new Refused(pointerOf(path), expected, found);
  };
  const seen = new Set<object>();
  const copy = (v: unknown, depth: number): unknown => {
    if (--budget < 0) fail(`a message of at most ${WIRE_LIMITS.values} values`, "more");
    if (v === null || typeof v === "boolean" || typeof v === "string") return v;
    if (typeof v === "number") {
      if (!Number.isFinite(v)) fail("a finite number", String(v));
      return v === 0 ? 0 : v; // -0 is 0 on the wire
    }
    if (typeof v !== "object") return fail("JSON data", typeof v);
    if (depth >= WIRE_LIMITS.depth) fail(`nesting of at most ${WIRE_LIMITS.depth} levels`, "deeper nesting");
    if (seen.has(v)) fail("JSON data", "a cycle");
    seen.add(v);
    let out: unknown;
    if (Array.isArray(v)) {
      const arr: unknown[] = [];
      for (let k = 0; k < v.length; k++) {
        path.push(k);
        if (!Object.hasOwn(v, k)) fail("a list without holes", "a hole");
        arr.push(copy(v[k], depth + 1));
        path.pop();
      }
      out = arr;
    } else {
      const proto: unknown = Object.getPrototypeOf(v);
      if (proto !== Object.prototype && proto !== null) fail("a plain object", "an instance of a class");
      const obj: Record<string, unknown> = {};
      for (const key of Object.keys(v)) {
        path.push(key);
        put(obj, key, copy((v as Record<string, unknown>)[key], depth + 1));
        path.pop();
      }
      out = obj;
    }
    seen.delete(v);
    return out;
  };
  try {
    return { ok: true, value: copy(input, 0) };
  } catch (e) {
    if (e instanceof Refused) return { ok: false, pointer: e.pointer, expected: e.expected, found: e.found };
    return { ok: false, pointer: pointerOf(path), expected: "plain JSON data", found: `a value that throws when read (${e instanceof Error ? e.message : "?"})` };
  }
}
