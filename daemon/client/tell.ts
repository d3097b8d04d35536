// Client: what the user is told when the daemon is kept. This is the one place that turns the
// Replacement verdict's Tell into text. Until spec/replace.yaml renders its messages (the `msgs`
// work), the text is the verdict's name with the two builds; switch `tellText` to the rendered
// message then, and nothing else changes.

import type { Tell } from "../../generated/ts/replace.js";

export interface TellFacts {
  readonly client: string;
  readonly daemon: string;
}

export function tellText(tell: Tell, f: TellFacts): string | null {
  if (tell === "Silent") return null;
  return `${tell} (this client ${f.client}, the running daemon ${f.daemon})`;
}
