// CLI `statute diff OLD [NEW]`: a release of the specs against the next (generator/diff). OLD and
// NEW are each a folder of spec files or a git revision (its spec folder read with `git show`);
// NEW defaults to the working spec folder. Exit 0 when every breaking change is declared, 1 when
// one is not (or a spec does not check), 2 when OLD or NEW cannot be found.

import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { dirname, relative, resolve } from "node:path";
import { compileSpecs } from "../check/index.js";
import { diffPrograms } from "../diff/index.js";
import { showDiff } from "../diff/report.js";
import { formatDiagnostics } from "../diagnostics/format.js";
import { InterpretError } from "../interpret/value.js";
import type { Program } from "../ir/module.js";
import { loadProject, specFilesOf } from "../project/config.js";
import type { Io } from "./gen.js";

type Loaded = { readonly program: Program; readonly texts: ReadonlyMap<string, string> } | { readonly code: number };

/** Modules whose spec text, and that of every module they import, is the same in both releases. */
function sameText(old: Program, oldTexts: ReadonlyMap<string, string>, now: Program, newTexts: ReadonlyMap<string, string>): Set<string> {
  const same = new Set<string>();
  for (const m of now.modules) {
    const before = old.modules.find((x) => x.name === m.name);
    if (before === undefined || oldTexts.get(before.file) !== newTexts.get(m.file)) continue;
    if (m.imports.every((i) => same.has(i))) same.add(m.name);
  }
  return same;
}

function git(root: string, args: readonly string[]): string | null {
  try {
    return execFileSync("git", ["-C", root, ...args], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"], maxBuffer: 64 * 2 ** 20 });
  } catch {
    return null;
  }
}

function compiled(root: string, label: string, files: readonly string[], read: ((f: string) => string) | undefined, io: Io): Loaded {
  const r = compileSpecs(root, files, read);
  if (r.ok) return { program: r.program, texts: r.texts };
  io.err(`error: the specs of ${label} do not check with this statute:\n${formatDiagnostics(r.diagnostics, r.texts)}`);
  return { code: 1 };
}

/** A folder of specs, or the spec folder of a git revision. */
function load(root: string, source: string, specDir: string, io: Io): Loaded {
  const dir = resolve(root, source);
  if (existsSync(dir) && statSync(dir).isDirectory()) {
    // Named from the project root when the folder is inside it, else from the folder's parent.
    const inside = !relative(root, dir).startsWith("..");
    const base = inside ? root : dirname(dir);
    const prefix = relative(base, dir).replace(/\\/g, "/");
    const files = readdirSync(dir).filter((f) => f.endsWith(".yaml")).sort().map((f) => (prefix === "" ? f : `${prefix}/${f}`));
    return compiled(base, source, files, undefined, io);
  }
  const commit = git(root, ["rev-parse", "--verify", "--quiet", `${source}^{commit}`])?.trim();
  if (!commit) {
    io.err(`error: '${source}' is neither a folder nor a git revision here (a shallow clone may lack it: git fetch --tags --unshallow)\n`);
    return { code: 2 };
  }
  const listed = git(root, ["ls-tree", "--name-only", commit, "--", `${specDir}/`]) ?? "";
  const files = listed.split("\n").filter((f) => f.endsWith(".yaml")).sort();
  if (files.length === 0) {
    io.err(`error: revision ${source} has no spec files under ${specDir}/\n`);
    return { code: 2 };
  }
  return compiled(root, source, files, (f) => git(root, ["show", `${commit}:./${f}`]) ?? "", io);
}

export async function diff(root: string, args: { readonly old: string; readonly new: string | undefined; readonly json: boolean }, io: Io): Promise<number> {
  const project = loadProject(root);
  if (!project.ok) {
    io.err(`error: ${project.message}\n`);
    return 1;
  }
  const old = load(root, args.old, project.config.spec, io);
  if ("code" in old) return old.code;
  const now = args.new === undefined ? compiled(root, project.config.spec, specFilesOf(root, project.config), undefined, io) : load(root, args.new, project.config.spec, io);
  if ("code" in now) return now.code;
  let report;
  try {
    report = diffPrograms(old.program, now.program, sameText(old.program, old.texts, now.program, now.texts));
  } catch (e) {
    // A model that fails to evaluate (a step or decision the interpreter cannot finish) is a finding in words, not a stack trace.
    if (!(e instanceof InterpretError)) throw e;
    io.err(`error: a model could not be evaluated while comparing: ${e.message}\n`);
    return 1;
  }
  io.out(args.json ? `${JSON.stringify(report, null, 2)}\n` : showDiff(report, args.old, args.new ?? `${project.config.spec}/ (working)`));
  return report.undeclared > 0 ? 1 : 0;
}
