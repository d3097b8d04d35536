// Project: the files `statute init` writes into a new project: a starter spec (a turnstile: one
// machine, one decision, a law of each kind a newcomer meets first, examples and an explore
// section) and the settings. Kept as text here so the package needs no template folder.

/** The first line every spec file carries, for an installed package (editors find the schema). */
export const SCHEMA_HEADER = "# yaml-language-server: $schema=../node_modules/statute/generator/spec.schema.json";

/** Where init writes the starter spec (its --help names it). */
export const STARTER_FILE = "spec/turnstile.yaml";

export const STARTER_SPEC = `${SCHEMA_HEADER}
module: turnstile
doc: |
  A coin-operated turnstile. A coin unlocks it, a push through an unlocked turnstile locks it
  again. It counts the people who passed; a push on a locked turnstile is refused.
constants:
  FARE_CENTS: { type: nat, value: 100, doc: the price of one passage }
types:
  Answer:
    doc: what the turnstile did with an event
    enum: [Unlocked, Passed, Refused, Kept]
machines:
  Turnstile:
    doc: One turnstile and how many people passed it.
    state:
      locked: { type: bool, init: "true", doc: the arm is locked }
      passed: { type: nat, init: 0, doc: people who passed since start }
    events:
      Coin: { doc: a coin was inserted, fields: { cents: nat } }
      Push: { doc: someone pushes the arm }
    output: Answer
    on:
      Coin:
        branches:
          - { id: pay, doc: a full fare unlocks, when: "s.locked && Fare(FareFacts { cents: e.cents }) == Answer.Unlocked", set: { locked: "false" }, emit: Unlocked }
          - { id: keep, doc: a short fare or a coin while unlocked is kept and changes nothing, emit: Kept }
      Push:
        branches:
          - { id: refuse, when: s.locked, emit: Refused }
          - { id: pass, set: { locked: "true", passed: s.passed + 1 }, emit: Passed }
decisions:
  Fare:
    doc: Whether a coin pays the fare.
    facts:
      cents: { type: nat, doc: the value of the coin }
    verdict: Answer
    rules:
      - { id: enough, when: f.cents >= FARE_CENTS, then: Unlocked }
      - { id: short, otherwise: Kept }
laws:
  turnstile_no_free_ride:
    doc: nobody passes a locked turnstile; a push through an unlocked one counts one passage and locks it
    secures: every passage was paid for
    adversary: someone pushing without paying
    step:
      machine: Turnstile
      event: Push
      holds: "n.locked && (if s.locked then n.passed == s.passed && o == Answer.Refused else n.passed == s.passed + 1 && o == Answer.Passed)"
  turnstile_coin_unlocks:
    doc: a full fare unlocks a locked turnstile; any other coin is kept and changes nothing
    step:
      machine: Turnstile
      event: Coin
      holds: "if s.locked && e.cents >= FARE_CENTS then o == Answer.Unlocked && !n.locked && n.passed == s.passed else o == Answer.Kept && n == s"
  turnstile_fare:
    doc: a coin unlocks exactly when it is worth the fare
    decision:
      decision: Fare
      holds: "(v == Answer.Unlocked) == (f.cents >= FARE_CENTS)"
examples:
  - name: pay_and_pass
    machine: Turnstile
    events: ["Coin { cents: 100 }", Push]
    outputs: [Unlocked, Passed]
    state: { locked: "true", passed: 1 }
  - name: push_without_paying
    machine: Turnstile
    events: [Push, "Coin { cents: 50 }", Push]
    outputs: [Refused, Kept, Refused]
  - name: a_second_coin_is_kept
    machine: Turnstile
    events: ["Coin { cents: 100 }", "Coin { cents: 100 }"]
    outputs: [Unlocked, Kept]
  - name: fare_exact
    decision: Fare
    facts: { cents: 100 }
    verdict: Unlocked
explore:
  Turnstile:
    depth: 6
    events:
      Coin: { cents: [0, 99, 100] }
      Push: null
`;

export const STARTER_CONFIG = `${JSON.stringify({ spec: "spec", out: "generated", targets: ["ts", "schema", "validate", "tests", "docs"], runtime: "statute/runtime/v1" }, null, 2)}\n`;
