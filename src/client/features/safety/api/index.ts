export * from "./blocks";
export * from "./keys";
export * from "./moderation";
export * from "./report";
