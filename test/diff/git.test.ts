// statute diff against a git revision: OLD read with `git show REV:spec/<file>` in a scratch
// repository (the base meter committed, the working spec an edit of it), and the first parent
// named as CI names it.

import { execFileSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { main } from "../../generator/cli/main.js";

const fixtures = join(import.meta.dirname, "..", "..", "fixtures", "diff");
const repo = mkdtempSync(join(tmpdir(), "statute-diff-"));
const git = (...args: string[]): string => execFileSync("git", ["-C", repo, ...args], { encoding: "utf8" });

async function diff(...args: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = "";
  let err = "";
  const code = await main(["diff", ...args], repo, { out: (t) => void (out += t), err: (t) => void (err += t) }, {});
  return { code, out, err };
}

afterAll(() => rmSync(repo, { recursive: true, force: true }));

describe("statute diff against a git revision", () => {
  it("reads the spec folder of HEAD and compares the working specs with it", async () => {
    mkdirSync(join(repo, "spec"));
    copyFileSync(join(fixtures, "base", "meter.yaml"), join(repo, "spec", "meter.yaml"));
    git("init", "-q");
    git("-c", "user.name=t", "-c", "user.email=t@t", "add", ".");
    git("-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "base");
    expect((await diff("HEAD")).code).toBe(0);
    copyFileSync(join(fixtures, "variant-removed", "meter.yaml"), join(repo, "spec", "meter.yaml"));
    const r = await diff("HEAD");
    expect(r.err).toBe("");
    expect(r.code).toBe(1);
    expect(r.out).toContain("BREAKING (undeclared) Answer.Late");
    git("-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qam", "edit");
    // The last commit against the one before it: both read from git.
    const both = await diff("HEAD~1", "HEAD");
    expect(both.code).toBe(1);
    expect(both.out).toMatch(/^statute diff HEAD~1 -> HEAD\n/);
  });

  it("CI's base: a clone with no commit before HEAD is told so and skips, exit 0", () => {
    const lone = mkdtempSync(join(tmpdir(), "statute-ci-"));
    try {
      mkdirSync(join(lone, ".ci"));
      copyFileSync(join(fixtures, "..", "..", ".ci", "diff-last-release"), join(lone, ".ci", "diff-last-release"));
      const g = (...args: string[]) => execFileSync("git", ["-C", lone, "-c", "user.name=t", "-c", "user.email=t@t", ...args], { encoding: "utf8" });
      g("init", "-q");
      g("add", ".");
      g("commit", "-qm", "first");
      const out = execFileSync("bash", [join(lone, ".ci", "diff-last-release")], { encoding: "utf8" });
      expect(out).toMatch(/no commit before HEAD .*skipped/);
    } finally {
      rmSync(lone, { recursive: true, force: true });
    }
  });

  it("a revision the clone lacks is named, with what to fetch", async () => {
    const r = await diff("v9.9.9");
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/'v9\.9\.9' is neither a folder nor a git revision here .*git fetch/);
  });
});
