// CLI: argument parsing for every subcommand, on node:util `parseArgs` (strict: an unknown
// option or a missing value is a usage error, exit 2, never a stack trace). Each command declares
// its options, how many positionals it takes, and its usage line; `--help` prints the usage.

import { parseArgs, type ParseArgsConfig } from "node:util";
import type { Io } from "./gen.js";

export type Options = NonNullable<ParseArgsConfig["options"]>;

export interface CommandArgs<O extends Options> {
  /** The usage text, printed by --help and after a usage error. */
  readonly usage: string;
  readonly options: O;
  /** Least and most positionals. */
  readonly positionals: readonly [number, number];
}

export type Parsed<O extends Options> = {
  readonly values: { readonly [K in keyof O]?: O[K]["type"] extends "boolean" ? boolean : string };
  readonly positionals: readonly string[];
};

/** The parsed arguments, or the exit code when the command is done (help: 0, misuse: 2). */
export function parseCommand<O extends Options>(spec: CommandArgs<O>, argv: readonly string[], io: Io): Parsed<O> | number {
  let parsed;
  try {
    parsed = parseArgs({ args: [...argv], options: { ...spec.options, help: { type: "boolean", short: "h" } }, allowPositionals: true, strict: true });
  } catch (e) {
    io.err(`error: ${(e as Error).message}\n${spec.usage}`);
    return 2;
  }
  if ((parsed.values as Record<string, unknown>)["help"] === true) {
    io.out(spec.usage);
    return 0;
  }
  const [min, max] = spec.positionals;
  const n = parsed.positionals.length;
  if (n < min || n > max) {
    io.err(`error: ${n < min ? "missing arguments" : `unexpected argument ${parsed.positionals[max] ?? ""}`}\n${spec.usage}`);
    return 2;
  }
  return { values: parsed.values as Parsed<O>["values"], positionals: parsed.positionals };
}

/** A positive whole number from an option's text, or null. */
export function positiveInt(text: string | undefined): number | null {
  if (text === undefined || !/^[0-9]+$/.test(text)) return null;
  const n = Number(text);
  return Number.isSafeInteger(n) && n >= 1 ? n : null;
}
