// Vitest: every *.test.ts of the repository, generated/tests included; scratch trees under .tmp/
// (broken copies made by the test-of-the-tests, replays) are never collected as suites.
import { configDefaults, defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    exclude: [...configDefaults.exclude, ".tmp/**"],
  },
});
