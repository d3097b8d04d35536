// Parse stage: the explicit limits on spec input, as compilers set them (a file's size, YAML
// nesting, aliases, an expression's length and nesting, a name's length). Past a limit the
// input meets a positioned diagnostic instead of a stack overflow or a super-linear pass; the
// real specs stay far below every one (the largest file is under 50 kB, the deepest
// expression under 20 levels).

export const LIMITS = {
  /** Characters in one spec file. */
  fileChars: 1_000_000,
  /** Nesting of YAML collections (maps, sequences, flow collections). */
  yamlDepth: 64,
  /** Aliases resolved in one document (the yaml package's own guard, made a diagnostic). */
  aliases: 100,
  /** Characters in one expression or type string. */
  exprChars: 20_000,
  /** Nesting of one expression's syntax tree (operands, arguments, brackets, lets). */
  exprDepth: 100,
  /** Characters of a name (identifier, key) shown or compared for did-you-mean. */
  nameChars: 200,
  /** Characters of user text echoed in one diagnostic (longer text is cut with a count). */
  echoChars: 120,
} as const;

/** `text` cut to `max` characters with a note of how long it was. */
export function clip(text: string, max: number = LIMITS.echoChars): string {
  return text.length <= max ? text : `${text.slice(0, max)}... (${text.length} characters)`;
}
