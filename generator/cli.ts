// CLI entry (the `statute` bin and `npm run gen`): runs `main` on the process's arguments in the
// project around the working directory. Only a bug in statute itself reaches the catch below;
// user mistakes are diagnostics.

import { main } from "./cli/main.js";
import type { Io } from "./cli/gen.js";
import { findRoot } from "./project/config.js";

// A closed pipe (`statute list | head`) is not an error of the user's or ours.
process.stdout.on("error", (e: NodeJS.ErrnoException) => {
  if (e.code !== "EPIPE") throw e;
});

const io: Io = { out: (t) => process.stdout.write(t), err: (t) => process.stderr.write(t) };
main(process.argv.slice(2), findRoot(process.cwd()), io).then(
  (code) => {
    process.exitCode = code;
  },
  (e: unknown) => {
    process.stderr.write(`internal error (a bug in statute, not in your spec): ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
    process.exitCode = 70;
  },
);
