// Daemon: the one door to the generated models. Each call goes through the runtime wire, and the
// answer is journaled (module, decision or machine, rule id, facts or state and event, verdict)
// and fsync'ed before it is returned, so the daemon acts only on a journaled verdict, and the
// audit can replay every one. A fact the wire refuses is journaled too, and nothing is acted on.

import type { Journal } from "./journal.js";
import { type ModuleName, models } from "./config.js";
import type { GeneratedModel, Wire } from "../runtime/index.js";

export class Decider {
  constructor(
    private readonly journal: Journal,
    private readonly wire: Wire,
  ) {}

  /** Ask a decision; null when the facts were refused (journaled as `fact_refused`). */
  decide<V>(session: string | null, module: ModuleName, decision: string, facts: unknown, extra: Readonly<Record<string, unknown>> = {}): { verdict: V; rule: string } | null {
    const gen = models[module] as unknown as GeneratedModel;
    const r = this.wire.decide(module, gen, decision as never, facts);
    if (!r.ok) {
      this.journal.append("fact_refused", { session, module, decision, facts, pointer: r.error.pointer, message: r.error.message });
      return null;
    }
    this.journal.append("decision", { session, module, decision, facts, verdict: r.value.verdict, rule: r.value.rule, ...extra });
    return { verdict: r.value.verdict as V, rule: r.value.rule };
  }

  /** Step a machine from `state`; null when the event was refused (journaled as `fact_refused`). */
  step<S, O>(session: string | null, module: ModuleName, machine: string, state: S, event: unknown): { state: S; output: O; rule: string } | null {
    const gen = models[module] as unknown as GeneratedModel;
    const r = this.wire.step(module, gen, machine as never, state as never, event);
    if (!r.ok) {
      this.journal.append("fact_refused", { session, module, machine, event, pointer: r.error.pointer, message: r.error.message });
      return null;
    }
    this.journal.append("decision", { session, module, machine, state, event, verdict: r.value.output, rule: r.value.rule, next: r.value.state });
    return { state: r.value.state as S, output: r.value.output as O, rule: r.value.rule };
  }
}
