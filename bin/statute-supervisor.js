#!/usr/bin/env node
// The `statute-supervisor` command: the reference supervisor (daemon/main.ts) through tsx's loader.
import { register } from "tsx/esm/api";

register();
await import("../daemon/main.ts");
