// Runtime, replace: the facts side of spec/replace.yaml. A version string is parsed once into a
// rank by the `semver` package (SemVer 2.0.0: core, pre-release identifiers; build metadata
// dropped) and ranks are compared with semver precedence; a `-dev` or older-scheme
// `0.9.9-main.46` build is an ordinary pre-release, so it ranks below its series' releases, and
// `1.2.3-4` below `1.2.3`. The model decides: `relateFacts` only turns two versions into the facts
// of its `Relate` decision (series, the release/pre-release cut, and the pre-release order).

import SemVer from "semver/classes/semver.js";

/** A parsed version: what precedence reads. Build metadata is not part of it. */
export interface Rank {
  readonly major: number;
  readonly minor: number;
  readonly patch: number;
  /** Pre-release identifiers (numbers where semver reads them as numbers); empty for a release. */
  readonly pre: readonly (string | number)[];
  /** The version without build metadata, as semver prints it (what precedence compares). */
  readonly version: string;
}

export type Order = -1 | 0 | 1;

/** semver's limit on a version string's length (node-semver MAX_LENGTH). */
const MAX_LENGTH = 256;

/**
 * The rank of a strict SemVer 2.0.0 version string, or undefined when it is not one. Stricter
 * than semver in one respect: no leading `v` or surrounding whitespace (the daemon's versions
 * never carry them), so a version is read exactly as written.
 */
export function parseVersion(s: string): Rank | undefined {
  if (s.length > MAX_LENGTH || s !== s.trim() || !/^[0-9]/.test(s)) return undefined;
  let v: SemVer;
  try {
    v = new SemVer(s);
  } catch {
    return undefined; // semver's TypeError: not a valid version
  }
  return { major: v.major, minor: v.minor, patch: v.patch, pre: [...v.prerelease], version: v.version };
}

function order(n: number): Order {
  return n < 0 ? -1 : n > 0 ? 1 : 0;
}

/**
 * Precedence of two versions' pre-release parts alone (the model's `pre_cmp`): no pre-release
 * ranks above any; otherwise identifier by identifier, and a shorter list that is a prefix ranks lower.
 */
export function comparePre(a: Rank, b: Rank): Order {
  return order(new SemVer(a.version).comparePre(b.version));
}

/** Semver precedence of two ranks: major, minor, patch numerically, then the pre-release part. */
export function compareRank(a: Rank, b: Rank): Order {
  return order(new SemVer(a.version).compare(b.version));
}

/** The model's `Series`: a rank's series and whether it is a pre-release. */
export interface Series {
  readonly major: number;
  readonly minor: number;
  readonly patch: number;
  readonly pre_release: boolean;
}

export function seriesOf(r: Rank): Series {
  return { major: r.major, minor: r.minor, patch: r.patch, pre_release: r.pre.length > 0 };
}

/** The facts of the model's `Relate` decision (spec/replace.yaml), field for field. */
export interface RelateFactsOf {
  readonly client: Series | null;
  readonly daemon: Series | null;
  readonly pre_cmp: "Below" | "Equal" | "Above";
  readonly same_build_id: boolean;
}

const CMP = { [-1]: "Below", 0: "Equal", 1: "Above" } as const;

/**
 * Parse both versions once and gather `Relate`'s facts. A missing or unreadable version is null;
 * `pre_cmp` orders the pre-release parts only (the model reads it only for two pre-releases of
 * one series). Build ids are compared as given; null never equals anything.
 */
export function relateFacts(client: string | undefined, daemon: string | undefined, clientBuild: string | null, daemonBuild: string | null): RelateFactsOf {
  const c = client === undefined ? undefined : parseVersion(client);
  const d = daemon === undefined ? undefined : parseVersion(daemon);
  return {
    client: c === undefined ? null : seriesOf(c),
    daemon: d === undefined ? null : seriesOf(d),
    pre_cmp: c === undefined || d === undefined ? "Equal" : CMP[comparePre(c, d)],
    same_build_id: clientBuild !== null && clientBuild === daemonBuild,
  };
}
