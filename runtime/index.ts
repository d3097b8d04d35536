export * from "./model.js";
export * from "./itf.js";
export * from "./wire.js";
export * from "./holder.js";
export * from "./clock.js";
export * from "./timeouts.js";
export * from "./schemas.js";
