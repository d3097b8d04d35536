// Test fixture (Lean emitter): a hand-built checked Program until the spec checker lands.
// `supervise` is the restart budget (RESTART_MAX_FAILURES = 5, RESTART_WINDOW_MS = 900 000 ms,
// Verdict { Restart { pause_ms }, GiveUp }, three branches), an orphan decision with an enum
// verdict, and one law of every kind; `timeouts` is imported for a derived constant.

import type { Expr } from "../../generator/ir/expr.js";
import type { Example, Law, Module, Program } from "../../generator/ir/module.js";
import { BOOL, MS, NAT } from "../../generator/ir/types.js";
import * as b from "./build.js";

const S = "supervise";
const T = "timeouts";
const sp = (line: number) => b.span("spec/supervise.yaml", line);
const spT = (line: number) => b.span("spec/timeouts.yaml", line);

const MAX = b.ref(S, "RESTART_MAX_FAILURES");
const WINDOW = b.ref(S, "RESTART_WINDOW_MS");
const VERDICT = b.ref(S, "Verdict");
const ORPHAN_VERDICT = b.ref(S, "OrphanVerdict");
const BUDGET = b.ref(S, "RestartBudget");
const EVENT = b.ref(S, "RestartBudgetEvent");
const ORPHAN = b.ref(S, "OrphanExit");
const REFRESH = b.ref(T, "BUSY_REFRESH_MS");
const REVIVE_WITHIN = b.ref(T, "REVIVE_WITHIN_MS");
const MAX_AGE = b.ref(T, "REVIVAL_MAX_AGE_MS");

const tVerdict = b.named(S, "Verdict");
const tOrphan = b.named(S, "OrphanVerdict");
const tState = b.named(S, "RestartBudgetState");
const tPayload = b.named(S, "RestartBudgetEvent.Failure");
const tFacts = b.named(S, "OrphanExitFacts");
const tFailures = b.listOf(MS, 5);
const ms = (n: number) => b.lit(n, MS);
const nat = (n: number) => b.lit(n, NAT);
const kMax = () => b.k(MAX, NAT);
const kWindow = () => b.k(WINDOW, MS);
const s = () => b.v("s", tState);
const n = () => b.v("n", tState);
const o = () => b.v("o", tVerdict);
const f = () => b.v("f", tFacts);
const failures = (x = s()) => b.dot(x, "failures", tFailures);
const atMs = () => b.dot(b.v("e", tPayload), "at_ms", MS);
/** filter(s.failures, t -> e.at_ms - t < RESTART_WINDOW_MS) */
const inWindow = () => b.listop("filter", failures(), "t", b.bin("<", b.bin("-", atMs(), b.v("t", MS)), kWindow()), tFailures);
const recent = () => b.v("recent", tFailures);
const giveUp = () => b.unionV(VERDICT, "GiveUp");
const restart = (pause: number) => b.unionV(VERDICT, "Restart", { pause_ms: ms(pause) });
const failure = (at: number) => b.unionV(EVENT, "Failure", { at_ms: ms(at) });
const pause = () => b.call("min", [b.bin("*", ms(250), b.call("pow2", [b.call("len", [recent()], NAT)], NAT)), ms(30_000)], MS);

const restartBudget: Module["machines"][number] = {
  name: "RestartBudget",
  doc: "A worker's failures in a sliding window; past the budget it is given up.",
  state: b.ref(S, "RestartBudgetState"),
  init: [
    { field: "failures", value: b.list([], tFailures) },
    { field: "given_up", value: b.lit(false, BOOL) },
  ],
  event: EVENT,
  output: tVerdict,
  handlers: [{
    event: "Failure",
    lets: [{ name: "recent", value: inWindow() }],
    branches: [
      { rule: "RestartBudget.Failure.given_up", id: "given_up", doc: "absorbing", guard: b.dot(s(), "given_up", BOOL), assigns: [], emit: giveUp(), span: sp(30) },
      {
        rule: "RestartBudget.Failure.give_up", id: "give_up", doc: "the budget is spent",
        guard: b.bin(">", b.bin("+", b.call("len", [recent()], NAT), nat(1)), kMax()),
        assigns: [{ field: "given_up", value: b.lit(true, BOOL) }], emit: giveUp(), span: sp(33),
      },
      {
        rule: "RestartBudget.Failure.restart", id: "restart", doc: "restart after a doubling pause", guard: null,
        assigns: [{ field: "failures", value: b.call("keep_last", [b.call("append", [recent(), atMs()], b.listOf(MS, 6)), kMax()], tFailures) }],
        emit: b.unionV(VERDICT, "Restart", { pause_ms: pause() }), span: sp(37),
      },
    ],
  }],
  span: sp(20),
};

