// `statute eval` goes through the runtime wire: a malformed fact or event is refused with the
// JSON pointer of the fault (for a machine, prefixed with the event's index in the list) and
// what was expected, exit 1, no stack trace; a valid question is answered as before.

import { describe, expect, it } from "vitest";
import { main } from "../../generator/cli/main.js";
import { root } from "./specs.js";

async function run(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = "";
  let err = "";
  const code = await main(argv, root, { out: (t) => void (out += t), err: (t) => void (err += t) });
  return { code, out, err };
}

describe("statute eval through the wire", () => {
  it("a negative fact prints its pointer and the expected range, exit 1", async () => {
    const r = await run("eval", "spec/supervise.yaml", "RestartDecide", '{"in_window": -1, "budget": 5}');
    expect(r.code).toBe(1);
    expect(r.out).toBe("");
    expect(r.err).toMatch(/^error: malformed input at \/in_window: expected an integer from 0 to 40\n/);
    expect(r.err).not.toMatch(/\n\s+at /);
  });

  it("an extra and a missing fact are pointed at by name", async () => {
    const extra = await run("eval", "spec/supervise.yaml", "RestartDecide", '{"in_window": 1, "budget": 5, "why": 1}');
    expect(extra.err).toContain("malformed input at /why: expected no field");
    const missing = await run("eval", "spec/supervise.yaml", "RestartDecide", '{"in_window": 1}');
    expect(missing.err).toContain("malformed input at /budget:");
  });

  it("a machine stops at the first refused event, pointing into the list", async () => {
    const events = JSON.stringify([{ kind: "Failure", at_ms: 0 }, { kind: "Failure", at_ms: 0 }, { kind: "Failure", at_ms: 1.5 }]);
    const r = await run("eval", "spec/supervise.yaml", "RestartBudget", events);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/^error: malformed input at \/2\/at_ms: expected an integer in plain digits/);
    const tag = await run("eval", "spec/supervise.yaml", "RestartBudget", '[{"kind": "Crash", "at_ms": 1}]');
    expect(tag.err).toMatch(/^error: malformed input at \/0\/kind: expected "Failure"/);
  });

  it("facts text that is not JSON is refused at the whole message", async () => {
    const r = await run("eval", "spec/supervise.yaml", "RestartDecide", "{in_window: 1}");
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/^error: malformed input at "" \(the whole message\): expected JSON text/);
  });

  it("a valid question keeps the output shape", async () => {
    const d = await run("eval", "spec/supervise.yaml", "RestartDecide", '{"in_window": 4, "budget": 5}');
    expect(JSON.parse(d.out)).toEqual({ verdict: { kind: "Restart", pause_ms: 4000 }, rule: "RestartDecide.pause" });
    const m = await run("eval", "spec/supervise.yaml", "RestartBudget", '[{"kind": "Failure", "at_ms": 7}]');
    expect(JSON.parse(m.out)).toEqual({
      steps: [{ event: { kind: "Failure", at_ms: 7 }, output: { kind: "Restart", pause_ms: 250 }, rule: "RestartBudget.Failure.restart" }],
      state: { failures: [7], given_up: false, last_ms: 7 },
    });
  });
});
