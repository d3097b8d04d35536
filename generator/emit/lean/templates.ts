// Emit stage (Lean): the handlebars templates of a Lean file and its declarations. They are
// logic-free: every string (doc comments, heads, bodies laid out by layout.ts) is prepared in
// the view model; templates only fix the shape. Compiled once with noEscape and strict.

import Handlebars from "handlebars";

const hb = Handlebars.create();
const compile = <T>(src: string) => hb.compile<T>(src, { noEscape: true, strict: true });

export interface ModuleView {
  readonly header: string;
  readonly imports: readonly string[];
  readonly doc: string;
  readonly namespace: string;
  /** Declarations, each already rendered; separated by one blank line. */
  readonly blocks: readonly string[];
}
export const moduleTemplate = compile<ModuleView>(`{{header}}
{{#each imports}}
import {{this}}
{{/each}}

/-!
{{doc}}
-/

namespace {{namespace}}
{{#each blocks}}

{{this}}
{{/each}}

end {{namespace}}
`);

export interface RootView {
  readonly header: string;
  readonly imports: readonly string[];
}
export const rootTemplate = compile<RootView>(`{{header}}
{{#each imports}}
import {{this}}
{{/each}}

/-!
# Statute

The generated Lean model of every law module: one namespace \`Statute.<Module>\` per spec file.
Hand-written proofs live in \`formal/\` and import these modules; they never edit them.
-/
`);

export interface CtorView {
  /** Doc comment at two columns, or empty. */
  readonly doc: string;
  /** `Restart (pause_ms : Nat)`, possibly over several lines. */
  readonly text: string;
}
export interface InductiveView {
  readonly doc: string;
  readonly name: string;
  readonly ctors: readonly CtorView[];
}
export const inductiveTemplate = compile<InductiveView>(`{{doc}}
inductive {{name}} where
{{#each ctors}}
{{#if doc}}
{{doc}}
{{/if}}
  | {{text}}
{{/each}}
  deriving Repr, BEq, DecidableEq`);

export interface FieldView {
  readonly doc: string;
  readonly name: string;
  readonly type: string;
}
export interface StructureView {
  readonly doc: string;
  readonly name: string;
  readonly fields: readonly FieldView[];
}
export const structureTemplate = compile<StructureView>(`{{doc}}
structure {{name}} where
{{#each fields}}
{{#if doc}}
{{doc}}
{{/if}}
  {{name}} : {{type}}
{{/each}}
  deriving Repr, BEq, DecidableEq`);

export interface DeclView {
  readonly doc: string;
  /** `def name (x : T) : U :=`, possibly over several lines. */
  readonly head: string;
  /** The body, already indented. */
  readonly body: string;
}
export const declTemplate = compile<DeclView>(`{{doc}}
{{head}}
{{body}}`);

export interface MachineRunView {
  readonly doc: string;
  readonly head: string;
  readonly step: string;
  readonly self: string;
}
/** Outputs of a run: structural recursion on the event list. */
export const runTemplate = compile<MachineRunView>(`{{doc}}
{{head}}
  | _, [] => []
  | s, e :: es =>
    let r := {{step}} s e
    r.2 :: {{self}} r.1 es`);

/** Final state of a run: structural recursion on the event list. */
export const finalTemplate = compile<MachineRunView>(`{{doc}}
{{head}}
  | s, [] => s
  | s, e :: es => {{self}} ({{step}} s e).1 es`);

export interface ReachableView {
  readonly doc: string;
  readonly name: string;
  /** ` (p : LauncherParams)` when the machine takes parameters, else empty. */
  readonly binders: string;
  /** The predicate applied to its parameters: `ReachableQuiesce p`, or the name alone. */
  readonly self: string;
  readonly state: string;
  readonly event: string;
  readonly initial: string;
  readonly step: string;
}
export const reachableTemplate = compile<ReachableView>(`{{doc}}
inductive {{name}}{{binders}} : {{state}} → Prop where
  /-- The initial state is reachable. -/
  | init : {{self}} {{initial}}
  /-- A step from a reachable state, on any event, reaches its next state. -/
  | step (s : {{state}}) (e : {{event}}) :
      {{self}} s → {{self}} ({{step}} s e).1`);
