export { mapsRoutes } from "./routes";
export { mapHosts, styleOrigins } from "./service";
