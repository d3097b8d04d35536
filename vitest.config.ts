// Vitest: every *.test.ts of the repository, generated/tests included; scratch trees under .tmp/
// (broken copies made by the test-of-the-tests, replays) and the snapshots of fixtures/gen (text,
// compared by test/generator/snapshots.test.ts) are never collected as suites, and the
// package test (test/package, minutes long) runs on its own: `npm run test:package`. The
// package's own entries (`statute/runtime/v1`, `statute/conformance`, ...), which generated code
// imports by name, resolve to their sources here, as the "statute-source" condition does for tsc.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { configDefaults, defineConfig } from "vitest/config";

type Entry = string | { readonly "statute-source"?: string };
const pkg = JSON.parse(readFileSync(new URL("package.json", import.meta.url), "utf8")) as { exports: Record<string, Entry> };
const alias = Object.entries(pkg.exports).flatMap(([key, entry]) => {
  const source = typeof entry === "string" ? undefined : entry["statute-source"];
  if (source === undefined) return [];
  const find = key === "." ? /^statute$/ : new RegExp(`^statute/${key.slice(2).replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")}$`);
  return [{ find, replacement: fileURLToPath(new URL(source, import.meta.url)) }];
});

export default defineConfig({
  resolve: { alias },
  test: {
    exclude: [...configDefaults.exclude, ".tmp/**", "test/package/**", "fixtures/gen/**"],
    // The CLI imports each command's modules when it first runs (so `list` never loads ts-morph);
    // a test's first command pays that load, which on a busy machine passes vitest's 5 s default.
    testTimeout: 60_000,
  },
});
