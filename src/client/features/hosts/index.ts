// The hosts feature's public entry: what other features may import from it (biome.json refuses deeper paths).
export { PublicPageSettings } from "./public-page-settings";
