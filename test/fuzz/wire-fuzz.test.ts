// The wire fuzzer (issue #12): raw JSON text for every machine and decision of every module,
// mutated as text, independent of the schemas' own generator: duplicate keys, number forms,
// depth, size, a BOM, random characters, and changes that keep a message valid (whitespace, key
// order, unicode escapes in keys). The property: a verdict exactly on valid input (judged by an
// independent oracle: a small JSON scanner here plus ir-values.ts' `conforms`), a WireError
// otherwise, never an exception, a holder's state untouched by a refusal, and every output valid
// against its schema. CI runs 3 000 messages; `STATUTE_RUNS=10000` sends 30 000.

import { describe, expect, it } from "vitest";
import type { Value } from "../../generator/interpret/index.js";
import type { Type } from "../../generator/ir/types.js";
import { type GeneratedModel, MachineHolder } from "../../runtime/index.js";
import { conforms } from "../runtime/ir-values.js";
import { boundOf, loadGen, program, targets, wire, type Target } from "../runtime/specs.js";
import { rng } from "./spec-mutants.js";

const MESSAGES = 3 * Number(process.env["STATUTE_RUNS"] ?? 1_000);
const gens = new Map<string, GeneratedModel>();
for (const m of program.modules) gens.set(m.name, await loadGen(m.name));

/** Independent scan of JSON text: duplicate keys and non-integer number text (strings skipped). */
function scan(text: string): { duplicate: boolean; badNumber: boolean } {
  const keys: Set<string>[] = [];
  let duplicate = false;
  let badNumber = false;
  let i = 0;
  while (i < text.length) {
    const c = text[i] as string;
    if (c === "{") keys.push(new Set());
    else if (c === "}") keys.pop();
    else if (c === '"') {
      let j = i + 1;
      let s = "";
      while (j < text.length && text[j] !== '"') {
        if (text[j] === "\\") {
          const e = text[j + 1];
          s += e === "u" ? String.fromCharCode(parseInt(text.slice(j + 2, j + 6), 16)) : (e ?? "");
          j += e === "u" ? 6 : 2;
        } else s += text[j++];
      }
      let k = j + 1;
      while (/\s/.test(text[k] ?? "")) k++;
      if (text[k] === ":") {
        const top = keys[keys.length - 1];
        if (top?.has(s)) duplicate = true;
        top?.add(s);
      }
      i = j + 1;
      continue;
    } else if (c === "-" || (c >= "0" && c <= "9")) {
      const m = /^-?[0-9.eE+-]+/.exec(text.slice(i, i + 400))?.[0] ?? c;
      if (!/^-?(0|[1-9][0-9]*)$/.test(m) || m === "-0" || !Number.isSafeInteger(Number(m))) badNumber = true;
      i += m.length;
      continue;
    }
    i++;
  }
  return { duplicate, badNumber };
}

/** Whether the text is a valid message of `type`, by the independent oracle. */
function valid(text: string, type: Type, bound: number): boolean {
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch {
    return false;
  }
  if (text.length > 1_000_000 || /^\ufeff/.test(text)) return false;
  const { duplicate, badNumber } = scan(text);
  return !duplicate && !badNumber && depth(v) <= 64 && conforms(type, v, bound);
}

function depth(v: unknown): number {
  let max = 0;
  const stack: [unknown, number][] = [[v, 0]];
  while (stack.length > 0) {
    const [x, d] = stack.pop() as [unknown, number];
    if (x === null || typeof x !== "object") continue;
    max = Math.max(max, d + 1);
    for (const c of Object.values(x)) stack.push([c, d + 1]);
  }
  return max;
}

type Rand = () => number;
const int = (r: Rand, n: number): number => Math.floor(r() * n);

