// formal/checked.txt: the record of the last kernel check. `statute proofs --record RUNDIR`
// writes it from a lean2021 kit run folder; `statute proofs` calls a proof checked only while the
// record's inputs hash is that of the Lean files as they are, so an edit after the check makes
// every proof a candidate again.

import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { atDefaultsRows, leanInputsHash, parseKitResult, readCheckRecord } from "../../generator/emit/lean/checked.js";
import { main } from "../../generator/cli/main.js";

const ROOT = process.cwd();
const scratch = join(ROOT, ".tmp", `checked-${process.pid}`);
mkdirSync(scratch, { recursive: true });
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const RESULT = [
  "lean2021 per-law result: run /tmp/r, checkout /x (2026-12-02 04:10)",
  "settings: maxHeartbeats 200000",
  "",
  "module     law                                            status       detail",
  "Supervise  restart_gives_up                               OK           ",
  "Supervise  restart_decide_verdict                         FAILED       Proofs/Supervise.lean:192:7: application type mismatch",
  "Supervise  restart_pause_ordered                          OK           ",
  "",
  "helpers that took laws down:",
  "Supervise  pow_ge (helper)                                FAILED       Proofs/Supervise.lean:192:7: application type mismatch",
  "",
  "lean2021: 2 of 3 law proofs check (1 failed, 0 sorry, 0 not checked); examples 1/1; generated files 1/1 elaborate",
  "",
].join("\n");

async function run(root: string, ...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = "";
  let err = "";
  const code = await main(argv, root, { out: (t) => void (out += t), err: (t) => void (err += t) }, {});
  return { code, out, err };
}

describe("the kit's result table", () => {
  it("reads the per-law rows, not the helpers, with the date and the last line", () => {
    const r = parseKitResult(RESULT);
    expect(r?.date).toBe("2026-12-02 04:10");
    expect(r?.summary).toMatch(/^lean2021: 2 of 3 law proofs check/);
    expect([...(r?.rows.keys() ?? [])]).toEqual(["restart_gives_up", "restart_decide_verdict", "restart_pause_ordered"]);
    expect(r?.rows.get("restart_decide_verdict")?.status).toBe("FAILED");
    expect(parseKitResult("no table here")).toBeNull();
  });

  it("takes an at-defaults theorem as checked only when #print axioms names no sorryAx", () => {
    const logs = ["'Statute.T.Proofs.a_at_defaults' does not depend on any axioms\n'Statute.T.Proofs.b_at_defaults' depends on axioms: [sorryAx]\n"];
    const rows = atDefaultsRows(logs, new Map([["a_at_defaults", "T"], ["b_at_defaults", "T"], ["c_at_defaults", "T"]]));
    expect(rows.map((r) => `${r.law} ${r.status}`)).toEqual(["a_at_defaults OK", "b_at_defaults FAILED", "c_at_defaults NOT CHECKED"]);
  });
});

describe("statute proofs with a recorded check", () => {
  it("calls a proof checked while the inputs are unchanged, a candidate once a Lean file changes", async () => {
    const dir = mkdtempSync(join(scratch, "p-"));
    for (const d of ["spec", "generated", "formal"]) cpSync(join(ROOT, d), join(dir, d), { recursive: true, filter: (p) => !p.includes(".lake") && !p.endsWith("checked.txt") });
    cpSync(join(ROOT, "generator", "spec.schema.json"), join(dir, "generator", "spec.schema.json"));
    // A law proved at the defaults only (formal/ has none now): timeouts_ordered's theorem renamed so.
    const timeouts = join(dir, "formal", "Proofs", "Timeouts.lean");
    const full = "theorem timeouts_ordered : Statute.Timeouts.timeouts_ordered_stmt";
    expect(readFileSync(timeouts, "utf8")).toContain(full);
    writeFileSync(timeouts, readFileSync(timeouts, "utf8").replace(full, "theorem timeouts_ordered_at_defaults :\n    Statute.Timeouts.timeouts_ordered_at TimeoutsParams.defaults"));
    const before = await run(dir, "proofs");
    expect(before.out).toContain("no kernel check recorded");
    expect(before.out).toContain("restart_gives_up: candidate for all parameters (not checked)");
    const runDir = join(dir, "run");
    mkdirSync(join(runDir, "logs"), { recursive: true });
    writeFileSync(join(runDir, "result.txt"), RESULT);
    const rec = await run(dir, "proofs", "--record", runDir, "--checker", "Lean 4 (test)");
    expect(rec.code, rec.err).toBe(0);
    const record = readCheckRecord(join(dir, "formal"));
    expect(record?.inputs).toBe(leanInputsHash(dir, join(dir, "formal")));
    expect(rec.out).toContain("last kernel check: Lean 4 (test), 2026-12-02 04:10");
    expect(rec.out).toContain("restart_gives_up: checked for all parameters by the last check\n");
    expect(rec.out).toMatch(/restart_decide_verdict: candidate for all parameters, FAILED in the last check: Proofs\/Supervise.lean:192:7/);
    expect(rec.out).toContain("timeouts_ordered: candidate at the defaults only, NOT CHECKED in the last check");
    const proofs = join(dir, "formal", "Proofs", "Supervise.lean");
    writeFileSync(proofs, `${readFileSync(proofs, "utf8")}\n-- an edit after the check\n`);
    const after = await run(dir, "proofs");
    expect(after.out).toContain("checked.txt is stale");
    expect(after.out).toContain("restart_gives_up: candidate for all parameters (not checked)");
    const bad = await run(dir, "proofs", "--record", join(dir, "nowhere"), "--checker", "x");
    expect(bad.code).toBe(2);
    expect(bad.err).toMatch(/no kit result at .*hint:/s);
  });
});
