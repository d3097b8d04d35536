// Daemon: the audit. Every journaled decision is asked again of the generated model through
// the wire, with the journaled facts (or state and event), and must give the journaled verdict,
// rule and next state; the restart budgets are replayed record by record (crossing a reboot only
// by a journaled CarryBudget), so a journaled state that no sequence of journaled failures leads
// to is reported too. A rotated journal is read as its chain of archives and journal; every
// snapshot must equal the replay of the records before it, when those are still on disk. The
// audit reads and never writes, so it also reads journals of the earlier, header-less build. A
// decision record names the digest of the model that made it: one of another build's model is
// counted (by module and digest), never replayed with this build's rules nor reported as a
// disagreement; a record without a digest (written before digests) is replayed as before.

import type { GeneratedModel, Wire } from "../runtime/index.js";
import { type ModuleName, modelOf, models, type Params } from "./config.js";
import { readChain } from "./journal-chain.js";
import { type JournalRecord, JournalError } from "./journal-format.js";
import { Fold, foreign, refusedAt } from "./replay.js";

export interface AuditReport {
  readonly records: number;
  /** Files read: the archives of earlier rotations, then the journal. */
  readonly segments: number;
  readonly decisions: number;
  readonly tornBytes: number;
  /** Segments an earlier build wrote, without a format header (read all the same). */
  readonly headerless: number;
  readonly disagreements: readonly string[];
  /** Decision records another build's model wrote (their digest is not this build's), by module and digest: counted, never replayed. */
  readonly otherModels: readonly { readonly module: string; readonly digest: string; readonly records: number }[];
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

function again(r: JournalRecord, wire: Wire): string | null {
  const module = r["module"] as string;
  if (!Object.hasOwn(models, module)) return `record ${r.seq}: unknown module ${module}`;
  // The instance that answered: the journaled parameters (a record of an older build has none: the defaults).
  const params = (r["params"] ?? null) as Params | null;
  let gen: GeneratedModel;
  try {
    gen = modelOf(module as ModuleName, params);
  } catch (e) {
    return `record ${r.seq}: ${module}: the journaled parameters are refused: ${(e as Error).message}`;
  }
  if (typeof r["decision"] === "string") {
    const d = wire.decide(module, gen, r["decision"] as never, r["facts"]);
    if (!d.ok) return `record ${r.seq}: ${module}.${r["decision"]}: the journaled facts are refused: ${d.error.message}`;
    if (!same(d.value.verdict, r["verdict"]) || d.value.rule !== r["rule"]) {
      return `record ${r.seq}: ${module}.${r["decision"]} answers ${JSON.stringify(d.value.verdict)} by ${d.value.rule}, journaled ${JSON.stringify(r["verdict"])} by ${String(r["rule"])}`;
    }
    return null;
  }
  const s = wire.step(module, gen, r["machine"] as never, r["state"] as never, r["event"]);
  if (!s.ok) return `record ${r.seq}: ${module}.${String(r["machine"])}: the journaled event is refused: ${s.error.message}`;
  if (!same(s.value.output, r["verdict"]) || s.value.rule !== r["rule"] || !same(s.value.state, r["next"])) {
    return `record ${r.seq}: ${module}.${String(r["machine"])} steps to ${JSON.stringify(s.value.output)} by ${s.value.rule}, journaled ${JSON.stringify(r["verdict"])} by ${String(r["rule"])}`;
  }
  return null;
}

export function audit(path: string, wire: Wire): AuditReport {
  const chain = readChain(path, { headerless: true });
  const disagreements: string[] = [];
  const fold = new Fold(wire);
  let decisions = 0;
  const others = new Map<string, { module: string; digest: string; records: number }>();
  for (const [i, r] of chain.records.entries()) {
    try {
      fold.apply(r);
    } catch (e) {
      // A record this build cannot read is refused where it lies, never skipped.
      if (!(e instanceof JournalError)) throw e;
      const at = chain.places[i];
      throw refusedAt(e, at?.file ?? path, at?.offset ?? -1);
    }
    if (r.type !== "decision") continue;
    if (foreign(r)) {
      const key = `${String(r["module"])} ${String(r["digest"])}`;
      const o = others.get(key) ?? { module: String(r["module"]), digest: String(r["digest"]), records: 0 };
      others.set(key, { ...o, records: o.records + 1 });
      continue;
    }
    decisions++;
    const d = again(r, wire);
    if (d !== null) disagreements.push(d);
  }
  disagreements.push(...fold.disagreements);
  const otherModels = [...others.values()].sort((a, b) => (a.module + a.digest < b.module + b.digest ? -1 : 1));
  return { records: chain.records.length, segments: chain.segments, decisions, tornBytes: chain.tornBytes, headerless: chain.headerless, disagreements, otherModels };
}
