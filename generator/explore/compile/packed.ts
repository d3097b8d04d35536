// Explore stage, packed engine: one explored machine whose states are stepped as 32-bit words
// (layout.ts), never as objects. A state is read where the search holds it (the frontier's
// words), its successor is written into one scratch buffer, and only a new state is copied out;
// its words are its fingerprint's input and its identity. A hand-written search of lock_clients
// on words ran 2.8x the compiled engine on objects (bench/packed-reference.ts); this writes
// that code for any machine whose types have a fixed size. The functions are those of
// SearchMachine (instantiate.ts) over handles rather than values: 0 the state last unpacked, 1
// the successor just stepped, 2 the initial state. Null when the machine has what words cannot
// hold (text, a list of lists, order-sensitive laws over several symmetric rows): the search then
// runs on objects (machine.ts), which also confirms and words every violation through the
// interpreter, as before.

import type { Expr } from "../../ir/expr.js";
import type { Explore, Law, Program } from "../../ir/module.js";
import type { Type } from "../../ir/types.js";
import { findConstant, findDecision, findMachine } from "../../interpret/lookup.js";
import { forEachNode, walkExpr } from "../../ir/walk.js";
import { initialState } from "../../interpret/machine.js";
import { candidateEvents, machineLaws } from "../domains.js";
import { BROKEN_STEP, EXPANDED, EXPAND_EVENTS, EXPAND_FOUND, EXPAND_LAW, EXPAND_STEP, STOPPED } from "./expand.js";
import { FlatCompiler, inMem, writeLeaves, type Binding, type Flat } from "./flat.js";
import { Layouts, Unsupported } from "./layout.js";
import { orderBlind, rowPositions } from "./laws.js";
import { hashPrologue } from "./hash.js";
import { readsState } from "./machine.js";
import { searchMachine, type MachineSource, type SearchMachine } from "./instantiate.js";

/** A machine for the search on words, with the laws it checks (for the oracle's confirmation). */
export interface PackedMachine extends SearchMachine {
  readonly invariants: readonly Law[];
  readonly stepLaws: readonly Law[];
}

const cache = new WeakMap<Program, WeakMap<Explore, Map<string, PackedMachine | null>>>();

/**
 * The machine of `x` on words with nats and ints of `natBits` bits, permuting the rows of the
 * `symmetric` fields (none, or one list), once per program, explore section, width and symmetry;
 * null when words cannot hold it.
 */
export function packedMachine(prog: Program, x: Explore, natBits: number, symmetric: readonly string[] = []): PackedMachine | null {
  let byExplore = cache.get(prog);
  if (byExplore === undefined) cache.set(prog, (byExplore = new WeakMap()));
  let byBits = byExplore.get(x);
  if (byBits === undefined) byExplore.set(x, (byBits = new Map()));
  const key = `${natBits} ${symmetric.join(",")}`;
  if (byBits.has(key)) return byBits.get(key) ?? null;
  let built: PackedMachine | null = null;
  try {
    built = build(prog, x, natBits, symmetric);
  } catch (e) {
    if (!(e instanceof Unsupported)) throw e;
    if (process.env["STATUTE_EXPLORE_SOURCE"] === "1") process.stderr.write(`not on words: ${e.message}\n`);
  }
  byBits.set(key, built);
  return built;
}

/**
 * The bits to try first for nats and ints: room for twice the largest number the machine's
 * handlers, laws, decisions and candidate events write (at least 8; 32 past 30 bits). A model's
 * counters stay near its constants; one that outgrows them costs a second search (compiled.ts).
 */
export function firstNatBits(prog: Program, x: Explore): number {
  let bits = firstBits.get(x);
  if (bits === undefined) firstBits.set(x, (bits = guessNatBits(prog, x)));
  return bits;
}

/** A search of `x` needed `bits`: the next one starts there (supervise's times outgrow the guess at every depth 15). */
export function widenedNatBits(x: Explore, bits: number): void {
  firstBits.set(x, Math.max(bits, firstBits.get(x) ?? 0));
}

const firstBits = new WeakMap<Explore, number>();

