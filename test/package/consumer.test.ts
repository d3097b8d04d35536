// Package test: Statute as another project installs it. Packs this repository (`npm pack`, which
// builds dist/), installs the tarball with vitest and typescript into a fresh project under the
// OS temp folder, runs `statute init`, adds a spec of its own (lease.yaml, not one of ours), then
// gen, the drift check, tsc, the generated conformance tests, eval, and an esbuild bundle of a
// reducer for `--platform=neutral` that must hold no Node built-in and no ajv. Step times are
// logged, never asserted. Dependencies come from the npm cache when it has them (--prefer-offline).

import { execFileSync, spawnSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const REPO = join(import.meta.dirname, "..", "..");
const NPM = process.platform === "win32" ? "npm.cmd" : "npm";
const devVersion = (name: string): string => (JSON.parse(readFileSync(join(REPO, "package.json"), "utf8")) as { devDependencies: Record<string, string> }).devDependencies[name] ?? "latest";

let scratch = "";
let app = "";
const times: string[] = [];

/** The environment of a child: this one without vitest's own markers. */
function childEnv(): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith("VITEST") && k !== "NODE_OPTIONS" && k !== "TEST"));
}

function timed<T>(what: string, f: () => T): T {
  const start = performance.now();
  const out = f();
  times.push(`${what}: ${((performance.now() - start) / 1000).toFixed(1)} s`);
  return out;
}

/** Runs a command in the consumer project; never throws, so a failure's output reaches expect. */
function run(cmd: string, args: readonly string[], cwd = app): { code: number | null; out: string; err: string } {
  const r = spawnSync(cmd, args, { cwd, env: childEnv(), encoding: "utf8", maxBuffer: 64 << 20 });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

const node = (script: string, ...args: string[]) => run(process.execPath, [join(app, "node_modules", ...script.split("/")), ...args]);
const statute = (...args: string[]) => node("statute/bin/statute.js", ...args);

beforeAll(() => {
  scratch = mkdtempSync(join(tmpdir(), "statute-package-"));
  app = join(scratch, "app");
  const packed = timed("npm pack (with the prepare build)", () =>
    execFileSync(NPM, ["pack", "--pack-destination", scratch, "--silent"], { cwd: REPO, env: childEnv(), encoding: "utf8" }).trim().split("\n").pop() ?? "",
  );
  mkdirSync(app);
  writeFileSync(join(app, "package.json"), `${JSON.stringify({ name: "lease-app", private: true, type: "module" }, null, 2)}\n`);
  timed("npm install of the tarball, vitest, typescript", () =>
    execFileSync(NPM, ["install", "--prefer-offline", "--no-audit", "--no-fund", "--silent", join(scratch, packed), `vitest@${devVersion("vitest")}`, `typescript@${devVersion("typescript")}`], { cwd: app, env: childEnv(), stdio: "pipe" }),
  );
});

afterAll(() => {
  console.log(`package test, step times:\n  ${times.join("\n  ")}`);
  if (scratch !== "" && process.env["STATUTE_KEEP_SCRATCH"] === undefined) rmSync(scratch, { recursive: true, force: true });
});

/** Every file under `dir`, relative to it. */
function files(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => (statSync(join(dir, n)).isDirectory() ? files(join(dir, n)).map((f) => `${n}/${f}`) : [n]));
}

