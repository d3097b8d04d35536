// CLI: dispatch of the `statute` subcommands (usage below). A user's mistake is printed as
// diagnostics or a usage line with exit code 1 or 2, never as a stack trace. Each command's
// module is imported only when it runs (`list`, `eval` and `explore` load no emitter). No
// command loads the TypeScript compiler: the TypeScript target prints its own code.

import { type CommandArgs, type Options, parseCommand, positiveInt } from "./args.js";
import type { Io } from "./gen.js";
import { STARTER_FILE } from "../project/starter.js";

const usage = `usage: statute <command> [options]   (statute <command> --help for its options)
  init                                   start a project here: a spec, statute.config.json, a test script
  gen [--check] [--watch]                generate the targets from the spec folder (or check them, or watch it)
  list                                   modules, machines, decisions and laws as JSON
  eval <spec file> <name> <JSON>         run the generated model on facts or a list of events (--param NAME=VALUE binds a parameter)
  explore [module] [--depth D] [--param NAME=VALUE]... [--out DIR] [--progress] [--witnesses]
          [--max-states N] [--max-memory MB] [--no-symmetry] [--interpret]
                                         model-check the explore domains; ITF counterexamples
  replay <trace.itf.json> [--param NAME=VALUE]...
                                         run an ITF trace through the generated step function
  mutate [module] [--verbose] [--min P] [--laws-only] [--depth D] [--max-states N] [--write | --check]
                                         law strength: mutants of the IR against the laws alone and with examples
  diff <OLD> [NEW] [--json]              a release of the specs against the next: wire, states, behaviour, laws
  proofs                                 which Lean statements formal/ proves, and which a kernel checked (formal/checked.txt)
  timeouts                               effective timeouts under the STATUTE_<NAME> overrides
  quint [module] [--samples N] [--traces K] [--out DIR]
                                         explore vs quint run on generated/quint; replay Quint's traces
`;

function cmd<O extends Options>(usage: string, options: O, positionals: readonly [number, number]): CommandArgs<O> {
  return { usage, options, positionals };
}

export const commands = {
  init: cmd(`usage: statute init\n  writes statute.config.json, ${STARTER_FILE} (a starter spec) and the scripts gen and test in package.json,\n  then generates (so npm test passes at once)\n  (never overwrites a file or a script; npm's placeholder test script is replaced)\n`, {}, [0, 0]),
  gen: cmd(
    "usage: statute gen [--check] [--watch]\n  --check   exit 1 naming each generated file that differs from what the spec generates\n  --watch   regenerate whenever a spec file changes; print diagnostics, keep running until\n            interrupted or its parent process (or terminal) goes away\n",
    { check: { type: "boolean" }, watch: { type: "boolean" } },
    [0, 0],
  ),
  list: cmd("usage: statute list\n  the modules of the spec folder with their machines, decisions and laws, as JSON\n", {}, [0, 0]),
  eval: cmd(
    "usage: statute eval <spec file | module> <machine or decision> <JSON> [--param NAME=VALUE]...\n  a decision takes a facts object; a machine takes a JSON list of events run from its initial state\n  --param NAME=VALUE  bind a parameter of the module (default: its spec value), checked against its range as an override is\n",
    { param: { type: "string", multiple: true } },
    [3, 3],
  ),
  replay: cmd("usage: statute replay <trace.itf.json> [--param NAME=VALUE]...\n  step an ITF trace (from explore) through the generated step function\n  --param NAME=VALUE  set an explore parameter (default: the trace's own, from #meta.params)\n", { param: { type: "string", multiple: true } }, [1, 1]),
  mutate: cmd(
    "usage: statute mutate [module | spec file] [--verbose] [--min P] [--laws-only] [--depth D] [--max-states N] [--write | --check | --list]\n" +
      "  mutants are judged on what `statute explore` searches: the spec's explore domains and depth, every reachable state\n" +
      "  --depth D       judge on a search of depth D instead of each explore section's depth\n" +
      "  --max-states N  judge on at most N states per explored machine (default: no limit, as explore)\n" +
      "  --list       print every mutant's id and change, judging none (a broken fixture names one by id)\n" +
      "  --verbose    list every mutant, not only the survivors\n" +
      "  --min P      exit 1 when a module's score is below P percent\n" +
      "  --laws-only  --min applies to the score of the laws alone (examples set aside)\n" +
      "  --write      record the findings of every module in spec/law-strength.json (the law table shows them)\n" +
      "  --check      exit 1 when spec/law-strength.json is not what the specs give now\n",
    { verbose: { type: "boolean" }, min: { type: "string" }, "laws-only": { type: "boolean" }, depth: { type: "string" }, "max-states": { type: "string" }, write: { type: "boolean" }, check: { type: "boolean" }, list: { type: "boolean" } },
    [0, 1],
  ),
  diff: cmd(
    "usage: statute diff <OLD> [NEW] [--json]\n" +
      "  OLD, NEW   a folder of spec files or a git revision (its spec folder); NEW defaults to the working specs\n" +
      "  per module: each wire type compatible or breaking, every old reachable state migrated and checked,\n" +
      "  the inputs where verdicts or steps differ, laws added, removed or changed\n" +
      "  exit 1 on a breaking change the new spec does not declare (breaking: [{ change, reason }])\n" +
      "  --json     the report as JSON\n",
    { json: { type: "boolean" } },
    [1, 2],
  ),
  proofs: cmd(
    "usage: statute proofs [--formal DIR] [--record RUNDIR --checker TEXT]\n" +
      "  per law, whether DIR (default formal) proves it for all parameters, at the defaults only, leaves it open (sorry) or lacks it,\n" +
      "  and whether the kernel check recorded in DIR/checked.txt accepted it (for the Lean files as they are now)\n" +
      "  --record RUNDIR  write DIR/checked.txt from a lean2021 kit run folder (the OUTDIR of ../shared/lean2021/run.sh: result.txt, logs/)\n" +
      "  --checker TEXT   the Lean that ran the kit, as the record names it (with --record)\n",
    { formal: { type: "string" }, record: { type: "string" }, checker: { type: "string" } },
    [0, 0],
  ),
  timeouts: cmd("usage: statute timeouts\n  the effective timeouts of this process under the STATUTE_<NAME> overrides\n", {}, [0, 0]),
} as const;

