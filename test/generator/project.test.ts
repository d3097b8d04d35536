// The project a user sets up: settings from statute.config.json or package.json (checked, with
// defaults), `init` in an empty folder, `gen` writing only the selected targets into the chosen
// folder, `gen --watch` regenerating on a save, and `proofs` reading formal/ while generated
// output never does (a changed proof leaves `gen --check` green).

import { spawnSync } from "node:child_process";
import { appendFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { main } from "../../generator/cli/main.js";
import { watch } from "../../generator/cli/gen.js";
import { findRoot, loadProject, parseConfig } from "../../generator/project/config.js";
import { STARTER_SPEC } from "../../generator/project/starter.js";

const ROOT = join(import.meta.dirname, "..", "..");
const scratch = join(ROOT, ".tmp", `project-${process.pid}`);
mkdirSync(scratch, { recursive: true });
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function fresh(name: string): string {
  const dir = mkdtempSync(join(scratch, `${name}-`));
  return dir;
}

async function run(root: string, ...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = "";
  let err = "";
  const code = await main(argv, root, { out: (t) => void (out += t), err: (t) => void (err += t) }, {});
  return { code, out, err };
}

/** A project whose spec is the starter with the schema header of this repository. */
function starterProject(name: string, config: object): string {
  const dir = fresh(name);
  mkdirSync(join(dir, "specs"));
  writeFileSync(join(dir, "specs", "turnstile.yaml"), STARTER_SPEC.replace(/^.*\n/, "# yaml-language-server: $schema=../generator/spec.schema.json\n"));
  writeFileSync(join(dir, "package.json"), JSON.stringify({ name, type: "module", statute: config }));
  return dir;
}

describe("project settings", () => {
  it("defaults every setting and keeps the targets in their fixed order", () => {
    expect(parseConfig({})).toEqual({ spec: "spec", out: "generated", targets: ["ts", "schema", "validate", "lean", "quint", "tests", "docs"], runtime: "statute/runtime/v1" });
    expect(parseConfig({ targets: ["docs", "ts"] })).toMatchObject({ targets: ["ts", "docs"] });
  });

  it("names every bad setting", () => {
    const errors = parseConfig({ spec: "../up", out: "/abs", targets: ["rust"], runtime: "a b", extra: 1 });
    expect(Array.isArray(errors) ? errors.length : 0).toBe(5);
    expect(parseConfig({ targets: ["tests"] })).toEqual([expect.stringContaining('"tests" needs target "ts"')]);
  });

  it("finds the root from a subfolder and reads the package.json key", () => {
    const dir = starterProject("root", { spec: "specs" });
    mkdirSync(join(dir, "specs", "deeper"));
    expect(findRoot(join(dir, "specs", "deeper"))).toBe(dir);
    const p = loadProject(dir);
    expect(p.ok && p.config.spec).toBe("specs");
  });

  it("a broken settings file is an error message with exit 1, not a stack trace", async () => {
    const dir = fresh("broken");
    writeFileSync(join(dir, "statute.config.json"), "{ nope");
    const r = await run(dir, "gen");
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/^error: statute.config.json: not valid JSON/);
  });
});

