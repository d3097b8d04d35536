// Runtime, wire: turn ajv's list of errors for one rejected message into ONE fault a person can
// act on: a JSON pointer and what was expected there. ajv (allErrors) reports every branch of
// every `oneOf`; the spec's unions are tagged by `kind`, so the errors of variants whose tag does
// not match the message are noise and are dropped first. Then the deepest, most specific error
// wins, with ties broken by ajv's own (deterministic) order.

import type { ErrorObject } from "ajv/dist/2020.js";
import { unionTags } from "./wire-unions.js";

/** Where a message was rejected and why. `pointer` is a JSON pointer into the message. */
export interface WireError {
  /** The module whose schema rejected the message. */
  readonly module: string;
  /** The `$defs` name the message was read as (e.g. `RestartDecideFacts`). */
  readonly name: string;
  /** JSON pointer (RFC 6901) of the fault; "" is the whole message. */
  readonly pointer: string;
  /** What was expected there, in words. */
  readonly expected: string;
  /** One line: module, name, pointer, expected and what was found. */
  readonly message: string;
}

const TAG = "kind";

/** Lower is more specific; a `type` error often only says another branch wanted this value. */
const RANK: Readonly<Record<string, number>> = {
  const: 0, enum: 1, required: 2, additionalProperties: 3, minimum: 4, maximum: 4, exclusiveMinimum: 4,
  exclusiveMaximum: 4, maxItems: 5, minItems: 5, maxLength: 6, minLength: 6, type: 7,
};

