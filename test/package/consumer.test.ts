// Package test: the second customer's first hour. Packs this repository once (`npm pack`, which
// builds dist/), then in two fresh projects, one CommonJS (as `npm init -y` of npm 11 makes it)
// and one ESM, runs README's "Use it in your project" block command for command (read from
// README.md, so the two cannot drift): install, `statute init`, `npm test` passing at once, then
// a spec of its own (jobs.yaml: a queue over a list of records, a decision called from a step, a
// progress law; not the starter, not one of spec/) generated, tested, explored, mutated, evaluated
// and driven through `statute/wire` from raw JSON with the precompiled validators (README's
// drive.mts). Then what README does not run: `statute timeouts`, `statute quint` and the shipped
// bins without an internal error, tsc over the generated code, and a browser bundle of a reducer.
// The ESM project reuses the CommonJS one's install (copied). Step times are logged, never asserted.

import { execFileSync, spawnSync } from "node:child_process";
import { copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const REPO = join(import.meta.dirname, "..", "..");
const NPM = process.platform === "win32" ? "npm.cmd" : "npm";
const devVersion = (name: string): string => (JSON.parse(readFileSync(join(REPO, "package.json"), "utf8")) as { devDependencies: Record<string, string> }).devDependencies[name] ?? "latest";

let scratch = "";
let tarball = "";
const times: string[] = [];

/** The environment of a child: this one without vitest's own markers; npm from its cache when it can. */
function childEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith("VITEST") && k !== "NODE_OPTIONS" && k !== "TEST" && !k.startsWith("STATUTE_")));
  return { ...env, npm_config_prefer_offline: "true", npm_config_audit: "false", npm_config_fund: "false", npm_config_update_notifier: "false", ...extra };
}

function timed<T>(what: string, f: () => T): T {
  const start = performance.now();
  const out = f();
  times.push(`${what}: ${((performance.now() - start) / 1000).toFixed(1)} s`);
  return out;
}

interface Ran {
  readonly code: number | null;
  readonly out: string;
  readonly err: string;
}

