// Vitest for the package test alone (`npm run test:package`): it packs, installs and runs a
// consumer project (two of them, one install), a few minutes, so the default `npm test` leaves it out and CI runs it.
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    root: new URL("../..", import.meta.url).pathname,
    include: ["test/package/**/*.test.ts"],
    testTimeout: 600_000,
    hookTimeout: 600_000,
  },
});
