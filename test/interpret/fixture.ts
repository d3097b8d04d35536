// Test fixture: a hand-built IR Program standing in for the checker's output until it lands.
// Module `restart` is the restart budget of DESIGN.md plus two decisions; module `fleet`
// imports it and exercises lists of records, options, `with`, set_at/nth_or/repeat/map/count.

import type { Expr } from "../../generator/ir/expr.js";
import type { Example, Law, Module, Program } from "../../generator/ir/module.js";
import type { TypeRef } from "../../generator/ir/types.js";
import { BOOL, MS, NAT } from "../../generator/ir/types.js";
import * as b from "./build.js";

const R = "restart";
const F = "fleet";
const ref = (module: string, name: string): TypeRef => ({ module, name });
const sp = (line: number) => b.span("spec/restart.yaml", line);
const spF = (line: number) => b.span("spec/fleet.yaml", line);

export const MAX_FAILURES = ref(R, "RESTART_MAX_FAILURES");
export const WINDOW = ref(R, "RESTART_WINDOW_MS");
export const VERDICT = ref(R, "Verdict");
export const GATE = ref(R, "Gate");
export const REVIVAL = ref(R, "Revival");
export const BUDGET = ref(R, "RestartBudget");
export const REVIVE = ref(R, "Revive");
export const PAUSE_OF = ref(R, "PauseOf");
export const FLEET = ref(F, "Fleet");

const tVerdict = b.named(R, "Verdict");
const tGate = b.named(R, "Gate");
const tBudgetState = b.named(R, "RestartBudgetState");
const tBudgetEvent = b.named(R, "RestartBudgetEvent");
const tFailures = b.listOf(MS, 5);
const kMax = () => b.k(MAX_FAILURES, NAT);
const kWindow = () => b.k(WINDOW, MS);

// --- RestartBudget ---------------------------------------------------------------------------
const s = () => b.v("s", tBudgetState);
const e = () => b.v("e", tBudgetEvent);
const recent = () => b.v("recent", tFailures);
const giveUp = () => b.unionV(VERDICT, "GiveUp");
const recentValue = b.listop(
  "filter",
  b.dot(s(), "failures", tFailures),
  "t",
  b.bin("<", b.bin("-", b.dot(e(), "at_ms", MS), b.v("t", MS)), kWindow()),
  tFailures,
);
const pause = b.call("min", [b.bin("*", b.ms(250), b.call("pow2", [b.call("len", [recent()], NAT)], NAT)), b.ms(30_000)], MS);

const restartBudget: Module["machines"][number] = {
  name: "RestartBudget",
  doc: "Counts a worker's failures in a sliding window and gives up past the budget.",
  state: ref(R, "RestartBudgetState"),
  init: [
    { field: "failures", value: b.list([], tFailures) },
    { field: "given_up", value: b.bool(false) },
  ],
  event: ref(R, "RestartBudgetEvent"),
  output: tVerdict,
  handlers: [
    {
      event: "Failure",
      lets: [{ name: "recent", value: recentValue }],
      branches: [
        { rule: "RestartBudget.Failure.given_up", id: "given_up", doc: "absorbing", guard: b.dot(s(), "given_up", BOOL), assigns: [], emit: giveUp(), span: sp(30) },
        {
          rule: "RestartBudget.Failure.give_up",
          id: "give_up",
          doc: "the budget is spent",
          guard: b.bin(">", b.bin("+", b.call("len", [recent()], NAT), b.nat(1)), kMax()),
          assigns: [{ field: "given_up", value: b.bool(true) }],
          emit: giveUp(),
          span: sp(33),
        },
        {
          rule: "RestartBudget.Failure.restart",
          id: "restart",
          doc: "restart after an exponential pause",
          guard: null,
          assigns: [{ field: "failures", value: b.call("keep_last", [b.call("append", [recent(), b.dot(e(), "at_ms", MS)], b.listOf(MS, 6)), kMax()], tFailures) }],
          emit: b.unionV(VERDICT, "Restart", { pause_ms: pause }),
          span: sp(37),
        },
      ],
    },
  ],
  span: sp(20),
};