export function escapePointer(segment: string): string {
  return segment.replace(/~/g, "~0").replace(/\//g, "~1");
}

function depth(pointer: string): number {
  return pointer === "" ? 0 : pointer.split("/").length - 1;
}

/** A union's `discriminator` error: the tag is missing, not a string, or names no variant. */
function isTagError(e: ErrorObject): boolean {
  return e.keyword === "discriminator";
}

/** The pointer of the fault itself: a missing or extra field (or union tag) is pointed at, not its object. */
export function faultPointer(e: ErrorObject): string {
  if (isTagError(e)) return `${e.instancePath}/${escapePointer(String(e.params["tag"] ?? TAG))}`;
  if (e.keyword === "required") return `${e.instancePath}/${escapePointer(String(e.params["missingProperty"]))}`;
  if (e.keyword === "additionalProperties") return `${e.instancePath}/${escapePointer(String(e.params["additionalProperty"]))}`;
  return e.instancePath;
}

/**
 * The `oneOf` an error sits in (its schema path up to `/oneOf`), the variant index, and the
 * pointer of the union value: the error's instance path less the segments the rest of the
 * schema path walked into (`properties/<name>` and `items` each step one level down).
 */
function variantOf(e: ErrorObject): { union: string; index: number; at: string } | null {
  const m = /^(.*\/oneOf)\/(\d+)\/([^]*)$/.exec(e.schemaPath);
  if (m === null) return null;
  const tail = (m[3] ?? "").split("/");
  let down = 0;
  for (let i = 0; i < tail.length; i++) {
    if (tail[i] === "properties") { down++; i++; } else if (tail[i] === "items") down++;
  }
  const segments = e.instancePath.split("/");
  return { union: m[1] ?? "", index: Number(m[2]), at: segments.slice(0, segments.length - down).join("/") };
}

function isTagConst(e: ErrorObject): boolean {
  return e.keyword === "const" && /\/properties\/kind\/const$/.test(e.schemaPath);
}

/** Drop the errors of union variants whose `kind` does not match the message's tag. */
function dropWrongVariants(errors: readonly ErrorObject[]): ErrorObject[] {
  const wrong = new Map<string, Set<number>>();
  const size = new Map<string, number>();
  for (const e of errors) {
    if (e.keyword === "oneOf" && Array.isArray(e.schema)) size.set(`${e.schemaPath}@${e.instancePath}`, e.schema.length);
    const v = isTagConst(e) ? variantOf(e) : null;
    if (v === null) continue;
    const key = `${v.union}@${v.at}`;
    wrong.set(key, (wrong.get(key) ?? new Set()).add(v.index));
  }
  return errors.filter((e) => {
    if (e.keyword === "oneOf") return false;
    const v = variantOf(e);
    if (v === null) return true;
    const key = `${v.union}@${v.at}`;
    const w = wrong.get(key);
    if (w === undefined || !w.has(v.index)) return true;
    // No variant has this tag: keep the tag errors themselves, they say which tags exist.
    return w.size === (size.get(key) ?? Number.POSITIVE_INFINITY) && isTagConst(e);
  });
}

function better(a: ErrorObject, b: ErrorObject): boolean {
  const missingTag = (e: ErrorObject): boolean => (e.keyword === "required" && e.params["missingProperty"] === TAG) || isTagError(e);
  if (missingTag(a) !== missingTag(b)) return missingTag(a);
  const da = depth(faultPointer(a));
  const db = depth(faultPointer(b));
  if (da !== db) return da > db;
  return (RANK[a.keyword] ?? 8) < (RANK[b.keyword] ?? 8);
}

/** The one error to report, and its companions at the same place (merged into `expected`). */
export function chooseError(errors: readonly ErrorObject[]): { chosen: ErrorObject; same: ErrorObject[] } | null {
  let pool = dropWrongVariants(errors);
  // A type error where another error sits at the same place or below comes from a branch the
  // value did not take (an option's `null`, a union variant of another shape).
  const within = (p: string, at: string): boolean => p === at || p.startsWith(`${at}/`);
  pool = pool.filter((e) => e.keyword !== "type" || !pool.some((o) => o.keyword !== "type" && within(faultPointer(o), e.instancePath)));
  if (pool.length === 0) pool = errors.slice();
  let chosen = pool[0];
  if (chosen === undefined) return null;
  for (const e of pool) if (better(e, chosen)) chosen = e;
  const c = chosen;
  const same = pool.filter((e) => e.keyword === c.keyword && faultPointer(e) === faultPointer(c));
  return { chosen: c, same };
}

const TYPE_WORDS: Readonly<Record<string, string>> = {
  integer: "an integer", number: "a number", boolean: "a boolean", string: "a string",
  object: "an object", array: "a list", null: "null",
};

function unique(items: readonly string[]): string[] {
  return items.filter((x, i) => items.indexOf(x) === i);
}

function bounds(parent: Record<string, unknown> | undefined): string {
  const min = parent?.["minimum"];
  const max = parent?.["maximum"];
  if (typeof min === "number" && typeof max === "number") return `an integer from ${min} to ${max}`;
  if (typeof min === "number") return `an integer >= ${min}`;
  if (typeof max === "number") return `an integer <= ${max}`;
  return "a number in range";
}

/** What was expected at the fault, in words. */
export function expectedText(chosen: ErrorObject, same: readonly ErrorObject[]): string {
  const p = chosen.params as Record<string, unknown>;
  const parent = chosen.parentSchema as Record<string, unknown> | undefined;
  switch (chosen.keyword) {
    case "type":
      return unique(same.map((e) => TYPE_WORDS[String(e.params["type"])] ?? String(e.params["type"]))).join(" or ");
    case "const": {
      const values = unique(same.map((e) => JSON.stringify(e.params["allowedValue"])));
      return values.length === 1 ? `${values[0]}` : `one of ${values.join(", ")}`;
    }
    case "enum":
      return `one of ${(p["allowedValues"] as unknown[]).map((v) => JSON.stringify(v)).join(", ")}`;
    case "required":
      return `a field "${String(p["missingProperty"])}" (required)`;
    case "discriminator": {
      // A missing tag is said as a missing field; a wrong one lists the variants.
      const present = typeof chosen.data === "object" && chosen.data !== null && Object.hasOwn(chosen.data, String(p["tag"]));
      if (!present) return `a field "${String(p["tag"])}" (required)`;
      const tags = unionTags(chosen.parentSchema);
      return tags.length === 1 ? JSON.stringify(tags[0]) : `one of ${tags.map((t) => JSON.stringify(t)).join(", ")}`;
    }
    case "additionalProperties": {
      const allowed = Object.keys((parent?.["properties"] as object | undefined) ?? {});
      return `no field "${String(p["additionalProperty"])}" (allowed: ${allowed.join(", ") || "none"})`;
    }
    case "minimum":
    case "maximum":
      return bounds(parent);
    case "maxItems":
      return `a list of at most ${String(p["limit"])} items`;
    case "maxLength":
      return `a string of at most ${String(p["limit"])} characters`;
    default:
      return chosen.message ?? chosen.keyword;
  }
}

/** A short text of what the message held at the fault. */
export function foundText(chosen: ErrorObject): string {
  if (chosen.keyword === "required") return "nothing";
  let data: unknown = chosen.data;
  if (isTagError(chosen)) {
    const tag = String(chosen.params["tag"]);
    if (typeof data !== "object" || data === null || !Object.hasOwn(data, tag)) return "nothing";
    data = (data as Record<string, unknown>)[tag];
  }
  if (chosen.keyword === "additionalProperties" && typeof data === "object" && data !== null) {
    data = (data as Record<string, unknown>)[String(chosen.params["additionalProperty"])];
  }
  if (Array.isArray(data) && chosen.keyword === "maxItems") return `a list of ${data.length} items`;
  const text = preview(data, 60);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

/**
 * JSON-like text of `data`, cut once it passes `max` characters and at a few levels of nesting:
 * never a full serialisation (a deep or huge value must not overflow the stack or allocate).
 */
export function preview(data: unknown, max: number, depth = 0): string {
  if (data === null || typeof data === "boolean" || typeof data === "number") return String(data);
  if (typeof data === "string") return JSON.stringify(data.length > max ? data.slice(0, max) : data);
  if (typeof data !== "object") return typeof data;
  if (depth >= 3) return Array.isArray(data) ? "[...]" : "{...}";
  const parts: string[] = [];
  let used = 2;
  const entries = Array.isArray(data) ? data.map((v) => ["", v] as const) : Object.keys(data).map((k) => [k, (data as Record<string, unknown>)[k]] as const);
  for (const [k, v] of entries) {
    if (used > max) {
      parts.push("...");
      break;
    }
    const item = (Array.isArray(data) ? "" : `${JSON.stringify(k)}:`) + preview(v, max - used, depth + 1);
    parts.push(item);
    used += item.length + 1;
  }
  return Array.isArray(data) ? `[${parts.join(",")}]` : `{${parts.join(",")}}`;
}
