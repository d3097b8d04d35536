// Runtime, timeouts: a tiny evaluator for the arithmetic the timeouts spec writes as text: a
// derived constant (`KERNEL_ABORT_GRACE_MS + KERNEL_SHUTDOWN_MS`) and the two sides of a
// relation's guard (`f.stop_grace_ms < f.kernel_teardown_ms + f.harness_close_ms`). Numbers
// (with `ms`, `s`, `min`, `h` units and `_` separators), names, `+ - * / %` with Lean `Nat`
// meaning (truncating `-`, floor `/`, `/ 0 = 0`) and parentheses. Nothing else is accepted.

const UNITS: Readonly<Record<string, number>> = { ms: 1, s: 1000, min: 60_000, h: 3_600_000 };
const TOKEN = /\s*(?:(\d[\d_]*)(ms|s|min|h)?\b|([A-Za-z_][\w]*(?:\.[A-Za-z_]\w*)*)|(<=|>=|==|!=|[-+*/%()<>]))/y;

type Tok = { readonly kind: "num"; readonly value: number } | { readonly kind: "name"; readonly name: string } | { readonly kind: "op"; readonly op: string };

function tokens(text: string): Tok[] {
  const out: Tok[] = [];
  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < text.length) {
    if (/^\s*$/.test(text.slice(TOKEN.lastIndex))) break;
    const at = TOKEN.lastIndex;
    const m = TOKEN.exec(text);
    if (m === null) throw new SyntaxError(`cannot read '${text}' at column ${at + 1}`);
    if (m[1] !== undefined) out.push({ kind: "num", value: Number(m[1].replace(/_/g, "")) * (UNITS[m[2] ?? "ms"] ?? 1) });
    else if (m[3] !== undefined) out.push({ kind: "name", name: m[3].replace(/^.*\./, "") });
    else out.push({ kind: "op", op: m[4] ?? "" });
  }
  return out;
}

/** A parsed arithmetic expression: evaluate it over a lookup of names. */
export type Arith = (lookup: (name: string) => number) => number;

function natOp(op: string, a: number, b: number): number {
  switch (op) {
    case "+": return a + b;
    case "-": return a > b ? a - b : 0;
    case "*": return a * b;
    case "/": return b === 0 ? 0 : Math.floor(a / b);
    default: return b === 0 ? a : a % b;
  }
}

/** Parse `text` as a sum of products; names are looked up when the result is evaluated. */
export function parseArith(text: string): Arith {
  const toks = tokens(text);
  let i = 0;
  const peekOp = (): string | undefined => {
    const t = toks[i];
    return t?.kind === "op" ? t.op : undefined;
  };
  const atom = (): Arith => {
    const t = toks[i++];
    if (t?.kind === "num") return () => t.value;
    if (t?.kind === "name") return (look) => look(t.name);
    if (t?.kind === "op" && t.op === "(") {
      const inner = sum();
      if (toks[i++]?.kind !== "op" || (toks[i - 1] as { op: string }).op !== ")") throw new SyntaxError(`missing ')' in '${text}'`);
      return inner;
    }
    throw new SyntaxError(`expected a number, a name or '(' in '${text}'`);
  };
  const level = (ops: readonly string[], next: () => Arith) => (): Arith => {
    let left = next();
    for (let op = peekOp(); op !== undefined && ops.includes(op); op = peekOp()) {
      i++;
      const l = left;
      const r = next();
      const o = op;
      left = (look) => natOp(o, l(look), r(look));
    }
    return left;
  };
  const product = level(["*", "/", "%"], atom);
  const sum = level(["+", "-"], product);
  const result = sum();
  if (i !== toks.length) throw new SyntaxError(`unexpected '${JSON.stringify(toks[i])}' in '${text}'`);
  return result;
}

/** A comparison `left <op> right` split at its top-level comparison operator. */
export interface Comparison {
  readonly left: string;
  readonly op: string;
  readonly right: string;
}

export function splitComparison(text: string): Comparison | null {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === "(") depth++;
    else if (c === ")") depth--;
    else if (depth === 0 && (c === "<" || c === ">" || ((c === "=" || c === "!") && text[i + 1] === "="))) {
      const op = text[i + 1] === "=" ? text.slice(i, i + 2) : (c as string);
      return { left: text.slice(0, i).trim(), op, right: text.slice(i + op.length).trim() };
    }
  }
  return null;
}
