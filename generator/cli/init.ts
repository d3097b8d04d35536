// CLI `statute init`: start a Statute project in the current folder: statute.config.json, a
// starter spec (spec/turnstile.yaml) and package.json scripts (`gen`, `test`). Never overwrites
// a file or a script that exists; says what it wrote, what it left, and what to run next.

import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { CONFIG_FILE } from "../project/config.js";
import { STARTER_CONFIG, STARTER_SPEC } from "../project/starter.js";
import type { Io } from "./gen.js";

const SCRIPTS: Readonly<Record<string, string>> = {
  gen: "statute gen",
  test: "statute gen --check && vitest run",
};

function writeNew(root: string, path: string, text: string, io: Io): void {
  const full = join(root, path);
  if (existsSync(full)) {
    io.out(`  kept    ${path} (exists)\n`);
    return;
  }
  writeFileSync(full, text);
  io.out(`  wrote   ${path}\n`);
}

export function init(root: string, io: Io): number {
  const pkgPath = join(root, "package.json");
  let pkg: Record<string, unknown> = { name: "my-statute-project", private: true, type: "module" };
  if (existsSync(pkgPath)) {
    try {
      pkg = JSON.parse(readFileSync(pkgPath, "utf8")) as Record<string, unknown>;
    } catch (e) {
      io.err(`error: package.json is not valid JSON: ${(e as Error).message}\n`);
      return 1;
    }
  }
  if (pkg["statute"] !== undefined) {
    io.err(`error: package.json already has a "statute" key; this project is set up\n`);
    return 1;
  }
  io.out("statute init:\n");
  writeNew(root, CONFIG_FILE, STARTER_CONFIG, io);
  mkdirSync(join(root, "spec"), { recursive: true });
  writeNew(root, "spec/turnstile.yaml", STARTER_SPEC, io);
  const scripts = { ...((pkg["scripts"] as Record<string, string> | undefined) ?? {}) };
  for (const [name, command] of Object.entries(SCRIPTS)) {
    if (scripts[name] === undefined) scripts[name] = command;
    else io.out(`  kept    the "${name}" script of package.json ("${scripts[name]}")\n`);
  }
  writeFileSync(pkgPath, `${JSON.stringify({ ...pkg, scripts }, null, 2)}\n`);
  io.out("  wrote   package.json scripts: gen, test\n");
  io.out(
    [
      "next:",
      "  npm install --save-dev vitest              # the generated tests run on vitest",
      "  npx statute gen                            # spec/ -> generated/{ts,schema,tests,docs}",
      "  npm test                                   # drift check, then the generated conformance tests",
      "",
    ].join("\n"),
  );
  return 0;
}
