// The supervisor's command line with real processes: refusals are one line and a non-zero exit
// (never a stack trace), a FIFO or a foreign file as the journal among them, left as it was; a
// violated timeout relation refuses to start, naming it; two supervisors started at once on one
// journal: exactly one runs; socket 0600 in a 0700 folder.

import { execFileSync, spawnSync } from "node:child_process";
import { lstatSync, mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ask, bin, cleanup, quickWorker, root, scratch, sock, supervisor } from "./harness.js";

afterAll(cleanup);

function cli(args: string[], env: Record<string, string> = {}, timeout = 60_000) {
  const r = spawnSync(process.execPath, [bin, ...args], { cwd: root, env: { ...process.env, ...env }, encoding: "utf8", timeout, killSignal: "SIGKILL" });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

const noStack = (text: string) => expect(text).not.toMatch(/\n\s+at /);

describe("statute-supervisor command line", { timeout: 60_000 }, () => {
  it("--help prints the usage and exits 0; an unknown command exits 2", () => {
    const help = cli(["--help"]);
    expect(help.code).toBe(0);
    expect(help.out).toContain("usage: statute-supervisor");
    const bad = cli(["frobnicate"]);
    expect(bad.code).toBe(2);
    expect(bad.err).toContain("unknown command 'frobnicate'");
    noStack(bad.err);
  });

  it("refuses a journal that is a folder, with one line and no stack trace", () => {
    const d = scratch();
    mkdirSync(join(d, "jdir"));
    const r = cli(["run", "--dir", join(d, "run"), "--journal", join(d, "jdir"), "--worker", quickWorker]);
    expect(r.code).toBe(1);
    expect(r.err).toContain("is a directory");
    expect(r.err.trim().split("\n")).toHaveLength(1);
    noStack(r.err);
  });

  it("refuses a journal that is a FIFO with one line and exit 1, instead of hanging on it (issue 23)", () => {
    const d = scratch();
    const fifo = join(d, "fifo");
    execFileSync("mkfifo", [fifo]);
    const r = cli(["run", "--dir", join(d, "run"), "--journal", fifo, "--worker", quickWorker], {}, 30_000);
    expect(r.code).toBe(1);
    expect(r.err).toContain("is a FIFO, not a regular file");
    expect(r.err.trim().split("\n")).toHaveLength(1);
    noStack(r.err);
    expect(lstatSync(fifo).isFIFO()).toBe(true);
  });

  it("refuses a lock file that is a FIFO instead of blocking on it while holding the lock (issue 23)", () => {
    const d = scratch();
    execFileSync("mkfifo", [join(d, "journal.lock")]);
    const r = cli(["run", "--dir", join(d, "run"), "--journal", join(d, "journal"), "--worker", quickWorker], {}, 30_000);
    expect(r.code).toBe(1);
    expect(r.err).toContain("lock file");
    expect(r.err.trim().split("\n")).toHaveLength(1);
    noStack(r.err);
  });

  it("refuses a foreign file as the journal, with or without a final newline, and leaves it as it was (issue 23)", () => {
    for (const text of ["hello, this is not a journal file", "hello, this is not a journal file\n"]) {
      const d = scratch();
      writeFileSync(join(d, "journal"), text);
      const r = cli(["run", "--dir", join(d, "run"), "--journal", join(d, "journal"), "--worker", quickWorker], {}, 30_000);
      expect(r.code).toBe(1);
      expect(r.err).toContain("not a statute journal");
      expect(r.err.trim().split("\n")).toHaveLength(1);
      expect(readFileSync(join(d, "journal"), "utf8")).toBe(text);
    }
  });

  it("refuses a runtime folder open to other users instead of tightening it", () => {
    const d = scratch();
    mkdirSync(join(d, "open"), { mode: 0o755 });
    const r = cli(["run", "--dir", join(d, "open"), "--worker", quickWorker]);
    expect(r.code).toBe(1);
    expect(r.err).toContain("open to other users");
    expect(statSync(join(d, "open")).mode & 0o777).toBe(0o755);
  });

  it("refuses to start on a violated timeout relation, naming it, before touching the journal", () => {
    const d = scratch();
    const r = cli(["run", "--dir", join(d, "run"), "--worker", quickWorker], { STATUTE_WORKER_LOST_EXIT_DEFAULT_MS: "1000" });
    expect(r.code).toBe(1);
    expect(r.err).toContain("relation LostWorker is violated");
    noStack(r.err);
    expect(() => statSync(join(d, "run", "journal"))).toThrow();
  });

  it("audit of a missing journal is one line, exit 1", () => {
    const r = cli(["audit", join(scratch(), "none")]);
    expect(r.code).toBe(1);
    noStack(r.err);
  });

  it("two supervisors started at once on one journal: exactly one runs, the other says why", async () => {
    const d = scratch();
    const [a, b] = await Promise.all([supervisor(d, { worker: quickWorker }), supervisor(d, { worker: quickWorker })]);
    const running = [a, b].filter((s) => s.output().includes("listening on"));
    const refused = [a, b].filter((s) => !s.output().includes("listening on"));
    expect(running).toHaveLength(1);
    expect(refused).toHaveLength(1);
    expect(await refused[0]!.exited).toBe(1);
    expect(refused[0]!.output()).toMatch(/another supervisor .* already runs on journal|another supervisor listens/);
    noStack(refused[0]!.output());
    expect(statSync(sock(d)).mode & 0o777).toBe(0o600);
    expect(statSync(join(d, "run")).mode & 0o777).toBe(0o700);
    expect(statSync(join(d, "journal")).mode & 0o777).toBe(0o600);
    expect((await ask(d, { kind: "Status" }))["kind"]).toBe("StatusReport");
    running[0]!.proc.kill("SIGTERM");
    expect(await running[0]!.exited).toBe(0);
  }, 60_000);
});
