#!/usr/bin/env node
// Build (`npm run build`, and `prepare` before `npm pack`): compiles generator/ and runtime/ to
// JavaScript with declarations in dist/, so the installed package runs on plain Node with no
// TypeScript loader. dist/ is emptied first so a deleted source leaves no stale module behind;
// the meta-schema is copied beside the compiled checker, which reads it at run time.
import { execFileSync } from "node:child_process";
import { copyFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const tsc = createRequire(import.meta.url).resolve("typescript/bin/tsc");
rmSync(new URL("../dist", import.meta.url), { recursive: true, force: true });
execFileSync(process.execPath, [tsc, "-p", "tsconfig.build.json"], { cwd: root, stdio: "inherit" });
copyFileSync(new URL("../generator/spec.schema.json", import.meta.url), new URL("../dist/generator/spec.schema.json", import.meta.url));
