// Test fixture for the TypeScript emitter: a hand-built IR Program standing in for the checker
// until it lands. `supervise` holds the restart budget of LAWS.md §1 (a sliding 15 min window,
// pauses 250 ms doubling, the 6th failure gives up), a decision `Revive` importing from
// `timeouts`, and a decision `Probe` whose record verdict exposes one value per expression form.

import type { Module, Program } from "../../generator/ir/module.js";
import type { Expr } from "../../generator/ir/expr.js";
import type { Type } from "../../generator/ir/types.js";
import { BOOL, INT, MS, NAT, builder, listOf, named, optionOf, ref, spanAt } from "./build.js";

const b = builder();
const T = "spec/timeouts.yaml";
const S = "spec/supervise.yaml";
const GATE = named("timeouts", "Gate");
const VERDICT = named("supervise", "Verdict");
const REVIVE_VERDICT = named("supervise", "ReviveVerdict");
const HOME: Readonly<Record<string, string>> = {
  REVIVE_WITHIN_MS: "timeouts", BUSY_REFRESH_MS: "timeouts", REVIVAL_MAX_AGE_MS: "timeouts",
  RESTART_MAX_FAILURES: "supervise", RESTART_WINDOW_MS: "supervise",
};
const c = (name: string, type = MS): Expr => b.c(HOME[name] ?? "?", name, type);
const ms = (n: number): Expr => b.lit(n, MS);
const nat = (n: number): Expr => b.lit(n, NAT);

const timeouts: Module = {
  name: "timeouts", file: T, doc: "Timeouts, each the sum of what it waits for.", decided: [], imports: [],
  constants: [
    { name: "REVIVE_WITHIN_MS", doc: "a lost worker is revived within this", type: MS, value: 1_500_000, expr: null, overridable: true, wireBound: false, param: false, span: spanAt(T, 4) },
    { name: "BUSY_REFRESH_MS", doc: "busy evidence is refreshed this often", type: MS, value: 300_000, expr: null, overridable: false, wireBound: false, param: false, span: spanAt(T, 5) },
    { name: "REVIVAL_MAX_AGE_MS", doc: "busy evidence outlives one refresh", type: MS, value: 1_800_000,
      expr: b.bin("+", c("REVIVE_WITHIN_MS"), c("BUSY_REFRESH_MS")), overridable: false, wireBound: false, param: false, span: spanAt(T, 6) },
  ],
  types: [{ kind: "enum", name: "Gate", doc: "a worker's run gate", members: ["Open", "Closed"], span: spanAt(T, 8) }],
  machines: [], decisions: [], laws: [], examples: [], explore: [], equivalent: [],
};

// --- RestartBudget ---------------------------------------------------------------------------
const STATE = named("supervise", "RestartBudgetState");
const s = b.v("s", STATE);
const e = b.v("e", named("supervise", "RestartBudgetEvent"));
const failures = b.field(s, "failures", listOf(MS, 5));
const atMs = b.field(e, "at_ms", MS);
const recentValue = b.listop("filter", failures, "t", (t) => b.bin("<", b.bin("-", atMs, t), c("RESTART_WINDOW_MS")), listOf(MS, 5));
const recent = b.v("recent", listOf(MS, 5));
const lenRecent = b.call("len", [recent], NAT);

const restartBudget = {
  name: "RestartBudget", doc: "The restart budget of one worker.", state: ref("supervise", "RestartBudgetState"),
  init: [
    { field: "failures", value: b.list([], listOf(MS, 5)) },
    { field: "given_up", value: b.lit(false, BOOL) },
  ],
  event: ref("supervise", "RestartBudgetEvent"), output: VERDICT, span: spanAt(S, 20),
  handlers: [{
    event: "Failure",
    lets: [{ name: "recent", value: recentValue }],
    branches: [
      { rule: "RestartBudget.Failure.given_up", id: "given_up", doc: "given up is absorbing", guard: b.field(s, "given_up", BOOL),
        assigns: [], emit: b.union("supervise", "Verdict", "GiveUp"), span: spanAt(S, 30) },
      { rule: "RestartBudget.Failure.give_up", id: "give_up", doc: "the 6th failure in the window gives up",
        guard: b.bin(">", b.bin("+", lenRecent, nat(1)), c("RESTART_MAX_FAILURES", NAT)),
        assigns: [{ field: "given_up", value: b.lit(true, BOOL) }], emit: b.union("supervise", "Verdict", "GiveUp"), span: spanAt(S, 33) },
      { rule: "RestartBudget.Failure.restart", id: "restart", doc: "", guard: null,
        assigns: [{ field: "failures", value: b.call("keep_last", [b.call("append", [recent, atMs], listOf(MS, 6)), c("RESTART_MAX_FAILURES", NAT)], listOf(MS, 5)) }],
        emit: b.union("supervise", "Verdict", "Restart", {
          pause_ms: b.call("min", [b.bin("*", ms(250), b.call("pow2", [lenRecent], NAT)), ms(30_000)], MS),
        }), span: spanAt(S, 37) },
    ],
  }],
} as const;