const orphanExit: Module["decisions"][number] = {
  name: "OrphanExit",
  overrideCheck: null,
  doc: "Whether a worker whose supervisor stays lost exits now.",
  facts: b.ref(S, "OrphanExitFacts"),
  verdict: tOrphan,
  lets: [{ name: "due", value: b.bin(">=", b.dot(f(), "absent_ms", MS), b.dot(f(), "window_ms", MS)) }],
  rules: [
    { rule: "OrphanExit.idle", id: "idle", doc: "", guard: b.bin("&&", b.v("due", BOOL), b.not(b.dot(f(), "has_work", BOOL))), verdict: b.enumV(ORPHAN_VERDICT, "Exit"), span: sp(48) },
    {
      rule: "OrphanExit.busy", id: "busy", doc: "",
      guard: b.bin("&&", b.dot(f(), "has_work", BOOL), b.bin(">=", b.dot(f(), "absent_ms", MS), b.bin("*", nat(2), b.dot(f(), "window_ms", MS)))),
      verdict: b.enumV(ORPHAN_VERDICT, "Exit"), span: sp(49),
    },
    { rule: "OrphanExit.otherwise", id: "otherwise", doc: "", guard: null, verdict: b.enumV(ORPHAN_VERDICT, "Stay"), span: sp(50) },
  ],
  span: sp(44),
};

const law = (name: string, line: number, body: Law["body"], doc = name.replace(/_/g, " ")): Law =>
  ({ name, ident: name.replace(/_\*$/, ""), doc, secures: "", adversary: "", vacuous: "", body, span: sp(line) });

export const laws: Law[] = [
  law("restart_window_holds_budget", 60, { kind: "order", expr: b.bin(">=", kWindow(), b.bin("*", b.bin("+", kMax(), nat(1)), ms(30_000))) }),
  law("restart_window_within_revival", 61, { kind: "order", expr: b.bin("<=", kWindow(), b.k(MAX_AGE, MS)) }),
  law("restart_failures_bounded", 62, {
    kind: "invariant", machine: BUDGET,
    expr: b.letIn("k", b.call("len", [failures()], NAT), b.bin("<=", b.v("k", NAT), kMax())),
  }),
  {
    ...law("restart_gives_up", 63, {
      kind: "step", machine: BUDGET, event: "Failure",
      expr: b.bin("||", b.bin("<", b.call("len", [inWindow()], NAT), kMax()), b.is(o(), "GiveUp")),
    }, "the 6th failure inside one window gives up"),
    secures: "a crash-looping worker stops consuming the host",
    adversary: "a crash loop",
  },
  law("restart_given_up_absorbing", 64, {
    kind: "step", machine: BUDGET, event: null,
    expr: b.bin("||", b.not(b.dot(s(), "given_up", BOOL)), b.bin("&&", b.dot(n(), "given_up", BOOL), b.bin("==", o(), giveUp()))),
  }),
  law("restart_pause_bounded", 65, {
    kind: "step", machine: BUDGET, event: null,
    expr: b.match(o(), [
      { variant: "Restart", binds: ["p"], body: b.bin("&&", b.bin(">=", b.v("p", MS), ms(250)), b.bin("<=", b.v("p", MS), ms(30_000))) },
      { variant: null, binds: [], body: b.lit(true, BOOL) },
    ], BOOL),
  }),
  law("orphan_exit_needs_a_window", 66, {
    kind: "decision", decision: ORPHAN,
    expr: b.bin("||", b.not(b.is(b.v("v", tOrphan), "Exit")), b.bin(">=", b.dot(f(), "absent_ms", MS), b.dot(f(), "window_ms", MS))),
  }),
  law("restart_give_up_is_final", 67, {
    kind: "variant", machine: BUDGET, direction: "increases", monotone: true,
    when: b.bin("&&", b.is(o(), "GiveUp"), b.not(b.dot(s(), "given_up", BOOL))),
    measure: b.ite(b.dot(s(), "given_up", BOOL), nat(1), nat(0)),
  }),
  law("restart_wire_*", 68, { kind: "wire", target: BUDGET, targetKind: "machine" }, "the JSON wire of RestartBudget round-trips"),
  law("orphan_ffi_*", 69, { kind: "ffi", target: ORPHAN, targetKind: "decision" }, "the runtime entry equals the model"),
];

const machineExample = (name: string, line: number, doc: string, events: number[], outputs: Expr[], givenUp: boolean | null): Example => ({
  name, doc, span: sp(line),
  body: {
    kind: "machine", machine: BUDGET, events: events.map(failure), outputs,
    state: givenUp === null ? [] : [{ field: "given_up", value: b.lit(givenUp, BOOL) }],
  },
});
const orphanExample = (name: string, line: number, absent: number, window: number, work: boolean, verdict: string): Example => ({
  name, doc: `${absent}ms absent, window ${window}ms, ${work ? "with" : "without"} work`, span: sp(line),
  body: {
    kind: "decision", decision: ORPHAN,
    facts: b.recordV(b.ref(S, "OrphanExitFacts"), { absent_ms: ms(absent), window_ms: ms(window), has_work: b.lit(work, BOOL) }),
    verdict: b.enumV(ORPHAN_VERDICT, verdict),
  },
});

