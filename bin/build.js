#!/usr/bin/env node
// Build (`npm run build`, and `prepare` before `npm pack`): compiles generator/, runtime/ and the
// reference supervisor and client (daemon/, with the generated models it runs: generated/ts, and
// the precompiled validators generated/validate copied as they are) to JavaScript with
// declarations in dist/, so the installed package runs on plain Node with no TypeScript loader. dist/ is emptied first so a deleted source leaves no stale module behind;
// the meta-schema's precompiled validator (bin/meta-validator.js) is refreshed and copied beside
// the compiled checker, which requires it at run time.
import { execFileSync } from "node:child_process";
import { copyFileSync, cpSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { metaValidatorCode, metaValidatorFile } from "./meta-validator.js";

const root = fileURLToPath(new URL("..", import.meta.url));
const tsc = createRequire(import.meta.url).resolve("typescript/bin/tsc");
writeFileSync(metaValidatorFile, metaValidatorCode());
rmSync(new URL("../dist", import.meta.url), { recursive: true, force: true });
execFileSync(process.execPath, [tsc, "-p", "tsconfig.build.json"], { cwd: root, stdio: "inherit" });
copyFileSync(new URL("../generator/spec.schema.json", import.meta.url), new URL("../dist/generator/spec.schema.json", import.meta.url));
copyFileSync(metaValidatorFile, new URL("../dist/generator/check/meta-validator.cjs", import.meta.url));
cpSync(new URL("../generated/validate", import.meta.url), new URL("../dist/generated/validate", import.meta.url), { recursive: true });
