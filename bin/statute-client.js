#!/usr/bin/env node
// The `statute-client` command: the reference supervisor's client (daemon/client/main.ts) through
// tsx's loader, with the package's `statute/...` imports resolved to the sources, as
// bin/statute-supervisor.js does.
import { register } from "node:module";
import { register as registerTsx } from "tsx/esm/api";

registerTsx();
const hook = 'export function resolve(s, c, next) { return next(s, { ...c, conditions: [...c.conditions, "statute-source"] }); }';
register(`data:text/javascript,${encodeURIComponent(hook)}`);
await import("../daemon/client/main.ts");
