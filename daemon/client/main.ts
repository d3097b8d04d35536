// Client entry: `statute-client <command>`. A client starts, attaches to, replaces or relaunches
// the daemon as the generated replace and relaunch models decide; it asks an idle shutdown but
// never decides one (the supervisor's Quiesce round does). Every refusal a user can cause is one
// line on stderr and a non-zero exit, never a stack trace.

import { parseArgs } from "node:util";
import { resolve } from "node:path";
import { TimeoutsError } from "../../runtime/index.js";
import { ClientError } from "../client.js";
import { ControlError, runtimeDir } from "../control.js";
import { JournalError } from "../journal-format.js";
import { out } from "../tty.js";
import { attach } from "./attach.js";
import { ClientJournal, ClientUsage, clientConfig, socketOf } from "./config.js";
import { ask, identify } from "./link.js";
import { start } from "./start.js";

const HELP = `usage: statute-client <command> --dir DIR [options]
  start                  use the daemon on DIR/control.sock, starting or replacing it as the model says
  attach SESSION [--once] start, then start SESSION and be its view (restore notices); relaunch a lost supervisor
  status                 the daemon's identity and sessions, as JSON
  shutdown [--if-idle]   stop the daemon; --if-idle: only if every worker quiesces (else it answers busy)
options: --journal FILE (default DIR/journal)  --worker PROGRAM (to start a supervisor)
         --kind interactive|background (default STATUTE_CLIENT_KIND, else interactive)
environment: STATUTE_VERSION, STATUTE_BUILD_ID, STATUTE_PROTOCOL (this client's build), STATUTE_<TIMEOUT>
exit: 0 used/done, 1 refused or busy, 2 usage, 3 the daemon is kept but not usable (told why)
`;

async function main(argv: string[]): Promise<number> {
  const { values: v, positionals: pos } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      dir: { type: "string" },
      journal: { type: "string" },
      worker: { type: "string" },
      kind: { type: "string" },
      once: { type: "boolean" },
      "if-idle": { type: "boolean" },
      help: { type: "boolean", short: "h" },
    },
  });
  const cmd = pos[0];
  if (cmd === undefined || v.help === true) {
    out(HELP);
    return v.help === true ? 0 : 2;
  }
  if (v.dir === undefined) throw new ClientUsage("--dir DIR is required");
  const c = clientConfig({ dir: resolve(v.dir), journal: v.journal === undefined ? undefined : resolve(v.journal), worker: v.worker === undefined ? undefined : resolve(v.worker), kind: v.kind });
  runtimeDir(c.dir);
  const j = new ClientJournal(c);
  try {
    switch (cmd) {
      case "start": {
        const st = await start(c, j);
        return st.use ? 0 : 3;
      }
      case "attach": {
        const session = pos[1];
        if (session === undefined) throw new ClientUsage("attach needs a SESSION");
        return await attach(c, j, session, v.once === true);
      }
      case "status": {
        const id = await identify(socketOf(c), 5000);
        if (typeof id !== "object") throw new ClientError(`no daemon answers on ${socketOf(c)} (${id})`);
        const st = await ask(socketOf(c), { kind: "Status" }, 10_000);
        out(`${JSON.stringify({ identity: id, status: st.kind === "reply" ? st.reply : null })}\n`);
        return 0;
      }
      case "shutdown": {
        const a = await ask(socketOf(c), { kind: v["if-idle"] === true ? "ShutdownIfIdle" : "Shutdown" }, 120_000);
        if (a.kind !== "reply") throw new ClientError(`no daemon answers on ${socketOf(c)} (${a.kind})`);
        out(`shutdown: ${a.reply["kind"] === "NotIdle" ? `busy: ${String(a.reply["reason"])}` : String(a.reply["kind"])}\n`);
        return a.reply["kind"] === "Ok" ? 0 : 1;
      }
      default:
        throw new ClientUsage(`unknown command '${cmd}'`);
    }
  } finally {
    j.close();
  }
}

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (e) {
  const known = e instanceof ClientUsage || e instanceof ClientError || e instanceof TimeoutsError || e instanceof ControlError || e instanceof JournalError || (e as NodeJS.ErrnoException).code === "ERR_PARSE_ARGS_UNKNOWN_OPTION";
  if (!known) throw e;
  process.stderr.write(`statute-client: error: ${(e as Error).message}\n${e instanceof ClientUsage ? HELP : ""}`);
  process.exitCode = e instanceof ClientUsage ? 2 : 1;
}
