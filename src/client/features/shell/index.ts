// The shell feature's public entry: what other features may import from it (biome.json refuses deeper paths).

export { isUnreachable, MissingScreen, NotSavedOffline } from "./missing-screen";
export { useOnline } from "./use-online";