// --- Decisions -------------------------------------------------------------------------------
const tReviveFacts = b.named(R, "ReviveFacts");
const f = () => b.v("f", tReviveFacts);
const tAge = b.optionOf(MS);
const revival = (m: string) => b.enumV(REVIVAL, m);
const longPause = b.match(
  b.dot(f(), "last", tVerdict),
  [
    { variant: "Restart", binds: ["p"], body: b.bin(">=", b.v("p", MS), b.ms(30_000)) },
    { variant: "GiveUp", binds: [], body: b.bool(true) },
  ],
  BOOL,
);
const revive: Module["decisions"][number] = {
  name: "Revive",
  overrideCheck: null,
  doc: "Whether a stopped worker may be revived.",
  facts: ref(R, "ReviveFacts"),
  verdict: b.named(R, "Revival"),
  lets: [{ name: "age", value: b.call("get_or", [b.dot(f(), "age_ms", tAge), b.ms(0)], MS) }],
  rules: [
    { rule: "Revive.closed", id: "closed", doc: "", guard: b.bin("==", b.dot(f(), "gate", tGate), b.enumV(GATE, "Closed")), verdict: revival("Wait"), span: sp(50) },
    { rule: "Revive.no_stamp", id: "no_stamp", doc: "", guard: b.call("is_none", [b.dot(f(), "age_ms", tAge)], BOOL), verdict: revival("Skip"), span: sp(51) },
    { rule: "Revive.long_pause", id: "long_pause", doc: "", guard: longPause, verdict: revival("Skip"), span: sp(52) },
    { rule: "Revive.too_old", id: "too_old", doc: "", guard: b.bin(">=", b.v("age", MS), kWindow()), verdict: revival("Skip"), span: sp(53) },
    { rule: "Revive.otherwise", id: "otherwise", doc: "", guard: null, verdict: revival("Revive"), span: sp(54) },
  ],
  span: sp(45),
};
const pauseOf: Module["decisions"][number] = {
  name: "PauseOf",
  overrideCheck: null,
  doc: "The pause a verdict asks for, 0 for none.",
  facts: ref(R, "PauseOfFacts"),
  verdict: MS,
  lets: [],
  rules: [
    {
      rule: "PauseOf.otherwise",
      id: "otherwise",
      doc: "",
      guard: null,
      verdict: b.match(b.dot(b.v("f", b.named(R, "PauseOfFacts")), "last", tVerdict), [
        { variant: "Restart", binds: ["p"], body: b.v("p", MS) },
        { variant: null, binds: [], body: b.ms(0) },
      ], MS),
      span: sp(60),
    },
  ],
  span: sp(58),
};

// --- Laws ------------------------------------------------------------------------------------
const law = (name: string, body: Law["body"], line: number): Law => ({ name, ident: name.replace(/_\*$/, ""), doc: name, secures: "", adversary: "", vacuous: "", body, span: sp(line) });
const n = () => b.v("n", tBudgetState);
const o = () => b.v("o", tVerdict);
const givenUpAsNat = (st: Expr) => b.ite(b.dot(st, "given_up", BOOL), b.nat(1), b.nat(0));
export const laws = {
  order: law("window_positive", { kind: "order", expr: b.bin(">", kWindow(), b.ms(0)) }, 70),
  invariant: law("failures_bounded", { kind: "invariant", machine: BUDGET, expr: b.bin("<=", b.call("len", [b.dot(s(), "failures", tFailures)], NAT), kMax()) }, 71),
  step: law("given_up_emits_give_up", { kind: "step", machine: BUDGET, event: "Failure", expr: b.bin("||", b.not(b.dot(n(), "given_up", BOOL)), b.is(o(), "GiveUp")) }, 72),
  decision: law("closed_waits", {
    kind: "decision",
    decision: REVIVE,
    expr: b.bin("||", b.bin("!=", b.dot(f(), "gate", tGate), b.enumV(GATE, "Closed")), b.bin("==", b.v("v", b.named(R, "Revival")), revival("Wait"))),
  }, 73),
  variant: law("give_up_once", {
    kind: "variant",
    machine: BUDGET,
    when: b.bin("&&", b.is(o(), "GiveUp"), b.not(b.dot(s(), "given_up", BOOL))),
    measure: givenUpAsNat(s()),
    direction: "increases",
    monotone: true,
  }, 74),
  wire: law("restart_wire_*", { kind: "wire", target: BUDGET, targetKind: "machine" }, 75),
} satisfies Record<string, Law>;

