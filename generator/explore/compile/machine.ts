// Explore stage, compiled engine: one explored machine as JavaScript functions, built once per
// program with one `new Function`: the initial state, the candidate events of a state (in the
// order of domains.ts, so ordinals agree with the interpreter), the step (a function per
// handler), the machine's laws (first failing index, or -1), the state fingerprint, and the
// search's inner loop over them (expand.ts). The interpreter stays the oracle:
// test/explore/compiled.test.ts holds these functions to it.

import type { Explore, Law, Program } from "../../ir/module.js";
import { walkExpr } from "../../ir/walk.js";
import { findMachine } from "../../interpret/lookup.js";
import type { Type } from "../../ir/types.js";
import { machineLaws } from "../domains.js";
import { ExprCompiler, key, prop, shapeOf } from "./expr.js";
import { HashCompiler, hashPrologue } from "./hash.js";
import { CodecCompiler, codecPrologue } from "./codec.js";
import { prologue } from "./helpers.js";
import { instantiate, type Instantiated, type MachineSource } from "./instantiate.js";
import { expandSource } from "./expand.js";
import { orderBlind, rowPositions, stateLawCheck, stepLawFunction } from "./laws.js";

export type { StepOut } from "./instantiate.js";

/** A machine compiled for exploration: its functions (instantiate.ts) and the laws they check. */
export interface CompiledMachine extends Instantiated {
  /** Invariants, then step and variant laws (as machineLaws gives them). */
  readonly invariants: readonly Law[];
  readonly stepLaws: readonly Law[];
}

/** Whether a candidate event reads the state (else a machine lists its events once). */
export function readsState(x: Explore): boolean {
  let found = false;
  for (const d of x.domains) for (const f of d.fields) for (const v of f.values) walkExpr(v, { enter: (e) => void (found ||= e.kind === "var") });
  return found;
}

const cache = new WeakMap<Program, WeakMap<Explore, Map<boolean, CompiledMachine>>>();

/**
 * The machine of `x` compiled, once per program, explore section and symmetry setting (so a
 * second search reuses code the JIT has already optimised). With `symmetry` false, the spec's
 * `symmetric` fields are fingerprinted as plain lists.
 */
export function compileMachine(prog: Program, x: Explore, symmetry = true): CompiledMachine {
  let byExplore = cache.get(prog);
  if (byExplore === undefined) cache.set(prog, (byExplore = new WeakMap()));
  let bySymmetry = byExplore.get(x);
  if (bySymmetry === undefined) byExplore.set(x, (bySymmetry = new Map()));
  const known = bySymmetry.get(symmetry);
  if (known !== undefined) return known;
  const built = build(prog, x, symmetry ? x.symmetric : []);
  bySymmetry.set(symmetry, built);
  return built;
}

