// IR stage: one checked law module (one spec file) and the program of all modules.
// Names are resolved, types checked, constants evaluated. Emitters take a `Program`.

import type { Expr } from "./expr.js";
import type { Field, Span, Type, TypeDecl, TypeRef } from "./types.js";

/** A named constant. Base constants are literals; derived ones are expressions over others. */
export interface Constant {
  /** UPPER_SNAKE name, unique in its module. */
  readonly name: string;
  /** One-line documentation (why this value). */
  readonly doc: string;
  /** `nat`, `ms` or `bool`. */
  readonly type: Type;
  /** Value evaluated at generation (for derived constants, from `expr`). */
  readonly value: number | boolean;
  /** The defining expression of a derived constant; null for a base constant. */
  readonly expr: Expr | null;
  /**
   * Spec `param: env`: a parameter the operator sets from the environment (`STATUTE_<NAME>`);
   * implies `param`.
   */
  readonly overridable: boolean;
  /**
   * Spec `wire_bound: true`: the largest number the JSON wire carries, in this module and the
   * modules importing it (an unbounded nat, ms or int is bounded by it; a value past it means never).
   */
  readonly wireBound: boolean;
  /**
   * Spec `param: true` or `param: env`: a parameter of its module, a base value the world may
   * change (an operator's override, the worker count of a round). `value` is its default; every
   * generated target binds it per instance (TypeScript `instance(params)`, Lean arguments, Quint
   * `const`), explore and mutate run the instances the spec's `explore.params` names.
   */
  readonly param: boolean;
  /** A parameter's allowed values (spec `range`, else 0 to the wire bound); null for any other constant. */
  readonly range: { readonly min: number; readonly max: number } | null;
  /** The largest value over the parameters' ranges (type bounds fold with it); `value` when no parameter is read. */
  readonly widest: number | boolean;
  /** Source position. */
  readonly span: Span;
}

/** A local binding shared by the branches of one handler or the rules of one decision. */
export interface Let {
  /** Bound name. */
  readonly name: string;
  /** Its value, evaluated before the guards. Later lets may use earlier ones. */
  readonly value: Expr;
  /** Where it is written (its value in the YAML). */
  readonly span: Span;
}

/** An assignment `field := value` of a branch; unassigned fields keep their value. */
export interface Assign {
  /** State field name. */
  readonly field: string;
  /** New value, over `s`, `e` and the handler's lets (all read the state before the step). */
  readonly value: Expr;
}

/** One guarded branch of a machine handler. The first branch whose guard holds wins. */
export interface Branch {
  /** Rule id, unique in the module: `<Machine>.<Event>.<id>`. */
  readonly rule: string;
  /** The branch's own id as written in the spec. */
  readonly id: string;
  /** One-line documentation, may be empty. */
  readonly doc: string;
  /** Guard over `s`, `e` and the lets; null means always (only allowed as the last branch). */
  readonly guard: Expr | null;
  /** Assignments, in state field declaration order. */
  readonly assigns: readonly Assign[];
  /** Output value, of the machine's output type. */
  readonly emit: Expr;
  /** Source position of the branch. */
  readonly span: Span;
}

/** The branches run for one event variant. */
export interface Handler {
  /** Event variant name. */
  readonly event: string;
  /** Shared bindings, in order. */
  readonly lets: readonly Let[];
  /** Branches in order; the last one has no guard. */
  readonly branches: readonly Branch[];
}

/** A state machine. Its state, event and output types are declared in the module's `types`. */
export interface Machine {
  /** UpperCamelCase name, unique in its module. */
  readonly name: string;
  /** Documentation. */
  readonly doc: string;
  /** The state record type (named `<Machine>State`, declared in `types`). */
  readonly state: TypeRef;
  /** Initial value of each state field, in declaration order (constant expressions). */
  readonly init: readonly Assign[];
  /** The event union type (named `<Machine>Event`, declared in `types`). */
  readonly event: TypeRef;
  /** The output type. */
  readonly output: Type;
  /** One handler per event variant, in the event union's order. */
  readonly handlers: readonly Handler[];
  /** Spec `migrate`: how a state of the previous release becomes one of this machine; null when none is declared. */
  readonly migrate: Migration | null;
  /** Source position. */
  readonly span: Span;
}

/**
 * A state migration (spec `machines.<M>.migrate`): the state record the previous release wrote
 * (`from`) and an expression over `s`, a value of it, giving this machine's state. `statute
 * diff` runs it on every state the old model reaches; a newer daemon runs it on an older
 * journal's states. Emitters of the model itself never read it.
 */
