// Emit stage entry: every target over one checked program. The order of targets is fixed and
// the files are sorted by path, so the output is the same bytes on every run and machine.

import type { Program } from "../ir/module.js";
import { emitDocs } from "./docs/index.js";
import { emitLean } from "./lean/index.js";
import { emitQuint } from "./quint/index.js";
import { emitSchema } from "./schema/index.js";
import { emitTests } from "./tests/index.js";
import { emitTs } from "./ts/index.js";
import type { EmitContext, Emitter, GeneratedFile } from "./types.js";

const targets: readonly Emitter[] = [emitTs, emitSchema, emitLean, emitQuint, emitTests, emitDocs];

export function emitAll(program: Program, ctx: EmitContext): GeneratedFile[] {
  const files = targets.flatMap((emit) => emit(program, ctx));
  const seen = new Set<string>();
  for (const f of files) {
    if (seen.has(f.path)) throw new Error(`internal: two targets emit ${f.path}`);
    seen.add(f.path);
  }
  return files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}
