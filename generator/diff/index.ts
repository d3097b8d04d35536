// Diff stage entry: one release of the specs against the next, per module: the wire (wire.ts),
// the persisted states (state.ts), behaviour (behaviour.ts) and the laws (laws.ts), and which
// breaking changes the new spec declares (`breaking:`). Pure over two checked programs; the CLI
// (generator/cli/diff.ts) loads them and prints.

import type { Program } from "../ir/module.js";
import type { Value } from "../interpret/value.js";
import { diffBehaviour, type BehaviourEntry } from "./behaviour.js";
import { diffLaws, type LawEntry } from "./laws.js";
import { diffStates, reachOld, type StateReport } from "./state.js";
import { diffWire, twoWay, type Side, type WireEntry } from "./wire.js";

export { claimText } from "./laws.js";
export { migrateState } from "./state.js";

/** One breaking change: its id (a type, variant or field path), what it is, and the declaration that covers it. */
export interface Breaking {
  readonly id: string;
  readonly detail: string;
  /** The reason of the new spec's `breaking:` entry that covers it; null: undeclared. */
  readonly declared: string | null;
  /** For a state that does not carry over: the old state. */
  readonly state?: Value;
}

export interface ModuleDiff {
  readonly module: string;
  /** `same`: its spec text and its imports' are byte-identical in both releases, so nothing was compared. */
  readonly status: "added" | "removed" | "same" | "compared";
  readonly wire: readonly WireEntry[];
  readonly states: readonly StateReport[];
  readonly behaviour: readonly BehaviourEntry[];
  readonly laws: readonly LawEntry[];
  readonly breaking: readonly Breaking[];
  /** `breaking:` entries of the new spec that cover no change found (left from an earlier release). */
  readonly unused: readonly string[];
}

export interface DiffReport {
  readonly modules: readonly ModuleDiff[];
  /** Breaking changes no `breaking:` entry declares, over every module: the exit code's reason. */
  readonly undeclared: number;
}

/** Whether a declared change id covers a found one: the same path, or a path above it. */
export function covers(declared: string, id: string): boolean {
  return id === declared || id.startsWith(`${declared}.`) || id.startsWith(`${declared}[`);
}

function compare(old: Side, now: Side, both: ReadonlySet<string>): ModuleDiff {
  const wire = diffWire(old, now, both);
  const reached = reachOld(old);
  const states = diffStates(old, now, reached);
  const { entries: behaviour, bindings } = diffBehaviour(old, now, reached);
  const laws = diffLaws(old, now, bindings);
  const found: Omit<Breaking, "declared">[] = [
    ...wire.flatMap((w) => w.breaking),
    ...states.flatMap((s) => {
      if (s.first === null) return [];
      const state = now.module.machines.find((m) => m.name === s.machine)?.state.name ?? s.machine;
      return [{ id: state, detail: `${s.failed} of ${s.states} old states of ${s.machine} do not carry over (${s.through}); the first: ${s.first.reason}`, state: s.first.state }];
    }),
  ];
  const declared = now.module.breaking;
  const breaking = found.map((b) => ({ ...b, declared: declared.find((d) => covers(d.change, b.id))?.reason ?? null }));
  const unused = declared.filter((d) => !found.some((b) => covers(d.change, b.id))).map((d) => d.change);
  return { module: now.module.name, status: "compared", wire, states, behaviour, laws, breaking, unused };
}

/** `same`: modules known to be identical in both releases (by their spec texts), skipped. */
export function diffPrograms(old: Program, now: Program, same: ReadonlySet<string> = new Set()): DiffReport {
  const modules: ModuleDiff[] = [];
  const empty = { wire: [], states: [], behaviour: [], laws: [], unused: [] };
  const both = twoWay(now);
  for (const m of now.modules) {
    const before = old.modules.find((x) => x.name === m.name);
    if (before === undefined) modules.push({ module: m.name, status: "added", ...empty, breaking: [] });
    else if (same.has(m.name)) modules.push({ module: m.name, status: "same", ...empty, breaking: [] });
    else modules.push(compare({ program: old, module: before }, { program: now, module: m }, both));
  }
  for (const m of old.modules) {
    if (now.modules.some((x) => x.name === m.name)) continue;
    modules.push({ module: m.name, status: "removed", ...empty, breaking: [{ id: m.name, detail: `module ${m.name} removed: nothing it wrote decodes`, declared: null }] });
  }
  const undeclared = modules.reduce((n, m) => n + m.breaking.filter((b) => b.declared === null).length, 0);
  return { modules, undeclared };
}
