// Daemon: the one door to the generated models. Each call goes through the runtime wire, and the
// answer is journaled (module, decision or machine, rule id, facts or state and event, verdict,
// the digest of the model and the parameters of the instance that answered) and fsync'ed before it is returned, so the
// daemon acts only on a journaled verdict, and the audit can replay every one with the same
// numbers. A fact the wire refuses is journaled too, and nothing is acted on. The parameters of
// a module are this process's effective timeouts (`paramsOf`), over which a call may bind more
// (the worker count of an idle-shutdown round).

import type { Journal } from "./journal.js";
import { digestOf, type ModuleName, modelOf, type Params } from "./config.js";
import type { Wire } from "../runtime/index.js";

export class Decider {
  constructor(
    private readonly journal: Journal,
    private readonly wire: Wire,
    /** The module's parameters in this process (null: none reach it). */
    private readonly params: (module: ModuleName) => Params | null,
  ) {}

  private bind(module: ModuleName, more: Params): { params: Params | null; fields: Readonly<Record<string, unknown>> } {
    const base = this.params(module);
    const params = base === null ? null : { ...base, ...more };
    // The digest names the model that answers, so a later build's audit knows whose record it is.
    return { params, fields: { digest: digestOf(module), ...(params === null ? {} : { params }) } };
  }

  /** The initial state of a machine of `module`, from the instance bound to this process's parameters. */
  initial<S>(module: ModuleName, machine: string, more: Params = {}): S {
    const m = modelOf(module, this.bind(module, more).params).machines[machine];
    if (m === undefined) throw new Error(`${module}: no machine ${machine}`);
    return m.initial() as S;
  }

  /** Ask a decision; null when the facts were refused (journaled as `fact_refused`). */
  decide<V>(session: string | null, module: ModuleName, decision: string, facts: unknown, extra: Readonly<Record<string, unknown>> = {}, more: Params = {}): { verdict: V; rule: string } | null {
    const { params, fields } = this.bind(module, more);
    const gen = modelOf(module, params);
    const r = this.wire.decide(module, gen, decision as never, facts);
    if (!r.ok) {
      this.journal.append("fact_refused", { session, module, decision, facts, pointer: r.error.pointer, message: r.error.message });
      return null;
    }
    this.journal.append("decision", { session, module, decision, facts, verdict: r.value.verdict, rule: r.value.rule, ...fields, ...extra });
    return { verdict: r.value.verdict as V, rule: r.value.rule };
  }

  /** Step a machine from `state`; null when the event was refused (journaled as `fact_refused`). */
  step<S, O>(session: string | null, module: ModuleName, machine: string, state: S, event: unknown, more: Params = {}): { state: S; output: O; rule: string } | null {
    const { params, fields } = this.bind(module, more);
    const gen = modelOf(module, params);
    const r = this.wire.step(module, gen, machine as never, state as never, event);
    if (!r.ok) {
      this.journal.append("fact_refused", { session, module, machine, event, pointer: r.error.pointer, message: r.error.message });
      return null;
    }
    this.journal.append("decision", { session, module, machine, state, event, verdict: r.value.output, rule: r.value.rule, next: r.value.state, ...fields });
    return { state: r.value.state as S, output: r.value.output as O, rule: r.value.rule };
  }
}