export interface Migration {
  /** One-line documentation, may be empty. */
  readonly doc: string;
  /** The old state record's fields, in declaration order. */
  readonly from: readonly Field[];
  /** The synthesized record type of `s` (`<Machine>State.from`); never declared in `types`. */
  readonly fromType: TypeRef;
  /** This machine's state, over `s`. */
  readonly to: Expr;
  /** Source position. */
  readonly span: Span;
}

/** One row of a decision table. */
export interface Rule {
  /** Rule id, unique in the module: `<Decision>.<id>`. */
  readonly rule: string;
  /** The rule's own id as written in the spec. */
  readonly id: string;
  /** One-line documentation, may be empty. */
  readonly doc: string;
  /** Condition over `f` and the lets; null for the final `otherwise`. */
  readonly guard: Expr | null;
  /** The verdict. */
  readonly verdict: Expr;
  /** Source position. */
  readonly span: Span;
}

/** A pure function from a facts record to a verdict: first matching rule wins. */
export interface Decision {
  /** UpperCamelCase name, unique in its module. */
  readonly name: string;
  /** Documentation. */
  readonly doc: string;
  /** The facts record type (named `<Decision>Facts`, declared in `types`). */
  readonly facts: TypeRef;
  /** The verdict type. */
  readonly verdict: Type;
  /** Shared bindings over `f`, in order. */
  readonly lets: readonly Let[];
  /** Rules in order; the last one is `otherwise` (guard null). */
  readonly rules: readonly Rule[];
  /** Spec `override_check`: the runtime asks this decision at start whether overrides keep the relations; else null. */
  readonly overrideCheck: OverrideCheck | null;
  /** Source position. */
  readonly span: Span;
}

/**
 * A decision the runtime asks once at start, over the effective values of constants (after
 * environment overrides and derivation), whether the relations an override can break still hold.
 */
export interface OverrideCheck {
  /** The verdict (a variant without fields, or an enum member) that means every relation holds. */
  readonly accept: string;
  /** For each facts field, in declaration order, the constant whose effective value it takes. */
  readonly facts: readonly { readonly field: string; readonly constant: TypeRef }[];
}

/** What a law claims. Variables: `s` state, `e` event, `n` next state, `o` output, `f` facts, `v` verdict. */
export type LawBody =
  | {
      readonly kind: "order";
      /** A boolean over constants only, evaluated (and required true) at generation. */
      readonly expr: Expr;
    }
  | {
      readonly kind: "invariant";
      /** Machine whose every reachable state satisfies `expr`. */
      readonly machine: TypeRef;
      /** Boolean over `s`. */
      readonly expr: Expr;
    }
  | {
      readonly kind: "step";
      /** Machine whose every transition from a reachable state satisfies `expr`. */
      readonly machine: TypeRef;
      /** Restricts the law to one event variant (then `e` is that variant's payload), or null. */
      readonly event: string | null;
      /** Boolean over `s`, `e`, `n`, `o`. */
      readonly expr: Expr;
    }
  | {
      readonly kind: "decision";
      /** Decision whose every facts record satisfies `expr`. */
      readonly decision: TypeRef;
      /** Boolean over `f` and `v` (= the decision applied to `f`). */
      readonly expr: Expr;
    }
  | {
      readonly kind: "variant";
      /** Machine whose steps are measured. */
      readonly machine: TypeRef;
      /** Which steps must move the measure: boolean over `s`, `e`, `n`, `o`. */
      readonly when: Expr;
      /** A nat over a state. */
      readonly measure: Expr;
      /** The measure of `n` is strictly above (increases) or below (decreases) that of `s`. */
      readonly direction: "increases" | "decreases";
      /** No other step moves the measure the wrong way. */
      readonly monotone: boolean;
    }
  | {
      readonly kind: "progress";
      /** Machine whose reachable states are the starting points. */
      readonly machine: TypeRef;
      /** Where the claim starts: a boolean over `s`. */
      readonly from: Expr;
      /** What must be reached: a boolean over `s`. */
      readonly to: Expr;
      /**
       * The events that make progress, values of the machine's event union over the current
       * state `s`; every sequence of them reaches `to` within `within` steps.
       */
      readonly by: readonly Expr[];
      /** At most this many events. */
      readonly within: number;
    }
  | {
      readonly kind: "wire";
      /** The machine or decision whose JSON wire (facts/events in, verdict/state out) is meant. */
      readonly target: TypeRef;
      /** `machine` or `decision`. */
      readonly targetKind: "machine" | "decision";
    }
  | {
      readonly kind: "ffi";
      /** The machine or decision whose runtime entry must equal the model on every vector. */
      readonly target: TypeRef;
      /** `machine` or `decision`. */
      readonly targetKind: "machine" | "decision";
    };