describe("statute init", () => {
  it("writes settings, the starter spec and scripts, and never overwrites", async () => {
    const dir = fresh("init");
    const first = await run(dir, "init");
    expect(first.code, first.err).toBe(0);
    expect(existsSync(join(dir, "statute.config.json"))).toBe(true);
    expect(readFileSync(join(dir, "spec", "turnstile.yaml"), "utf8")).toBe(STARTER_SPEC);
    const pkg = JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as { type: string; scripts: Record<string, string> };
    expect(pkg.type).toBe("module");
    expect(existsSync(join(dir, "generated", "package.json"))).toBe(false);
    expect(pkg.scripts["test"]).toBe("statute gen --check && vitest run");
    writeFileSync(join(dir, "spec", "turnstile.yaml"), "# mine\n");
    const second = await run(dir, "init");
    expect(second.out).toContain("kept    spec/turnstile.yaml");
    expect(readFileSync(join(dir, "spec", "turnstile.yaml"), "utf8")).toBe("# mine\n");
  });

  it("replaces npm's placeholder test script, keeps a real one, and names only the missing next steps", async () => {
    const dir = fresh("init-npm");
    writeFileSync(join(dir, "package.json"), JSON.stringify({ name: "x", type: "commonjs", scripts: { test: 'echo "Error: no test specified" && exit 1' }, devDependencies: { vitest: "4" } }));
    const r = await run(dir, "init");
    expect(r.code, r.err).toBe(0);
    expect((JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as { scripts: Record<string, string> }).scripts["test"]).toBe("statute gen --check && vitest run");
    expect(r.out).toContain("wrote   package.json scripts: gen, test");
    expect(r.out).not.toContain("npm install");
    // A CommonJS project: the output folder says its code is ES modules; generated already, so npm test passes at once.
    expect((JSON.parse(readFileSync(join(dir, "generated", "package.json"), "utf8")) as { type: string }).type).toBe("module");
    expect(existsSync(join(dir, "generated", "ts", "turnstile.ts"))).toBe(true);
    expect((await run(dir, "gen", "--check")).code).toBe(0);
    const mine = fresh("init-mine");
    writeFileSync(join(mine, "package.json"), JSON.stringify({ name: "y", scripts: { test: "node --test" } }));
    const kept = await run(mine, "init");
    expect((JSON.parse(readFileSync(join(mine, "package.json"), "utf8")) as { scripts: Record<string, string> }).scripts["test"]).toBe("node --test");
    expect(kept.out).toContain('kept    the "test" script of package.json ("node --test")');
    expect(kept.out).toContain("wrote   package.json script: gen\n");
    expect(kept.out).toContain("npm install --save-dev vitest");
  });

  it("--help names the file init writes; gen counts one module in the singular", async () => {
    const help = await run(fresh("init-help"), "init", "--help");
    expect(help.out).toContain("spec/turnstile.yaml");
    const dir = starterProject("one", { spec: "specs", targets: ["ts"] });
    expect((await run(dir, "gen")).out).toContain("from 1 module into");
  });
});

describe("the starter spec", () => {
  it("passes the law-strength gate README recommends (mutate --laws-only --min 95)", async () => {
    const dir = starterProject("gate", { spec: "specs", targets: ["ts"] });
    const r = await run(dir, "mutate", "--laws-only", "--min", "95");
    expect(r.out).toMatch(/laws only 17\/17 \(100\.0%\)/);
    expect(r.code, r.out).toBe(0);
  });
});

