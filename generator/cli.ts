// CLI entry: `statute gen [--check] | list | eval <spec> <name> <JSON>`. A user's mistake is
// printed as diagnostics with exit code 1, never as a stack trace.

import { evaluate } from "./cli/eval.js";
import { gen, type Io } from "./cli/gen.js";
import { list } from "./cli/list.js";

const usage = `usage: statute <command>
  gen [--check]                          regenerate generated/ (or check it is up to date)
  list                                   modules, machines, decisions and laws as JSON
  eval <spec file> <name> <JSON>         run the generated model on facts or a list of events
`;

export async function main(argv: readonly string[], root: string, io: Io): Promise<number> {
  const [command, ...rest] = argv;
  switch (command) {
    case "gen":
      return gen(root, rest, io);
    case "list":
      return list(root, io);
    case "eval":
      return evaluate(root, rest, io);
    default:
      io.err(usage);
      return command === undefined || command === "help" || command === "--help" ? 0 : 2;
  }
}

const io: Io = { out: (t) => process.stdout.write(t), err: (t) => process.stderr.write(t) };
main(process.argv.slice(2), process.cwd(), io).then(
  (code) => {
    process.exitCode = code;
  },
  (e: unknown) => {
    process.stderr.write(`internal error (a bug in statute, not in your spec): ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
    process.exitCode = 70;
  },
);
