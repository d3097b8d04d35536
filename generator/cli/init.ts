// CLI `statute init`: start a Statute project in the current folder: statute.config.json, a
// starter spec (spec/turnstile.yaml) and package.json scripts (`gen`, `test`), then generate. Never overwrites
// a file or a real script that exists (npm's placeholder `test` script is replaced); says what it
// wrote, what it left, and only the next steps that are still to do.

import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { CONFIG_FILE, loadProject } from "../project/config.js";
import { STARTER_CONFIG, STARTER_FILE, STARTER_SPEC } from "../project/starter.js";
import { gen, type Io } from "./gen.js";

const SCRIPTS: Readonly<Record<string, string>> = {
  gen: "statute gen",
  test: "statute gen --check && vitest run",
};

const ESM_FOLDER = `${JSON.stringify({ "//": "statute init: the generated code is ES modules in this CommonJS project", type: "module" }, null, 2)}\n`;

/** npm's own `test` script of `npm init -y`: a placeholder that always fails, not the user's. */
const isPlaceholder = (script: string): boolean => /^echo "Error: no test specified" && exit 1$/.test(script.trim());

function writeNew(root: string, path: string, text: string, io: Io): void {
  const full = join(root, path);
  if (existsSync(full)) {
    io.out(`  kept    ${path} (exists)\n`);
    return;
  }
  writeFileSync(full, text);
  io.out(`  wrote   ${path}\n`);
}

/** Whether the project can already load `name` (installed, or declared by package.json). */
function hasPackage(root: string, pkg: Record<string, unknown>, name: string): boolean {
  const declared = ["dependencies", "devDependencies"].some((k) => (pkg[k] as Record<string, string> | undefined)?.[name] !== undefined);
  return declared || existsSync(join(root, "node_modules", name, "package.json"));
}

export function init(root: string, io: Io): number {
  const code = setUp(root, io);
  if (code !== 0) return code;
  // Generated at once, so `npm test` passes right after init.
  if (gen(root, { check: false }, io) !== 0) return 1;
  const next = [
    ...(hasPackage(root, readPackage(root), "vitest") ? [] : ["  npm install --save-dev vitest              # the generated tests run on vitest"]),
    "  npm test                                   # drift check, then the generated conformance tests",
    "  npx statute gen --watch                    # regenerate on every save of a spec file",
  ];
  io.out(`next:\n${next.join("\n")}\n`);
  return 0;
}

function readPackage(root: string): Record<string, unknown> {
  try {
    return JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as Record<string, unknown>;
  } catch {
    return {};
  }
}

function setUp(root: string, io: Io): number {
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
  writeNew(root, STARTER_FILE, STARTER_SPEC, io);
  // Generated code is ES modules; in a CommonJS project (npm's `npm init -y` makes one) the
  // output folder says so itself, so it loads and type-checks as ESM there as well.
  const project = loadProject(root);
  if (pkg["type"] !== "module" && project.ok) {
    mkdirSync(join(root, project.config.out), { recursive: true });
    writeNew(root, `${project.config.out}/package.json`, ESM_FOLDER, io);
  }
  const scripts = { ...((pkg["scripts"] as Record<string, string> | undefined) ?? {}) };
  const written: string[] = [];
  for (const [name, command] of Object.entries(SCRIPTS)) {
    const old = scripts[name];
    if (old === undefined || (name === "test" && isPlaceholder(old))) {
      scripts[name] = command;
      written.push(name);
    } else io.out(`  kept    the "${name}" script of package.json ("${old}")\n`);
  }
  if (written.length > 0) {
    writeFileSync(pkgPath, `${JSON.stringify({ ...pkg, scripts }, null, 2)}\n`);
    io.out(`  wrote   package.json ${written.length === 1 ? "script" : "scripts"}: ${written.join(", ")}\n`);
  }
  return 0;
}