function guessNatBits(prog: Program, x: Explore): number {
  const m = findMachine(prog, x.machine);
  const laws = machineLaws(prog, x.machine);
  let largest = 0;
  const seen = new Set<string>();
  const visit = (e: Expr): void =>
    walkExpr(e, {
      enter: (y) => {
        if (y.kind === "lit" && typeof y.value === "number") largest = Math.max(largest, Math.abs(y.value));
        if (y.kind === "const") {
          const v = findConstant(prog, y.ref).value;
          if (typeof v === "number") largest = Math.max(largest, Math.abs(v));
        }
        const id = y.kind === "decide" ? `${y.ref.module}.${y.ref.name}` : "";
        if (y.kind === "decide" && !seen.has(id)) {
          seen.add(id);
          const d = findDecision(prog, y.ref);
          d.lets.forEach((l) => visit(l.value));
          d.rules.forEach((r) => [r.guard, r.verdict].forEach((z) => z !== null && visit(z)));
        }
      },
    });
  m.init.forEach((a) => visit(a.value));
  for (const h of m.handlers) {
    h.lets.forEach((l) => visit(l.value));
    for (const b of h.branches) [b.guard, b.emit, ...b.assigns.map((a) => a.value)].forEach((z) => z !== null && visit(z));
  }
  for (const l of [...laws.invariants, ...laws.steps]) forEachNode(l.body, (n) => visitNode(n, visit));
  x.domains.forEach((d) => d.fields.forEach((f) => f.values.forEach(visit)));
  const bits = Math.ceil(Math.log2(2 * largest + 2)) + 1;
  return bits > 30 ? 32 : Math.max(8, bits);
}

/** `n` as an expression when it is one (a law's body holds expressions at several keys). */
function visitNode(n: Readonly<Record<string, unknown>>, visit: (e: Expr) => void): void {
  if (n["kind"] === "lit" || n["kind"] === "const" || n["kind"] === "decide") visit(n as unknown as Expr);
}

