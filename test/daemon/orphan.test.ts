// The worker-side orphan watch on a fake clock, with the generated orphan model behind the
// wire: windows from LAWS.md section 3, written out by hand.

import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { OrphanWatch, type WorkSet } from "../../daemon/orphan.js";
import * as orphan from "../../generated/ts/orphan.js";
import { constants, WIRE_MAX_MS } from "../../generated/ts/timeouts.js";

const WORKER_LOST_EXIT_DEFAULT_MS: number = constants.WORKER_LOST_EXIT_DEFAULT_MS.value;
import { createWire, FakeClock, loadSchemas } from "../../runtime/index.js";

const wire = createWire({ schemas: loadSchemas(join(import.meta.dirname, "..", "..", "generated", "schema")) });
const idle: WorkSet = { run: false, compaction: false, queued_input: false, admitted_run_start: false, background_job: false, user_bash: false, unsettled_child: false, workflow_run: false, withdrawn_input: false };

function watch(work: WorkSet, windowMs = WORKER_LOST_EXIT_DEFAULT_MS) {
  const clock = new FakeClock(0);
  return { clock, w: new OrphanWatch({ clock, wire, model: orphan, windowMs, wireMaxMs: WIRE_MAX_MS, work: () => work }) };
}

describe("orphan watch", () => {
  it("waits while the supervisor is there", () => {
    const { clock, w } = watch(idle);
    clock.advance(10 * WORKER_LOST_EXIT_DEFAULT_MS);
    expect(w.check()).toBe("Wait");
  });

  it("without work exits after one window (five minutes), closing the session", () => {
    const { clock, w } = watch(idle);
    w.absent();
    clock.advance(299_999);
    expect(w.check()).toBe("Wait");
    clock.advance(1);
    expect(w.check()).toBe("ExitIdle");
  });

  it("with work exits after two windows, recording busy", () => {
    const { clock, w } = watch({ ...idle, user_bash: true });
    w.absent();
    clock.advance(300_000);
    expect(w.check()).toBe("Wait");
    clock.advance(299_999);
    expect(w.check()).toBe("Wait");
    clock.advance(1);
    expect(w.check()).toBe("ExitBusy");
  });

  it("seen again before the exit, the timer resets", () => {
    const { clock, w } = watch(idle);
    w.absent();
    clock.advance(299_000);
    w.seen();
    w.absent();
    clock.advance(299_000);
    expect(w.check()).toBe("Wait");
    clock.advance(1_000);
    expect(w.check()).toBe("ExitIdle");
  });

  it("a window past the wire's range never expires", () => {
    const { clock, w } = watch(idle, Number.MAX_SAFE_INTEGER);
    w.absent();
    clock.advance(WIRE_MAX_MS * 2);
    expect(w.check()).toBe("Wait");
  });
});
