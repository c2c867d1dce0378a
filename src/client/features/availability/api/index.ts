export * from "./availability";
export * from "./keys";