export const exploreUsage =
  "usage: statute explore [module | spec file] [--depth D] [--param NAME=VALUE]... [--max-states N] [--out DIR] [--progress] [--witnesses]\n" +
  "  --param NAME=VALUE  explore with the constant NAME (marked `param: true` in the spec) set to VALUE; repeatable\n" +
  "  --out DIR       where counterexample and witness traces go (default .tmp/explore)\n" +
  "  --witnesses     also write one trace per rule that fires (a clean run writes no counterexample)\n";

export async function main(argv: readonly string[], root: string, io: Io, env: Readonly<Record<string, string | undefined>> = process.env): Promise<number> {
  const [command, ...rest] = argv;
  const parse = <O extends Options>(spec: CommandArgs<O>) => parseCommand(spec, rest, io);
  switch (command) {
    case "init": {
      const a = parse(commands.init);
      return typeof a === "number" ? a : (await import("./init.js")).init(root, io);
    }
    case "gen": {
      const a = parse(commands.gen);
      if (typeof a === "number") return a;
      // The drift check first asks its cache, which loads no compiler (gen-cache.ts).
      if (a.values.check === true && a.values.watch !== true && (await import("./gen-cache.js")).checkFromCache(root, io)) return 0;
      const { gen, stopWhenOrphaned, watch } = await import("./gen.js");
      if (a.values.watch !== true) return gen(root, { check: a.values.check === true }, io);
      const stop = new AbortController();
      stopWhenOrphaned(stop);
      return watch(root, io, stop.signal);
    }
    case "list": {
      const a = parse(commands.list);
      return typeof a === "number" ? a : (await import("./list.js")).list(root, io);
    }
    case "eval": {
      const a = parse(commands.eval);
      return typeof a === "number" ? a : (await import("./eval.js")).evaluate(root, a.positionals, io, (a.values.param as string[] | undefined) ?? []);
    }
    case "explore":
      if (rest.includes("--help") || rest.includes("-h")) {
        io.out(exploreUsage);
        return 0;
      }
      return (await import("./explore.js")).explore(root, rest, io);
    case "replay": {
      const a = parse(commands.replay);
      return typeof a === "number" ? a : (await import("./replay.js")).replay(root, rest, io);
    }
    case "mutate": {
      const a = parse(commands.mutate);
      if (typeof a === "number") return a;
      const min = a.values.min === undefined ? undefined : Number(a.values.min);
      if (min !== undefined && !Number.isFinite(min)) {
        io.err(`error: --min needs a percentage\n${commands.mutate.usage}`);
        return 2;
      }
      if (a.values.write === true && a.values.check === true) {
        io.err(`error: --write and --check exclude each other\n${commands.mutate.usage}`);
        return 2;
      }
      const limit = (name: "depth" | "max-states"): number | null | undefined => (a.values[name] === undefined ? undefined : positiveInt(a.values[name]));
      const depth = limit("depth");
      const maxStates = limit("max-states");
      if (depth === null || maxStates === null) {
        io.err(`error: --${depth === null ? "depth" : "max-states"} needs a positive whole number\n${commands.mutate.usage}`);
        return 2;
      }
      const bounds = { ...(depth === undefined ? {} : { depth }), ...(maxStates === undefined ? {} : { maxStates }) };
      if (a.values.list === true) return (await import("./mutate.js")).listMutants(root, a.positionals[0], io);
      const report = a.values.write === true ? "write" : a.values.check === true ? "check" : null;
      return (await import("./mutate.js")).mutate(root, { target: a.positionals[0], verbose: a.values.verbose === true, min, lawsOnly: a.values["laws-only"] === true, report, bounds }, io);
    }
    case "diff": {
      const a = parse(commands.diff);
      return typeof a === "number" ? a : (await import("./diff.js")).diff(root, { old: a.positionals[0] as string, new: a.positionals[1], json: a.values.json === true }, io);
    }
    case "proofs": {
      const a = parse(commands.proofs);
      if (typeof a === "number") return a;
      if ((a.values.record === undefined) !== (a.values.checker === undefined)) {
        io.err(`error: --record and --checker go together\n${commands.proofs.usage}`);
        return 2;
      }
      const record = a.values.record !== undefined && a.values.checker !== undefined ? { run: a.values.record, checker: a.values.checker } : undefined;
      return (await import("./proofs.js")).proofs(root, a.values.formal ?? "formal", io, record);
    }
    case "timeouts": {
      const a = parse(commands.timeouts);
      return typeof a === "number" ? a : (await import("./timeouts.js")).timeouts(root, env, io);
    }
    case "quint":
      return (await import("./quint.js")).quint(root, rest, io);
    case undefined:
    case "help":
    case "--help":
    case "-h":
      io.out(usage);
      return 0;
    default:
      io.err(`error: unknown command '${command}'\n${usage}`);
      return 2;
  }
}
