// Daemon: one worker process as the supervisor holds it, started here (a child in its own
// process group) or adopted from an earlier supervisor (found alive by its marker). Its exit is
// watched (the child's exit event, or a poll of its identity), the rest of its group is killed
// when it dies, and a stop escalates: stop request, STOP grace, TERM, TERM grace, KILL, verify.
// Every signal is identity-gated (daemon/proc.ts).

import { spawn } from "node:child_process";
import { openSync } from "node:fs";
import { alive, type Identity, identityOf, signalGroup } from "./proc.js";

export interface Exit {
  readonly code: number | null;
  readonly signal: string | null;
  /** The process was not our child (adopted): its exit status is unknown. */
  readonly unknown: boolean;
}

export interface StopTimes {
  readonly stopGraceMs: number;
  readonly termGraceMs: number;
  readonly killVerifyMs: number;
}

/** One step of a stop, as it is journaled. */
export type StopStep = "asked" | "term" | "kill" | "gone" | "survived";

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms).unref());

export class WorkerHandle {
  private done = false;
  private readonly waiters: ((e: Exit) => void)[] = [];
  private result: Exit | null = null;

  private constructor(readonly id: Identity) {}

  /** Start `argv` in its own process group; stdout/stderr go to `logPath`. */
  static spawn(argv: readonly string[], env: NodeJS.ProcessEnv, logPath: string): WorkerHandle {
    const log = openSync(logPath, "a", 0o600);
    const child = spawn(process.execPath, argv, { detached: true, stdio: ["ignore", log, log], env });
    const pid = child.pid;
    const id = pid === undefined ? null : identityOf(pid);
    if (pid === undefined || id === null) {
      child.kill("SIGKILL");
      throw new Error(`worker did not start${pid === undefined ? "" : ` (pid ${pid} gone at once)`}`);
    }
    const h = new WorkerHandle(id);
    child.once("exit", (code, signal) => h.finish({ code, signal, unknown: false }));
    child.unref();
    return h;
  }

  /** Take over a live worker an earlier supervisor started; its exit is found by polling. */
  static adopt(id: Identity, pollMs = 100): WorkerHandle {
    const h = new WorkerHandle(id);
    const timer = setInterval(() => {
      if (!alive(id)) {
        clearInterval(timer);
        h.finish({ code: null, signal: null, unknown: true });
      }
    }, pollMs);
    return h;
  }

  get exited(): boolean {
    return this.done;
  }

  onExit(listener: (e: Exit) => void): void {
    if (this.result !== null) listener(this.result);
    else this.waiters.push(listener);
  }

  /** Resolves true when the process has exited within `ms`. */
  private waitExit(ms: number): Promise<boolean> {
    if (this.done) return Promise.resolve(true);
    return new Promise((resolve) => {
      const t = setTimeout(() => resolve(!alive(this.id)), ms);
      this.onExit(() => {
        clearTimeout(t);
        resolve(true);
      });
    });
  }

  /**
   * Stop with escalation; `ask` sends the stop request when the worker is connected (false when
   * it is not, and the STOP grace is skipped). Reports each step before it is taken. `signal` is
   * the identity-gated group signal (a test passes one that never lands, to make a survivor).
   */
  async stop(t: StopTimes, ask: () => boolean, step: (s: StopStep) => void, signal: (id: Identity, sig: NodeJS.Signals) => boolean = signalGroup): Promise<"gone" | "survived"> {
    if (this.done) return "gone";
    if (!alive(this.id)) return this.settled();
    if (ask()) {
      step("asked");
      if (await this.waitExit(t.stopGraceMs)) return this.gone(step);
    }
    step("term");
    signal(this.id, "SIGTERM");
    if (await this.waitExit(t.termGraceMs)) return this.gone(step);
    step("kill");
    signal(this.id, "SIGKILL");
    if (await this.waitExit(t.killVerifyMs)) return this.gone(step);
    await sleep(0);
    if (!alive(this.id)) return this.gone(step);
    step("survived");
    return "survived";
  }

  private gone(step: (s: StopStep) => void): Promise<"gone"> {
    step("gone");
    return this.settled();
  }

  /**
   * The process is dead (a zombie, or gone): resolve once its exit has been handled, so nothing
   * reports it after the stop. The exit is certain to come: a child's exit event once node reaps
   * the zombie (it can come after /proc shows the zombie), an adopted worker's at the next poll.
   */
  private settled(): Promise<"gone"> {
    return new Promise((resolve) => this.onExit(() => resolve("gone")));
  }

  private finish(e: Exit): void {
    if (this.done) return;
    this.done = true;
    this.result = e;
    // The leader is gone; anything left in its group (a job it started) is an orphan: kill it.
    // The group id stays allocated while a member lives, so this reaches only that group.
    try {
      process.kill(-this.id.pid, "SIGKILL");
    } catch {
      // no member left
    }
    for (const w of this.waiters.splice(0)) w(e);
  }
}
