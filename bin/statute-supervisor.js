#!/usr/bin/env node
// The `statute-supervisor` command: the reference supervisor (daemon/main.ts) through tsx's
// loader, with the package's own `statute/...` imports (those of generated code) resolved to the
// sources through the "statute-source" condition, as bin/statute.js does in a source checkout.
import { register } from "node:module";
import { register as registerTsx } from "tsx/esm/api";

registerTsx();
const hook = 'export function resolve(s, c, next) { return next(s, { ...c, conditions: [...c.conditions, "statute-source"] }); }';
register(`data:text/javascript,${encodeURIComponent(hook)}`);
await import("../daemon/main.ts");
