// What the server answers in its own words: refusals (error answers carry these as {message, code}, the code
// being "api.<key>") and the few success messages a route answers alone. The handler finds each by its English
// and writes it in the request's language, so a service throws `new HttpError(404, messageKey(API_TEXTS, "userNotFound"))`.
import { defineTexts } from "./i18n/texts";

export const API_TEXTS = defineTexts("api", {
  notSignedIn: "Not signed in",
  actAsYourself: "You can only act as yourself",
  notFound: "Not found",
  internal: "Internal Server Error",
  crossSite: "Cross-site requests are not allowed",
  crossSiteSockets: "Cross-site sockets are not allowed",
  invalidFrame: "Invalid message: expected JSON text",
  tooManyAttempts: "Too many attempts, try again in {seconds} s",
  invalidLogin: "Invalid username or password",
  loggedOut: "Logged out",
  usernameTaken: "Username already exists",
  usernameOrEmailTaken: "Username or email already exists",
  googleNotConfigured: "Google sign-in is not configured",
  userNotFound: "User not found",
  profileImageNotUploaded: "Profile image must be a photo you uploaded",
  coverNotUploaded: "The cover must be a photo you uploaded",
  groupPhotoNotUploaded: "The group photo must be a photo you uploaded",
  eventHiddenByModerator: "A moderator hid this event: it can't be changed or announced until they restore it",
  friendSelf: "You cannot add yourself as a friend",
  friendRequestNotFound: "Friend request not found",
  invitationSent: "Invitation sent",
  eventNotFound: "Event not found",
  eventCanceled: "This event was canceled",
  eventPast: "This event has already taken place",
  youAreHosting: "You are hosting this event",
  noPendingRequest: "No pending request from this user",
  maxBelowGoing: "Maximum attendees cannot be below the number of people going",
  groupMembersPlan: "Only members of this group can plan its events",
  createAsYourself: "You can only create events as yourself",
  hostsOnly: "Only the hosts can do this",
  hostOnly: "Only the host can do this",
  dateRequired: "date: Date is required",
  invalidCursor: "cursor: invalid cursor",
  nothingToUndo: "There is no answer to undo for this event",
  photoNotDataUrl: "The photo must be a base64 data URL",
  photoType: "Only PNG, JPEG and WebP photos are accepted",
  photoTooLarge: "The photo is larger than 2 MB",
  photoMismatch: "The photo's content does not match its type",
  uploadNotFound: "Upload not found",
  uploadsPerHour:
    "You can upload {count} photos an hour. Try again in {minutes, plural, one {# minute} other {# minutes}}.",
  uploadBytesPerDay:
    "You can upload {megabytes} MB of photos a day. Try again in {hours, plural, one {# hour} other {# hours}}.",
  notificationNotFound: "Notification not found",
  notificationRemoved: "Notification removed",
  deviceNotFound: "Device not found",
  pushOn: "Push notifications are on for this device",
  pushOff: "Push notifications are off for this device",
  messageSelf: "You cannot message yourself",
  memberNotFound: "Member not found",
  memberRemoved: "Member removed",
  leftGroup: "You left the group",
  suspendSelf: "You cannot suspend yourself",
  blocked: "Blocked",
  unblocked: "Unblocked",
  reportResolved: "Report resolved",
  calendarNeedsOrigin: "Calendar links need PUBLIC_ORIGIN to be set",
  metricsClosed: "Metrics are closed: set METRICS_TOKEN and send it as a Bearer token",
  metricsNeedToken: "Metrics need Authorization: Bearer <METRICS_TOKEN>",
});

/** The HTML shell's own words (src/client/index.html): the server writes them in the request's language. */
export const SHELL_PAGE_TEXTS = defineTexts("shellPage", {
  loading: "Loading",
  description: "Link: discover social and networking events, find people nearby, plan with your groups.",
});

/** A shared link's card (a chat app's unfurl) and the shell's first paint of it, in the request's language. */
export const LINK_CARD_TEXTS = defineTexts("linkCard", {
  canceled: "Canceled: {title}",
  members: "{count, plural, one {# member} other {# members}}",
  join: "Join {group} on {product}",
  picture: "Picture for {name}",
});
/** A link card's picture: the size chat apps show whole (Open Graph's 1.91:1), as a JPEG they all read. */
export const LINK_IMAGE_WIDTH = 1200;
export const LINK_IMAGE_HEIGHT = 630;
