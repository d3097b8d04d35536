// IR stage: the typed intermediate representation, the contract between the checker and every
// emitter, the interpreter, the explorer and the mutator.

export * from "./types.js";
export * from "./expr.js";
export * from "./module.js";
export * from "./walk.js";
export * from "./print.js";
