// Daemon: the control socket. A Unix socket in a 0700 runtime folder, mode 0600, one JSON
// message per line. Each line is decoded as control.Request with the generated schema; a
// malformed, oversized or unknown message gets one Error reply with the JSON pointer of the
// fault, and the connection and the supervisor's state are untouched. Replies keep the order of
// the requests on each connection. A dead peer (EPIPE, reset) ends only its connection. Memory
// per connection is bounded: reading pauses while its unsent replies or its unanswered requests
// pass a bound, and a peer that stops reading is dropped (see `Flow`).

import { chmodSync, lstatSync, mkdirSync, unlinkSync } from "node:fs";
import { connect, createServer, type Server, type Socket } from "node:net";
import { MAX_LINE_BYTES, type Reply, type Request } from "../generated/ts/control.js";
import type { Wire } from "../runtime/index.js";
import { SESSION_NAME } from "./supervisor.js";

export interface Connection {
  /** Write one line to the peer; false when it is gone. */
  send(message: unknown): boolean;
  readonly socket: Socket;
}

export type Handler = (req: Request, conn: Connection) => Reply | Promise<Reply>;

export class ControlError extends Error {
  override readonly name = "ControlError";
}

/**
 * The runtime folder: created 0700 when missing. An existing one is used only when it is a
 * folder of ours with no access for group or others: it is never chmod'ed, since the path may
 * be a shared folder given by mistake.
 */
export function runtimeDir(dir: string): void {
  let st;
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    st = lstatSync(dir);
  } catch (e) {
    throw new ControlError(`cannot use runtime folder ${dir}: ${(e as Error).message}`);
  }
  if (!st.isDirectory()) throw new ControlError(`runtime folder ${dir} is not a folder`);
  if (typeof process.getuid === "function" && st.uid !== process.getuid()) throw new ControlError(`runtime folder ${dir} belongs to another user`);
  if ((st.mode & 0o077) !== 0) throw new ControlError(`runtime folder ${dir} is open to other users (mode ${(st.mode & 0o777).toString(8)}); it must be 0700`);
}

/** Whether something answers on the socket path (a live supervisor), else the path is stale. */
function listening(path: string): Promise<boolean> {
  return new Promise((resolve) => {
    const c = connect(path);
    c.once("connect", () => {
      c.destroy();
      resolve(true);
    });
    c.once("error", () => resolve(false));
  });
}

function validSession(req: Request): Reply | null {
  if (!("session" in req) || SESSION_NAME.test(req.session)) return null;
  return { kind: "Error", pointer: "/session", message: "control.Request: at /session: expected 1 to 64 letters, digits, '.', '-' or '_'" };
}

/** Connections the kernel queues for the supervisor to accept (see `serve`). */
const CONNECT_BACKLOG = 4096;

export async function serve(path: string, wire: Wire, handler: Handler): Promise<Server> {
  if (await listening(path)) throw new ControlError(`another supervisor listens on ${path}; not starting`);
  try {
    unlinkSync(path);
  } catch {
    // no stale socket
  }
  const server = createServer((socket) => connection(socket, wire, handler));
  const old = process.umask(0o077);
  try {
    await new Promise<void>((resolve, reject) => {
      server.once("error", (e) => reject(new ControlError(`cannot listen on ${path}: ${e.message}`)));
      // A Unix socket refuses a connect outright (EAGAIN) once its accept queue is full, where
      // TCP would retry: a queue of 4 096 (the kernel caps it at net.core.somaxconn) lets a burst
      // of clients wait to be accepted rather than fail. Node's default is 511.
      server.listen({ path, backlog: CONNECT_BACKLOG }, () => resolve());
    });
  } finally {
    process.umask(old);
  }
  chmodSync(path, 0o600);
  return server;
}

/** Unsent reply bytes past which a connection is not read (its peer is not reading its replies). */
const SEND_HIGH = 1 << 20;
/** Requests read and not yet answered past which a connection is not read (a slow handler; never dropped for it). */
const QUEUE_HIGH = 256;
/** A connection past SEND_HIGH that sends nothing more for this long is dropped. */
const STUCK_MS = 10_000;
/** Unsent bytes past which a connection is dropped at once (pushed lines have no request to hold back). */
const SEND_CAP = 16 << 20;

