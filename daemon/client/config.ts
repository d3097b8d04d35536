// Client: who this client is and where its daemon lives. Its build (STATUTE_VERSION and
// STATUTE_BUILD_ID, so tests run several builds side by side), its protocol (STATUTE_PROTOCOL),
// its kind (--kind, else STATUTE_CLIENT_KIND: interactive, or background for a dashboard,
// gateway, ACP or relaunch), its effective timeouts, and its own journal of decisions, which the
// supervisor's audit replays like the supervisor's.

import { spawn } from "node:child_process";
import { mkdirSync, openSync } from "node:fs";
import { join } from "node:path";
import type { ClientKind } from "../../generated/ts/replace.js";
import type { Timeouts } from "../../runtime/index.js";
import { type Build, buildOf, effectiveTimeouts, paramsOf, protocolOf, root, wire } from "../config.js";
import { Decider } from "../decide.js";
import { Journal } from "../journal.js";

export interface ClientConfig {
  /** The runtime folder (the socket is DIR/control.sock). */
  readonly dir: string;
  readonly journal: string;
  /** The worker program a supervisor this client launches runs; null when it may not launch one. */
  readonly worker: string | null;
  readonly kind: ClientKind;
  readonly build: Build;
  readonly protocol: number;
  readonly timeouts: Timeouts;
}

export class ClientUsage extends Error {
  override readonly name = "ClientUsage";
}

export function kindOf(flag: string | undefined, env: Readonly<Record<string, string | undefined>> = process.env): ClientKind {
  const k = (flag ?? env["STATUTE_CLIENT_KIND"] ?? "interactive").toLowerCase();
  if (k === "interactive") return "Interactive";
  if (k === "background") return "Background";
  throw new ClientUsage(`client kind '${k}': expected interactive or background`);
}

export function clientConfig(o: { dir: string; journal: string | undefined; worker: string | undefined; kind: string | undefined }): ClientConfig {
  return {
    dir: o.dir,
    journal: o.journal ?? join(o.dir, "journal"),
    worker: o.worker ?? null,
    kind: kindOf(o.kind),
    build: buildOf(),
    protocol: protocolOf(),
    timeouts: effectiveTimeouts(),
  };
}

export const socketOf = (c: ClientConfig) => join(c.dir, "control.sock");

/** The client's own journal, opened on first use (a status needs none). */
export class ClientJournal {
  private decider: Decider | null = null;
  private journal: Journal | null = null;

  constructor(private readonly c: ClientConfig) {}

  get(): Decider {
    if (this.decider !== null) return this.decider;
    const dir = join(this.c.dir, "clients");
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    this.journal = new Journal(join(dir, `client-${process.pid}.journal`));
    this.journal.append("client", { pid: process.pid, kind: this.c.kind, ...this.c.build, protocol: this.c.protocol });
    this.decider = new Decider(this.journal, wire(), (m) => paramsOf(this.c.timeouts, m));
    return this.decider;
  }

  note(type: string, fields: Readonly<Record<string, unknown>>): void {
    this.get();
    this.journal?.append(type, fields);
  }

  close(): void {
    this.journal?.close();
  }
}

const supervisorBin = join(root, "bin", "statute-supervisor.js");

/** Start a supervisor of this client's own build (its environment), detached; returns its pid. */
export function launchSupervisor(c: ClientConfig): number {
  if (c.worker === null) throw new ClientUsage("no daemon listens and no --worker PROGRAM was given to start one");
  const log = openSync(join(c.dir, "supervisor.log"), "a", 0o600);
  const child = spawn(process.execPath, [supervisorBin, "run", "--dir", c.dir, "--journal", c.journal, "--worker", c.worker], {
    detached: true,
    stdio: ["ignore", log, log],
    env: { ...process.env, STATUTE_VERSION: c.build.version, STATUTE_BUILD_ID: c.build.buildId },
  });
  child.unref();
  if (child.pid === undefined) throw new ClientUsage("the supervisor did not start");
  return child.pid;
}
