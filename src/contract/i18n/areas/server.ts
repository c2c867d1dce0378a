// The sets of texts of one area of the app, by namespace (the catalogs es/server.ts and ar/server.ts translate them).
import { API_TEXTS, LINK_CARD_TEXTS, SHELL_PAGE_TEXTS } from "../../api-texts";
import { CALENDAR_TEXTS } from "../../calendar";
import { EMAIL_TEXTS } from "../../email-texts";
import { EVENT_NOTICE_TEXTS } from "../../event-notices";
import { GUEST_CSV_TEXTS } from "../../hosting-texts";
import { NOTICE_TEXTS } from "../../notifications";
import { CATEGORY_LABELS, CHANNEL_LABELS, PUSH_TEXTS, REMINDER_OFFSET_LABELS, UNSUBSCRIBE_TEXTS } from "../../push";
import { REMINDER_TEXTS } from "../../reminders";

export const SERVER_NAMESPACES = {
  api: API_TEXTS,
  shellPage: SHELL_PAGE_TEXTS,
  linkCard: LINK_CARD_TEXTS,
  eventNotices: EVENT_NOTICE_TEXTS,
  reminders: REMINDER_TEXTS,
  notices: NOTICE_TEXTS,
  email: EMAIL_TEXTS,
  push: PUSH_TEXTS,
  unsubscribe: UNSUBSCRIBE_TEXTS,
  notificationCategories: CATEGORY_LABELS,
  notificationChannels: CHANNEL_LABELS,
  reminderOffsets: REMINDER_OFFSET_LABELS,
  calendar: CALENDAR_TEXTS,
  guestCsv: GUEST_CSV_TEXTS,
};
