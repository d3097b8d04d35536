// Runtime, entry `statute`: every runtime entry at once, for the daemon and the tests of this
// repository. Generated code never imports this file (it would pull in ajv and node:fs); it
// imports the codegen entry `statute/runtime/v1`. The split entries are listed in package.json.

export * from "./v1.js";
export * from "./wire.js";
export * from "./holder.js";
export * from "./clock.js";
export * from "./itf.js";
export * from "./daemon.js";
export * from "./instance.js";
