// Tests of runtime/version.ts, which reads versions through the `semver` package, against semver's
// own functions as the oracle (and against the model's reading of the facts): hand-picked pairs
// (releases, -dev, older-scheme -main.N, numeric pre-releases, build metadata) and a fast-check
// property over generated version strings. Also checks that the split the replace model relies
// on (series, the release/pre-release cut, then pre_cmp from the runtime) reads semver exactly.

import fc from "fast-check";
import semver from "semver";
import { describe, expect, it } from "vitest";
import { compareRank, parseVersion, relateFacts, type Rank } from "../../runtime/version.js";

function rank(s: string): Rank {
  const r = parseVersion(s);
  if (r === undefined) throw new Error(`not a version: ${s}`);
  return r;
}

const cmp = (a: string, b: string): number => compareRank(rank(a), rank(b));

/** The replace model's reading of Relate's facts, rule by rule, as an order (-1, 0, 1). */
function modelOrder(a: string, b: string): number {
  const f = relateFacts(a, b, null, null);
  const c = f.client;
  const d = f.daemon;
  if (c === null || d === null) throw new Error("both versions parse here");
  const series = Math.sign(c.major - d.major) || Math.sign(c.minor - d.minor) || Math.sign(c.patch - d.patch);
  if (series !== 0) return series;
  if (c.pre_release !== d.pre_release) return c.pre_release ? -1 : 1;
  if (!c.pre_release) return 0;
  return f.pre_cmp === "Above" ? 1 : f.pre_cmp === "Below" ? -1 : 0;
}

// [lower, higher] by semver precedence, each pinned by hand.
const ORDERED: readonly (readonly [string, string])[] = [
  ["1.2.3-dev", "1.2.3"],
  ["1.2.3-4", "1.2.3"],
  ["0.9.9-main.46", "0.9.9"],
  ["0.9.9-main.46", "0.9.9-main.47"],
  ["0.9.9-main.9", "0.9.9-main.10"],
  ["0.9.9-main.46", "1.0.0"],
  ["1.2.3", "1.2.4-dev"],
  ["1.2.3", "1.3.0"],
  ["9.99.99", "10.0.0"],
  ["1.2.3-1", "1.2.3-a"],
  ["1.2.3-alpha", "1.2.3-dev"],
  ["1.2.3-dev", "1.2.3-dev.1"],
  ["1.0.0-alpha", "1.0.0-alpha.1"],
  ["1.0.0-alpha.1", "1.0.0-alpha.beta"],
  ["1.0.0-alpha.beta", "1.0.0-beta"],
  ["1.0.0-beta", "1.0.0-beta.2"],
  ["1.0.0-beta.2", "1.0.0-beta.11"],
  ["1.0.0-beta.11", "1.0.0-rc.1"],
  ["1.0.0-rc.1", "1.0.0"],
  ["1.2.3-Z", "1.2.3-a"],
  ["1.2.3-99", "1.2.3-100"],
];

const EQUAL: readonly (readonly [string, string])[] = [
  ["1.2.3", "1.2.3"],
  ["1.2.3+abc", "1.2.3+def.1"],
  ["1.2.3-dev+a", "1.2.3-dev"],
];

describe("parseVersion", () => {
  it("reads the core, the pre-release identifiers and drops build metadata", () => {
    expect(parseVersion("0.9.9-main.46+sha.5114f85")).toEqual({
      major: 0,
      minor: 9,
      patch: 9,
      pre: ["main", 46],
      version: "0.9.9-main.46",
    });
    expect(parseVersion("1.2.3")?.pre).toEqual([]);
  });

  it("refuses what SemVer 2.0.0 refuses", () => {
    for (const bad of ["", "1.2", "1.2.3.4", "01.2.3", "1.02.3", "1.2.3-01", "1.2.3-", "1.2.3+", "1.2.3-a..b", "1.2.3-é", "9007199254740992.0.0"]) {
      expect(parseVersion(bad), bad).toBeUndefined();
      expect(semver.valid(bad), bad).toBeNull();
    }
  });

  it("is stricter than semver about a leading v and surrounding whitespace", () => {
    for (const s of ["v1.2.3", " 1.2.3", "1.2.3 "]) {
      expect(parseVersion(s), s).toBeUndefined();
      expect(semver.valid(s), s).toBe("1.2.3");
    }
  });
});

