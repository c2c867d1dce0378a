// The settings feature's public entry: what other features may import from it (biome.json refuses deeper paths).
export { disablePush, pushSupport } from "./web-push";
