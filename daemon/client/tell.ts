// Client: what the user is told when the daemon is kept. The text is replace's TellMessage
// decision, journaled like every other verdict: the client only supplies the facts (its command
// name and the two versions as written, `?` for one that is missing).

import type { Tell } from "../../generated/ts/replace.js";
import type { Decider } from "../decide.js";

/** The command a user runs, <app> in the seed's sentence ("update or run <app> shutdown"). */
export const APP = "statute-client";

export interface TellFacts {
  readonly client: string | undefined;
  readonly daemon: string | undefined;
}

/** The rendered message for a Tell, or null when the model says nothing (Silent renders ""). */
export function tellText(d: Decider, tell: Tell, f: TellFacts): string | null {
  const facts = { tell, app: APP, client_version: f.client ?? "?", daemon_version: f.daemon ?? "?" };
  const v = d.decide<string>(null, "replace", "TellMessage", facts);
  if (v === null) return `(${tell}: the message facts were refused)`;
  return v.verdict === "" ? null : v.verdict;
}