// --- Examples --------------------------------------------------------------------------------
const failureE = (at: number) => b.unionV(ref(R, "RestartBudgetEvent"), "Failure", { at_ms: b.ms(at) });
const restartE = (pause: number) => b.unionV(VERDICT, "Restart", { pause_ms: b.ms(pause) });
export const examples = {
  sixFailures: {
    name: "six_failures_a_second_apart",
    doc: "pauses double, the sixth gives up",
    body: {
      kind: "machine",
      machine: BUDGET,
      events: [0, 1000, 2000, 3000, 4000, 5000].map(failureE),
      outputs: [...[250, 500, 1000, 2000, 4000].map(restartE), giveUp()],
      state: [{ field: "given_up", value: b.bool(true) }],
    },
    span: sp(80),
  },
  closedWaits: {
    name: "closed_waits",
    doc: "a closed gate waits even with no stamp",
    body: {
      kind: "decision",
      decision: REVIVE,
      facts: b.recordV(ref(R, "ReviveFacts"), { gate: b.enumV(GATE, "Closed"), last: giveUp(), age_ms: b.none(tAge) }),
      verdict: revival("Wait"),
    },
    span: sp(90),
  },
} satisfies Record<string, Example>;

const restart: Module = {
  name: R,
  file: "spec/restart.yaml",
  doc: "A worker failing more than 5 times in the restart window is given up.\nPauses double from 250ms up to 30s.",
  decided: ["A sliding window; a failure exactly RESTART_WINDOW_MS old no longer counts."],
  imports: [],
  constants: [
    { name: "RESTART_MAX_FAILURES", doc: "the 6th failure in a window gives up", type: NAT, value: 5, expr: null, overridable: false, wireBound: false, param: false, span: sp(5) },
    { name: "RESTART_WINDOW_MS", doc: "sliding window of the budget", type: MS, value: 900_000, expr: null, overridable: true, wireBound: false, param: false, span: sp(6) },
    { name: "WIRE_MAX_MS", doc: "largest number on the wire", type: MS, value: 100_000_000_000_000, expr: null, overridable: false, wireBound: true, param: false, span: sp(7) },
  ],
  types: [
    { kind: "union", name: "Verdict", doc: "what the budget answers", span: sp(10), variants: [
      { name: "Restart", doc: "restart after a pause", fields: [b.field("pause_ms", MS, "how long to wait first")] },
      { name: "GiveUp", doc: "stop restarting this worker", fields: [] },
    ] },
    { kind: "enum", name: "Gate", doc: "a worker's run gate", members: ["Open", "Closed"], span: sp(14) },
    { kind: "enum", name: "Revival", doc: "", members: ["Revive", "Wait", "Skip"], span: sp(15) },
    { kind: "record", name: "RestartBudgetState", doc: "state of RestartBudget", span: sp(21), fields: [
      b.field("failures", tFailures, "recent failure times"),
      b.field("given_up", BOOL),
    ] },
    { kind: "union", name: "RestartBudgetEvent", doc: "events of RestartBudget", span: sp(24), variants: [
      { name: "Failure", doc: "a worker failed", fields: [b.field("at_ms", MS)] },
    ] },
    { kind: "record", name: "ReviveFacts", doc: "", span: sp(46), fields: [
      b.field("gate", tGate), b.field("last", tVerdict), b.field("age_ms", tAge, "age of the stamp, if any"),
    ] },
    { kind: "record", name: "PauseOfFacts", doc: "", span: sp(59), fields: [b.field("last", tVerdict)] },
  ],
  machines: [restartBudget],
  decisions: [revive, pauseOf],
  laws: Object.values(laws),
  examples: Object.values(examples),
  explore: [],
  equivalent: [],
};

