// Runtime, codegen entry `statute/runtime/v1`: what generated TypeScript imports as `rt`. The model
// prelude only (Lean arithmetic, structural equality, bounded-list helpers, the Step/Decided
// shapes): no ajv, no `node:` module, no state, so a generated reducer bundles for any platform.
// Versioned so the prelude's insides can change without regenerating; a breaking change is v2.

export * from "./model.js";
