// The drift check and all-or-nothing generation, run on a scratch copy of the repository's
// spec/ and generated/: a hand edit, a deleted file and an extra file are each caught by
// `gen --check` (exit 1, naming the file); a spec with errors leaves generated/ byte for byte.

import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, unlinkSync, writeFileSync, appendFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { checkFromCache } from "../../generator/cli/gen-cache.js";
import { main } from "../../generator/cli/main.js";

const repo = join(import.meta.dirname, "..", "..");
let root = "";


async function runAsync(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = "";
  let err = "";
  const code = await main(argv, root, { out: (t) => void (out += t), err: (t) => void (err += t) });
  return { code, out, err };
}

function snapshot(dir: string, prefix = ""): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of readdirSync(dir).sort()) {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) Object.assign(out, snapshot(full, `${prefix}${name}/`));
    else out[`${prefix}${name}`] = readFileSync(full, "utf8");
  }
  return out;
}

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), "statute-drift-"));
  cpSync(join(repo, "spec"), join(root, "spec"), { recursive: true });
  cpSync(join(repo, "generated"), join(root, "generated"), { recursive: true });
  cpSync(join(repo, "formal"), join(root, "formal"), { recursive: true });
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe("gen --check", () => {
  it("passes on the committed tree", async () => {
    const r = await runAsync("gen", "--check");
    expect(r.err).toBe("");
    expect(r.code).toBe(0);
  });

  it("fails naming a hand-edited file", async () => {
    appendFileSync(join(root, "generated/ts/supervise.ts"), "// edited by hand\n");
    const r = await runAsync("gen", "--check");
    expect(r.code).toBe(1);
    expect(r.err).toContain("changed: generated/ts/supervise.ts");
  });

  it("fails naming a deleted file", async () => {
    unlinkSync(join(root, "generated/schema/supervise.schema.json"));
    const r = await runAsync("gen", "--check");
    expect(r.code).toBe(1);
    expect(r.err).toContain("missing: generated/schema/supervise.schema.json");
  });

  it("fails naming an extra file", async () => {
    writeFileSync(join(root, "generated/ts/stray.ts"), "export {};\n");
    const r = await runAsync("gen", "--check");
    expect(r.code).toBe(1);
    expect(r.err).toContain("extra:   generated/ts/stray.ts");
  });

  it("gen repairs every kind of drift", async () => {
    appendFileSync(join(root, "generated/ts/supervise.ts"), "// edited\n");
    writeFileSync(join(root, "generated/ts/stray.ts"), "export {};\n");
    expect((await runAsync("gen")).code).toBe(0);
    expect((await runAsync("gen", "--check")).code).toBe(0);
    expect(snapshot(join(root, "generated"))).toEqual(snapshot(join(repo, "generated")));
  });
});

describe("all-or-nothing generation", () => {
  it("a spec with errors leaves generated/ exactly as it was", async () => {
    appendFileSync(join(root, "generated/ts/supervise.ts"), "// a local edit that must survive\n");
    const before = snapshot(join(root, "generated"));
    const spec = join(root, "spec/supervise.yaml");
    writeFileSync(spec, readFileSync(spec, "utf8").replace("value: 15min", "value: 15 minutes"));
    const r = await runAsync("gen");
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/spec\/supervise\.yaml:\d+:\d+: error STA\d{4}/);
    expect(snapshot(join(root, "generated"))).toEqual(before);
  });

  it("is byte-identical across runs", async () => {
    expect((await runAsync("gen")).code).toBe(0);
    const first = snapshot(join(root, "generated"));
    expect((await runAsync("gen")).code).toBe(0);
    expect(snapshot(join(root, "generated"))).toEqual(first);
  });
});

describe("gen --check from its cache (node_modules/.cache/statute)", () => {
  const quiet = { out: () => {}, err: () => {} };

  it("answers from the cache only while the inputs and every generated file are those of the last full render", async () => {
    mkdirSync(join(root, "node_modules"));
    expect(checkFromCache(root, quiet)).toBe(false); // no full render yet
    expect((await runAsync("gen", "--check")).code).toBe(0);
    expect(checkFromCache(root, quiet)).toBe(true);

    appendFileSync(join(root, "generated/ts/supervise.ts"), "// edited by hand\n");
    expect(checkFromCache(root, quiet)).toBe(false);
    const edited = await runAsync("gen", "--check");
    expect(edited.code).toBe(1);
    expect(edited.err).toContain("changed: generated/ts/supervise.ts");
    expect((await runAsync("gen")).code).toBe(0);
    expect(checkFromCache(root, quiet)).toBe(true);

    writeFileSync(join(root, "generated/ts/stray.ts"), "export {};\n");
    expect(checkFromCache(root, quiet)).toBe(false);
    unlinkSync(join(root, "generated/ts/stray.ts"));
    expect(checkFromCache(root, quiet)).toBe(true);

    // Any input changed: a spec's bytes (here only a comment) or another file of the spec folder.
    appendFileSync(join(root, "spec/supervise.yaml"), "# a comment\n");
    expect(checkFromCache(root, quiet)).toBe(false);
  });

  it("keeps no cache in a project without node_modules/", async () => {
    expect((await runAsync("gen", "--check")).code).toBe(0);
    expect(checkFromCache(root, quiet)).toBe(false);
  });
});
