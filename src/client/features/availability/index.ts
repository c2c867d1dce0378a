// The availability feature's public entry: what other features may import from it (biome.json refuses deeper paths).
export { availabilityKeys, useAvailability } from "./api";
export { AvailabilityWidget } from "./availability-widget";
