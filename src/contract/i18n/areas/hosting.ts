// The sets of texts of one area of the app, by namespace (the catalogs es/hosting.ts and ar/hosting.ts translate them).
import { FRIEND_RULES_TEXTS } from "../../friends";
import { HOSTING_RULES_TEXTS } from "../../hosting";
import { HOST_TOOLS_TEXTS, HOSTING_GUEST_TEXTS, HOSTING_SERIES_TEXTS, HOSTING_TEXTS } from "../../hosting-texts";
import { EDIT_PROFILE_TEXTS, FRIENDS_TEXTS, PROFILE_TEXTS } from "../../profile-texts";
import { BLOCK_TEXTS, MODERATION_TEXTS, REPORT_REASON_LABELS, REPORT_TEXTS, SAFETY_TEXTS } from "../../safety-texts";
import { USER_RULES_TEXTS } from "../../users";

export const HOSTING_NAMESPACES = {
  hosting: HOSTING_TEXTS,
  hostingRules: HOSTING_RULES_TEXTS,
  hostingSeries: HOSTING_SERIES_TEXTS,
  hostTools: HOST_TOOLS_TEXTS,
  hostingGuest: HOSTING_GUEST_TEXTS,
  profile: PROFILE_TEXTS,
  editProfile: EDIT_PROFILE_TEXTS,
  profileFriends: FRIENDS_TEXTS,
  userRules: USER_RULES_TEXTS,
  friendRules: FRIEND_RULES_TEXTS,
  block: BLOCK_TEXTS,
  safety: SAFETY_TEXTS,
  report: REPORT_TEXTS,
  reportReason: REPORT_REASON_LABELS,
  moderation: MODERATION_TEXTS,
};
