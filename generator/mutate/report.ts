// Mutate stage: the law-strength report, `spec/law-strength.json`. Mutation takes a minute, far
// too long for every `gen`, so `statute mutate --write` records its findings beside the specs,
// like a lock file, and `gen` reads them into the law table; `statute mutate --check` (in CI)
// fails when the file is not what the specs give now. The text is deterministic: modules and
// laws in declaration order, mutant ids sorted by code unit, no timings.

import { existsSync, readFileSync } from "node:fs";
import type { LawStrength, ModuleScore } from "./index.js";

/** What the report says of one law: its LawStrength, keyed by the law's name. */
export type LawReport = Omit<LawStrength, "law">;

export interface ModuleReport {
  /** Mutants scored (verified equivalents left out). */
  readonly scored: number;
  /** Killed by the laws alone. */
  readonly laws_only: number;
  /** Killed by laws or examples. */
  readonly with_examples: number;
  readonly laws: Readonly<Record<string, LawReport>>;
}

export type StrengthReport = Readonly<Record<string, ModuleReport>>;

/** The file name, relative to the spec folder. */
export const STRENGTH_FILE = "law-strength.json";

const byCodeUnit = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

export function strengthReport(scores: readonly ModuleScore[]): StrengthReport {
  const out: Record<string, ModuleReport> = {};
  for (const s of scores) {
    const laws: Record<string, LawReport> = {};
    for (const l of s.laws) laws[l.law] = { kind: l.kind, unmet: l.unmet, accepted: l.accepted, only: [...l.only].sort(byCodeUnit) };
    out[s.module] = { scored: s.scored, laws_only: s.killedByLaws, with_examples: s.killed, laws };
  }
  return out;
}

export function renderStrength(report: StrengthReport): string {
  return `${JSON.stringify(report, null, 2)}\n`;
}

/** The report on disk, or an empty one when there is none (or it cannot be read as one). */
export function readStrength(path: string): StrengthReport {
  if (!existsSync(path)) return {};
  try {
    const parsed: unknown = JSON.parse(readFileSync(path, "utf8"));
    return typeof parsed === "object" && parsed !== null && !Array.isArray(parsed) ? (parsed as StrengthReport) : {};
  } catch {
    return {};
  }
}
