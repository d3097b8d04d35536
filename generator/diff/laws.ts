// Diff stage: laws added, removed and changed. A law changed when its claim reads differently
// (printed back in spec syntax). A changed machine or decision law is then judged in both
// versions on the new model's bindings (behaviour.ts): where the old claim fails and the new
// holds, the law was weakened; the other way round, strengthened (each facts record is also
// paired with the other verdicts seen, each transition with the other outputs seen).

import type { Law, LawBody, Program } from "../ir/module.js";
import { printExpr } from "../ir/print.js";
import { unreachable } from "../ir/types.js";
import { checkLaw, type LawBinding } from "../interpret/law.js";
import { InterpretError, type Value } from "../interpret/value.js";
import type { Bound } from "./behaviour.js";
import type { Side } from "./wire.js";

export interface LawEntry {
  readonly law: string;
  readonly status: "added" | "removed" | "changed";
  /** The claim as printed, before and after (null for the side it is missing on). */
  readonly old: string | null;
  readonly new: string | null;
  /** For a changed law judged on bindings: `weakened`, `strengthened`, `both` or `same` on the inputs tried; null when it could not be judged. */
  readonly judged: "weakened" | "strengthened" | "both" | "same" | null;
  /** The first binding on which the two versions disagree. */
  readonly example: { readonly binding: LawBinding; readonly old: boolean; readonly new: boolean } | null;
}

/** The claim in spec syntax. */
export function claimText(b: LawBody): string {
  switch (b.kind) {
    case "order":
      return `order: ${printExpr(b.expr)}`;
    case "invariant":
      return `invariant ${b.machine.name}: ${printExpr(b.expr)}`;
    case "step":
      return `step ${b.machine.name}${b.event === null ? "" : `.${b.event}`}: ${printExpr(b.expr)}`;
    case "decision":
      return `decision ${b.decision.name}: ${printExpr(b.expr)}`;
    case "variant":
      return `variant ${b.machine.name}: when ${printExpr(b.when)} ${b.direction} ${printExpr(b.measure)}${b.monotone ? " monotone" : ""}`;
    case "progress":
      return `progress ${b.machine.name}: from ${printExpr(b.from)} to ${printExpr(b.to)} by [${b.by.map(printExpr).join(", ")}] within ${b.within}`;
    case "wire":
    case "ffi":
      return `${b.kind}: ${b.target.name}`;
    default:
      return unreachable(b);
  }
}

function targetOf(b: LawBody): string | null {
  switch (b.kind) {
    case "invariant":
    case "step":
    case "variant":
    case "progress":
      return b.machine.name;
    case "decision":
      return b.decision.name;
    default:
      return null;
  }
}

function verdict(prog: Program, law: Law, binding: LawBinding): boolean | null {
  // A state-only binding judges invariants and progress laws; transitions judge the others.
  const stateOnly = binding.e === undefined && binding.f === undefined;
  const wantsState = law.body.kind === "invariant" || law.body.kind === "progress";
  if (binding.f === undefined && stateOnly !== wantsState) return null;
  try {
    return checkLaw(prog, law, binding);
  } catch (e) {
    if (!(e instanceof InterpretError)) throw e;
    return null;
  }
}

/** At most this many bindings judge one changed law. */
const JUDGE_LIMIT = 20_000;

/**
 * The model's own bindings satisfy both versions of a law it keeps; a weakening shows where the
 * old claim refuses an answer the new accepts. So each facts record is paired with every verdict
 * seen, and each transition with every output seen (at most 16 of each).
 */
function crossed(bindings: readonly LawBinding[]): LawBinding[] {
  const seen = (k: "v" | "o"): Value[] => [...new Map(bindings.flatMap((b) => (b[k] === undefined ? [] : [[JSON.stringify(b[k]), b[k] as Value] as const]))).values()].slice(0, 16);
  const vs = seen("v");
  const os = seen("o");
  const out: LawBinding[] = [];
  for (const b of bindings) {
    if (out.length >= JUDGE_LIMIT) break;
    if (b.f !== undefined) out.push(...vs.map((v) => ({ f: b.f as Value, v })));
    else if (b.o !== undefined) out.push(...os.map((o) => ({ ...b, o })));
    else out.push(b);
  }
  return out.slice(0, JUDGE_LIMIT);
}

function judge(old: Side, now: Side, a: Law, b: Law, bindings: readonly Bound[]): Pick<LawEntry, "judged" | "example"> {
  const target = targetOf(b.body);
  if (target === null || target !== targetOf(a.body)) return { judged: null, example: null };
  let weaker = false;
  let stronger = false;
  let example: LawEntry["example"] = null;
  let tried = 0;
  for (const binding of crossed(bindings.filter((x) => x.target === target).map((x) => x.binding))) {
    const x = verdict(old.program, a, binding);
    const y = verdict(now.program, b, binding);
    if (x === null || y === null) continue;
    tried++;
    if (x === y) continue;
    if (y) weaker = true;
    else stronger = true;
    example ??= { binding, old: x, new: y };
  }
  if (tried === 0) return { judged: null, example: null };
  return { judged: weaker && stronger ? "both" : weaker ? "weakened" : stronger ? "strengthened" : "same", example };
}

export function diffLaws(old: Side, now: Side, bindings: readonly Bound[]): LawEntry[] {
  const out: LawEntry[] = [];
  for (const b of now.module.laws) {
    const a = old.module.laws.find((x) => x.name === b.name);
    const text = claimText(b.body);
    if (a === undefined) out.push({ law: b.name, status: "added", old: null, new: text, judged: null, example: null });
    else if (claimText(a.body) !== text) out.push({ law: b.name, status: "changed", old: claimText(a.body), new: text, ...judge(old, now, a, b, bindings) });
  }
  for (const a of old.module.laws) {
    if (!now.module.laws.some((x) => x.name === a.name)) out.push({ law: a.name, status: "removed", old: claimText(a.body), new: null, judged: null, example: null });
  }
  return out;
}
