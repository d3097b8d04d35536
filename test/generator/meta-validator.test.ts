// The precompiled meta-schema validator (generator/check/meta-validator.cjs) is what ajv compiles
// generator/spec.schema.json to now, byte for byte; and it loads no ajv beyond its runtime helper.

import { execFileSync, spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "..", "..");

describe("meta-schema validator", () => {
  it("is up to date with generator/spec.schema.json", () => {
    const r = spawnSync(process.execPath, [join(root, "bin", "meta-validator.js"), "--check"], { cwd: root, encoding: "utf8" });
    expect(r.stderr).toBe("");
    expect(r.status).toBe(0);
  });

  it("requires only ajv's runtime helpers, never ajv itself", () => {
    const text = readFileSync(join(root, "generator", "check", "meta-validator.cjs"), "utf8");
    const required = [...text.matchAll(/require\("([^"]+)"\)/g)].map((m) => m[1]);
    for (const r of required) expect(r).toMatch(/^ajv\/dist\/runtime\//);
    const probe = `const v = require(${JSON.stringify(join(root, "generator", "check", "meta-validator.cjs"))}); process.stdout.write(JSON.stringify([v({ module: "x" }), Object.keys(require.cache).some((k) => k.includes("/ajv/dist/core") || k.includes("/ajv/dist/2020"))]));`;
    expect(JSON.parse(execFileSync(process.execPath, ["-e", probe], { encoding: "utf8" }))).toEqual([false, false]);
  });
});