function build(prog: Program, x: Explore, natBits: number, symmetric: readonly string[]): PackedMachine {
  const m = findMachine(prog, x.machine);
  const laws = machineLaws(prog, x.machine);
  const layouts = new Layouts(prog, natBits);
  const c = new FlatCompiler(prog, layouts);
  const stateType: Type = { kind: "named", ref: m.state };
  const eventType: Type = { kind: "named", ref: m.event };
  const W = layouts.of(stateType).words;
  if (W > 4096) throw new Unsupported(`a state of ${W} words`);
  const EW = Math.max(1, layouts.of(eventType).words);
  const outLeaves = layouts.of(m.output).leaves;
  const rules = m.handlers.flatMap((h) => h.branches.map((b) => b.rule));

  // The initial state and (when no candidate reads the state) the events: the interpreter's values as words.
  const initValue = initialState(prog, x.machine);
  const init = layouts.encode(stateType, initValue);
  const perState = readsState(x);
  const events = perState ? [] : candidateEvents(prog, x, initValue);
  const eventWords: number[] = [];
  const eventKinds: number[] = [];
  for (const e of events) {
    const row = layouts.encode(eventType, e);
    while (row.length < EW) row.push(0);
    eventWords.push(...row);
    eventKinds.push(m.handlers.findIndex((h) => h.event === (e as { kind: string }).kind));
  }

  const state = (buf: string, at: string): Flat => inMem(stateType, buf, at);
  // `e`: the event union where a law reads it whole, the payload record of its variant in a handler.
  const event =
    (buf: string, at: string): Binding =>
    (t: Type): Flat => {
      const dot = t.kind === "named" ? t.ref.name.indexOf(".") : -1;
      const whole = inMem(eventType, buf, at);
      return t.kind !== "named" || dot < 0 ? whole : c.field(whole, t.ref.name.slice(dot + 1), t);
    };
  const output: Flat = { type: m.output, leaves: outLeaves.map((_, j) => `$o${j}`), mem: null };
  const stepEnv = (): Map<string, Binding> => new Map<string, Binding>([["s", state("S", "so")], ["e", event("E", "eo")]]);

  // Candidate events that read the state, listed per state into $EVS (kinds into $EVKS) in the
  // order of domains.ts: variants as listed, fields in declaration order, each field's candidates
  // as written, a repeated one dropped. A field of more than one word goes on objects.
  const eventsSource = ((): string => {
    if (!perState) return "";
    const bound = x.domains.reduce((n, d) => n + d.fields.reduce((p, f) => p * f.values.length, 1), 0);
    const body: string[] = [];
    const [decls, arrays] = [[] as string[], [] as string[]];
    const env = new Map<string, Binding>([["s", state("S", "so")]]);
    for (const d of x.domains) {
      const dom: string[] = [];
      const k = m.handlers.findIndex((h) => h.event === d.event);
      const tag = layouts.part(eventType, "$tag");
      const payload = layouts.part(eventType, d.event);
      const candidates = d.fields.map((f, i) => {
        const values = f.values.map((v) => c.leaves(c.bind(c.expr(v, env, dom), dom)));
        if (values.some((v) => v.length !== 1)) throw new Unsupported("a candidate event field of more than one word");
        // Deduplicated into an array made once (no allocation a state).
        const adds = values.map((v) => `{ const $v = ${v[0]}; let $new = true; for (let $j = 0; $j < $m${i}; $j++) if ($c${i}[$j] === $v) { $new = false; break; } if ($new) $c${i}[$m${i}++] = $v; }`);
        arrays.push(`const $cv${decls.length + i} = new Array(${values.length}).fill(0);`);
        dom.push(`const $c${i} = $cv${decls.length + i}; let $m${i} = 0; ${adds.join(" ")}`);
        const place = layouts.part(layouts.payload(m.event, d.event), f.name);
        return writeLeaves("$EVS", `$at + ${payload.word + place.word}`, payload.shift + place.shift, place.layout.leaves, [`$c${i}[$k${i}]`]);
      });
      let row = `{ const $at = $n * ${EW}; $EVS.fill(0, $at, $at + ${EW}); ${writeLeaves("$EVS", "$at", 0, tag.layout.leaves.map((l) => ({ ...l, word: tag.word + l.word, shift: tag.shift + l.shift })), [String(layouts.tag(m.event, d.event))]).join(" ")} ${candidates.flat().join(" ")} $EVKS[$n++] = ${k}; }`;
      for (let i = d.fields.length - 1; i >= 0; i--) row = `for (let $k${i} = 0; $k${i} < $m${i}; $k${i}++) ${row}`;
      body.push(`{ ${dom.join(" ")} ${row} }`);
      decls.push(...arrays.splice(0));
    }
    return `const $EVS = new Int32Array(${Math.max(1, bound * EW)}), $EVKS = new Int32Array(${Math.max(1, bound)});
${decls.join("\n")}
function $events(S, so) { let $n = 0; ${body.join(" ")} return $n; }`;
  })();

  // An assignment of a branch: its value computed into `body` (reading S only), its writes into
  // N (a copy of S by then) into `writes`. `set_at` of the same field writes the one element.
  const assign = (field: string, value: Expr, env: Map<string, Binding>, body: string[], writes: string[]): void => {
    const place = layouts.part(stateType, field);
    const list = value.kind === "call" && value.fn === "set_at" ? (value.args[0] as Expr) : null;
    if (value.kind === "call" && list !== null && list.kind === "field" && list.field === field && list.of.kind === "var" && list.of.name === "s" && place.layout.element !== null) {
      const [i, x] = [c.one(value.args[1] as Expr, env, body), c.bind(c.expr(value.args[2] as Expr, env, body), body)];
      const at = c.tmp();
      body.push(`if (${i} < 0) $fail("set_at: negative count " + ${i});`, `const ${at} = ${place.word + 1} + ${i} * ${place.layout.element.words};`);
      const put: string[] = [];
      c.store("N", at, 0, x, put);
      writes.push(`if (${i} < N[${place.word}]) { ${put.join(" ")} }`);
      return;
    }
    const v = c.bind(c.expr(value, env, body), body);
    c.store("N", String(place.word), place.shift, v, writes, layouts.fieldType(stateType, field));
  };

  // One function per handler (the search's loop and progress laws step through them): the
  // successor into N (when a branch changes something), its output into $o0.., `$same` whether it
  // equals the state; the rule's index returned. (Written into the loop in place, they made the
  // source twice as long and a whole `statute explore launcher` 1.3x as slow to warm up, for
  // 1.08x on lock_clients' steady rate.)
  const steps = m.handlers.map((h, k) => {
    const env = stepEnv();
    const out: string[] = [];
    for (const l of h.lets) env.set(l.name, c.bind(c.expr(l.value, env, out), out));
    for (const b of h.branches) {
      const body: string[] = [];
      const writes: string[] = [];
      for (const a of b.assigns) assign(a.field, a.value, env, body, writes);
      const emitted = c.leaves(c.bind(c.expr(b.emit, env, body), body));
      if (b.assigns.length === 0) body.push("$same = true;");
      else body.push(`for (let $j = 0; $j < ${W}; $j++) N[$j] = S[so + $j];`, ...writes, `$same = $eqw(N, 0, S, so, ${W});`);
      body.push(...emitted.map((v, j) => `$o${j} = ${v};`), `return ${rules.indexOf(b.rule)};`);
      if (b.guard === null) {
        out.push(`{ ${body.join(" ")} }`);
        break;
      }
      const g = c.one(b.guard, env, out);
      out.push(`if (${g}) { ${body.join(" ")} }`);
    }
    return `function $step${k}(S, so, E, eo, N) { ${out.join(" ")} return $fail(${JSON.stringify(`${m.name}.${h.event}: no branch holds`)}); }`;
  });
  const stepAny = `function $stepAny(S, so, E, eo, N) { switch (E[eo]) { ${m.handlers.map((_, k) => `case ${k}: return $step${k}(S, so, E, eo, N);`).join(" ")} default: return $fail(${JSON.stringify(`${m.name}: no handler for event `)} + E[eo]); } }`;

  // Step and variant laws, as the object engine's (laws.ts), over s, e, n and o.
  const lawEnv = (): Map<string, Binding> => new Map<string, Binding>([["s", state("S", "so")], ["e", event("E", "eo")], ["n", state("N", "no")], ["o", output]]);
  const lawFns = laws.steps.map((l, i) => {
    const b = l.body;
    const out: string[] = [];
    const fn = (body: string): string => `function $law${i}(S, so, E, eo, N, no) { ${out.join(" ")} ${body} }`;
    if (b.kind === "step") return fn(`return ${c.one(b.expr, lawEnv(), out)};`);
    if (b.kind !== "variant") return fn("return true;");
    const before = c.one(b.measure, new Map([["s", state("S", "so")]]), out);
    const after = c.one(b.measure, new Map([["s", state("N", "no")]]), out);
    const rest: string[] = [];
    const when = c.one(b.when, lawEnv(), rest);
    const up = b.direction === "increases";
    const [moved, kept] = up ? [`${after} > ${before}`, `${after} >= ${before}`] : [`${after} < ${before}`, `${after} <= ${before}`];
    return fn(`${rest.join(" ")} if (${when}) return ${moved}; return ${b.monotone ? kept : "true"};`);
  });
  // Per handler, its step laws in order (those of its event and those of every event).
  const lawsOf = m.handlers.map((h) =>
    laws.steps.flatMap((l, i) => {
      const b = l.body;
      const only = b.kind === "step" ? b.event : null;
      return (b.kind === "step" || b.kind === "variant") && (only === null || only === h.event) ? [i] : [];
    }),
  );
  const handlerLaws = lawsOf.map((is, k) => `function $laws${k}(S, so, E, eo, N, no) { ${is.map((i) => `if (!$law${i}(S, so, E, eo, N, no)) return ${i};`).join(" ")} return -1; }`);
  const lawCheck = lawsOf.every((is) => is.length === 0) ? "bad = -1;" : `switch (k) { ${lawsOf.map((is, k) => (is.length === 0 ? "" : `case ${k}: bad = $laws${k}(S, so, E, eo, NB, nb); break;`)).join(" ")} default: bad = -1; }`;

  // Invariants and progress laws over the state at B[b]; a progress law steps into buffers of its own.
  const progress: string[] = [];
  const checks = laws.invariants.map((l, i) => {
    const b = l.body;
    const env = new Map<string, Binding>([["s", state("B", "b")]]);
    const out: string[] = [];
    if (b.kind === "invariant") {
      const holds = c.one(b.expr, env, out);
      return `{ ${out.join(" ")} if (!${holds}) return ${i}; }`;
    }
    if (b.kind !== "progress") return "";
    const to: string[] = [];
    const reached = c.one(b.to, new Map([["s", state("B", "b")]]), to);
    const tries = b.by.map((ev) => {
      const put: string[] = [];
      c.store("PE", "0", 0, c.expr(ev, new Map([["s", state("B", "b")]]), put), put, eventType);
      return `{ PE.fill(0); ${put.join(" ")} $stepAny(B, b, PE, 0, PN); if ($avoids${i}($same ? B : PN, $same ? b : 0, k - 1)) return true; }`;
    });
    const buffers = Array.from({ length: b.within + 1 }, () => `new Int32Array(${W})`).join(", ");
    const eventBuffers = Array.from({ length: b.within + 1 }, () => `new Int32Array(${EW})`).join(", ");
    progress.push(
      `const $pn${i} = [${buffers}], $pe${i} = [${eventBuffers}];`,
      `function $avoids${i}(B, b, k) { ${to.join(" ")} if (${reached}) return false; if (k === 0) return true; const PN = $pn${i}[k], PE = $pe${i}[k]; ${tries.join(" ")} return false; }`,
    );
    const from: string[] = [];
    const starts = c.one(b.from, new Map([["s", state("B", "b")]]), from);
    return `{ ${from.join(" ")} if (${starts} && $avoids${i}(B, b, ${b.within})) return ${i}; }`;
  });
  const invariant = `function $inv(B, b) { ${checks.join(" ")} return -1; }`;

  // Symmetry: the rows of one list are interchangeable. The fingerprint takes them as a multiset
  // (a sum of each row's hash); the invariants that can tell one arrangement of the rows from
  // another (laws.ts orderBlind) are checked on each arrangement that moves a distinct row into
  // the one position they read (laws.ts rowPositions), as machine.ts's swappedBad does.
  const rows = symmetricRows(layouts, stateType, symmetric);
  const ordered = laws.invariants.map((l, i) => (orderBlind(l, symmetric) ? "" : (checks[i] as string)));
  const isOrdered = ordered.some((t) => t !== "");
  const positions = laws.invariants.filter((l) => !orderBlind(l, symmetric)).map((l) => rowPositions(l, symmetric));
  const orderedPositions = positions.some((p) => p === null) ? null : [...new Set(positions.flatMap((p) => p ?? []))].sort((a, b) => a - b);
  if (rows !== null && isOrdered && orderedPositions?.length !== 1) throw new Unsupported("order-sensitive laws over several rows under symmetry");
  const orderedInvariant = `function $invo(B, b) { ${ordered.join(" ")} return -1; }`;
  const swapped = rows === null || !isOrdered ? "" : swappedSource(rows, orderedPositions?.[0] as number, W);
  const mixRows =
    rows === null
      ? ""
      : `{ let u = 0, v = 0; const n = B[b + ${rows.length}]; for (let r = 0; r < n; r++) { let x = 0x9e3779b9 | 0, y = 0x7f4a7c15; for (let j = 0; j < ${rows.words}; j++) { const w = B[b + ${rows.first} + r * ${rows.words} + j]; x = Math.imul(x ^ w, 0x85ebca6b); x ^= x >>> 13; y = Math.imul(y + w, 0xc2b2ae35); y ^= y >>> 16; } u = (u + $fmix(x)) | 0; v = (v + $fmix(y ^ 0x27d4eb2f)) | 0; } ${mix("u")} ${mix("v")} }`;
  // Every word in order, but a symmetric list's rows, which enter as a multiset.
  const ranges = rows === null ? [[0, W]] : [[0, rows.first], [rows.first + rows.words * rows.max, W]];
  const fingerprint = `function $fpw(B, b) { let p = 0x811c9dc5 | 0, q = 0x2545f491; ${ranges.map(([from, to]) => `for (let j = ${from}; j < ${to}; j++) { const w = B[b + j]; ${mix("w")} }`).join(" ")} ${mixRows} $fp[0] = $fmix(p ^ Math.imul(q, 0x27d4eb2f)); $fp[1] = $fmix(q + p); }`;

  // The search's loop; where a throw happened (x.ord, x.phase) and the transitions counted are
  // written back once, not on every transition.
  const calls = m.handlers.map((_, k) => `case ${k}: rule = $step${k}(S, so, E, eo, N); break;`);
  const expand = `function expand(h, index, x) {
  const S = $SB, so = $SO, E = ${perState ? "$EVS" : "$EV"}, K = ${perState ? "$EVKS" : "$EVK"}, N = $N;
  const ff = x.firstFire, visited = x.visited;
  let ord = 0, phase = ${EXPAND_EVENTS}, transitions = 0;
  try {
    const count = ${perState ? "$events(S, so)" : events.length};
    for (; ord < count; ord++) {
      const eo = ord * ${EW}, k = K[ord];
      phase = ${EXPAND_STEP};
      let rule = -1;
      switch (k) { ${calls.join(" ")} default: $fail(${JSON.stringify(`${m.name}: no handler for an event`)}); }
      transitions++;
      if (ff[rule * 2] < 0) { ff[rule * 2] = index; ff[rule * 2 + 1] = ord; }
      phase = ${EXPAND_LAW};
      const same = $same, NB = same ? S : N, nb = same ? so : 0;
      let bad;
      ${lawCheck}
      if (bad >= 0) { x.ord = ord; x.transitions += transitions; return ${BROKEN_STEP}; }
      if (same) continue;
      $fpw(N, 0);
      const added = visited.add($fp[0], $fp[1], index, ord);
      if (added >= 0) {
        x.ord = ord; x.transitions += transitions; transitions = 0; phase = ${EXPAND_FOUND};
        if (x.found(1, added) !== 0) return ${STOPPED};
      }
    }
  } catch (err) {
    x.ord = ord; x.phase = phase;
    x.transitions += transitions;
    throw err;
  }
  x.transitions += transitions;
  return ${EXPANDED};
}`;

  const source = [
    `const { $fail, $wide, $nadd, $nsub, $nmul, $ndiv, $nmod, $iadd, $isub, $imul, $idiv, $imod, $pow2 } = $h;`,
    `function $i32(x) { if ((x | 0) !== x) $wide(); return x; }`,
    `function $n31(x) { if (!(x >= 0 && x <= 2147483647)) $wide(); return x; }`,
    `function $nbits(x, m) { if (!(x >= 0 && x <= m)) $wide(); return x; }`,
    `function $ibits(x, h) { if (!(x >= -h && x < h)) $wide(); return x; }`,
    `function $eqw(A, a, B, b, n) { for (let j = 0; j < n; j++) if (A[a + j] !== B[b + j]) return false; return true; }`,
    `function $eql(A, a, B, b, w) { const n = A[a]; if (n !== B[b]) return false; for (let j = 1; j <= n * w; j++) if (A[a + j] !== B[b + j]) return false; return true; }`,
    `function $eqlx(A, a, B, b, w, i) { const n = A[a]; if (n !== B[b]) return false; for (let j = 1; j <= n * w; j++) if ((j - 1 - i * w) >>> 0 >= w && A[a + j] !== B[b + j]) return false; return true; }`,
    hashPrologue,
    `const $fp = new Int32Array(2);`,
    fingerprint,
    `const $I = Int32Array.from(${JSON.stringify(init)}), $N = new Int32Array(${W}), $C = new Int32Array(${W});`,
    `const $EV = Int32Array.from(${JSON.stringify(eventWords)}), $EVK = Int32Array.from(${JSON.stringify(eventKinds)});`,
    `let $SB = $I, $SO = 0, $same = false;`,
    eventsSource,
    `let ${outLeaves.map((_, j) => `$o${j} = 0`).join(", ") || "$o = 0"};`,
    ...c.declarations,
    ...steps,
    stepAny,
    ...lawFns,
    ...handlerLaws,
    ...progress,
    invariant,
    orderedInvariant,
    swapped,
    expand,
    `function $buf(h) { return h === 1 ? $N : h === 2 ? $I : $SB; }`,
    `function $off(h) { return h === 0 ? $SO : 0; }`,
    `function pack(h, into, index) { if (h === 0) { for (let j = 0; j < ${W}; j++) $C[j] = $SB[$SO + j]; into.push(index, $C, ${W}); } else into.push(index, $buf(h), ${W}); }`,
    `return { init: () => 2, invariant: (h) => $inv($buf(h), $off(h)), orderedInvariant: (h) => $invo($buf(h), $off(h)), sameRows: () => false, swappedBad: ${swapped === "" ? "null" : "(h) => $swappedBad($buf(h), $off(h))"}, fingerprint: (h) => $fpw($buf(h), $off(h)), fp: $fp, expand, pack, unpack: (words, at) => { $SB = words; $SO = at; return 0; }, unpackedEnd: () => $SO + ${W} };`,
  ].join("\n");
  if (process.env["STATUTE_EXPLORE_SOURCE"] === "1") process.stderr.write(`${source}\n`);
  const made: MachineSource = { source, rules, ordered: rows !== null && isOrdered, orderedPositions, readsState: perState, packed: true };
  return { ...searchMachine(made), invariants: laws.invariants, stepLaws: laws.steps };
}

