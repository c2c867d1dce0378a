// The account feature's public entry: what other features may import from it (biome.json refuses deeper paths).
export { AccountControls } from "./account-controls";
