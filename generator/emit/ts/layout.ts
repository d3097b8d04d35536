// Emit stage, TypeScript target: the indentation of printed code (print.ts writes its lines
// without any). Each line is indented two spaces per level of nesting, as TypeScript's
// formatter lays out the code the emitters print:
// - brackets: the lines inside `{`, `(` or `[` one level deeper than the line that opened it
//   (brackets opened on one line count as one level), a line that starts by closing one at the
//   level of the line that opened it;
// - a `case` or `default` clause's statements one level deeper than the clause;
// - a statement continued after a line ending in `=` (a union type, one member a line) one
//   level deeper until the `;` that ends it;
// - a block comment's later lines keep their offset from its first line.
// Strings, template literals and comments are skipped when counting brackets.

const UNIT = "  ";

interface Level {
  /** The level of the line that opened it. */
  readonly at: number;
  /** `{`, `(`, `[`, or `=` for a continued statement. */
  readonly open: string;
  /** Inside a `case` clause of this block (its statements one level deeper). */
  inCase: boolean;
}

const CLOSES: Readonly<Record<string, string>> = { "}": "{", ")": "(", "]": "[" };

/** What a line holds once strings and comments are out: its code, and a block comment it leaves open. */
function code(line: string): { code: string; openComment: boolean } {
  let out = "";
  for (let i = 0; i < line.length; i++) {
    const c = line[i] as string;
    if (c === '"' || c === "'" || c === "`") {
      let j = i + 1;
      while (j < line.length && line[j] !== c) j += line[j] === "\\" ? 2 : 1;
      out += `${c}${c}`;
      i = j;
    } else if (c === "/" && line[i + 1] === "/") {
      break;
    } else if (c === "/" && line[i + 1] === "*") {
      const end = line.indexOf("*/", i + 2);
      if (end < 0) return { code: out, openComment: true };
      i = end + 1;
    } else {
      out += c;
    }
  }
  return { code: out, openComment: false };
}

/** `text` with every line indented by its nesting (see the file comment). */
export function layout(text: string): string {
  const stack: Level[] = [];
  const out: string[] = [];
  // An open block comment: the level of its first line and that line's own leading spaces.
  let comment: { at: number; lead: number } | null = null;
  for (const raw of text.split("\n")) {
    const body = raw.trimStart();
    if (comment !== null) {
      const lead = Math.max(0, comment.at * UNIT.length + raw.length - body.length - comment.lead);
      out.push(body === "" ? "" : `${" ".repeat(lead)}${body}`);
      if (body.includes("*/")) comment = null;
      continue;
    }
    if (body === "") {
      out.push("");
      continue;
    }
    const { code: c, openComment } = code(body);
    const top = stack[stack.length - 1];
    let level: number;
    const closer = CLOSES[c[0] ?? ""];
    if (closer !== undefined && top !== undefined && top.open === closer) level = top.at;
    else if (top === undefined) level = 0;
    else if (/^(case\b|default\s*:)/.test(c) && top.open === "{") {
      top.inCase = true;
      level = top.at + 1;
    } else level = top.at + 1 + (top.inCase ? 1 : 0);
    out.push(`${UNIT.repeat(level)}${body}`);
    if (openComment) comment = { at: level, lead: raw.length - body.length };
    for (const ch of c) {
      if (ch === "{" || ch === "(" || ch === "[") {
        stack.push({ at: level, open: ch, inCase: false });
      } else if (CLOSES[ch] !== undefined) {
        while (stack.length > 0 && (stack[stack.length - 1] as Level).open === "=") stack.pop();
        stack.pop();
      }
    }
    const trimmed = c.trimEnd();
    if (trimmed.endsWith("=") && !trimmed.endsWith("==") && !trimmed.endsWith("=>")) stack.push({ at: level, open: "=", inCase: false });
    else if (trimmed.endsWith(";") && stack[stack.length - 1]?.open === "=") stack.pop();
  }
  return out.join("\n");
}
