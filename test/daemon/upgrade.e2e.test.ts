// An upgrade with real processes. Build k (this checkout) runs sessions through crashes and a
// kill -9 of its supervisor: one crash loop is given up, one worker fails twice and keeps its
// budget. Build k + 1 (test/daemon/next-build.ts: the RestartBudget state gains a field with a
// declared migration, the Verdict union a variant) replaces it by the replace rules: its
// interactive client finds build k's idle daemon of a lower version and shuts it down if idle,
// then starts its own supervisor on the same journal. That one keeps the give-up and the budget
// (migrated: the session's next failure is the third of the window), and its audit agrees on the
// records of its own models and counts those of build k's. Build k's audit refuses the journal at
// the first state it cannot read, naming the record; a supervisor refuses to start on such a
// state at its byte offset. `statute diff` of the two builds' specs finds no breaking change.

import { execFileSync, spawn, spawnSync } from "node:child_process";
import { appendFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { encodeHeader, encodeJournal, encodeRecord, type JournalRecord } from "../../daemon/journal-format.js";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { identify } from "../../daemon/client/link.js";
import { adopt, ask, cleanup, FAST_STOP, records, root, scratch, sessionStatus, sock, supervisor, until } from "./harness.js";
import { nextBuild } from "./next-build.js";

const next = nextBuild(root);
afterAll(async () => {
  await cleanup();
  rmSync(next, { recursive: true, force: true });
});

const state = async (dir: string, name: string) => sessionStatus(await ask(dir, { kind: "Status" }), name);
const worker = (build: string) => join(build, "fixtures", "daemon", "test-worker.ts");
const K = { STATUTE_BUILD_ID: "k", STATUTE_VERSION: "0.1.0", STATUTE_TEST_WORKER_INIT: JSON.stringify({ loop: [{ do: "crash" }] }) };
const K1 = { ...K, STATUTE_BUILD_ID: "k1", STATUTE_VERSION: "0.2.0" };

/** Run a build's command to its end, without blocking this process. */
function run(bin: string, args: readonly string[], cwd: string, env: Record<string, string>): Promise<{ status: number | null; stdout: string; stderr: string }> {
  const p = spawn(process.execPath, [bin, ...args], { cwd, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  p.stdout.on("data", (b: Buffer) => (stdout += b.toString()));
  p.stderr.on("data", (b: Buffer) => (stderr += b.toString()));
  return new Promise((resolve) => p.once("close", (status) => resolve({ status, stdout, stderr })));
}

/** The SPEC_DIGEST of each module a build generated. */
function digests(build: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const m of ["control", "launcher", "notice", "orphan", "park", "relaunch", "replace", "revive", "supervise", "timeouts"]) {
    const d = /export const SPEC_DIGEST: string = "([^"]+)"/.exec(readFileSync(join(build, "generated", "ts", `${m}.ts`), "utf8"))?.[1];
    if (d !== undefined) out.set(m, d);
  }
  return out;
}

/** The session's latest worker has registered (a BusyRefresh step after its launch): it reads commands from now on. */
function registered(journal: string, session: string): boolean {
  const rs = records(journal).filter((r) => r["session"] === session);
  const launch = rs.filter((r) => r.type === "launch").at(-1)?.seq ?? Infinity;
  return rs.some((r) => r.seq > launch && r.type === "decision" && r["machine"] === "BusyRefresh");
}

const budgetSteps = (journal: string, session: string) => records(journal).filter((r) => r.type === "decision" && r["machine"] === "RestartBudget" && r["session"] === session);

