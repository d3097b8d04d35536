// IR stage: the types of the spec language, after names are resolved.
// Plain readonly data; every later stage (emitters, interpreter, explorer) reads these.

/** Where a declaration came from in its YAML file (1-based). Printed only by diagnostics and docs. */
export interface Span {
  /** Spec file path relative to the repository root, e.g. `spec/supervise.yaml`. */
  readonly file: string;
  /** First line of the YAML node (1-based). */
  readonly line: number;
  /** First column of the YAML node (1-based). */
  readonly col: number;
  /** Last line of the YAML node (1-based, inclusive). */
  readonly endLine: number;
}

/**
 * A reference to a named type declared in some module. A name `<Union>.<Variant>` (with a dot)
 * denotes the payload record of one variant: the type of `e` inside a machine handler, or in a
 * step law restricted to one event. It is never declared in `types`; its fields are the variant's.
 */
export interface TypeRef {
  /** Module that declares the type. */
  readonly module: string;
  /** Type name, UpperCamelCase. */
  readonly name: string;
}

/** A value type. `ms` is a nat carrying the millisecond unit; arithmetic checks units. */
export type Type =
  | { readonly kind: "bool" }
  | {
      readonly kind: "nat";
      /** `ms` for durations and times in milliseconds, `none` for plain counts. */
      readonly unit: "none" | "ms";
      /** Inclusive lower bound from a range type (`nat 1..6`); 0 when absent. */
      readonly min: number;
      /** Inclusive upper bound from a range type, or null (then WIRE_MAX bounds the wire). */
      readonly max: number | null;
      /**
       * An upper bound that reads a parameter (`0..WORKERS - 1`): its expression. `max` is then
       * its value at the defaults; an instance refolds it (explore/params.ts `withParams`), and
       * the JSON Schema admits it at the parameters' range maxima.
       */
      readonly maxOf?: import("./expr.js").Expr;
    }
  | { readonly kind: "int" }
  | { readonly kind: "string" }
  | {
      readonly kind: "named";
      /** Which named type. */
      readonly ref: TypeRef;
    }
  | {
      readonly kind: "option";
      /** The wrapped type (never itself an option). */
      readonly of: Type;
    }
  | {
      readonly kind: "list";
      /** Element type. */
      readonly of: Type;
      /** Maximum length, a constant resolved at generation. */
      readonly max: number;
      /** Least length (`list<T> len N`, `list<T> min N max M`); absent: 0. Checked by the schema (minItems). */
      readonly min?: number;
      /** A bound that reads a parameter (`max WORKERS`): its expression (as a nat range's `maxOf`). */
      readonly maxOf?: import("./expr.js").Expr;
    };

/** A named field of a record, union variant, state, event or facts record. */
export interface Field {
  /** snake_case field name. */
  readonly name: string;
  /** Field type. */
  readonly type: Type;
  /** One-line documentation, may be empty. */
  readonly doc: string;
}

/** A variant of a tagged union (or of a machine's events). */
export interface Variant {
  /** UpperCamelCase tag; the wire and TypeScript carry it as `kind`. */
  readonly name: string;
  /** Payload fields in declaration order. */
  readonly fields: readonly Field[];
  /** One-line documentation, may be empty. */
  readonly doc: string;
}

/** A declared named type. */
export type TypeDecl =
  | {
      readonly kind: "enum";
      /** UpperCamelCase type name, unique in its module. */
      readonly name: string;
      /** Module-level documentation of the type. */
      readonly doc: string;
      /** Member names in declaration order; TypeScript and the wire use these strings. */
      readonly members: readonly string[];
      /** Source position. */
      readonly span: Span;
    }
  | {
      readonly kind: "record";
      /** UpperCamelCase type name, unique in its module. */
      readonly name: string;
      /** Documentation of the type. */
      readonly doc: string;
      /** Fields in declaration order. */
      readonly fields: readonly Field[];
      /**
       * `fallback:`, the record literal `nth_or(list, i)` takes when `i` is past the list's end
       * (`Job { phase: Free, .. }`), as expression text; checked where it is used.
       */
      readonly fallback?: string;
      /** Source position. */
      readonly span: Span;
    }
  | {
      readonly kind: "union";
      /** UpperCamelCase type name, unique in its module. */
      readonly name: string;
      /** Documentation of the type. */
      readonly doc: string;
      /** Variants in declaration order. */
      readonly variants: readonly Variant[];
      /** Source position. */
      readonly span: Span;
    };

export const BOOL: Type = { kind: "bool" };
export const NAT: Type = { kind: "nat", unit: "none", min: 0, max: null };
export const MS: Type = { kind: "nat", unit: "ms", min: 0, max: null };
export const INT: Type = { kind: "int" };
export const STRING: Type = { kind: "string" };

/** Exhaustiveness helper for `switch` over a discriminated union. */
export function unreachable(x: never): never {
  throw new Error(`unreachable: ${JSON.stringify(x)}`);
}