// --- fleet: imports restart ------------------------------------------------------------------
const tWorker = b.named(F, "Worker");
const tWorkers = b.listOf(tWorker, 3);
const tFleetState = b.named(F, "FleetState");
const tIdx = b.range(0, 2);
const tFails = b.range(0, 3);
const tOut = b.optionOf(NAT);
const fs = () => b.v("s", tFleetState);
const workers = () => b.dot(fs(), "workers", tWorkers);
const w = () => b.v("w", tWorker);
const worker = (fails: number, gate: string) => b.recordV(ref(F, "Worker"), { fails: b.lit(fails, tFails), gate: b.enumV(GATE, gate) });
const idx = () => b.dot(b.v("e", b.named(F, "FleetEvent")), "worker", tIdx);
const fails1 = () => b.bin("+", b.dot(w(), "fails", tFails), b.nat(1), NAT);

const fleetMachine: Module["machines"][number] = {
  name: "Fleet",
  doc: "Three workers, each closed after its second failure.",
  state: ref(F, "FleetState"),
  init: [
    { field: "workers", value: b.call("repeat", [b.nat(3), worker(0, "Open")], tWorkers) },
    { field: "last", value: b.none(b.optionOf(tIdx)) },
  ],
  event: ref(F, "FleetEvent"),
  output: tOut,
  handlers: [
    {
      event: "Fail",
      lets: [{ name: "w", value: b.call("nth_or", [workers(), idx(), worker(0, "Closed")], tWorker) }],
      branches: [
        { rule: "Fleet.Fail.closed", id: "closed", doc: "", guard: b.bin("==", b.dot(w(), "gate", tGate), b.enumV(GATE, "Closed")), assigns: [], emit: b.none(tOut), span: spF(20) },
        {
          rule: "Fleet.Fail.fail",
          id: "fail",
          doc: "",
          guard: null,
          assigns: [
            { field: "workers", value: b.call("set_at", [workers(), idx(), b.withV(w(), {
              fails: fails1(),
              gate: b.ite(b.bin(">=", fails1(), b.nat(2)), b.enumV(GATE, "Closed"), b.enumV(GATE, "Open")),
            })], tWorkers) },
            { field: "last", value: b.call("some", [idx()], b.optionOf(tIdx)) },
          ],
          emit: b.call("some", [fails1()], tOut),
          span: spF(22),
        },
      ],
    },
    {
      event: "Reset",
      lets: [],
      branches: [
        {
          rule: "Fleet.Reset.reset",
          id: "reset",
          doc: "",
          guard: null,
          assigns: [
            { field: "workers", value: b.listop("map", workers(), "x", b.withV(b.v("x", tWorker), { fails: b.lit(0, tFails), gate: b.enumV(GATE, "Open") }), tWorkers) },
            { field: "last", value: b.none(b.optionOf(tIdx)) },
          ],
          emit: b.call("some", [b.listop("count", workers(), "x", b.is(b.dot(b.v("x", tWorker), "gate", tGate), "Closed"), NAT)], tOut),
          span: spF(30),
        },
      ],
    },
  ],
  span: spF(15),
};

const fleet: Module = {
  name: F,
  file: "spec/fleet.yaml",
  doc: "A fleet of three workers.",
  decided: [],
  imports: [R],
  constants: [],
  types: [
    { kind: "record", name: "Worker", doc: "one worker", span: spF(5), fields: [b.field("fails", tFails, "failures so far"), b.field("gate", tGate)] },
    { kind: "record", name: "FleetState", doc: "", span: spF(8), fields: [b.field("workers", tWorkers), b.field("last", b.optionOf(tIdx), "last worker that failed")] },
    { kind: "union", name: "FleetEvent", doc: "", span: spF(10), variants: [
      { name: "Fail", doc: "", fields: [b.field("worker", tIdx)] },
      { name: "Reset", doc: "reopen every gate", fields: [] },
    ] },
  ],
  machines: [fleetMachine],
  decisions: [],
  laws: [],
  examples: [],
  explore: [],
  equivalent: [],
};

export const program: Program = { modules: [restart, fleet] };
