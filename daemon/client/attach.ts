// Client: attach. The client starts (or uses) the daemon, starts the session, and becomes its
// view: the Attach reply is the whole transcript, rebuilt by the supervisor's Notices machine, and
// every live Notice after it is shown as it comes (the model shows each once; the view prints
// what it is given, so a repeat would be seen). When the supervisor is lost the attached client
// probes with relaunch's RelaunchDecide, journaled, and acts: connect to whatever listens, wait
// for a launch in progress, relaunch its own build, or leave once the window has passed.

import { connect } from "node:net";
import type { RelaunchVerdict } from "../../generated/ts/relaunch.js";
import { ms, wire } from "../config.js";
import { readViewLine } from "../lines.js";
import { systemMonotonic } from "../system.js";
import { out } from "../tty.js";
import { type ClientConfig, type ClientJournal, launchSupervisor, socketOf } from "./config.js";
import { ask, type Identity, identify, lockHeld, pidAlive, sleep } from "./link.js";
import { start } from "./start.js";

/** Be the session's view until the connection ends (or, with `once`, until the transcript is shown). */
function view(c: ClientConfig, session: string, once: boolean): Promise<"shown" | "lost" | "closed"> {
  return new Promise((resolve) => {
    const s = connect(socketOf(c));
    let buf = "";
    let first = true;
    s.once("connect", () => s.write(`${JSON.stringify({ kind: "Attach", session })}\n`));
    s.on("data", (d) => {
      buf += d.toString("utf8");
      let nl;
      while ((nl = buf.indexOf("\n")) >= 0) {
        const m = readViewLine(wire(), buf.slice(0, nl));
        buf = buf.slice(nl + 1);
        if (m === null) continue;
        if (first && m.kind === "Transcript") {
          first = false;
          out(`view: transcript of ${session}: ${m.notices.length} notices\n`);
          for (const id of m.notices) out(`notice ${id}\n`);
          if (once) {
            s.destroy();
            resolve("shown");
          }
        } else if (m.kind === "Notice") out(`notice ${m.id}\n`);
        else if (m.kind === "Closing") {
          out(`view: the daemon shuts down (${m.reason}); not a loss, no relaunch\n`);
          s.destroy();
          resolve("closed");
        }
      }
    });
    s.on("error", () => undefined);
    s.once("close", () => resolve("lost"));
  });
}

/** The supervisor `lost` is gone: probe until the model says connect (a daemon listens) or leave. */
async function relaunch(c: ClientConfig, j: ClientJournal, lost: Identity): Promise<Identity | null> {
  const lostAt = systemMonotonic.now();
  const window = ms(c.timeouts, "CLIENT_RELAUNCH_WITHIN_MS");
  const wireMax = ms(c.timeouts, "WIRE_MAX_MS");
  const every = Math.max(20, Math.min(500, Math.floor(window / 20)));
  let mine = 0;
  out(`relaunch: the supervisor pid ${lost.pid} is lost\n`);
  for (;;) {
    const id = await identify(socketOf(c), 1000);
    const listening = id !== "down";
    // A launch in progress: the lock is held, or this client's own launch has not listened yet.
    const held = !listening && ((await lockHeld(c.journal)) || pidAlive(mine));
    const facts = {
      attached: true,
      own_build: lost.version === c.build.version && lost.buildId === c.build.buildId,
      listening,
      launch_held: held,
      lost_ms: Math.min(systemMonotonic.now() - lostAt, wireMax),
      window_ms: Math.min(window, wireMax + 1),
    };
    const v = j.get().decide<RelaunchVerdict>(null, "relaunch", "RelaunchDecide", facts);
    if (v === null) return null;
    switch (v.verdict) {
      case "Connect":
        if (typeof id === "object") {
          out(`relaunch: connected to ${id.version ?? "?"}+${id.buildId ?? "?"} pid ${id.pid}${id.pid === mine ? " (relaunched by this client)" : ""}\n`);
          return id;
        }
        break; // it listens but has not answered yet
      case "Leave":
        out(`relaunch: left (${facts.own_build ? `no daemon within ${window} ms` : "the lost supervisor was of another build"})\n`);
        return null;
      case "Relaunch":
        mine = launchSupervisor(c);
        out(`relaunch: launched ${c.build.version}+${c.build.buildId} pid ${mine}\n`);
        break;
      case "Wait":
        break;
    }
    await sleep(every);
  }
}

/** Whether the supervisor reports the session Pausing (a restart under its budget is due). */
async function pausing(c: ClientConfig, session: string): Promise<boolean> {
  const r = await ask(socketOf(c), { kind: "Status" }, 5_000);
  if (r.kind !== "reply" || r.reply["kind"] !== "StatusReport") return false;
  const sessions = r.reply["sessions"];
  return Array.isArray(sessions) && sessions.some((x: { session?: unknown; state?: unknown }) => x.session === session && x.state === "Pausing");
}

export async function attach(c: ClientConfig, j: ClientJournal, session: string, once: boolean): Promise<number> {
  const st = await start(c, j);
  if (!st.use) return 3;
  let peer = st.daemon;
  const pauseDeadline = Date.now() + ms(c.timeouts, "LAUNCHER_WAIT_MS");
  for (;;) {
    const r = await ask(socketOf(c), { kind: "Start", session }, 30_000);
    if (r.kind === "reply" && r.reply["kind"] === "Refused" && Date.now() < pauseDeadline && (await pausing(c, session))) {
      // The supervisor restarts the session after its budget's pause: wait for it, do not decide.
      await sleep(100);
      continue;
    }
    if (r.kind !== "reply" || (r.reply["kind"] !== "Started" && r.reply["kind"] !== "Ok")) {
      out(`attach: session ${session} not started: ${r.kind === "reply" ? String(r.reply["reason"] ?? r.reply["message"]) : r.kind}\n`);
      return 1;
    }
    out(`attach: session ${session} worker pid ${String(r.reply["pid"])}\n`);
    const how = await view(c, session, once);
    if (how !== "lost") return 0;
    const next = await relaunch(c, j, peer);
    if (next === null) return 1;
    peer = next;
  }
}
