// The groups feature's public entry: what other features may import from it (biome.json refuses deeper paths).
export { addMessagesToCache, useInvite, useJoinInvite } from "./api";
export { syncGroups } from "./live-sync";
