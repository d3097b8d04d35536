// CLI: dispatch of the `statute` subcommands (usage below). A user's mistake
// is printed as diagnostics with exit code 1, never as a stack trace.

import { evaluate } from "./eval.js";
import { explore } from "./explore.js";
import { gen, type Io } from "./gen.js";
import { list } from "./list.js";
import { mutate } from "./mutate.js";
import { quint } from "./quint.js";
import { replay } from "./replay.js";
import { timeouts } from "./timeouts.js";

const usage = `usage: statute <command>
  gen [--check]                          regenerate generated/ (or check it is up to date)
  list                                   modules, machines, decisions and laws as JSON
  eval <spec file> <name> <JSON>         run the generated model on facts or a list of events
  explore [module] [--depth D] [--workers N] [--out DIR] [--progress] [--witnesses]
                                         model-check the explore domains; ITF counterexamples
  replay <trace.itf.json>                run an ITF trace through the generated step function
  mutate [module] [--verbose] [--min P]  law-strength score: mutants of the IR against the laws
  timeouts                               effective timeouts under the STATUTE_<NAME> overrides
  quint [module] [--samples N] [--traces K] [--out DIR]
                                         explore vs quint run on generated/quint; replay Quint's traces
`;

export async function main(argv: readonly string[], root: string, io: Io, env: Readonly<Record<string, string | undefined>> = process.env): Promise<number> {
  const [command, ...rest] = argv;
  switch (command) {
    case "gen":
      return gen(root, rest, io);
    case "list":
      return list(root, io);
    case "eval":
      return evaluate(root, rest, io);
    case "explore":
      return explore(root, rest, io);
    case "replay":
      return replay(root, rest, io);
    case "mutate":
      return mutate(root, rest, io);
    case "timeouts":
      return timeouts(root, env, io);
    case "quint":
      return quint(root, rest, io);
    default:
      io.err(usage);
      return command === undefined || command === "help" || command === "--help" ? 0 : 2;
  }
}