/** A named law. */
export interface Law {
  /** Law name exactly as in LAWS.md; a family ends in `_*` (e.g. `restart_wire_*`). */
  readonly name: string;
  /** `name` without a trailing `_*`: a valid identifier for tests and Lean (`restart_wire`). */
  readonly ident: string;
  /** One-line statement in words. */
  readonly doc: string;
  /** What the law secures (from the seed's shared rules), may be empty. */
  readonly secures: string;
  /** Against which adversary (a crash loop, a clock that jumps, ...), may be empty. */
  readonly adversary: string;
  /** The claim. */
  readonly body: LawBody;
  /**
   * Why a premise of this law that no explored state or judged facts record meets is accepted
   * (spec key `vacuous`); empty when every premise must be met.
   */
  readonly vacuous: string;
  /** Source position. */
  readonly span: Span;
}

/** A concrete vector: a trace of events for a machine or a facts record for a decision. */
export type ExampleBody =
  | {
      readonly kind: "machine";
      /** The machine run from its initial state. */
      readonly machine: TypeRef;
      /** Events in order (values of the machine's event union). */
      readonly events: readonly Expr[];
      /** Expected output of each event, same length as `events`. */
      readonly outputs: readonly Expr[];
      /** Expected final state fields, or empty to not check the state. */
      readonly state: readonly Assign[];
    }
  | {
      readonly kind: "decision";
      /** The decision applied. */
      readonly decision: TypeRef;
      /** The facts record (a record literal). */
      readonly facts: Expr;
      /** Expected verdict. */
      readonly verdict: Expr;
    };

/** A named example. */
export interface Example {
  /** snake_case name, unique in its module. */
  readonly name: string;
  /** One-line explanation of the edge it pins. */
  readonly doc: string;
  /** The vector. */
  readonly body: ExampleBody;
  /** Source position. */
  readonly span: Span;
}

/** Finite domains for exhaustive exploration of one machine. */
export interface Explore {
  /** The machine explored. */
  readonly machine: TypeRef;
  /** Default search depth (number of events). */
  readonly depth: number;
  /** For each event variant explored: for each payload field, candidate values (over `s`). */
  readonly domains: readonly {
    /** Event variant. */
    readonly event: string;
    /** Per payload field, in declaration order. */
    readonly fields: readonly {
      readonly name: string;
      /** Candidate values, in order. */
      readonly values: readonly Expr[];
      /** For a domain written as a range `A..B` (constant expressions), its ends; `values` is every number of it. */
      readonly range: { readonly from: Expr; readonly to: Expr } | null;
    }[];
  }[];
  /**
   * State fields (lists of one length) whose rows are interchangeable workers: the explorer
   * counts states that differ only by a permutation of those rows once. Empty: no symmetry.
   */
  readonly symmetric: readonly string[];
  /** Source position. */
  readonly span: Span;
}

/** One checked spec file. */
export interface Module {
  /** lower_snake module name, equal to the file's base name. */
  readonly name: string;
  /** Spec file path relative to the repository root. */
  readonly file: string;
  /** Module documentation. */
  readonly doc: string;
  /** Decided points (project decisions where the seed is silent), each one sentence. */
  readonly decided: readonly string[];
  /** Modules this one imports from, sorted. */
  readonly imports: readonly string[];
  /** Constants in declaration order. */
  readonly constants: readonly Constant[];
  /** Named types in declaration order, machine state/event and decision facts types included. */
  readonly types: readonly TypeDecl[];
  /** Machines in declaration order. */
  readonly machines: readonly Machine[];
  /** Decisions in declaration order. */
  readonly decisions: readonly Decision[];
  /** Laws in declaration order. */
  readonly laws: readonly Law[];
  /** Examples in declaration order. */
  readonly examples: readonly Example[];
  /** Exploration settings, one per explored machine. */
  readonly explore: readonly Explore[];
  /**
   * The parameter instances explore, mutate and the conformance suite run (spec `explore.params`:
   * every combination of the listed values): the defaults (`{}`) first, then each instance as
   * the parameters it sets to other values than their defaults.
   */
  readonly instances: readonly Readonly<Record<string, number>>[];
  /** Mutants the spec declares equivalent, by mutant id, with the reason. */
  readonly equivalent: readonly { readonly mutant: string; readonly reason: string }[];
  /** Breaking changes against the last release declared on purpose (spec `breaking`): a change id of `statute diff` and why. */
  readonly breaking: readonly { readonly change: string; readonly reason: string }[];
  /**
   * Spec `read_by_older`: the types an older build must still decode (a newer client sends them
   * to an older daemon), so `statute diff` checks them in both directions; `*`: every type.
   */
  readonly readByOlder: readonly string[];
}

/** All modules, in dependency order (a module comes after those it imports). */
export interface Program {
  readonly modules: readonly Module[];
}
