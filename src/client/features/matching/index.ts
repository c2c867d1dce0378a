// The matching feature's public entry: People to meet on the event page, its settings in the event dialogs,
// its numbers in Hosting, and the phrase chips of the profile.

export { matchingPaths } from "./api";
export { MatchmakingSettings, type MatchmakingValue, matchmakingValue } from "./matchmaking-settings";
export { MeetingStats } from "./meeting-stats";
export { PeopleToMeet } from "./people-to-meet";