/** One word into the fingerprint's two lanes `p` and `q`. */
function mix(w: string): string {
  return `p = Math.imul(p ^ ${w}, 0x9e3779b1); p = (p << 15) | (p >>> 17); q = Math.imul(q + ${w}, 0x85ebca77); q ^= q >>> 13; q = Math.imul(q, 0xc2b2ae3d);`;
}

/** Where the rows of the one symmetric list lie: its length word, first row word, words a row, bound. */
interface Rows {
  readonly length: number;
  readonly first: number;
  readonly words: number;
  readonly max: number;
}

function symmetricRows(layouts: Layouts, state: Type, symmetric: readonly string[]): Rows | null {
  if (symmetric.length === 0) return null;
  if (symmetric.length > 1) throw new Unsupported("more than one symmetric field");
  const part = layouts.part(state, symmetric[0] as string);
  const e = part.layout.element;
  if (e === null) throw new Unsupported("a symmetric field that is no list");
  return { length: part.word, first: part.word + 1, words: e.words, max: e.max };
}

/**
 * `$swappedBad(B, b)`: each distinct row (not equal to one tried, nor to the row at `p`) swapped
 * into position `p` of a copy, and the first copy the order-sensitive invariants fail (or throw)
 * on, as handle 3; null when none does (machine.ts swappedSource, on words).
 */
function swappedSource(rows: Rows, p: number, W: number): string {
  const row = (q: string): string => `b + ${rows.first} + ${q} * ${rows.words}`;
  return `const $SW = new Int32Array(${W}), $tried = new Int32Array(${rows.max});
function $swappedBad(B, b) { const n = B[b + ${rows.length}]; if (${p} >= n) return null; let nt = 0; for (let q = 0; q < n; q++) { let seen = false; for (let t = 0; t < nt; t++) if ($eqw(B, ${row("$tried[t]")}, B, ${row("q")}, ${rows.words})) { seen = true; break; } if (seen) continue; $tried[nt++] = q; if ($eqw(B, ${row("q")}, B, ${row(String(p))}, ${rows.words})) continue; for (let j = 0; j < ${W}; j++) $SW[j] = B[b + j]; for (let j = 0; j < ${rows.words}; j++) { $SW[${rows.first} + ${p} * ${rows.words} + j] = B[${row("q")} + j]; $SW[${rows.first} + q * ${rows.words} + j] = B[${row(String(p))} + j]; } let bad = true; try { bad = $invo($SW, 0) >= 0; } catch { bad = true; } if (bad) return 3; } return null; }`;
}
