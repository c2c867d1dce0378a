import type { Position } from "@/lib/native";

export const nearbyKeys = {
  /** The device position, read once per visit through the browser or the native bridge. */
  position: ["nearby", "position"] as const,
  users: (at: Position) => ["nearby", "users", at.latitude, at.longitude] as const,
  events: (at: Position) => ["nearby", "events", at.latitude, at.longitude] as const,
};
