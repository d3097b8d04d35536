// Daemon: the control socket. A Unix socket in a 0700 runtime folder, mode 0600, one JSON
// message per line. Each line is decoded as control.Request with the generated schema; a
// malformed, oversized or unknown message gets one Error reply with the JSON pointer of the
// fault, and the connection and the supervisor's state are untouched. Replies keep the order of
// the requests on each connection. A dead peer (EPIPE, reset) ends only its connection.

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

function connection(socket: Socket, wire: Wire, handler: Handler): void {
  const conn: Connection = {
    socket,
    send: (m) => {
      if (socket.destroyed || !socket.writable) return false;
      socket.write(`${JSON.stringify(m)}\n`);
      return true;
    },
  };
  let chunks: Buffer[] = [];
  let size = 0;
  let skipping = false;
  let chain: Promise<void> = Promise.resolve();
  const answer = (line: Buffer) => {
    chain = chain.then(async () => {
      const decoded = wire.decode("control", "Request", line.toString("utf8"));
      let reply: Reply;
      if (!decoded.ok) reply = { kind: "Error", pointer: decoded.error.pointer, message: decoded.error.message };
      else reply = validSession(decoded.value as Request) ?? (await handler(decoded.value as Request, conn));
      conn.send(reply);
    }).catch((e: unknown) => {
      conn.send({ kind: "Error", pointer: "", message: `internal: ${(e as Error).message}` });
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
