export * from "./friend-action";
export * from "./friend-status";
export * from "./friends";
export * from "./invite-friend";
export * from "./keys";
export * from "./open-direct-message";
export * from "./update-profile";
export * from "./user-profile";
