// Daemon: restore notices, as notice's Notices machine decides them, one machine per session.
// A worker whose kernel started over a namespace snapshot says Restored: the Restore step stores
// one notice (and shows it live to an attached view). An Attach request makes its connection the
// session's view: the Attach step rebuilds the transcript from the stored notices, replacing what
// any view showed; the view's connection closing is the Detach. Every step is journaled, and a
// booting supervisor folds the journaled steps back (no view survives it: attached ones detach).

import type { Reply } from "../generated/ts/control.js";
import { initialNotices, type NoticeOutput, type NoticesState } from "../generated/ts/notice.js";
import type { Connection } from "./control.js";
import type { Decider } from "./decide.js";
import type { JournalRecord } from "./journal-format.js";

export class NoticeBook {
  private readonly states = new Map<string, NoticesState>();
  private readonly views = new Map<string, Connection>();
  private closed = false;

  constructor(private readonly decider: Decider) {}

  /** Fold the journaled Notices steps of an earlier supervisor; a view attached then is gone now. */
  recover(records: readonly JournalRecord[]): void {
    for (const r of records) {
      if (r.type === "decision" && r["module"] === "notice" && r["machine"] === "Notices" && typeof r["session"] === "string") {
        this.states.set(r["session"], r["next"] as NoticesState);
      }
    }
    for (const [session, s] of [...this.states].sort((a, b) => (a[0] < b[0] ? -1 : 1))) if (s.attached) this.step(session, { kind: "Detach" });
  }

  /** The supervisor shuts down on request: views are told, then let go without a step (the next boot detaches them). */
  close(reason: string): void {
    this.closed = true;
    for (const c of this.views.values()) {
      c.send({ kind: "Closing", reason });
      c.socket.end();
    }
    this.views.clear();
  }

  private step(session: string, event: Record<string, unknown>): NoticeOutput | null {
    if (this.closed) return null;
    const d = this.decider.step<NoticesState, NoticeOutput>(session, "notice", "Notices", this.states.get(session) ?? initialNotices(), event);
    if (d === null) return null;
    this.states.set(session, d.state);
    return d.output;
  }

  /** A kernel of `session` started over a snapshot: one notice stored, shown live if a view is attached. */
  restored(session: string): Reply {
    const out = this.step(session, { kind: "Restore" });
    if (out === "Full") return { kind: "Refused", reason: `session ${session} already stores the model's bound of restore notices` };
    if (out === "Shown") {
      const id = (this.states.get(session)?.view ?? []).at(-1) ?? 0;
      this.views.get(session)?.send({ kind: "Notice", session, id });
    }
    return { kind: "Ok" };
  }

  /** `conn` becomes the session's view; the reply is its whole transcript, rebuilt from the stored notices. */
  attach(session: string, conn: Connection): Reply {
    const before = this.views.get(session);
    this.step(session, { kind: "Attach" });
    this.views.set(session, conn);
    if (before !== conn) {
      conn.socket.once("close", () => {
        if (this.views.get(session) !== conn) return;
        this.views.delete(session);
        this.step(session, { kind: "Detach" });
      });
    }
    return { kind: "Transcript", session, notices: [...(this.states.get(session)?.view ?? [])] };
  }
}
