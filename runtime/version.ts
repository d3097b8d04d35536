// Runtime, replace: the facts side of spec/replace.yaml. A version string is parsed once into a
// rank (SemVer 2.0.0: core, pre-release identifiers, build metadata dropped) and ranks are compared
// with semver precedence; a `-dev` or older-scheme `0.9.9-main.46` build is an ordinary
// pre-release, so it ranks below its series' releases, and `1.2.3-4` below `1.2.3`.
// `relateFacts` turns two versions into the facts of the model's `Relate` decision.

/** One dot-separated pre-release identifier: numeric (no leading zero) or alphanumeric. */
export type PreId = { readonly kind: "num"; readonly digits: string } | { readonly kind: "alpha"; readonly text: string };

/** A parsed version: what precedence reads. Build metadata is not part of it. */
export interface Rank {
  readonly major: number;
  readonly minor: number;
  readonly patch: number;
  /** Pre-release identifiers; empty for a release. */
  readonly pre: readonly PreId[];
}

export type Order = -1 | 0 | 1;

/** semver's limit on a version string's length (node-semver MAX_LENGTH). */
const MAX_LENGTH = 256;
const NUM = "0|[1-9]\\d*";
const IDENT = "[0-9A-Za-z-]+";
const VERSION = new RegExp(`^(${NUM})\\.(${NUM})\\.(${NUM})(?:-(${IDENT}(?:\\.${IDENT})*))?(?:\\+(${IDENT}(?:\\.${IDENT})*))?$`);

/**
 * The rank of a strict SemVer 2.0.0 version string, or undefined when it is not one. No leading
 * `v` or surrounding whitespace is accepted (the daemon's versions never carry them); a core number
 * above Number.MAX_SAFE_INTEGER is refused, as semver does.
 */
export function parseVersion(s: string): Rank | undefined {
  if (s.length > MAX_LENGTH) return undefined;
  const m = VERSION.exec(s);
  if (m === null) return undefined;
  const [major, minor, patch] = [m[1], m[2], m[3]].map(Number);
  if (major === undefined || minor === undefined || patch === undefined) return undefined;
  if (![major, minor, patch].every(Number.isSafeInteger)) return undefined;
  const pre: PreId[] = [];
  for (const id of m[4] === undefined ? [] : m[4].split(".")) {
    if (/^\d+$/.test(id)) {
      // A numeric identifier must not have a leading zero (SemVer 2.0.0, item 9).
      if (id.length > 1 && id.startsWith("0")) return undefined;
      pre.push({ kind: "num", digits: id });
    } else pre.push({ kind: "alpha", text: id });
  }
  return { major, minor, patch, pre };
}

function sign(a: number, b: number): Order {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Code-unit order of two strings (ASCII here), never locale order. */
function textOrder(a: string, b: string): Order {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Numeric identifiers compare as numbers of any size: by digit count, then digit by digit. */
function preIdOrder(a: PreId, b: PreId): Order {
  if (a.kind === "num" && b.kind === "num") return a.digits.length !== b.digits.length ? sign(a.digits.length, b.digits.length) : textOrder(a.digits, b.digits);
  if (a.kind === "num") return -1; // numeric identifiers rank below alphanumeric ones
  if (b.kind === "num") return 1;
  return textOrder(a.text, b.text);
}

/**
 * Precedence of two pre-release parts alone (the model's `pre_cmp`): no pre-release ranks above
 * any; otherwise identifier by identifier, and a shorter list that is a prefix ranks lower.
 */
export function comparePre(a: readonly PreId[], b: readonly PreId[]): Order {
  if (a.length === 0 || b.length === 0) return sign(b.length, a.length);
  for (let i = 0; i < a.length && i < b.length; i++) {
    const x = a[i];
    const y = b[i];
    if (x === undefined || y === undefined) break;
    const o = preIdOrder(x, y);
    if (o !== 0) return o;
  }
  return sign(a.length, b.length);
}

/** Semver precedence of two ranks: major, minor, patch numerically, then the pre-release part. */
export function compareRank(a: Rank, b: Rank): Order {
  return sign(a.major, b.major) || sign(a.minor, b.minor) || sign(a.patch, b.patch) || comparePre(a.pre, b.pre);
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
    pre_cmp: c === undefined || d === undefined ? "Equal" : CMP[comparePre(c.pre, d.pre)],
    same_build_id: clientBuild !== null && clientBuild === daemonBuild,
  };
}