function build(prog: Program, x: Explore, symmetric: readonly string[]): CompiledMachine {
  const m = findMachine(prog, x.machine);
  const laws = machineLaws(prog, x.machine);
  const c = new ExprCompiler(prog);
  const stateShape = shapeOf(prog, m.state);
  if (stateShape.kind !== "record") throw new Error(`${m.name}: state is not a record`);
  const fields = stateShape.fields;
  const rules = m.handlers.flatMap((h) => h.branches.map((b) => b.rule));

  const init = `function init() { return { ${fields.map((f) => `${key(f.name)}: ${c.expr(initOf(m, f.name))}`).join(", ")} }; }`;

  // One function per handler: the search's loop (expand) calls it by the event's kind number.
  const cases = m.handlers.map((h, k) => {
    const lets = h.lets.map((l) => `const v_${l.name} = ${c.expr(l.value)};`);
    const branches = h.branches.map((b) => {
      const rule = rules.indexOf(b.rule);
      const assigned = new Map(b.assigns.map((a, i) => [a.field, `$a${i}`]));
      const temps = b.assigns.map((a, i) => `const $a${i} = ${c.expr(a.value)};`);
      // A branch whose assignments change no field (by identity) returns the state itself.
      const same = b.assigns.map((a, i) => `$a${i} === v_s${prop(a.field)}`).join(" && ");
      const literal = `{ ${fields.map((f) => `${key(f.name)}: ${assigned.get(f.name) ?? `v_s${prop(f.name)}`}`).join(", ")} }`;
      const next = b.assigns.length === 0 ? "v_s" : `(${same}) ? v_s : ${literal}`;
      const body = `${temps.join(" ")} const $n = ${next}; out.output = ${c.expr(b.emit)}; out.rule = ${rule}; return $n;`;
      return b.guard === null ? `{ ${body} }` : `if (${c.expr(b.guard)}) { ${body} }`;
    });
    return `function $step${k}(v_s, v_e, out) { ${lets.join(" ")} ${branches.join(" ")} return $fail(${JSON.stringify(`${m.name}.${h.event}: no branch holds`)}); }`;
  });
  const noHandler = `$fail(${JSON.stringify(`${m.name}: no handler for event `)} + JSON.stringify(v_e.kind))`;
  const step = `function step(v_s, v_e, out) { switch (v_e.kind) { ${m.handlers.map((h, k) => `case ${JSON.stringify(h.event)}: return $step${k}(v_s, v_e, out);`).join(" ")} default: return ${noHandler}; } }`;

  const domains = x.domains.map((d) => {
    const lists = d.fields.map((f, i) => `const $d${i} = $dedup([${f.values.map((v) => c.expr(v)).join(", ")}]);`);
    let push = `out.push({ kind: ${JSON.stringify(d.event)}${d.fields.map((f, i) => `, ${key(f.name)}: $d${i}[$k${i}]`).join("")} });`;
    for (let i = d.fields.length - 1; i >= 0; i--) push = `for (let $k${i} = 0; $k${i} < $d${i}.length; $k${i}++) { ${push} }`;
    return `{ ${lists.join(" ")} ${push} }`;
  });
  const events = `function events(v_s) { const out = []; ${domains.join(" ")} return out; }`;
  // The handler number of an event (-1: none, and step fails).
  const kindOf = `function $kindOf(kind) { switch (kind) { ${m.handlers.map((h, k) => `case ${JSON.stringify(h.event)}: return ${k};`).join(" ")} default: return -1; } }`;

  const progress: string[] = [];
  const invariant = `function invariant(v_s) { ${laws.invariants.map((l, i) => stateLawCheck(c, l, i, progress)).join(" ")} return -1; }`;
  const ordered = laws.invariants.map((l, i) => (orderBlind(l, symmetric) ? "" : stateLawCheck(c, l, i, progress)));
  const orderedInvariant = `function orderedInvariant(v_s) { ${ordered.join(" ")} return -1; }`;
  const rowTests = fields.filter((f) => symmetric.includes(f.name) && f.type.kind === "list").map((f) => c.eq.test(`v_s${prop(f.name)}[i]`, `v_s${prop(f.name)}[j]`, (f.type as Type & { kind: "list" }).of));
  const sameRows = `function sameRows(v_s, i, j) { return ${rowTests.join(" && ") || "true"}; }`;
  const positions = laws.invariants.filter((l) => !orderBlind(l, symmetric)).map((l) => rowPositions(l, symmetric));
  const orderedPositions = positions.some((p) => p === null) ? null : [...new Set(positions.flatMap((p) => p ?? []))].sort((a, b) => a - b);
  const symmetricLists = fields.some((f) => symmetric.includes(f.name) && f.type.kind === "list");
  const swapped = orderedPositions?.length === 1 && symmetricLists ? swappedSource(fields, symmetric, orderedPositions[0] as number) : null;
  // Each step law as a function; stepLaw checks them all in order, and for the loop each
  // handler has its own list (the laws of its event and of every event, in order).
  const lawFns = laws.steps.map((l, i) => stepLawFunction(c, l, i));
  const call = (i: number): string => `if (!$law${i}(v_s, v_e, v_n, v_o)) return ${i};`;
  const lawCalls = (event: string | null): string =>
    laws.steps
      .map((l, i) => {
        const b = l.body;
        if (b.kind !== "step" && b.kind !== "variant") return "";
        const only = b.kind === "step" ? b.event : null;
        if (event === null) return only === null ? call(i) : `if (v_e.kind === ${JSON.stringify(only)}) { ${call(i)} }`;
        return only === null || only === event ? call(i) : "";
      })
      .join(" ");
  const stepLaw = `function stepLaw(v_s, v_e, v_n, v_o) { ${lawCalls(null)} return -1; }`;
  const handlerLaws = m.handlers.map((h, k) => `function $laws${k}(v_s, v_e, v_n, v_o) { ${lawCalls(h.event)} return -1; }`);

  const hash = new HashCompiler(prog);
  const fingerprint = hash.state(fields, symmetric);
  const from = hash.stateFrom(fields, symmetric);
  const codec = new CodecCompiler(prog, hash);
  const codecState = codec.state(m.state);
  const source = [
    prologue,
    hashPrologue,
    codecPrologue,
    `const $fp = new Int32Array(2);`,
    `const $out = { output: null, rule: -1 };`,
    // The events of every state and their handler numbers, when no domain reads the state.
    `let $events = null, $eventKinds = null;`,
    // Candidates are mostly numbers: `includes` for those, structural equality for the rest.
    `function $dedup(l) { const out = []; for (const v of l) { if (typeof v !== "object" || v === null ? !out.includes(v) : !out.some((w) => $eq(v, w))) out.push(v); } return out; }`,
    ...c.eq.functions,
    ...c.functions,
    ...hash.functions,
    ...codec.functions,
    codecState,
    // The count first: encoding may replace `$E` with a larger buffer.
    `function pack(s, into, index) { const n = $encode(s); into.push(index, $E, n); }`,
    ...progress,
    init,
    step,
    events,
    invariant,
    orderedInvariant,
    sameRows,
    swapped ?? "",
    stepLaw,
    fingerprint,
    from?.prepare ?? "",
    from?.fingerprint ?? "",
    ...cases,
    ...lawFns,
    ...handlerLaws,
    expandSource(m.handlers.length, from !== null),
    kindOf,
    `function cacheEvents() { $events = events(init()); $eventKinds = $events.map((e) => $kindOf(e.kind)); return $events; }`,
    `function fingerprintFrom(s, p) { ${from === null ? "$fingerprint(s);" : "$fingerprintFrom(s, p);"} }`,
    `return { init, step, events, invariant, orderedInvariant, sameRows, swappedBad: ${swapped === null ? "null" : "swappedBad"}, stepLaw, fingerprint: $fingerprint, fingerprintFrom, fp: $fp, expand, cacheEvents, pack, unpack: $decode, unpackedEnd: $decodedEnd };`,
  ].join("\n");
  if (process.env["STATUTE_EXPLORE_SOURCE"] === "1") process.stderr.write(`${source}\n`);
  const made: MachineSource = { source, rules, ordered: ordered.some((t) => t !== ""), orderedPositions, readsState: readsState(x), packed: false };
  return { ...instantiate(made), invariants: laws.invariants, stepLaws: laws.steps };
}

