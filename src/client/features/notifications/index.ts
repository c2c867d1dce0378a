// The notifications feature's public entry: what other features may import from it (biome.json refuses deeper paths).
export { NotificationBell } from "./notification-bell";