describe("statute installed from its tarball into a fresh project", () => {
  it("ships compiled JavaScript: no TypeScript source besides declarations", () => {
    const shipped = files(join(app, "node_modules", "statute"));
    expect(shipped).toContain("dist/generator/cli.js");
    expect(shipped).toContain("dist/runtime/v1.js");
    expect(shipped.filter((f) => f.endsWith(".ts") && !f.endsWith(".d.ts"))).toEqual([]);
  });

  it("answers --help and refuses a bad option without a stack trace", () => {
    const help = statute("--help");
    expect(help.code).toBe(0);
    expect(help.out).toContain("usage: statute <command>");
    for (const args of [["gen", "--help"], ["eval", "-h"], ["explore", "--help"]]) expect(statute(...args).code).toBe(0);
    const bad = statute("gen", "--nope");
    expect(bad.code).toBe(2);
    expect(bad.err).toContain("--nope");
    expect(bad.err).not.toMatch(/\n\s+at /);
  });

  it("init writes settings, a starter spec and scripts; gen then generates the targets", () => {
    const init = timed("statute init", () => statute("init"));
    expect(init.code, init.err).toBe(0);
    for (const f of ["statute.config.json", "spec/turnstile.yaml"]) expect(existsSync(join(app, f))).toBe(true);
    expect((JSON.parse(readFileSync(join(app, "package.json"), "utf8")) as { scripts: Record<string, string> }).scripts["test"]).toContain("vitest run");
    copyFileSync(join(import.meta.dirname, "lease.yaml"), join(app, "spec", "lease.yaml"));
    const gen = timed("statute gen", () => statute("gen"));
    expect(gen.code, gen.err).toBe(0);
    expect(files(join(app, "generated")).sort()).toEqual(["docs/laws.md", "schema/lease.schema.json", "schema/turnstile.schema.json", "tests/lease.conformance.test.ts", "tests/turnstile.conformance.test.ts", "ts/lease.ts", "ts/turnstile.ts"]);
    expect(readFileSync(join(app, "generated", "ts", "lease.ts"), "utf8")).toContain('import * as rt from "statute/runtime/v1";');
    const check = timed("statute gen --check", () => statute("gen", "--check"));
    expect(check.code, check.err).toBe(0);
  });

  it("the generated code type-checks under strict settings", () => {
    writeFileSync(
      join(app, "tsconfig.json"),
      JSON.stringify({ compilerOptions: { target: "ES2022", module: "NodeNext", moduleResolution: "NodeNext", strict: true, noUncheckedIndexedAccess: true, exactOptionalPropertyTypes: true, noEmit: true, skipLibCheck: true, types: [] }, include: ["generated/ts", "main.ts"] }),
    );
    writeFileSync(join(app, "main.ts"), 'import { initialLease, stepLease } from "./generated/ts/lease.js";\nexport const after = stepLease(stepLease(initialLease(), { kind: "Acquire", at_ms: 0 }).state, { kind: "Acquire", at_ms: 4000 });\n' +
        // The reducer may need no runtime value at all (esbuild drops a type-only use), so the
        // consumer also calls the prelude itself: the bundle must then carry it, without node: or ajv.
        'import { eq } from "statute/runtime/v1";\nexport const same = eq(after, after);\n');
    const tsc = timed("tsc", () => node("typescript/bin/tsc", "-p", "."));
    expect(tsc.code, tsc.out + tsc.err).toBe(0);
  });

  it("the generated conformance tests pass", () => {
    const vitest = timed("vitest run (generated tests)", () => node("vitest/vitest.mjs", "run"));
    expect(vitest.code, vitest.out + vitest.err).toBe(0);
    // vitest may colour its summary
    expect(vitest.out.replace(/\x1b\[[0-9;]*m/g, "")).toMatch(/Test Files\s+2 passed/);
  });

  it("eval answers from the generated code through the wire", () => {
    const r = timed("statute eval", () => statute("eval", "spec/lease.yaml", "Lease", '[{"kind":"Acquire","at_ms":0},{"kind":"Acquire","at_ms":4000}]'));
    expect(r.code, r.err).toBe(0);
    expect((JSON.parse(r.out) as { steps: { output: unknown }[] }).steps[1]?.output).toEqual({ kind: "Busy", left_ms: 6000 });
  });

  it("a reducer bundles for the browser with no Node built-in and no ajv", () => {
    const meta = join(scratch, "meta.json");
    const out = join(scratch, "bundle.js");
    const r = timed("esbuild --platform=neutral", () => run(join(app, "node_modules", ".bin", process.platform === "win32" ? "esbuild.cmd" : "esbuild"), ["main.ts", "--bundle", "--platform=neutral", "--format=esm", `--outfile=${out}`, `--metafile=${meta}`]));
    expect(r.code, r.err).toBe(0);
    const inputs = Object.keys((JSON.parse(readFileSync(meta, "utf8")) as { inputs: Record<string, unknown> }).inputs).map((p) => relative(app, join(app, p)));
    expect(inputs).toContain(join("node_modules", "statute", "dist", "runtime", "v1.js"));
    expect(inputs.filter((p) => p.startsWith("node:") || p.includes("ajv"))).toEqual([]);
    expect(readFileSync(out, "utf8")).not.toMatch(/["']node:/);
  });
});