/** A shell command line in `cwd`; never throws, so a failure's output reaches expect. */
function sh(line: string, cwd: string, extra: Record<string, string> = {}): Ran {
  const r = spawnSync("sh", ["-c", line], { cwd, env: childEnv(extra), encoding: "utf8", maxBuffer: 64 << 20 });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

const plain = (text: string): string => text.replace(/\x1b\[[0-9;]*m/g, "");
const internal = /internal error|\n\s+at [^\n]*:\d+:\d+/;

/** A fenced block of README's "Use it in your project" section: the first of `lang`. */
function readmeBlock(lang: string): string {
  const readme = readFileSync(join(REPO, "README.md"), "utf8");
  const section = readme.slice(readme.indexOf("## Use it in your project"), readme.indexOf("\n## ", readme.indexOf("## Use it in your project") + 3));
  const m = new RegExp("```" + lang + "\\n([\\s\\S]*?)```").exec(section);
  if (m === null) throw new Error(`README's "Use it in your project" has no ${lang} block`);
  return m[1] as string;
}

/** README's commands: one per line, comments dropped; a comment-only line is a step of its own (`# write ... spec/x.yaml`). */
function readmeSteps(): { readonly command: string | null; readonly note: string }[] {
  return readmeBlock("sh")
    .split("\n")
    .filter((l) => l.trim() !== "")
    .map((l) => {
      const hash = l.search(/\s#|^#/);
      const command = (hash < 0 ? l : l.slice(0, hash)).trim();
      return { command: command === "" ? null : command, note: hash < 0 ? "" : l.slice(hash).replace(/^\s*#\s*/, "") };
    });
}

/** Every file under `dir`, relative to it. */
function files(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => (statSync(join(dir, n)).isDirectory() ? files(join(dir, n)).map((f) => `${n}/${f}`) : [n]));
}

const projects = ["cjs", "esm"] as const;
type Flavour = (typeof projects)[number];
const dirOf = (p: Flavour): string => join(scratch, p);
/** What each README step printed, per project, in order. */
const ran: Record<Flavour, { readonly command: string; readonly result: Ran }[]> = { cjs: [], esm: [] };

/** Runs README's block in project `p`; the install of the second project is the first's, copied. */
function followReadme(p: Flavour): void {
  const dir = dirOf(p);
  mkdirSync(dir);
  for (const step of readmeSteps()) {
    if (step.command === null) {
      // "write your own spec, spec/jobs.yaml": the test's own spec goes where the note says.
      const target = /spec\/[a-z_]+\.yaml/.exec(step.note)?.[0];
      if (target !== undefined) copyFileSync(join(import.meta.dirname, "jobs.yaml"), join(dir, target));
      continue;
    }
    if (step.command.startsWith("npx tsx drive.mts")) writeFileSync(join(dir, "drive.mts"), readmeBlock("ts"));
    let command = step.command.replace(/<path or URL of statute-[^>]*\.tgz>/, tarball);
    if (p === "esm" && command.startsWith("npm install")) {
      // The same install, reused: copy the first project's node_modules and its devDependencies.
      cpSync(join(dirOf("cjs"), "node_modules"), join(dir, "node_modules"), { recursive: true, verbatimSymlinks: true });
      const deps = (JSON.parse(readFileSync(join(dirOf("cjs"), "package.json"), "utf8")) as { devDependencies: unknown }).devDependencies;
      const pkg = JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as Record<string, unknown>;
      writeFileSync(join(dir, "package.json"), `${JSON.stringify({ ...pkg, devDependencies: deps }, null, 2)}\n`);
      ran[p].push({ command: `${command} (reused)`, result: { code: 0, out: "", err: "" } });
      continue;
    }
    const result = timed(`${p}: ${command.slice(0, 60)}`, () => sh(command, dir));
    ran[p].push({ command, result });
    if (command === "npm init -y" && p === "esm") sh("npm pkg set type=module", dir);
  }
}

const step = (p: Flavour, prefix: string, nth = 0): Ran => {
  const hits = ran[p].filter((r) => r.command.startsWith(prefix));
  const hit = hits[nth];
  if (hit === undefined) throw new Error(`README ran no '${prefix}' (#${nth}) in ${p}; ran: ${ran[p].map((r) => r.command).join(" | ")}`);
  return hit.result;
};

beforeAll(() => {
  scratch = mkdtempSync(join(tmpdir(), "statute-package-"));
  tarball = join(scratch, timed("npm pack (with the prepare build)", () => execFileSync(NPM, ["pack", "--pack-destination", scratch, "--silent"], { cwd: REPO, env: childEnv(), encoding: "utf8" }).trim().split("\n").pop() ?? ""));
  for (const p of projects) followReadme(p);
  // tsc for the type check below, beside the projects (not one of README's steps).
  mkdirSync(join(scratch, "tools"));
  writeFileSync(join(scratch, "tools", "package.json"), '{ "name": "tools", "private": true }\n');
  timed("npm install typescript (tools)", () => sh(`npm install --silent typescript@${devVersion("typescript")}`, join(scratch, "tools")));
});

afterAll(() => {
  console.log(`package test, step times:\n  ${times.join("\n  ")}`);
  if (scratch !== "" && process.env["STATUTE_KEEP_SCRATCH"] === undefined) rmSync(scratch, { recursive: true, force: true });
});

describe("statute installed from its tarball into a fresh project", () => {
  it("ships compiled JavaScript, the supervisor and client included: no TypeScript source besides declarations", () => {
    const shipped = files(join(dirOf("cjs"), "node_modules", "statute"));
    for (const f of ["dist/generator/cli.js", "dist/runtime/v1.js", "dist/daemon/main.js", "dist/daemon/client/main.js", "bin/statute-supervisor.js", "bin/statute-client.js"]) expect(shipped).toContain(f);
    expect(shipped.filter((f) => f.endsWith(".ts") && !f.endsWith(".d.ts") && !f.endsWith(".d.mts"))).toEqual([]);
    // The packaged runtime README is about the user's project, not this repository's daemon timeouts.
    expect(readFileSync(join(dirOf("cjs"), "node_modules", "statute", "runtime", "README.md"), "utf8")).not.toContain("STATUTE_KERNEL_ABORT_GRACE_MS");
  });

  it("npm init -y made a CommonJS project, and the other is ESM", () => {
    expect((JSON.parse(readFileSync(join(dirOf("cjs"), "package.json"), "utf8")) as { type?: string }).type).toBe("commonjs");
    expect((JSON.parse(readFileSync(join(dirOf("esm"), "package.json"), "utf8")) as { type?: string }).type).toBe("module");
  });

  for (const p of projects) {
    describe(`README's steps in the ${p} project`, () => {
      it("each README command succeeds; init replaces npm's failing test script and npm test passes at once", () => {
        for (const r of ran[p]) expect(r.result.code, `${r.command}\n${r.result.out}\n${r.result.err}`).toBe(0);
        const init = step(p, "npx statute init");
        expect(init.out).toContain("wrote   package.json scripts: gen, test");
        expect(init.out).not.toContain("npm install --save-dev vitest");
        expect(plain(step(p, "npm test", 0).out)).toMatch(/Test Files\s+1 passed/);
      });

      it("the second spec is generated and its tests pass beside the starter's", () => {
        expect(step(p, "npx statute gen").out).toContain("from 2 modules into generated/");
        const generated = files(join(dirOf(p), "generated")).sort();
        for (const f of ["ts/jobs.ts", "schema/jobs.schema.json", "validate/jobs.mjs", "validate/jobs.d.mts", "tests/jobs.conformance.test.ts", "docs/laws.md"]) expect(generated).toContain(f);
        expect(readFileSync(join(dirOf(p), "generated", "docs", "laws.md"), "utf8")).toContain("# Laws: jobs, turnstile\n");
        expect(plain(step(p, "npm test", 1).out)).toMatch(/Test Files\s+2 passed/);
      });

      it("explore checks every law of the queue; mutate passes the gate; eval answers", () => {
        const explore = step(p, "npx statute explore").out;
        expect(explore).toMatch(/^jobs\.Queue: ok, /m);
        expect(explore).toContain("jobs_done_is_cleared");
        expect(step(p, "npx statute mutate").out).toMatch(/^jobs: laws \+ examples \d+\/\d+ \(100\.0%\), laws only \d+\/\d+ \(100\.0%\)/m);
        expect(JSON.parse(step(p, "npx statute eval").out)).toMatchObject({ verdict: { kind: "RetryAt", at_ms: 1000 } });
      });

      it("README's drive.mts steps the queue from raw JSON through statute/wire and the precompiled validators", () => {
        expect(step(p, "npx tsx drive.mts").out.split("\n")).toEqual([
          '{"kind":"Enqueued","slot":0}',
          '{"kind":"Started","slot":0}',
          '{"kind":"RetryAt","at_ms":6000}',
          "refused: jobs.QueueEvent: at /slot: expected an integer from 0 to 1, got 9",
          "",
        ]);
      });

      it("timeouts, quint and the shipped bins run without an internal error", () => {
        const t = sh("STATUTE_MAX_ATTEMPTS=5 npx statute timeouts", dirOf(p));
        expect(t.err).toBe("");
        expect(t.out).toContain("MAX_ATTEMPTS = 5 (overridden)");
        const q = sh("npx statute quint", dirOf(p));
        expect(q.out + q.err).not.toMatch(internal);
        expect(q.err).toMatch(/^error: [^\n]+\n$/);
        for (const bin of ["statute-supervisor", "statute-client"]) {
          const h = sh(`npx ${bin} --help`, dirOf(p));
          expect(h.code, h.err).toBe(0);
          expect(h.out).toContain(`usage: ${bin}`);
        }
      });

      it("the generated code type-checks under strict settings", () => {
        writeFileSync(
          join(dirOf(p), "tsconfig.json"),
          JSON.stringify({ compilerOptions: { target: "ES2022", module: "NodeNext", moduleResolution: "NodeNext", strict: true, noUncheckedIndexedAccess: true, exactOptionalPropertyTypes: true, noEmit: true, skipLibCheck: true, types: [] }, include: ["generated/ts", "drive.mts", "main.mts"] }),
        );
        // The reducer may need no runtime value at all (esbuild drops a type-only use), so main.mts
        // also calls the prelude itself: the bundle must then carry it, without node: or ajv.
        writeFileSync(join(dirOf(p), "main.mts"), 'import { initialTurnstile, stepTurnstile } from "./generated/ts/turnstile.js";\nimport { eq } from "statute/runtime/v1";\nexport const after = stepTurnstile(initialTurnstile(), { kind: "Coin", cents: 100 });\nexport const same = eq(after, after);\n');
        const tsc = timed(`${p}: tsc`, () => sh(`node ${join(scratch, "tools", "node_modules", "typescript", "bin", "tsc")} -p .`, dirOf(p)));
        expect(tsc.code, tsc.out + tsc.err).toBe(0);
      });
    });
  }

  it("a reducer bundles for the browser with no Node built-in and no ajv", () => {
    const app = dirOf("esm");
    const meta = join(scratch, "meta.json");
    const out = join(scratch, "bundle.js");
    const r = timed("esbuild --platform=neutral", () => sh(`node_modules/.bin/esbuild main.mts --bundle --platform=neutral --format=esm --outfile=${out} --metafile=${meta}`, app));
    expect(r.code, r.err).toBe(0);
    const inputs = Object.keys((JSON.parse(readFileSync(meta, "utf8")) as { inputs: Record<string, unknown> }).inputs).map((f) => relative(app, join(app, f)));
    expect(inputs).toContain(join("node_modules", "statute", "dist", "runtime", "v1.js"));
    expect(inputs.filter((f) => f.startsWith("node:") || f.includes("ajv"))).toEqual([]);
    expect(readFileSync(out, "utf8")).not.toMatch(/["']node:/);
    expect(existsSync(join(app, "generated", "package.json"))).toBe(false);
    expect(existsSync(join(dirOf("cjs"), "generated", "package.json"))).toBe(true);
  });
});
