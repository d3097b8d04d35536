// Daemon entry: `tsx daemon/main.ts --journal FILE --worker SCRIPT [--session NAME]... [--time-scale F]`.
// Supervises one worker process per session under the generated restart budget. Each journal
// record is printed (`journaled <seq> <type>`) only after it is on disk. `--time-scale` shortens
// the real waits (not the model's clock) so that demos and tests need not wait out the pauses.

import { spawn } from "node:child_process";
import { join } from "node:path";
import * as supervise from "../generated/ts/supervise.js";
import { createWire, loadSchemas, monotonicClock } from "../runtime/index.js";
import { Journal } from "./journal.js";
import { Supervisor, type WorkerProcess } from "./supervisor.js";

function args(argv: readonly string[]): { journal: string; worker: string; sessions: string[]; scale: number } {
  const get = (flag: string) => argv.flatMap((a, i) => (a === flag && argv[i + 1] !== undefined ? [argv[i + 1] as string] : []));
  const journal = get("--journal")[0];
  const worker = get("--worker")[0];
  if (journal === undefined || worker === undefined) throw new Error("usage: daemon/main.ts --journal FILE --worker SCRIPT [--session NAME]... [--time-scale F]");
  const scale = Number(get("--time-scale")[0] ?? "1");
  return { journal, worker, sessions: get("--session").length > 0 ? get("--session") : ["main"], scale: Number.isFinite(scale) && scale >= 0 ? scale : 1 };
}

const root = join(import.meta.dirname, "..");
const schemas = loadSchemas(join(root, "generated", "schema"));

const opts = args(process.argv.slice(2));
const journal = new Journal(opts.journal, (r) => process.stdout.write(`journaled ${r.seq} ${r.type}\n`));
if (journal.tornBytes > 0) process.stderr.write(`journal: cut a torn last line (${journal.tornBytes} bytes) after ${journal.recovered.length} records\n`);

const spawnWorker = (session: string): WorkerProcess => {
  const child = spawn(process.execPath, [opts.worker, session], { stdio: ["ignore", "ignore", "inherit"] });
  return { pid: child.pid, onExit: (l) => void child.once("exit", (code, signal) => l(code, signal)), stop: () => void child.kill("SIGTERM") };
};

const supervisor = new Supervisor({
  journal,
  clock: monotonicClock(),
  wire: createWire({ schemas }),
  model: supervise,
  spawn: spawnWorker,
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms * opts.scale)),
});
for (const s of opts.sessions) supervisor.start(s);
process.on("SIGTERM", () => {
  for (const s of opts.sessions) supervisor.stop(s);
});
await supervisor.idle();
journal.close();
