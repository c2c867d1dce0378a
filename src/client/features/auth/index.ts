// The auth feature's public entry: what other features may import from it (biome.json refuses deeper paths).
export { updateCurrentUser } from "./api/current-user";
export { authKeys } from "./api/keys";
export { authPathFor, eventJoinPath } from "./redirect";
export { signOutLocally } from "./sign-out-locally";
export { useAuth } from "./use-auth";