// --- Revive: imports, matches (on a path and through a parameter), narrowing after a guard --
const FACTS = named("supervise", "ReviveFacts");
const f = b.v("f", FACTS);
const last = b.field(f, "last", VERDICT);
const age = b.field(f, "age_ms", MS);
const gate = b.field(f, "gate", GATE);
const history = b.field(f, "history", listOf(VERDICT, 4));
const pauseOf = (of: Expr): Expr =>
  b.match(of, [
    { variant: "Restart", binds: ["p"], body: b.v("p", MS) },
    { variant: "GiveUp", binds: [], body: ms(0) },
  ], MS);
const pause = b.v("pause", MS);
const verdict = (m: string): Expr => b.enm("supervise", "ReviveVerdict", m);

const revive = {
  name: "Revive", overrideCheck: null, doc: "Whether to revive a lost worker.", facts: ref("supervise", "ReviveFacts"), verdict: REVIVE_VERDICT,
  span: spanAt(S, 50),
  lets: [
    { name: "pause", value: pauseOf(last) },
    { name: "restarts", value: b.listop("count", history, "x", (x) => b.is(x, "Restart"), NAT) },
    { name: "any_long", value: b.listop("any", history, "x", (x) => b.match(x, [
      { variant: "Restart", binds: ["p"], body: b.bin(">", b.v("p", MS), pause) },
      { variant: "GiveUp", binds: [], body: b.lit(false, BOOL) },
    ], BOOL), BOOL) },
  ],
  rules: [
    { rule: "Revive.dropped", id: "dropped", doc: "a given-up worker stays down", guard: b.is(last, "GiveUp"), verdict: verdict("Drop"), span: spanAt(S, 60) },
    { rule: "Revive.stale", id: "stale", doc: "", guard: b.bin(">=", age, c("REVIVAL_MAX_AGE_MS")), verdict: verdict("Drop"), span: spanAt(S, 61) },
    { rule: "Revive.closed", id: "closed", doc: "", guard: b.bin("==", gate, b.enm("timeouts", "Gate", "Closed")), verdict: verdict("Wait"), span: spanAt(S, 62) },
    { rule: "Revive.waiting", id: "waiting", doc: "still inside its pause",
      guard: b.bin("&&", b.bin("!=", gate, b.enm("timeouts", "Gate", "Closed")), b.bin("<", age, pause)), verdict: verdict("Wait"), span: spanAt(S, 63) },
    { rule: "Revive.flappy", id: "flappy", doc: "",
      guard: b.bin("&&", b.bin(">=", b.v("restarts", NAT), nat(3)), b.v("any_long", BOOL)), verdict: verdict("Wait"), span: spanAt(S, 64) },
    { rule: "Revive.otherwise", id: "otherwise", doc: "", guard: null, span: spanAt(S, 65),
      verdict: b.match(gate, [
        { variant: "Open", binds: [], body: verdict("Revive") },
        { variant: "Closed", binds: [], body: verdict("Wait") },
      ], REVIVE_VERDICT) },
  ],
} as const;