export const examples: Example[] = [
  machineExample("fifth_failure_pauses_4000ms", 80, "pauses double per failure in the window",
    [0, 1000, 2000, 3000, 4000], [restart(250), restart(500), restart(1000), restart(2000), restart(4000)], false),
  machineExample("sixth_failure_gives_up", 84, "the 6th failure inside one window gives up",
    [0, 1000, 2000, 3000, 4000, 5000], [restart(250), restart(500), restart(1000), restart(2000), restart(4000), giveUp()], true),
  machineExample("failure_a_window_old_expires", 88, "a failure exactly RESTART_WINDOW_MS old no longer counts",
    [0, 900_000], [restart(250), restart(250)], null),
  orphanExample("orphan_idle_exits_after_one_window", 92, 300_000, 300_000, false, "Exit"),
  orphanExample("orphan_busy_stays_one_window", 95, 300_000, 300_000, true, "Stay"),
];

export const supervise: Module = {
  name: S,
  file: "spec/supervise.yaml",
  doc: "# Restart budget\n\nA worker failing more than `RESTART_MAX_FAILURES` times inside the restart window is\ngiven up; otherwise it restarts after a pause that doubles per failure in the window.",
  decided: ["A sliding window; a failure exactly RESTART_WINDOW_MS old no longer counts."],
  imports: [T],
  constants: [
    { name: "RESTART_MAX_FAILURES", doc: "the 6th failure in a window gives up", type: NAT, value: 5, expr: null, overridable: false, wireBound: false, param: false, span: sp(8) },
    { name: "RESTART_WINDOW_MS", doc: "sliding window of the budget (15min)", type: MS, value: 900_000, expr: null, overridable: true, wireBound: false, param: false, span: sp(9) },
  ],
  types: [
    { kind: "union", name: "Verdict", doc: "what the budget answers", span: sp(12), variants: [
      { name: "Restart", doc: "restart after a pause", fields: [{ name: "pause_ms", type: MS, doc: "how long to wait first" }] },
      { name: "GiveUp", doc: "stop restarting this worker", fields: [] },
    ] },
    { kind: "record", name: "RestartBudgetState", doc: "state of RestartBudget", span: sp(21), fields: [
      { name: "failures", type: tFailures, doc: "times of the failures in the window" },
      { name: "given_up", type: BOOL, doc: "" },
    ] },
    { kind: "union", name: "RestartBudgetEvent", doc: "events of RestartBudget", span: sp(24), variants: [
      { name: "Failure", doc: "a worker failed", fields: [{ name: "at_ms", type: MS, doc: "" }] },
    ] },
    { kind: "enum", name: "OrphanVerdict", doc: "what an orphaned worker does", members: ["Stay", "Exit"], span: sp(16) },
    { kind: "record", name: "OrphanExitFacts", doc: "facts of OrphanExit", span: sp(45), fields: [
      { name: "absent_ms", type: MS, doc: "time since the supervisor was first seen absent" },
      { name: "window_ms", type: MS, doc: "" },
      { name: "has_work", type: BOOL, doc: "" },
    ] },
  ],
  machines: [restartBudget],
  decisions: [orphanExit],
  laws,
  examples,
  explore: [],
  equivalent: [],
};

export const timeouts: Module = {
  name: T,
  file: "spec/timeouts.yaml",
  doc: "Each timeout is the sum of what it waits for.",
  decided: [],
  imports: [],
  constants: [
    // Declared before its operands, so the emitter must reorder it.
    { name: "REVIVAL_MAX_AGE_MS", doc: "busy evidence outlives one refresh", type: MS, value: 1_800_000, expr: b.bin("+", b.k(REVIVE_WITHIN, MS), b.k(REFRESH, MS)), overridable: false, wireBound: false, param: false, span: spT(6) },
    { name: "BUSY_REFRESH_MS", doc: "a busy worker re-records its evidence this often", type: MS, value: 300_000, expr: null, overridable: false, wireBound: false, param: false, span: spT(7) },
    { name: "REVIVE_WITHIN_MS", doc: "a boot this soon after a crash revives", type: MS, value: 1_500_000, expr: null, overridable: false, wireBound: false, param: false, span: spT(8) },
  ],
  types: [],
  machines: [],
  decisions: [],
  laws: [{ name: "timeouts_ordered", ident: "timeouts_ordered", doc: "revival outlives the refresh", secures: "", adversary: "", vacuous: "", span: spT(12),
    body: { kind: "order", expr: b.bin(">", b.k(MAX_AGE, MS), b.k(REVIVE_WITHIN, MS)) } }],
  examples: [],
  explore: [],
  equivalent: [],
};

export const program: Program = { modules: [timeouts, supervise] };
