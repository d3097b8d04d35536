// Test support for the test of the tests: deliberately broken copies of a generated
// `generated/ts/<module>.ts`, made by textual edits at sites found in the file's text (so the
// same operators work on every module): a comparison flipped, a constant off by one, a rule
// dropped, a branch's output swapped for another's, an assignment dropped.

export interface Mutant {
  /** Operator and site, e.g. `flip line 129: < -> <=`. */
  readonly id: string;
  readonly text: string;
}

type Operator = (lines: readonly string[]) => Mutant[];

const join = (lines: readonly string[]): string => lines.join("\n");

function replaceLine(lines: readonly string[], i: number, line: string): string {
  return join([...lines.slice(0, i), line, ...lines.slice(i + 1)]);
}

const FLIPS: readonly [RegExp, string, string][] = [
  [/ <= /, " <= ", " < "],
  [/ >= /, " >= ", " > "],
  [/ < /, " < ", " <= "],
  [/ > /, " > ", " >= "],
  [/ === /, " === ", " !== "],
  [/ !== /, " !== ", " === "],
];

/** The first comparison of each rule's guard (`if (...) {`), flipped at its boundary. */
const flip: Operator = (lines) =>
  lines.flatMap((line, i) => {
    if (!/^\s*if \(.*\) \{$/.test(line)) return [];
    const hit = FLIPS.find(([re]) => re.test(line));
    if (hit === undefined) return [];
    const [, from, to] = hit;
    return [{ id: `flip line ${i + 1}:${from}->${to}`, text: replaceLine(lines, i, line.replace(from, to)) }];
  });

/** A numeric constant that the code reads (its name appears again below), plus one. */
const constant: Operator = (lines) => {
  // Only code counts as a use, not the doc comments that name the constant.
  const body = join(lines.filter((l) => !/^\s*(\*|\/\/|\/\*)/.test(l)));
  return lines.flatMap((line, i) => {
    const m = /^export const ([A-Z0-9_]+): number = ([0-9]+);$/.exec(line);
    if (m === null) return [];
    const [, name = "", value = "0"] = m;
    if (body.split(new RegExp(`\\b${name}\\b`)).length <= 2) return [];
    return [{ id: `constant ${name} = ${value} + 1`, text: replaceLine(lines, i, line.replace(`= ${value};`, `= ${Number(value) + 1};`)) }];
  });
};

/** A guarded rule (`if (...) {` up to its closing brace at the same indentation) removed. */
const dropRule: Operator = (lines) =>
  lines.flatMap((line, i) => {
    const m = /^(\s*)if \(.*\) \{$/.exec(line);
    if (m === null || !/^\s*\/\/ \w+: /.test(lines[i - 1] ?? "")) return [];
    const end = lines.findIndex((l, j) => j > i && l === `${m[1] ?? ""}}`);
    if (end < 0 || !lines.slice(i, end).some((l) => /rule: "/.test(l))) return [];
    return [{ id: `drop rule at line ${i + 1}`, text: join([...lines.slice(0, i), ...lines.slice(end + 1)]) }];
  });

/** A one-line `output:`/`verdict:` replaced by a different one from the same function. */
const swapOutput: Operator = (lines) => {
  const sites = lines.flatMap((line, i) => {
    const m = /^(\s*)(output|verdict): (.+),$/.exec(line);
    return m === null ? [] : [{ i, indent: m[1] ?? "", key: m[2] ?? "", value: m[3] ?? "" }];
  });
  const fnStart = (i: number): number => {
    for (let j = i; j >= 0; j--) if (/^export function /.test(lines[j] ?? "")) return j;
    return -1;
  };
  return sites.flatMap((a) => {
    const b = sites.find((x) => x.key === a.key && x.value !== a.value && fnStart(x.i) === fnStart(a.i));
    if (b === undefined) return [];
    return [{ id: `swap ${a.key} at line ${a.i + 1} for line ${b.i + 1}'s`, text: replaceLine(lines, a.i, `${a.indent}${a.key}: ${b.value},`) }];
  });
};

/** Top-level comma split of `a: x, b: f(y, z)`. */
function splitTop(text: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === "(" || c === "[" || c === "{") depth++;
    else if (c === ")" || c === "]" || c === "}") depth--;
    else if (c === "," && depth === 0) {
      out.push(text.slice(start, i).trim());
      start = i + 1;
    }
  }
  out.push(text.slice(start).trim());
  return out.filter((x) => x !== "");
}

/** The first assignment of a one-line `state: { ...s, f: v, ... }` dropped. */
const dropAssign: Operator = (lines) =>
  lines.flatMap((line, i) => {
    const m = /^(\s*)state: \{ \.\.\.s, (.+) \},$/.exec(line);
    if (m === null) return [];
    const [first, ...rest] = splitTop(m[2] ?? "");
    if (first === undefined) return [];
    const kept = rest.length === 0 ? "state: s," : `state: { ...s, ${rest.join(", ")} },`;
    return [{ id: `drop assignment ${first.split(":")[0] ?? ""} at line ${i + 1}`, text: replaceLine(lines, i, `${m[1] ?? ""}${kept}`) }];
  });

const OPERATORS: readonly Operator[] = [flip, constant, dropRule, swapOutput, dropAssign];

/**
 * At least `count` mutants when the file has that many sites: one per operator in turn (the
 * first site of each, then the second, ...), so every operator is represented.
 */
export function mutants(text: string, count: number): Mutant[] {
  const lines = text.split("\n");
  const perOperator = OPERATORS.map((op) => op(lines));
  const out: Mutant[] = [];
  for (let round = 0; out.length < count && perOperator.some((ms) => ms.length > round); round++) {
    for (const ms of perOperator) {
      const m = ms[round];
      if (m !== undefined && out.length < count) out.push(m);
    }
  }
  return out;
}
