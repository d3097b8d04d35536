// IR stage: the digest of a module's model, the identity a journaled decision names
// (`SPEC_DIGEST` in generated TypeScript). sha256 over the canonical JSON of what decides: the
// module's constants, types, machines and decisions, and the digests of the modules it
// imports, without positions, node ids, documentation or migrations (an edit of a doc comment
// or of a law leaves the model, and so its digest, as it was).

import { createHash } from "node:crypto";
import type { Module, Program } from "./module.js";

/** Keys that say where or why, never what: left out of the digest. */
const IGNORED = new Set(["span", "id", "doc", "migrate"]);

function canonical(v: unknown): string {
  if (v === null || typeof v !== "object") return JSON.stringify(v) ?? "null";
  if (Array.isArray(v)) return `[${v.map(canonical).join(",")}]`;
  const keys = Object.keys(v).filter((k) => !IGNORED.has(k) && (v as Record<string, unknown>)[k] !== undefined).sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${canonical((v as Record<string, unknown>)[k])}`).join(",")}}`;
}

/** The digests computed for each program (IR is never changed once built): each module's once. */
const digests = new WeakMap<Program, Map<string, string>>();

function memoOf(program: Program): Map<string, string> {
  const known = digests.get(program);
  if (known !== undefined) return known;
  const memo = new Map<string, string>();
  digests.set(program, memo);
  return memo;
}

/** `sha256:<hex>` of the module's model and, through their digests, of its imports. */
export function moduleDigest(program: Program, module: Module, memo = memoOf(program)): string {
  const known = memo.get(module.name);
  if (known !== undefined) return known;
  const imports = module.imports.map((name) => {
    const dep = program.modules.find((m) => m.name === name);
    return [name, dep === undefined ? null : moduleDigest(program, dep, memo)];
  });
  const model = { name: module.name, constants: module.constants, types: module.types, machines: module.machines, decisions: module.decisions, imports };
  const digest = `sha256:${createHash("sha256").update(canonical(model)).digest("hex")}`;
  memo.set(module.name, digest);
  return digest;
}
