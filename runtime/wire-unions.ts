// Runtime, wire: the spec's tagged unions read through ajv's `discriminator` keyword. A generated
// schema states a union as a plain `oneOf` of objects each fixing `kind` (standard JSON Schema,
// for any validator); this copy adds `discriminator: { propertyName: "kind" }` so ajv picks the
// one variant the tag names and reports only its errors, pointing at the variant. Used by the
// wire (compiling at run time) and by the validators target (compiling ahead), so both agree.

/** The union tag every generated union carries. */
export const UNION_TAG = "kind";

function isTaggedUnion(node: Record<string, unknown>): boolean {
  const branches = node["oneOf"];
  if (!Array.isArray(branches) || branches.length === 0) return false;
  return branches.every((b) => {
    const props = (b as { properties?: Record<string, unknown> } | null)?.properties;
    const tag = props?.[UNION_TAG] as { const?: unknown } | undefined;
    const required = (b as { required?: unknown }).required;
    return typeof tag?.const === "string" && Array.isArray(required) && required.includes(UNION_TAG);
  });
}

/** A copy of `schema` with a `discriminator` on every tagged-union `oneOf` (the input is not changed). */
export function withDiscriminators<T>(schema: T): T {
  if (Array.isArray(schema)) return schema.map((s: unknown) => withDiscriminators(s)) as T;
  if (schema === null || typeof schema !== "object") return schema;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(schema)) out[k] = withDiscriminators(v);
  if (isTaggedUnion(out)) {
    out["type"] = "object";
    out["discriminator"] = { propertyName: UNION_TAG };
  }
  return out as T;
}

/** The tags a union accepts, from the `oneOf` of its schema (for the error text). */
export function unionTags(schema: unknown): string[] {
  const branches = (schema as { oneOf?: unknown } | null)?.oneOf;
  if (!Array.isArray(branches)) return [];
  return branches.map((b) => (b as { properties?: Record<string, { const?: unknown }> }).properties?.[UNION_TAG]?.const).filter((t): t is string => typeof t === "string");
}
