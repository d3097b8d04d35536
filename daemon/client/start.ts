// Client: a client start. With no daemon listening it launches one of its own build; with one,
// it gathers the facts (the daemon's identity, its own build, kind and protocol) and asks the
// generated replace model: Relate, then Replacement. A Replace verdict sends ShutdownIfIdle and
// the supervisor's Quiesce round decides; a busy answer is a new fact (daemon_busy) for a second
// Replacement. Every decision is journaled in the client's journal before the client acts.

import type { ReplaceAnswer, ClientRelation } from "../../generated/ts/replace.js";
import { relateFacts } from "../../runtime/index.js";
import { ClientError } from "../client.js";
import { ms } from "../config.js";
import { out } from "../tty.js";
import { type ClientConfig, type ClientJournal, launchSupervisor, socketOf } from "./config.js";
import { ask, type Identity, identify, lockHeld, pidAlive, sleep } from "./link.js";
import { tellText } from "./tell.js";

export interface Started {
  readonly daemon: Identity;
  /** The daemon is used (the protocol agrees), else the client stops with the message. */
  readonly use: boolean;
  readonly replaced: number;
  readonly launched: boolean;
}

const label = (version: string | undefined, build: string | null) => `${version ?? "(unknown version)"}+${build ?? "(unknown build)"}`;

/** Launch this client's build and wait until its child listens or exits (it may lose the lock to another launch). */
async function launchAndWait(c: ClientConfig, deadline: number): Promise<void> {
  const pid = launchSupervisor(c);
  out(`daemon: launched ${label(c.build.version, c.build.buildId)} pid ${pid}\n`);
  while (Date.now() < deadline && pidAlive(pid)) {
    if ((await identify(socketOf(c), 1000)) !== "down") return;
    await sleep(50);
  }
}

/** Wait until the daemon that agreed to shut down is gone and its lock free. */
async function waitGone(c: ClientConfig, pid: number, deadline: number): Promise<void> {
  while (Date.now() < deadline) {
    if (!pidAlive(pid) && !(await lockHeld(c.journal))) return;
    await sleep(50);
  }
  throw new ClientError(`the daemon pid ${pid} agreed to shut down but is still running`);
}

export async function start(c: ClientConfig, j: ClientJournal): Promise<Started> {
  const deadline = Date.now() + ms(c.timeouts, "LAUNCHER_WAIT_MS") + ms(c.timeouts, "DAEMON_STARTUP_MS");
  let replaced = 0;
  let launched = false;
  let launches = 0;
  for (;;) {
    if (Date.now() > deadline) throw new ClientError(`no daemon answered on ${socketOf(c)}`);
    const id = await identify(socketOf(c), 2000);
    if (id === "silent") {
      await sleep(100);
      continue;
    }
    if (id === "down") {
      // A supervisor starting (or leaving) holds the lock: never launch beside it.
      if (await lockHeld(c.journal)) await sleep(50);
      else {
        if (launches++ >= 3) throw new ClientError(`three launches did not listen; see ${c.dir}/supervisor.log`);
        launched = true;
        await launchAndWait(c, deadline);
      }
      continue;
    }
    const d = j.get();
    const rel = d.decide<ClientRelation>(null, "replace", "Relate", relateFacts(c.build.version, id.version, c.build.buildId, id.buildId));
    if (rel === null) throw new ClientError("the replace facts were refused");
    const facts = { relation: rel.verdict, client_kind: c.kind, idle_shutdown: id.idleShutdown, daemon_busy: false, protocol_agrees: id.protocol === c.protocol };
    let v = d.decide<ReplaceAnswer>(null, "replace", "Replacement", facts);
    if (v === null) throw new ClientError("the replace facts were refused");
    if (v.verdict.kind === "Replace") {
      const a = await ask(socketOf(c), { kind: "ShutdownIfIdle" }, ms(c.timeouts, "LAUNCHER_WAIT_MS"));
      if (a.kind === "reply" && a.reply["kind"] === "Ok") {
        j.note("replaced", { daemon: label(id.version, id.buildId), pid: id.pid });
        out(`daemon: replacing ${label(id.version, id.buildId)} pid ${id.pid}\n`);
        await waitGone(c, id.pid, deadline);
        replaced++;
        continue;
      }
      const why = a.kind === "reply" ? String(a.reply["reason"] ?? a.reply["kind"]) : `no answer (${a.kind})`;
      out(`daemon: busy: ${why}\n`);
      v = d.decide<ReplaceAnswer>(null, "replace", "Replacement", { ...facts, daemon_busy: true });
      if (v === null) throw new ClientError("the replace facts were refused");
    }
    if (v.verdict.kind !== "Keep") throw new ClientError("the model answered Replace to a busy daemon");
    out(`daemon: kept ${label(id.version, id.buildId)} pid ${id.pid} (${rel.verdict}, ${v.rule})\n`);
    const text = tellText(d, v.verdict.tell, { client: c.build.version, daemon: id.version });
    if (text !== null) out(`tell: ${v.verdict.tell}: ${text}\n`);
    return { daemon: id, use: v.verdict.use_daemon, replaced, launched };
  }
}
