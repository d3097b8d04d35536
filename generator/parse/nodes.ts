// Parse stage: the node tree later stages point into (`nodeAt`, `keyAt`, `rangeOf`): maps, lists
// and scalars with the source ranges the yaml package gives them. Built directly by the fast
// reader (plain-yaml.ts), or from the yaml package's document when that reader declines a file.

import { isAlias, isMap, isPair, isScalar, isSeq } from "yaml";

/** Start, end of the value, end of the node with its trailing space and comment (the yaml package's `range`). */
export type Range = readonly [number, number, number];

export interface YScalar {
  readonly kind: "scalar";
  readonly range: Range;
  /** The scalar's value where it is a map key (for `nodeAt`'s lookups); absent elsewhere in the fast reader. */
  readonly value?: unknown;
}

export interface YMap {
  readonly kind: "map";
  readonly range: Range;
  readonly items: readonly { readonly key: YNode | null; readonly value: YNode | null }[];
}

export interface YSeq {
  readonly kind: "seq";
  readonly range: Range;
  readonly items: readonly (YNode | null)[];
}

/** An alias, or a pair inside a flow list: nothing later stages descend into. */
export interface YOther {
  readonly kind: "other";
  readonly range?: Range;
}

export type YNode = YScalar | YMap | YSeq | YOther;

/** The tree of a yaml package node (its depth is already bounded by the parse limits). */
export function fromYaml(n: unknown): YNode | null {
  const range = (n as { range?: Range | null } | null)?.range ?? undefined;
  if (isScalar(n)) return { kind: "scalar", range: range ?? [0, 0, 0], value: n.value };
  if (isMap(n)) {
    const items = n.items.map((p) => ({ key: fromYaml(p.key), value: fromYaml(p.value) }));
    return { kind: "map", range: range ?? [0, 0, 0], items };
  }
  if (isSeq(n)) return { kind: "seq", range: range ?? [0, 0, 0], items: n.items.map((x) => (isPair(x) ? { kind: "other" } : fromYaml(x))) };
  if (isAlias(n)) return range === undefined ? { kind: "other" } : { kind: "other", range };
  return null;
}