/**
 * Back-pressure of one connection. A client that writes and never reads would otherwise make the
 * supervisor read every request and keep every reply: here reading pauses past the bounds and
 * resumes under them; a peer whose unsent replies stay past SEND_HIGH with no byte taken for
 * STUCK_MS, or pass SEND_CAP, is dropped, and what it held is freed with the socket.
 */
class Flow {
  /** Requests read, not yet answered. */
  queued = 0;
  private paused = false;
  private stuck: NodeJS.Timeout | null = null;

  constructor(private readonly socket: Socket) {
    socket.on("drain", () => this.regulate());
    socket.once("close", () => this.disarm());
  }

  regulate(): void {
    const s = this.socket;
    if (s.destroyed) return;
    const unsent = s.writableLength;
    if (unsent > SEND_CAP) return void s.destroy();
    if (unsent > SEND_HIGH) this.arm(unsent);
    else this.disarm();
    const over = unsent > SEND_HIGH || this.queued > QUEUE_HIGH;
    if (over !== this.paused) {
      this.paused = over;
      if (over) s.pause();
      else s.resume();
    }
  }

  private arm(unsent: number): void {
    if (this.stuck !== null) return;
    this.stuck = setTimeout(() => {
      this.stuck = null;
      // Some bytes were taken: the peer reads, slowly. None: it is gone or never reads.
      if (this.socket.writableLength >= unsent) this.socket.destroy();
      else this.regulate();
    }, STUCK_MS);
    this.stuck.unref();
  }

  private disarm(): void {
    if (this.stuck !== null) clearTimeout(this.stuck);
    this.stuck = null;
  }
}

function connection(socket: Socket, wire: Wire, handler: Handler): void {
  const flow = new Flow(socket);
  const conn: Connection = {
    socket,
    send: (m) => {
      if (socket.destroyed || !socket.writable) return false;
      socket.write(`${JSON.stringify(m)}\n`);
      flow.regulate();
      return true;
    },
  };
  let chunks: Buffer[] = [];
  let size = 0;
  let skipping = false;
  let chain: Promise<void> = Promise.resolve();
  const reply = async (line: Buffer): Promise<Reply> => {
    const decoded = wire.decode("control", "Request", line.toString("utf8"));
    if (!decoded.ok) return { kind: "Error", pointer: decoded.error.pointer, message: decoded.error.message };
    return validSession(decoded.value as Request) ?? (await handler(decoded.value as Request, conn));
  };
  const answer = (line: Buffer) => {
    flow.queued++;
    flow.regulate();
    chain = chain.then(async () => {
      let r: Reply;
      try {
        r = await reply(line);
      } catch (e) {
        r = { kind: "Error", pointer: "", message: `internal: ${(e as Error).message}` };
      }
      flow.queued--;
      conn.send(r);
    }).catch(() => {
      // A reply that cannot be written at all: end this connection, never the supervisor.
      socket.destroy();
    });
  };
  socket.on("data", (data: Buffer) => {
    let from = 0;
    for (;;) {
      const nl = data.indexOf(0x0a, from);
      const piece = data.subarray(from, nl < 0 ? data.length : nl);
      if (!skipping) {
        if (size + piece.length > MAX_LINE_BYTES) {
          skipping = true;
          chunks = [];
          size = 0;
          chain = chain.then(() => void conn.send({ kind: "Error", pointer: "", message: `control.Request: the line is longer than ${MAX_LINE_BYTES} bytes; skipped` }));
        } else {
          chunks.push(piece);
          size += piece.length;
        }
      }
      if (nl < 0) break;
      if (!skipping && size > 0) answer(Buffer.concat(chunks));
      skipping = false;
      chunks = [];
      size = 0;
      from = nl + 1;
    }
  });
  socket.on("error", () => socket.destroy());
}