describe("compareRank", () => {
  it("orders the hand-picked pairs as semver does, both ways", () => {
    for (const [lo, hi] of ORDERED) {
      expect(semver.compare(lo, hi), `${lo} < ${hi} (oracle)`).toBe(-1);
      expect(cmp(lo, hi), `${lo} < ${hi}`).toBe(-1);
      expect(cmp(hi, lo), `${hi} > ${lo}`).toBe(1);
    }
  });

  it("ignores build metadata", () => {
    for (const [a, b] of EQUAL) {
      expect(semver.compare(a, b), `${a} = ${b} (oracle)`).toBe(0);
      expect(cmp(a, b), `${a} = ${b}`).toBe(0);
    }
  });

  it("compares numeric identifiers as numbers, also past 2^53", () => {
    expect(cmp("1.0.0-99", "1.0.0-100")).toBe(-1);
    expect(cmp("1.0.0-18446744073709551616", "1.0.0-9")).toBe(1);
  });
});

// Generated versions: small numbers so that equal series, equal identifiers and prefixes occur.
const num = fc.nat({ max: 12 }).map(String);
const alpha = fc.oneof(
  fc.constantFrom("dev", "main", "alpha", "beta", "rc", "a", "b", "Z", "-", "x-y", "0a", "a0"),
  fc.stringMatching(/^[0-9A-Za-z-]{1,5}$/).filter((s) => !/^\d+$/.test(s)),
);
const preId = fc.oneof(num, alpha);
const build = fc.array(fc.stringMatching(/^[0-9A-Za-z-]{1,4}$/), { minLength: 1, maxLength: 2 }).map((ids) => `+${ids.join(".")}`);
const version = fc
  .record({
    core: fc.tuple(fc.nat({ max: 3 }), fc.nat({ max: 3 }), fc.nat({ max: 3 })),
    pre: fc.option(fc.array(preId, { minLength: 1, maxLength: 3 }), { nil: undefined }),
    build: fc.option(build, { nil: undefined }),
  })
  .map(({ core, pre, build: b }) => `${core.join(".")}${pre === undefined ? "" : `-${pre.join(".")}`}${b ?? ""}`);

describe("generated versions", () => {
  it("parse exactly when semver finds them valid", () => {
    fc.assert(
      fc.property(version, (v) => {
        expect(semver.valid(v)).not.toBeNull();
        expect(parseVersion(v)).toBeDefined();
      }),
      { numRuns: 500 },
    );
  });

  it("compareRank equals semver.compare", () => {
    fc.assert(
      fc.property(version, version, (a, b) => {
        expect(cmp(a, b)).toBe(semver.compare(a, b));
      }),
      { numRuns: 2000 },
    );
  });

  it("the replace model's reading of relateFacts equals semver.compare", () => {
    fc.assert(
      fc.property(version, version, (a, b) => {
        expect(modelOrder(a, b)).toBe(semver.compare(a, b));
      }),
      { numRuns: 2000 },
    );
  });
});

describe("relateFacts", () => {
  it("gives the must-show facts of spec/replace.yaml", () => {
    expect(relateFacts("1.2.3", "1.2.3-dev", "b1", "b2")).toEqual({
      client: { major: 1, minor: 2, patch: 3, pre_release: false },
      daemon: { major: 1, minor: 2, patch: 3, pre_release: true },
      pre_cmp: "Above",
      same_build_id: false,
    });
    expect(relateFacts("0.9.9-main.46", "0.9.9-main.47", "x", "x").pre_cmp).toBe("Below");
    expect(relateFacts(undefined, "1.2.3", null, null).client).toBeNull();
    expect(relateFacts("1.2.3", "garbage", null, null).daemon).toBeNull();
    expect(relateFacts("1.2.3", "1.2.3", null, null).same_build_id).toBe(false);
  });
});
