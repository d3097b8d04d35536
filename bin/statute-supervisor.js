#!/usr/bin/env node
// The `statute-supervisor` command: the reference supervisor (daemon/main.ts). Installed from the
// package, it runs the compiled supervisor in dist/ on plain Node; in a source checkout it runs
// the sources through tsx, with the package's own `statute/...` imports resolved to the sources
// (the "statute-source" condition), as bin/statute.js does.
import { run } from "./source-or-dist.js";

await run("daemon/main");
