// Daemon, both sides of the control socket: the lines a worker or an attached view reads from
// its supervisor, decoded by the generated control validators (generated/validate/control.mjs)
// like every line the supervisor reads. A line that is none of the kinds expected there
// (malformed JSON, an unknown kind, a field out of its type or range) is null: dropped whole,
// never half-read into a gate, a timer or a transcript.

import type { Reply, ToView, ToWorker } from "../generated/ts/control.js";
import type { Wire } from "../runtime/index.js";

/** A line to a worker: unasked (ToWorker) or the reply to one of its requests. */
export type SupervisorLine = ToWorker | Reply;

/** A line to an attached view: a live notice or closing (ToView), or the reply to its Attach. */
export type ViewLine = ToView | Reply;

export function readSupervisorLine(wire: Wire, line: string): SupervisorLine | null {
  const unasked = wire.decode("control", "ToWorker", line);
  if (unasked.ok) return unasked.value as ToWorker;
  return readReply(wire, line);
}

export function readViewLine(wire: Wire, line: string): ViewLine | null {
  const live = wire.decode("control", "ToView", line);
  if (live.ok) return live.value as ToView;
  return readReply(wire, line);
}

function readReply(wire: Wire, line: string): Reply | null {
  const reply = wire.decode("control", "Reply", line);
  return reply.ok ? (reply.value as Reply) : null;
}
