// Safety's texts apart from the schemas: the profile's menu, the report dialog and chat read them without
// loading zod. safety.ts re-exports them for the server and the contract.
import { GOOGLE_SIGN_IN_ERRORS } from "./auth-texts";
import { defineTexts } from "./i18n/texts";

/** Why a report is made: a bounded choice, each with its label. */
export const REPORT_REASONS = ["spam", "harassment", "hate", "violence", "sexual", "scam", "other"] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export const REPORT_REASON_LABELS = defineTexts("reportReason", {
  spam: "Spam",
  harassment: "Harassment or bullying",
  hate: "Hate speech",
  violence: "Violence or threats",
  sexual: "Sexual content",
  scam: "Scam or fraud",
  other: "Something else",
}) satisfies Record<ReportReason, string>;

/**
 * What a block does, said where it is made: each side disappears from the other's events, nearby profiles,
 * friend requests and direct messages; in a group chat both are still members, so the blocker sees the other's
 * messages folded behind a placeholder they may open (as Discord and Slack do). The blocked person is not told.
 */
export const BLOCK_TEXTS = defineTexts("block", {
  confirm:
    "You will no longer see each other's events, profiles nearby or friend requests, and neither of you can message the other directly. In group chats you share, their messages are hidden from you (you can show one). They are not told.",
  hiddenMessage: "Message from someone you blocked",
  show: "Show",
  blocked: "{name} is blocked",
  unblocked: "{name} is unblocked",
  somethingWrong: "Something went wrong",
  tryAgain: "Please try again.",
  moreActions: "More actions for {name}",
  unblock: "Unblock",
  block: "Block",
  report: "Report",
  blockTitle: "Block {name}?",
  cancel: "Cancel",
  youBlocked: "You blocked {name}",
  notSeen: "You don't see each other's profiles, events or messages. They are not told.",
  leavingEvents: "You will leave the events {name} hosts:",
  keepableEvents: "{name} co-hosts these events for someone else:",
  keepPlace: "Keep my place at these events (there you simply won't see each other)",
});

export const SAFETY_TEXTS = defineTexts("safety", {
  blockSelf: "You cannot block yourself",
  reportSelf: "You cannot report yourself",
  userNotFound: "User not found",
  targetNotFound: "Nothing to report there",
  reported: "Thanks, the moderators will look at your report",
  tooManyReports: "Too many reports, try again in {seconds} s",
  adminOnly: "Only moderators can do this",
  /** Written once, with Google sign-in's errors: both sign-ins refuse a suspended account with it. */
  suspended: GOOGLE_SIGN_IN_ERRORS["google-suspended"],
  reportNotFound: "Report not found",
  messageNotFound: "Message not found",
  eventNotFound: "Event not found",
  /** What a report about a person who has since deleted their account names as its subject. */
  deletedAccount: "Deleted account",
  /** Beside it, when an account registered since with the same e-mail address. */
  sameAddressAgain: "Same e-mail registered again as",
  /** What every reader of a hidden chat message sees in its place. */
  messageRemoved: "Message removed",
});

/** What every reader of a hidden chat message sees in its place. */
export const MESSAGE_REMOVED_TEXT = SAFETY_TEXTS.messageRemoved;

/** The report dialog's texts. */
export const REPORT_TEXTS = defineTexts("report", {
  reportSent: "Report sent",
  couldNotSend: "Could not send the report",
  reportNotSent: "Report not sent",
  titleUser: "Report this person",
  titleMessage: "Report this message",
  titleEvent: "Report this event",
  description: "Moderators will see your report. The person is not told who reported them.",
  reason: "Reason",
  details: "Details (optional)",
  cancel: "Cancel",
  send: "Send report",
  report: "Report",
});

/** The moderation page (/admin). */
export const MODERATION_TEXTS = defineTexts("moderation", {
  targetUser: "Person",
  targetMessage: "Chat message",
  targetEvent: "Event",
  actionFailed: "Action failed",
  tryAgain: "Please try again.",
  reportedBy: "Reported by",
  person: "Person",
  author: "Author",
  suspended: "suspended",
  emailKey: "e-mail key",
  details: "Details",
  hiddenFromReaders: "Hidden from readers",
  hidden: "hidden",
  messageShown: "Message shown",
  messageHidden: "Message hidden",
  showMessage: "Show message",
  hideMessage: "Hide message",
  eventShown: "Event shown",
  eventHidden: "Event hidden",
  showEvent: "Show event",
  hideEvent: "Hide event",
  suspensionLifted: "Suspension lifted",
  liftSuspension: "Lift suspension",
  suspendAccount: "Suspend account",
  reportResolved: "Report resolved",
  resolve: "Resolve",
  suspendTitle: "Suspend {name}?",
  suspendDescription:
    "Every session of this account ends now, open chats disconnect, and signing in is refused until the suspension is lifted.",
  suspend: "Suspend",
  cancel: "Cancel",
  accountSuspended: "Account suspended",
  pageNotFound: "Page Not Found",
  couldNotLoad: "Could not load reports",
  goHome: "Go Home",
  title: "Moderation",
  noReports: "No open reports.",
  openReports: "{count, plural, one {# open report, oldest first.} other {# open reports, oldest first.}}",
});