describe("upgrade from build k to build k + 1", { timeout: 180_000 }, () => {
  it("build k + 1 takes over build k's journal: give-ups and budgets kept, its audit agrees and counts build k's records", async () => {
    const d = scratch();
    const s1 = await supervisor(d, { worker: worker(root), env: K });
    await ask(d, { kind: "Start", session: "loop" });
    await ask(d, { kind: "Start", session: "flaky" });
    await until("give-up", async () => (await state(d, "loop"))?.["state"] === "GivenUp");
    mkdirSync(join(d, "run", "cmd"), { recursive: true });
    for (let i = 1; i <= 2; i++) {
      await until("flaky registered", () => registered(s1.journal, "flaky"));
      const before = (await state(d, "flaky"))?.["pid"];
      appendFileSync(join(d, "run", "cmd", "flaky"), `${JSON.stringify({ do: "crash" })}\n`);
      await until(`failure ${i} restarted`, async () => budgetSteps(s1.journal, "flaky").length === i && (await state(d, "flaky"))?.["state"] === "Running" && (await state(d, "flaky"))?.["pid"] !== before);
    }
    // A crash of build k's supervisor, and build k again (it adopts its worker).
    s1.proc.kill("SIGKILL");
    await s1.exited;
    const s2 = await supervisor(d, { worker: worker(root), env: K });
    expect((await state(d, "loop"))?.["state"]).toBe("GivenUp");
    expect(records(s2.journal).filter((r) => r.type === "worker_adopted" && r["session"] === "flaky")).toHaveLength(1);

    // Build k + 1's interactive client replaces build k's idle daemon, by the replace rules.
    const kDigests = digests(root);
    const k1Digests = digests(next);
    expect(k1Digests.get("supervise")).not.toBe(kDigests.get("supervise"));
    // Asynchronously: this process must reap build k's supervisor when it exits, or the client sees a zombie still running.
    const started = await run(join(next, "bin", "statute-client.js"), ["start", "--kind", "interactive", "--dir", join(d, "run"), "--journal", s2.journal, "--worker", worker(next)], next, {
      ...FAST_STOP, STATUTE_QUIESCE_ANSWER_MS: "3000", STATUTE_QUIESCE_COMMIT_MS: "3000", ...K1,
    });
    expect(started.status, started.stdout + started.stderr).toBe(0);
    expect(started.stdout + started.stderr).toContain("daemon: replacing");
    expect(await s2.exited).toBe(0);
    const id = await identify(sock(d), 5000);
    if (typeof id !== "object") throw new Error("no daemon after the replacement");
    adopt(id.pid);
    expect(`${id.version ?? ""}+${id.buildId ?? ""}`).toBe("0.2.0+k1");
    const s3 = { journal: s2.journal };
    expect((await state(d, "loop"))?.["state"]).toBe("GivenUp");
    if ((await state(d, "flaky"))?.["state"] !== "Running") await ask(d, { kind: "Start", session: "flaky" });
    await until("flaky relaunched on build k + 1", async () => (await state(d, "flaky"))?.["state"] === "Running");
    await until("flaky registered on build k + 1", () => registered(s3.journal, "flaky"));
    const relaunched = (await state(d, "flaky"))?.["pid"];
    appendFileSync(join(d, "run", "cmd", "flaky"), `${JSON.stringify({ do: "crash" })}\n`);
    await until("third failure judged by build k + 1", () => budgetSteps(s3.journal, "flaky").length === 3);
    const third = budgetSteps(s3.journal, "flaky")[2];
    // The budget of build k, migrated: both failures kept (restarts = their count), the third pause doubles twice.
    expect(third?.["digest"]).toBe(k1Digests.get("supervise"));
    expect(third?.["state"]).toMatchObject({ given_up: false, restarts: 2 });
    expect((third?.["state"] as { failures: number[] }).failures).toHaveLength(2);
    expect(third?.["verdict"]).toEqual({ kind: "Restart", pause_ms: 1000 });
    await until("flaky restarted", async () => (await state(d, "flaky"))?.["pid"] !== relaunched && (await state(d, "flaky"))?.["state"] === "Running");
    expect((await ask(d, { kind: "Shutdown" }))["kind"]).toBe("Ok");
    await until("build k + 1's supervisor gone", () => { try { process.kill(id.pid, 0); return false; } catch { return true; } });

    // Build k + 1's audit: its own models' records replayed and agreed, build k's counted per module.
    const audit = spawnSync(process.execPath, [join(next, "bin", "statute-supervisor.js"), "audit", s3.journal], { cwd: next, encoding: "utf8" });
    expect(audit.stderr).toBe("");
    expect(audit.stdout).toMatch(/ 0 disagreements/);
    expect(audit.status).toBe(0);
    const decisions = records(s3.journal).filter((r) => r.type === "decision");
    for (const [module, digest] of kDigests) {
      if (k1Digests.get(module) === digest) continue;
      const n = decisions.filter((r) => r["module"] === module && r["digest"] === digest).length;
      if (n > 0) expect(audit.stdout).toContain(`  ${n} decision record(s) of another build's ${module} model (${digest}): counted, not replayed`);
    }
    const own = decisions.filter((r) => k1Digests.get(String(r["module"])) === r["digest"]).length;
    expect(audit.stdout).toContain(`${own} decisions replayed`);
    expect(decisions.filter((r) => r["module"] === "supervise" && r["digest"] === kDigests.get("supervise")).length).toBe(8);

    // Build k cannot read build k + 1's budget states: refused at the record, never skipped.
    const old = spawnSync(process.execPath, [join(root, "bin", "statute-supervisor.js"), "audit", s3.journal], { cwd: root, encoding: "utf8" });
    expect(old.status).not.toBe(0);
    expect(old.stderr).toMatch(new RegExp(`record ${third?.seq}: a supervise\\.RestartBudget state this build cannot read`));
  });

  it("a supervisor refuses to start on a state it cannot read, at the record's byte offset, and leaves the journal as it was", async () => {
    const d = scratch();
    const started: JournalRecord = { seq: 1, type: "session_started", session: "a" };
    const state = { failures: [], given_up: false, last_ms: 0, restarts: 1 };
    const newer: JournalRecord = { seq: 2, type: "decision", session: "a", module: "supervise", machine: "RestartBudget", state, event: { kind: "Failure", at_ms: 5 }, verdict: { kind: "Restart", pause_ms: 250 }, rule: "RestartBudget.Failure.restart", next: state, boot: "b", digest: `sha256:${"1".repeat(64)}` };
    const bytes = encodeJournal([started, newer]);
    writeFileSync(join(d, "journal"), bytes);
    const s = await supervisor(d, { worker: worker(root), env: K });
    expect(await s.exited).not.toBe(0);
    const at = encodeHeader().length + encodeRecord(started).length;
    expect(s.output()).toMatch(new RegExp(`the record at byte ${at}: record 2: a supervise\\.RestartBudget state this build cannot read \\(.*\\) and its spec declares no migration; refusing to start`));
    expect(readFileSync(join(d, "journal")).equals(bytes)).toBe(true);
  });

  it("statute diff of build k's specs against build k + 1's: compatible, states migrate, no breaking change", () => {
    const out = execFileSync(process.execPath, [join(root, "bin", "statute.js"), "diff", join(root, "spec"), "spec"], { cwd: next, encoding: "utf8" });
    expect(out).toContain("Verdict: compatible (old->new)");
    expect(out).toMatch(/RestartBudget: all \d+ old state\(s\) .*carry over \(migrate\)/);
    expect(out).toContain("no undeclared breaking change");
  });
});