describe("statute gen in a project", () => {
  it("writes only the selected targets into the chosen folder, with the chosen runtime specifier", async () => {
    const dir = starterProject("gen", { spec: "specs", out: "out", targets: ["ts", "docs"], runtime: "my-rt" });
    mkdirSync(join(dir, "out", "mine"), { recursive: true });
    writeFileSync(join(dir, "out", "mine", "keep.txt"), "not generated");
    const r = await run(dir, "gen");
    expect(r.code, r.err).toBe(0);
    expect(readFileSync(join(dir, "out", "ts", "turnstile.ts"), "utf8")).toContain("// Code generated by statute from specs/turnstile.yaml. DO NOT EDIT.");
    expect(existsSync(join(dir, "out", "docs", "laws.md"))).toBe(true);
    expect(existsSync(join(dir, "out", "schema"))).toBe(false);
    expect(readFileSync(join(dir, "out", "mine", "keep.txt"), "utf8")).toBe("not generated");
    // The law table is titled by the project's modules, not by this repository's daemon.
    expect(readFileSync(join(dir, "out", "docs", "laws.md"), "utf8")).toMatch(/^<!--.*-->\n\n# Laws: turnstile\n/);
    expect((await run(dir, "gen", "--check")).code).toBe(0);
    writeFileSync(join(dir, "out", "ts", "turnstile.ts"), "// edited\n");
    const drift = await run(dir, "gen", "--check");
    expect(drift.code).toBe(1);
    expect(drift.err).toContain("changed: out/ts/turnstile.ts");
  });

  it("the runtime specifier of the settings is the one generated code imports", async () => {
    const dir = starterProject("rt", { spec: "specs", targets: ["ts"], runtime: "my-rt/v1" });
    writeFileSync(join(dir, "specs", "turnstile.yaml"), readFileSync(join(dir, "specs", "turnstile.yaml"), "utf8").replace("passed: s.passed + 1", "passed: s.passed + 1 - 0"));
    expect((await run(dir, "gen")).code).toBe(0);
    expect(readFileSync(join(dir, "generated", "ts", "turnstile.ts"), "utf8")).toContain('import * as rt from "my-rt/v1";');
  });

  it("--watch regenerates after a spec file is saved, and stops when aborted", async () => {
    const dir = starterProject("watch", { spec: "specs", targets: ["ts"] });
    let out = "";
    const io = { out: (t: string) => void (out += t), err: (t: string) => void (out += t) };
    const stop = new AbortController();
    const done = watch(dir, io, stop.signal);
    expect(out).toContain("watching specs/");
    const spec = join(dir, "specs", "turnstile.yaml");
        // A fare of 90 keeps every example true (gen runs them): 100 cents still pays, 50 do not.
    writeFileSync(spec, readFileSync(spec, "utf8").replace("value: 100, doc: the price", "value: 90, doc: the price"));
    for (let i = 0; i < 100 && !readFileSync(join(dir, "generated", "ts", "turnstile.ts"), "utf8").includes("FARE_CENTS: number = 90"); i++) await new Promise((r) => setTimeout(r, 100));
    expect(readFileSync(join(dir, "generated", "ts", "turnstile.ts"), "utf8")).toContain("FARE_CENTS: number = 90");
    stop.abort();
    expect(await done).toBe(0);
  });
});

describe("gen --watch does not outlive its parent", () => {
  it("exits once the process that started it is gone", async () => {
    const dir = starterProject("orphan", { spec: "specs", targets: ["ts"] });
    // A shell starts the watcher in the background, prints its pid, and exits once it watches.
    const start = `"${process.execPath}" "${join(ROOT, "bin", "statute.js")}" gen --watch > watch.log 2>&1 < /dev/null & echo $!`;
    const sh = spawnSync("sh", ["-c", `${start}; i=0; while ! grep -q watching watch.log && [ $i -lt 600 ]; do sleep 0.1; i=$((i+1)); done`], { cwd: dir, encoding: "utf8" });
    const pid = Number(sh.stdout.trim());
    expect(pid).toBeGreaterThan(0);
    const alive = (): boolean => {
      try {
        process.kill(pid, 0);
        return true;
      } catch {
        return false;
      }
    };
    for (let i = 0; i < 300 && alive(); i++) await new Promise((r) => setTimeout(r, 100));
    if (alive()) process.kill(pid, "SIGKILL");
    expect(readFileSync(join(dir, "watch.log"), "utf8")).toContain("watching specs/");
    expect(alive()).toBe(false);
  });
});

describe("proofs live with formal/", () => {
  it("generated/ does not change when a proof in formal/ does; `statute proofs` sees the change", async () => {
    const dir = fresh("formal");
    for (const d of ["spec", "generated", "formal"]) cpSync(join(ROOT, d), join(dir, d), { recursive: true, filter: (p) => !p.includes(".lake") });
    cpSync(join(ROOT, "generator", "spec.schema.json"), join(dir, "generator", "spec.schema.json"));
    const before = await run(dir, "proofs");
    expect(before.code, before.err).toBe(0);
    expect(before.out).toContain("supervise: ");
    const proofs = join(dir, "formal", "Proofs", "Supervise.lean");
    writeFileSync(proofs, readFileSync(proofs, "utf8").replace(/theorem restart_pause_ordered : [^\n]*\n(?:  [^\n]*\n)+/, "theorem restart_pause_ordered : Statute.Supervise.restart_pause_ordered_stmt := by\n  sorry\n"));
    const after = await run(dir, "proofs");
    expect(after.out).not.toBe(before.out);
    expect(before.out).not.toMatch(/open: [^\n]*restart_pause_ordered/);
    expect(after.out).toMatch(/open: [^\n]*restart_pause_ordered/);
    const check = await run(dir, "gen", "--check");
    expect(check.err).toBe("");
    expect(check.code).toBe(0);
  });
});

describe("commands read the configured spec folder", () => {
  it("explore and mutate find the modules of \"spec\": \"specs\", and mutate's report lives there", async () => {
    const dir = starterProject("folder", { spec: "specs", out: "out", targets: ["ts"] });
    const explored = await run(dir, "explore", "turnstile", "--depth", "2");
    expect(explored.err).toBe("");
    expect(explored.code).toBe(0);
    expect(explored.out).toContain("turnstile");
    const wrote = await run(dir, "mutate", "--write");
    expect(wrote.out).toContain("wrote: specs/law-strength.json");
    expect(existsSync(join(dir, "specs", "law-strength.json"))).toBe(true);
    const checked = await run(dir, "mutate", "--check");
    expect(checked.out).not.toContain("out of date");
    expect(existsSync(join(dir, "spec"))).toBe(false);
  });
});

describe("commands that read generated code work in any project", () => {
  it("timeouts: a project with nothing overridable says so in one line; one with `param: env` lists its values", async () => {
    const none = starterProject("timeouts-none", { spec: "specs", targets: ["ts", "schema"] });
    expect((await run(none, "gen")).code).toBe(0);
    const r = await run(none, "timeouts");
    expect(r.err).toBe("");
    expect(r.code).toBe(0);
    expect(r.out).toBe('no constant of specs/ is marked `param: env`: there is no timeout to override (spec/LANGUAGE.md, "Parameters")\n');
    const env = starterProject("timeouts-env", { spec: "specs", targets: ["ts", "schema"] });
    const spec = join(env, "specs", "turnstile.yaml");
    writeFileSync(spec, readFileSync(spec, "utf8").replace("FARE_CENTS: { type: nat, value: 100,", "FARE_CENTS: { type: nat, value: 100, param: env, range: 1..1000,"));
    const before = await run(env, "timeouts");
    expect(before.code).toBe(1);
    expect(before.err).toBe("error: generated/ts/turnstile.ts is missing: run `statute gen` (with the ts target)\n");
    expect((await run(env, "gen")).code).toBe(0);
    let out = "";
    let err = "";
    const code = await main(["timeouts"], env, { out: (t) => void (out += t), err: (t) => void (err += t) }, { STATUTE_FARE_CENTS: "250" });
    expect(err).toBe("");
    expect(code).toBe(0);
    expect(out).toBe("FARE_CENTS = 250 (overridden)\n");
  });

  it("quint: a project without the quint target is told in one line what to add", async () => {
    const dir = starterProject("quint", { spec: "specs", targets: ["ts"] });
    const r = await run(dir, "quint");
    expect(r.code).toBe(1);
    expect(r.err).toBe('error: generated/quint/turnstile.qnt is missing: add "quint" to the targets of the project\'s settings (statute.config.json) and run `statute gen`\n');
  });
});

describe("what a command loads", () => {
  // At exit, says whether any module of ts-morph or typescript was loaded in the process.
  const probe = `data:text/javascript,${encodeURIComponent('import { createRequire } from "node:module"; const r = createRequire(process.cwd() + "/"); process.on("exit", () => { process.stderr.write("\\nTSMORPH " + Object.keys(r.cache).some((p) => p.includes("/ts-morph/") || p.includes("/typescript/lib/")) + "\\n"); });')}`;
  const loadsTsMorphIn = (cwd: string, ...args: string[]): boolean => {
    const r = spawnSync(process.execPath, ["--import", probe, join(ROOT, "bin", "statute.js"), ...args], { cwd, encoding: "utf8" });
    expect(r.status, r.stderr).toBe(0);
    const m = /TSMORPH (true|false)/.exec(r.stderr);
    expect(m).not.toBeNull();
    return m?.[1] === "true";
  };
  const loadsTsMorph = (...args: string[]): boolean => loadsTsMorphIn(ROOT, ...args);

  it("the probe tells when a process loads ts-morph", () => {
    const r = spawnSync(process.execPath, ["--import", probe, "-e", `require(${JSON.stringify(join(ROOT, "node_modules", "ts-morph"))})`], { cwd: ROOT, encoding: "utf8" });
    expect(r.stderr).toContain("TSMORPH true");
  });

  it("list, eval and explore never load ts-morph", () => {
    expect(loadsTsMorph("list")).toBe(false);
    expect(loadsTsMorph("eval", "spec/supervise.yaml", "RestartDecide", '{"in_window":0,"budget":5}')).toBe(false);
    expect(loadsTsMorph("explore", "notice", "--depth", "1")).toBe(false);
  });

  it("nor does gen: a full render prints TypeScript without the compiler, and gen --check (no cache) the same", () => {
    const dir = mkdtempSync(join(tmpdir(), "statute-probe-"));
    try {
      cpSync(join(ROOT, "fixtures", "gen", "budget", "spec"), join(dir, "spec"), { recursive: true });
      writeFileSync(join(dir, "statute.config.json"), `${JSON.stringify({ targets: ["ts", "schema", "docs"] })}\n`);
      expect(loadsTsMorphIn(dir, "gen")).toBe(false);
      expect(loadsTsMorphIn(dir, "gen", "--check")).toBe(false);
      appendFileSync(join(dir, "generated", "ts", "supervise.ts"), "// edited\n");
      const r = spawnSync(process.execPath, [join(ROOT, "bin", "statute.js"), "gen", "--check"], { cwd: dir, encoding: "utf8" });
      expect(r.status).toBe(1);
      expect(r.stderr).toContain("changed: generated/ts/supervise.ts");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
