#!/usr/bin/env node
// The `statute-client` command: the reference supervisor's client (daemon/client/main.ts), from
// dist/ when installed, from the sources through tsx in a checkout (bin/source-or-dist.js).
import { run } from "./source-or-dist.js";

await run("daemon/client/main");
