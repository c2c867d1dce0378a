import { z } from "zod";
import { defineTexts } from "./i18n/texts";

/** GET /api/calendar/subscription and POST …/rotate: the person's secret feed address (https, from PUBLIC_ORIGIN). */
export const calendarSubscriptionSchema = z.object({ url: z.string() });

/** A feed token is 32 random bytes in base64url (43 characters); anything longer is refused before a lookup. */
const CALENDAR_TOKEN_MAX = 64;
export const calendarFeedParamsSchema = z.object({
  token: z
    .string()
    .max(CALENDAR_TOKEN_MAX)
    .regex(/^[A-Za-z0-9_-]+$/, "must be a calendar link's token"),
});

/** How far back the feed keeps events, so a calendar still shows last week's (and a recent cancellation). */
export const CALENDAR_FEED_PAST_DAYS = 30;
/** The most events one feed lists (soonest first after the past window). */
export const CALENDAR_FEED_MAX_EVENTS = 500;
/** How long an event lasts in a calendar: Link's events have a start only. */
export const CALENDAR_EVENT_HOURS = 2;

export const CALENDAR_TEXTS = defineTexts("calendar", {
  title: "Calendar subscription",
  description: "Events you're going to or hosting, kept up to date in your calendar app",
  copy: "Copy link",
  copied: "Calendar link copied",
  rotate: "Reset link",
  rotated: "Your calendar link was reset: the old one no longer works",
  rotateConfirm: "Reset your calendar link? Calendars subscribed with the old link stop updating.",
  notFound: "Calendar not found",
  addToCalendar: "Add to calendar",
  /** A calendar entry's place when the host dropped a pin without naming it. */
  pinnedLocation: "Pinned location",
  /** A host's public feed, as a subscribing calendar app names it. */
  hostFeed: "{name} on Link",
});

/** The same feed as webcal://, which calendar apps open as a subscription rather than a download. */
export function webcalUrl(url: string): string {
  return url.replace(/^https?:\/\//, "webcal://");
}

/** "Add to Google Calendar / Apple Calendar / Outlook" for the subscription. */
export function subscribeLinks(url: string) {
  const webcal = webcalUrl(url);
  return {
    google: `https://calendar.google.com/calendar/render?cid=${encodeURIComponent(webcal)}`,
    apple: webcal,
    outlook: `https://outlook.live.com/calendar/0/addfromweb?url=${encodeURIComponent(url)}&name=${encodeURIComponent("Link")}`,
  };
}

/** 20261128T190000Z: an instant as Google Calendar's template link writes it. */
const compactUtc = (date: Date) =>
  date
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");

/** Per-event "Add to calendar": Google and Outlook templates, and the event's own .ics file for Apple. */
export function addEventLinks(
  event: { id: number; title: string; description: string; location: string; date: string },
  pageUrl: string,
) {
  const start = new Date(event.date);
  const end = new Date(start.getTime() + CALENDAR_EVENT_HOURS * 3_600_000);
  const details = `${event.description}\n\n${pageUrl}`;
  const google = new URLSearchParams({
    action: "TEMPLATE",
    text: event.title,
    dates: `${compactUtc(start)}/${compactUtc(end)}`,
    details,
    location: event.location,
  });
  const outlook = new URLSearchParams({
    path: "/calendar/action/compose",
    rru: "addevent",
    subject: event.title,
    startdt: start.toISOString(),
    enddt: end.toISOString(),
    body: details,
    location: event.location,
  });
  return {
    google: `https://calendar.google.com/calendar/render?${google}`,
    apple: `/api/events/${event.id}/calendar.ics`,
    outlook: `https://outlook.live.com/calendar/0/deeplink/compose?${outlook}`,
  };
}
