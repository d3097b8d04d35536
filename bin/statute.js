#!/usr/bin/env node
// The `statute` command. Installed from the package, it runs the compiled CLI in dist/ on plain
// Node. In a source checkout (generator/cli.ts beside this file) it runs the sources through
// tsx instead, so an edit is live without a build, and resolves the package's own `statute/...`
// imports (those of generated code) to the sources through the "statute-source" condition.
import { run } from "./source-or-dist.js";

await run("generator/cli");
