// The events feature's public entry: what other features may import from it (biome.json refuses deeper paths).

export {
  refreshAnswered,
  refreshEvents,
  useCancelEvent,
  useDecide,
  useRespond,
  useUndoAnswer,
  useUserEvents,
} from "./api";
export { eventKeys } from "./api/keys";
export { eventPaths } from "./api/paths";
export { useDistanceText } from "./distance";
export { EventCover } from "./event-cover";
export { WhenFields } from "./event-fields";
export { syncEvents } from "./live-sync";
