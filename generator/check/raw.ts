// Check stage: the shape of a spec file's plain value once it has passed the meta-schema.
// Mirrors generator/spec.schema.json; the checker reads these, never `unknown`.

export type RawExpr = string | number | boolean;
export type RawField = string | { type: string; doc?: string };
export interface RawVariant {
  doc?: string;
  fields?: Record<string, RawField>;
}

export interface RawSpec {
  module: string;
  doc: string;
  decided?: string[];
  imports?: Record<string, string[]>;
  constants?: Record<string, { type: "nat" | "ms" | "bool"; value?: RawExpr; expr?: string; doc: string; override?: boolean; wire_bound?: boolean; param?: boolean | "env"; range?: string }>;
  types?: Record<string, { doc?: string; enum?: string[]; record?: Record<string, RawField>; fallback?: Record<string, RawExpr>; union?: Record<string, RawVariant | null> }>;
  machines?: Record<string, RawMachine>;
  decisions?: Record<string, RawDecision>;
  laws?: Record<string, RawLaw>;
  examples?: RawExample[];
  explore?: Record<string, { depth: number; events: Record<string, Record<string, RawExpr[] | string> | null>; symmetric?: string[] }>;
  equivalent?: { mutant: string; reason: string }[];
  breaking?: { change: string; reason: string }[];
  read_by_older?: string[];
}

export interface RawMachine {
  doc: string;
  state: Record<string, { type: string; init: RawExpr; doc?: string }>;
  events: Record<string, RawVariant | null>;
  output: string;
  on: Record<string, { let?: Record<string, RawExpr>; branches: RawBranch[] }>;
  migrate?: { doc?: string; from: Record<string, RawField>; to: RawExpr };
}

export interface RawBranch {
  id: string;
  doc?: string;
  when?: RawExpr;
  set?: Record<string, RawExpr>;
  emit: RawExpr;
}

export interface RawDecision {
  doc: string;
  facts: Record<string, RawField>;
  verdict: string;
  let?: Record<string, RawExpr>;
  rules: { id: string; doc?: string; when?: RawExpr; then?: RawExpr; otherwise?: RawExpr }[];
  override_check?: { accept: string; facts: Record<string, string> };
}

export interface RawLaw {
  doc: string;
  secures?: string;
  adversary?: string;
  order?: string;
  invariant?: { machine: string; holds: string };
  step?: { machine: string; event?: string; holds: string };
  decision?: { decision: string; holds: string };
  variant?: { machine: string; when: string; measure: string; direction: "increases" | "decreases"; monotone?: boolean };
  progress?: { machine: string; from: string; to: string; by: RawExpr[]; within: number };
  vacuous?: string;
  wire?: string;
  ffi?: string;
}

export interface RawExample {
  name: string;
  doc?: string;
  machine?: string;
  events?: RawExpr[];
  outputs?: RawExpr[];
  state?: Record<string, RawExpr>;
  decision?: string;
  facts?: Record<string, RawExpr>;
  verdict?: RawExpr;
}