// --- Probe: one output field per expression form, checked against hand-worked values --------
const PROBE_OUT = named("supervise", "ProbeOut");
const pf = b.v("f", named("supervise", "ProbeFacts"));
const pHistory = b.field(pf, "history", listOf(VERDICT, 4));
const pAge = b.field(pf, "age_ms", MS);
const pLast = b.field(pf, "last", VERDICT);
const delta = b.field(pf, "delta", INT);
const probeFields: Record<string, [Type, Expr]> = {
  recent_pause: [MS, b.match(b.iff(b.bin("<", pAge, ms(1000)), pLast, b.union("supervise", "Verdict", "GiveUp")), [
    { variant: "Restart", binds: ["p"], body: b.bin("*", b.v("p", MS), nat(2)) },
    { variant: null, binds: [], body: ms(0) },
  ], MS)],
  all_restart: [BOOL, b.listop("all", pHistory, "x", (x) => b.is(x, "Restart"), BOOL)],
  pauses: [listOf(MS, 4), b.listop("map", pHistory, "x", pauseOf, listOf(MS, 4))],
  tags: [listOf(REVIVE_VERDICT, 4), b.listop("map", pHistory, "x", (x) => b.iff(b.is(x, "GiveUp"), verdict("Drop"), verdict("Revive")), listOf(REVIVE_VERDICT, 4))],
  first: [VERDICT, b.call("nth_or", [pHistory, nat(0), b.union("supervise", "Verdict", "GiveUp")], VERDICT)],
  beyond: [VERDICT, b.call("nth_or", [pHistory, nat(9), b.union("supervise", "Verdict", "GiveUp")], VERDICT)],
  patched: [listOf(VERDICT, 4), b.call("set_at", [pHistory, nat(1), b.union("supervise", "Verdict", "Restart", { pause_ms: ms(1) })], listOf(VERDICT, 4))],
  blank: [listOf(GATE, 5), b.call("repeat", [c("RESTART_MAX_FAILURES", NAT), b.enm("timeouts", "Gate", "Closed")], listOf(GATE, 5))],
  hinted: [MS, b.call("get_or", [b.field(pf, "hint", optionOf(MS)), ms(42)], MS)],
  some_or: [MS, b.call("get_or", [b.call("some", [ms(3)], optionOf(MS)), ms(42)], MS)],
  has_hint: [BOOL, b.call("is_some", [b.field(pf, "hint", optionOf(MS))], BOOL)],
  aged_ms: [MS, b.field(b.with(pf, { age_ms: ms(7) }), "age_ms", MS)],
  sq: [NAT, b.let("k", b.call("len", [pHistory], NAT), (k) => b.bin("%", b.bin("*", k, k), nat(4)))],
  half: [INT, b.bin("-", b.bin("/", delta, b.lit(2, INT)), b.lit(3, INT))],
  modn: [INT, b.bin("%", delta, b.lit(4, INT))],
  nsub: [MS, b.bin("-", ms(5), pAge)],
  div0: [NAT, b.bin("/", nat(7), b.bin("-", nat(0), nat(0)))],
  same: [BOOL, b.bin("==", pLast, b.union("supervise", "Verdict", "GiveUp"))],
  lit_eq: [BOOL, b.bin("==", b.enm("timeouts", "Gate", "Open"), b.enm("timeouts", "Gate", "Closed"))],
  lit_is: [BOOL, b.is(b.union("supervise", "Verdict", "GiveUp"), "GiveUp")],
  gate_cmp: [BOOL, b.bin("||", b.bin("==", b.field(pf, "gate", GATE), b.enm("timeouts", "Gate", "Open")),
    b.bin("==", b.field(pf, "gate", GATE), b.enm("timeouts", "Gate", "Open")))],
  none_eq: [BOOL, b.bin("==", b.field(pf, "hint", optionOf(MS)), b.none(optionOf(MS)))],
};
const probe = {
  name: "Probe", overrideCheck: null, doc: "Every expression form once.", facts: ref("supervise", "ProbeFacts"), verdict: PROBE_OUT,
  span: spanAt(S, 80), lets: [],
  rules: [{ rule: "Probe.otherwise", id: "otherwise", doc: "", guard: null, span: spanAt(S, 81),
    verdict: b.record("supervise", "ProbeOut", Object.fromEntries(Object.entries(probeFields).map(([k, [, v]]) => [k, v]))) }],
} as const;

const factFields = [
  { name: "last", type: VERDICT, doc: "the worker's last verdict" },
  { name: "age_ms", type: MS, doc: "" },
  { name: "gate", type: GATE, doc: "" },
  { name: "history", type: listOf(VERDICT, 4), doc: "" },
  { name: "hint", type: optionOf(MS), doc: "" },
  { name: "delta", type: INT, doc: "" },
];

const supervise: Module = {
  name: "supervise", file: S, doc: "A worker failing more than 5 times in the restart window is given up.\n\nSee LAWS.md §1.",
  decided: ["A sliding window; a failure exactly RESTART_WINDOW_MS old no longer counts."], imports: ["timeouts"],
  constants: [
    { name: "RESTART_MAX_FAILURES", doc: "the 6th failure in a window gives up", type: NAT, value: 5, expr: null, overridable: false, wireBound: false, param: false, span: spanAt(S, 5) },
    { name: "RESTART_WINDOW_MS", doc: "sliding window of the budget", type: MS, value: 900_000, expr: null, overridable: true, wireBound: false, param: false, span: spanAt(S, 6) },
  ],
  types: [
    { kind: "union", name: "Verdict", doc: "what the budget answers", span: spanAt(S, 9), variants: [
      { name: "Restart", doc: "restart after a pause", fields: [{ name: "pause_ms", type: MS, doc: "how long to wait first" }] },
      { name: "GiveUp", doc: "stop restarting this worker", fields: [] },
    ] },
    { kind: "record", name: "RestartBudgetState", doc: "state of RestartBudget", span: spanAt(S, 21), fields: [
      { name: "failures", type: listOf(MS, 5), doc: "times of the failures in the window" },
      { name: "given_up", type: BOOL, doc: "" },
    ] },
    { kind: "union", name: "RestartBudgetEvent", doc: "events of RestartBudget", span: spanAt(S, 24), variants: [
      { name: "Failure", doc: "a worker failed", fields: [{ name: "at_ms", type: MS, doc: "" }] },
    ] },
    { kind: "enum", name: "ReviveVerdict", doc: "", members: ["Revive", "Wait", "Drop"], span: spanAt(S, 45) },
    { kind: "record", name: "ReviveFacts", doc: "facts of Revive", fields: factFields, span: spanAt(S, 51) },
    { kind: "record", name: "ProbeFacts", doc: "facts of Probe", fields: factFields, span: spanAt(S, 79) },
    { kind: "record", name: "ProbeOut", doc: "", span: spanAt(S, 78),
      fields: Object.entries(probeFields).map(([name, [type]]) => ({ name, type, doc: "" })) },
  ],
  machines: [restartBudget], decisions: [revive, probe], laws: [], examples: [], explore: [], equivalent: [],
};

/** The fixture program, in dependency order. */
export const fixture: Program = { modules: [timeouts, supervise] };
