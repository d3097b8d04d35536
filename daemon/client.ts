// Daemon: a minimal control client: one request line, one reply line, over the Unix socket.
// Used by the `statute-supervisor` commands and by the tests.

import { connect } from "node:net";

export class ClientError extends Error {
  override readonly name = "ClientError";
}

/** Send one line (a value is JSON-encoded) and resolve with the parsed reply line. */
export function request(path: string, message: unknown, timeoutMs = 10_000): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    const c = connect(path);
    let buf = "";
    const timer = setTimeout(() => {
      c.destroy();
      reject(new ClientError(`no answer on ${path} within ${timeoutMs} ms`));
    }, timeoutMs);
    c.once("connect", () => c.write(typeof message === "string" ? `${message}\n` : `${JSON.stringify(message)}\n`));
    c.on("data", (d) => {
      buf += d.toString("utf8");
      const nl = buf.indexOf("\n");
      if (nl < 0) return;
      clearTimeout(timer);
      c.end();
      try {
        resolve(JSON.parse(buf.slice(0, nl)) as Record<string, unknown>);
      } catch {
        reject(new ClientError(`the answer on ${path} is not JSON: ${JSON.stringify(buf.slice(0, Math.min(nl, 200)))}`));
      }
    });
    c.once("error", (e) => {
      clearTimeout(timer);
      reject(new ClientError(`no supervisor on ${path}: ${e.message}`));
    });
  });
}