/**
 * `swappedBad(v_s)`: findArrangement (arrangements.ts) with the one position `p`, as source.
 * Rows are tried in index order; a row equal (sameRows) to one tried already, or to the row at
 * `p`, is skipped; the arrangement is the state with rows `p` and `q` of every symmetric list
 * swapped, built as a literal in declaration order (the shape of every other state), and it is
 * bad when orderedInvariant fails or throws on it. Lists of different lengths: null.
 */
function swappedSource(fields: readonly { readonly name: string; readonly type: Type }[], symmetric: readonly string[], p: number): string {
  const lists = fields.filter((f) => symmetric.includes(f.name) && f.type.kind === "list");
  const at = new Map(lists.map((f, k) => [f.name, k]));
  const reads = lists.map((f, k) => `const l${k} = v_s${prop(f.name)};`).join(" ");
  const differ = lists.map((_, k) => `l${k}.length !== n`).join(" || ") || "false";
  const swaps = lists.map((_, k) => `const a${k} = l${k}.slice(); a${k}[${p}] = l${k}[q]; a${k}[q] = l${k}[${p}];`).join(" ");
  const literal = `{ ${fields.map((f) => `${key(f.name)}: ${at.has(f.name) ? `a${at.get(f.name)}` : `v_s${prop(f.name)}`}`).join(", ")} }`;
  return `const $tried = []; function swappedBad(v_s) { ${reads} const n = l0.length; if (${differ} || ${p} >= n) return null; let nt = 0; for (let q = 0; q < n; q++) { let seen = false; for (let t = 0; t < nt; t++) if (sameRows(v_s, $tried[t], q)) { seen = true; break; } if (seen) continue; $tried[nt++] = q; if (sameRows(v_s, q, ${p})) continue; ${swaps} const v = ${literal}; let bad = true; try { bad = orderedInvariant(v) >= 0; } catch { bad = true; } if (bad) return v; } return null; }`;
}

function initOf(m: ReturnType<typeof findMachine>, field: string) {
  const a = m.init.find((y) => y.field === field);
  if (a === undefined) throw new Error(`${m.name}: no initial value for '${field}'`);
  return a.value;
}
