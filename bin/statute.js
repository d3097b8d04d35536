#!/usr/bin/env node
// The `statute` command: runs the TypeScript CLI through tsx's loader.
import { register } from "tsx/esm/api";

register();
await import("../generator/cli.ts");
