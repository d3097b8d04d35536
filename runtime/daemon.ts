// Runtime, entry `statute/daemon`: the helpers a daemon uses around the wire and the generated
// models: the schema loader (reads a directory, so it needs `node:fs`), the effective timeouts
// with their STATUTE_<NAME> overrides, and version ranks for the replace facts.

export * from "./schemas.js";
export * from "./timeouts.js";
export * from "./version.js";
export * from "./stamp.js";
