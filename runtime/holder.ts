// Runtime: a machine holder, the one place a running machine's state lives in the daemon. Each
// raw event goes through the wire; an accepted one replaces the state with the model's next
// state, a refused one changes nothing (the model is never called). A bounded trace of what
// happened (accepted events with their outputs, refused ones with their error) is kept for
// diagnosis and ITF export.

import type { GeneratedModel, MachineEntry, Result, Wire, WireError } from "./wire.js";

/** One dispatched event: accepted (with its output and rule) or refused (with the error). */
export type TraceEntry =
  | { readonly seq: number; readonly accepted: true; readonly event: unknown; readonly output: unknown; readonly rule: string }
  | { readonly seq: number; readonly accepted: false; readonly error: WireError };

export interface HolderOptions<S> {
  /** Start here instead of the machine's initial state (e.g. a state read back from disk). */
  readonly state?: S;
  /** How many trace entries to keep (the most recent); default 1000. */
  readonly traceLimit?: number;
}

/** A restored starting state that its schema refuses (the holder is not created). */
export class HolderStateError extends Error {
  override readonly name = "HolderStateError";
  constructor(readonly error: WireError) {
    super(`restored state refused: ${error.message}`);
  }
}

/**
 * A state read back from disk, checked as input: its schema first, then every invariant law of
 * the machine (a state no run could reach, such as a fixed-length list emptied, is refused with
 * the law's name, never stepped into a lost job).
 */
function restoredState(wire: Wire, module: string, gen: GeneratedModel, machine: string, raw: unknown): Result<unknown> {
  const name = `${machine}State`;
  const state = wire.decode(module, name, raw);
  if (!state.ok) return state;
  for (const [law, holds] of Object.entries(gen.machines[machine]?.invariants ?? {})) {
    let ok: boolean;
    try {
      ok = holds(state.value as never);
    } catch {
      ok = false;
    }
    if (!ok) {
      const expected = `a state that satisfies the invariant ${law}`;
      return { ok: false, error: { module, name, pointer: "", expected, message: `${module}.${name}: at the message: expected ${expected}, got a state that breaks it` } };
    }
  }
  return state;
}

export class MachineHolder<S = unknown, O = unknown> {
  /**
   * A holder starting from a restored state (JSON text or a value), validated against the
   * machine's state schema first: an ill-formed state is a WireError, never a verdict.
   */
  static restore<S = unknown, O = unknown>(
    wire: Wire, module: string, gen: GeneratedModel, machine: string, rawState: unknown, options: Omit<HolderOptions<S>, "state"> = {},
  ): Result<MachineHolder<S, O>> {
    const state = restoredState(wire, module, gen, machine, rawState);
    if (!state.ok) return state;
    return { ok: true, value: new MachineHolder<S, O>(wire, module, gen, machine, { ...options, state: state.value as S }) };
  }

  private current: S;
  private readonly entries: TraceEntry[] = [];
  private seq = 0;
  private readonly limit: number;
  private readonly entry: MachineEntry;

  constructor(
    private readonly wire: Wire,
    private readonly module: string,
    private readonly gen: GeneratedModel,
    private readonly machine: string,
    options: HolderOptions<S> = {},
  ) {
    const entry = gen.machines[machine];
    if (entry === undefined) throw new Error(`MachineHolder: module ${module} has no machine '${machine}'`);
    this.entry = entry;
    this.limit = Math.max(0, Math.floor(options.traceLimit ?? 1000));
    if (options.state !== undefined) {
      // A state read back from disk is input like any message: its schema checks it first.
      const checked = restoredState(wire, module, gen, machine, options.state);
      if (!checked.ok) throw new HolderStateError(checked.error);
      this.current = checked.value as S;
    } else this.current = entry.initial() as S;
  }

  /** The state now. */
  get state(): S {
    return this.current;
  }

  /** Events dispatched so far, accepted or refused. */
  get dispatched(): number {
    return this.seq;
  }

  /** Run one raw event (JSON text or a parsed value) through the wire and the model. */
  dispatch(rawEvent: unknown): Result<{ readonly state: S; readonly output: O; readonly rule: string }> {
    const seq = ++this.seq;
    const r = this.wire.step(this.module, this.gen, this.machine, this.current as never, rawEvent);
    if (!r.ok) {
      this.record({ seq, accepted: false, error: r.error });
      return r;
    }
    this.current = r.value.state as S;
    this.record({ seq, accepted: true, event: r.value.event, output: r.value.output, rule: r.value.rule });
    return { ok: true, value: { state: this.current, output: r.value.output as O, rule: r.value.rule } };
  }

  /** The kept trace, oldest first. */
  trace(): readonly TraceEntry[] {
    return this.limit === 0 ? [] : this.entries.slice(-this.limit);
  }

  /** The machine's initial state, from the generated model (for a reset by the caller). */
  initial(): S {
    return this.entry.initial() as S;
  }

  private record(e: TraceEntry): void {
    if (this.limit === 0) return;
    this.entries.push(e);
    // Dropping from the front of an array is O(n); trim in batches so dispatch stays O(1) amortised.
    if (this.entries.length >= this.limit * 2) this.entries.splice(0, this.entries.length - this.limit);
  }
}
