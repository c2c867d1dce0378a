// What the Notifications page and the header's bell say around the notices (whose own title and message the
// server writes in the reader's language). Apart from the schemas: the bell is on the first screen.
import { defineTexts } from "./i18n/texts";

export const NOTIFICATIONS_PAGE_TEXTS = defineTexts("notificationsPage", {
  title: "Notifications",
  /** The bell's name with the unread count. */
  unread: "Notifications, {count} unread",
  clearAll: "Clear All",
  filter: "Filter by type",
  all: "All notifications",
  eventNotification: "Events",
  eventUpdate: "Event updates",
  eventCanceled: "Cancellations",
  newParticipant: "New participants",
  participantUpdate: "Participant updates",
  friendRequest: "Friend requests",
  eventReminder: "Reminders",
  meetingRequest: "Meeting requests",
  meetingUpdate: "Meeting updates",
  meetingReminder: "Meeting reminders",
  browserOffer: "Get notified even when Link is in the background.",
  allow: "Allow",
  details: "View Details",
  remove: "Remove notification: {title}",
  error: "Error",
  removeFailed: "Failed to remove notification",
  clearFailed: "Failed to clear notifications",
  none: "No Notifications",
  caughtUp: "You're all caught up.",
  noneOfType: "Nothing of this type yet.",
  home: "Go Home",
  loading: "Loading...",
  older: "Show older",
});