/** A mutation of message text, and whether it keeps a valid message valid (true), makes it invalid (false), or either (null). */
const MUTATIONS: readonly ((t: string, r: Rand) => { text: string; keeps: boolean | null })[] = [
  (t, r) => {
    const keys = [...t.matchAll(/"([a-z_]+)":/g)];
    const k = keys[int(r, keys.length)];
    return k === undefined ? { text: t, keeps: true } : { text: t.replace(/^\{/, `{"${k[1]}":${r() < 0.5 ? "0" : '"x"'},`), keeps: false };
  },
  (t, r) => {
    const nums = [...t.matchAll(/(?<=[:[,])\d+(?=[,}\]])/g)];
    const n = nums[int(r, nums.length)];
    if (n === undefined) return { text: t, keeps: true };
    const forms = [`${n[0]}.0`, `${n[0]}E0`, `${n[0]}.00000000000000001`, `${n[0]}e-400`, `0${n[0]}`, "1e-400", "-0", `${n[0]}.`];
    const at = n.index ?? 0;
    return { text: t.slice(0, at) + (forms[int(r, forms.length)] as string) + t.slice(at + n[0].length), keeps: false };
  },
  (t, r) => {
    const k = 65 + int(r, 10_000);
    return { text: `${"[".repeat(k)}${t}${"]".repeat(k)}`, keeps: false };
  },
  (t, r) => {
    const k = 65 + int(r, 5_000);
    return { text: t.replace(/^\{/, `{"zz_deep":${"[".repeat(k)}${"]".repeat(k)},`), keeps: false };
  },
  (t) => ({ text: `\ufeff${t}`, keeps: false }),
  (t, r) => ({ text: r() < 0.1 ? `${t}${" ".repeat(1_000_001)}` : t.replace(/,/g, () => (r() < 0.5 ? " ,\n\t" : ",")), keeps: r() < 0.1 ? null : true }),
  (t, r) => ({ text: t.replace(/"([a-z])([a-z_]*)":/, (_m, a: string, b: string) => (r() < 0.5 ? `"\\u00${a.charCodeAt(0).toString(16)}${b}":` : `"${a}${b}":`)), keeps: true }),
  (t, r) => {
    const at = int(r, t.length + 1);
    const chars = ["{", "}", "[", "]", ",", ":", '"', "0", "-", ".", "e", "1", " ", "\\", "n", "\u2028", "\u0000", "9".repeat(30)];
    return { text: t.slice(0, at) + (chars[int(r, chars.length)] as string) + t.slice(at + (r() < 0.5 ? 1 : 0)), keeps: null };
  },
];

interface Tally {
  messages: number;
  verdicts: number;
  refused: number;
  escapes: string[];
  wrong: string[];
}

function outputType(t: Target): Type | undefined {
  const m = program.modules.find((x) => x.name === t.module);
  return t.role === "decision" ? m?.decisions.find((d) => d.name === t.owner)?.verdict : m?.machines.find((x) => x.name === t.owner)?.output;
}

function send(t: Target, gen: GeneratedModel, text: string, keeps: boolean | null, start: Value | undefined, tally: Tally): void {
  tally.messages++;
  const bound = boundOf(t.module);
  const ok = valid(text, t.type, bound);
  const label = `${t.module}.${t.name} ${JSON.stringify(text.slice(0, 80))}`;
  if (keeps === false && ok) tally.wrong.push(`oracle: a mutation meant to break ${label} left it valid`);
  try {
    let r: { ok: boolean; value?: unknown };
    let holder: MachineHolder | undefined;
    if (t.role === "decision") r = wire.decide(t.module, gen, t.owner, text);
    else {
      holder = new MachineHolder(wire, t.module, gen, t.owner, { state: start as never });
      r = holder.dispatch(text);
    }
    if (r.ok) tally.verdicts++;
    else tally.refused++;
    if (r.ok !== ok) tally.wrong.push(`${r.ok ? "verdict on invalid" : "refused valid"} ${label}`);
    if (!r.ok && holder !== undefined && JSON.stringify(holder.state) !== JSON.stringify(start)) tally.wrong.push(`state touched by ${label}`);
    const out = outputType(t);
    if (r.ok && out?.kind === "named") {
      const value = r.value as { verdict?: unknown; output?: unknown };
      const v = wire.validator(out.ref.module, out.ref.name);
      if (v !== undefined && !v(t.role === "decision" ? value.verdict : value.output)) tally.wrong.push(`output invalid against its schema: ${label}`);
    }
  } catch (e) {
    tally.escapes.push(`${label}: ${e instanceof Error ? `${e.name}: ${e.message}` : String(e)}`.slice(0, 300));
  }
}

describe(`wire fuzzer: ${MESSAGES} hostile messages over every machine and decision`, () => {
  const every = program.modules.flatMap((m) => targets(m));
  const all = every.filter((t) => t.role !== "state" && t.valid.length > 0);
  const statesOf = (t: Target): readonly Value[] => every.find((x) => x.role === "state" && x.module === t.module && x.owner === t.owner)?.valid ?? [];
  it("a verdict exactly on valid input, a WireError otherwise, never an escape; state untouched; outputs valid", () => {
    const tally: Tally = { messages: 0, verdicts: 0, refused: 0, escapes: [], wrong: [] };
    const r = rng(12);
    for (let i = 0; i < MESSAGES; i++) {
      const t = all[i % all.length] as Target;
      const gen = gens.get(t.module) as GeneratedModel;
      const base = t.valid[int(r, t.valid.length)] as Value;
      const states = statesOf(t);
      const mutation = MUTATIONS[int(r, MUTATIONS.length)] as (typeof MUTATIONS)[number];
      const { text, keeps } = mutation(JSON.stringify(base), r);
      send(t, gen, text, keeps, states[int(r, Math.max(1, states.length))], tally);
    }
    console.log(`wire fuzzer: ${tally.messages} messages, ${tally.verdicts} verdicts, ${tally.refused} refused, ${tally.escapes.length} escapes, ${tally.wrong.length} wrong`);
    expect(tally.escapes.slice(0, 5)).toEqual([]);
    expect(tally.wrong.slice(0, 5)).toEqual([]);
    expect(tally.verdicts).toBeGreaterThan(0);
    expect(tally.refused).toBeGreaterThan(0);
  }, 600_000);
});
