// The sets of texts of one area of the app, by namespace (the catalogs es/matching.ts and ar/matching.ts translate them).
import {
  MATCH_REASON_TEXTS,
  MATCHING_RULES_TEXTS,
  MATCHING_TEXTS,
  MATCHMAKING_SETTINGS_TEXTS,
  MEETING_NOTICE_TEXTS,
  PEOPLE_TO_MEET_TEXTS,
} from "../../matching-texts";

export const MATCHING_NAMESPACES = {
  matching: MATCHING_TEXTS,
  matchingRules: MATCHING_RULES_TEXTS,
  matchReasons: MATCH_REASON_TEXTS,
  meetingNotices: MEETING_NOTICE_TEXTS,
  peopleToMeet: PEOPLE_TO_MEET_TEXTS,
  matchmakingSettings: MATCHMAKING_SETTINGS_TEXTS,
};
