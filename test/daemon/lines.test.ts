// The lines a worker or a view reads from its supervisor (daemon/lines.ts): decoded by the
// generated control validators, or dropped whole (null), never half-read.

import { describe, expect, it } from "vitest";
import { wire } from "../../daemon/config.js";
import { readSupervisorLine, readViewLine } from "../../daemon/lines.js";

describe("a supervisor line", () => {
  it("on a worker: decoded by the control validators, or dropped whole", () => {
    const w = wire();
    expect(readSupervisorLine(w, '{"kind":"Quiesce","round":2,"hold_ms":6000}')).toEqual({ kind: "Quiesce", round: 2, hold_ms: 6000 });
    expect(readSupervisorLine(w, '{"kind":"Parked","verdict":"Keep","timer":{"kind":"Never"}}')).toEqual({ kind: "Parked", verdict: "Keep", timer: { kind: "Never" } });
    for (const bad of [
      '{"kind":"Quiesce","round":2,"hold_ms":"6000"}',
      '{"kind":"Quiesce","round":2,"hold_ms":-1}',
      '{"kind":"Quiesce","round":2}',
      '{"kind":"Parked","verdict":"Evict","timer":{"kind":"Never"}}',
      '{"kind":"Parked","verdict":"Keep","timer":{"kind":"After","remaining_ms":1.5}}',
      '{"kind":"Launch"}',
      "not json",
      "",
    ]) {
      expect(readSupervisorLine(w, bad)).toBeNull();
    }
  });

  it("on a view: a notice, a closing or the Attach reply, or dropped whole", () => {
    const w = wire();
    expect(readViewLine(w, '{"kind":"Notice","session":"s1","id":3}')).toEqual({ kind: "Notice", session: "s1", id: 3 });
    expect(readViewLine(w, '{"kind":"Transcript","session":"s1","notices":[1,2]}')).toEqual({ kind: "Transcript", session: "s1", notices: [1, 2] });
    for (const bad of ['{"kind":"Notice","session":"s1"}', '{"kind":"Transcript","session":"s1","notices":[1,2,3,4,5]}', '{"kind":"Quiesce","round":1,"hold_ms":5}', "{"]) {
      expect(readViewLine(w, bad)).toBeNull();
    }
  });
});
