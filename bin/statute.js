#!/usr/bin/env node
// The `statute` command. Installed from the package, it runs the compiled CLI in dist/ on plain
// Node. In a source checkout (generator/cli.ts beside this file) it runs the sources through
// tsx instead, so an edit is live without a build, and resolves the package's own `statute/...`
// imports (those of generated code) to the sources through the "statute-source" condition.
import { existsSync } from "node:fs";

const source = new URL("../generator/cli.ts", import.meta.url);
if (existsSync(source)) {
  const { register } = await import("node:module");
  const { register: registerTsx } = await import("tsx/esm/api");
  registerTsx();
  const hook = 'export function resolve(s, c, next) { return next(s, { ...c, conditions: [...c.conditions, "statute-source"] }); }';
  register(`data:text/javascript,${encodeURIComponent(hook)}`);
  await import(source.href);
} else {
  await import("../dist/generator/cli.js");
}
