import { TZDate } from "@date-fns/tz";
import ical, { ICalAlarmType, ICalEventStatus } from "ical-generator";
import { tzlib_get_ical_block } from "timezones-ical-library";
import { CALENDAR_EVENT_HOURS, CALENDAR_TEXTS } from "#contract/calendar";
import type { Language } from "#contract/i18n/languages";
import { MEETING_NOTICE_TEXTS } from "#contract/matching-texts";
import { serverText } from "#server/i18n";
import { eventTimeZone } from "../places";
import type { FeedEvent } from "./repository";

/**
 * The VTIMEZONE block a calendar needs to read times written in a zone (RFC 5545), from a
 * maintained copy of the tz database; null for a zone it does not know (the time is then in UTC).
 */
function vtimezone(zone: string): string | null {
  const [block] = tzlib_get_ical_block(zone);
  return block?.startsWith("BEGIN:VTIMEZONE") ? block : null;
}

interface CalendarOptions {
  /** PUBLIC_ORIGIN (or the dev listening address); without one no event carries a link to its page. */
  origin: string | null;
  /** The calendar's name as a subscribing app shows it (X-WR-CALNAME); a one-event file has none. */
  name?: string;
  /** Minutes before each event at which a calendar app reminds (one VALARM each). */
  alarmOffsets?: readonly number[];
  /** The language of the file's own words (a feed's: its owner's; a download's: the request's). */
  language?: Language;
  /** The owner's accepted meetings (a feed's), each an entry of its own at its event's place and spot. */
  meetings?: readonly FeedMeeting[];
}

/** An accepted meeting as a calendar shows it: with whom, at which event, when and at which spot. */
export interface FeedMeeting {
  id: number;
  eventId: number;
  eventTitle: string;
  eventLocation: string;
  timezone: string;
  withName: string;
  startsAt: Date;
  endsAt: Date;
  spot: string | null;
}

/**
 * Events as iCalendar (RFC 5545): the one builder of the single-event export and every feed, so a
 * calendar that imported one event and later subscribes sees the same entry. A stable UID and the
 * event's SEQUENCE let the app replace its copy; a canceled event stays as STATUS:CANCELLED so the app
 * drops it; each start is written in the event's own zone (DTSTART;TZID=…, with that zone's VTIMEZONE),
 * so a calendar shows the place's wall-clock time and converts it for the reader. Events have a start
 * only: each lasts CALENDAR_EVENT_HOURS.
 */
export function calendarFile(
  events: readonly FeedEvent[],
  { origin, name, alarmOffsets = [], language = "en", meetings = [] }: CalendarOptions,
) {
  // No calendar-wide zone (name null): it would also write DTSTAMP as a local time, which RFC 5545 wants
  // in UTC. The generator adds one VTIMEZONE per zone the events name, before the events.
  const calendar = ical({
    prodId: { company: "Link", product: "Link" },
    timezone: { name: null, generator: vtimezone },
    ...(name ? { name, ttl: 60 * 60 } : {}),
  });
  for (const event of events) {
    const zone = eventTimeZone(event);
    const known = vtimezone(zone) !== null;
    // The library reads a zone's wall clock from TZDate (a plain Date gives the server's).
    const at = (ms: number) => (known ? new TZDate(ms, zone) : new Date(ms));
    const page = origin ? new URL(`/events/${event.id}`, origin).href : null;
    const pinned = event.lat != null && event.lng != null;
    calendar.createEvent({
      id: `event-${event.id}@link`,
      sequence: event.sequence,
      start: at(event.date.getTime()),
      end: at(event.date.getTime() + CALENDAR_EVENT_HOURS * 3_600_000),
      ...(known ? { timezone: zone } : {}),
      summary: event.title,
      // Many calendar apps hide URL: the page's address also ends the description.
      description: page ? [event.description, page].filter(Boolean).join("\n\n") : event.description,
      location:
        event.location || pinned
          ? {
              title: event.location || serverText(language, CALENDAR_TEXTS, "pinnedLocation"),
              ...(pinned ? { geo: { lat: event.lat as number, lon: event.lng as number } } : {}),
            }
          : null,
      url: page,
      status: event.canceledAt ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
      alarms: event.canceledAt
        ? []
        : alarmOffsets.map((minutes) => ({
            type: ICalAlarmType.display,
            trigger: minutes * 60,
            description: event.title,
          })),
    });
  }
  for (const meeting of meetings) {
    const zone = vtimezone(meeting.timezone) !== null ? meeting.timezone : null;
    const at = (date: Date) => (zone ? new TZDate(date.getTime(), zone) : date);
    const page = origin ? new URL(`/events/${meeting.eventId}`, origin).href : null;
    calendar.createEvent({
      id: `meeting-${meeting.id}@link`,
      start: at(meeting.startsAt),
      end: at(meeting.endsAt),
      ...(zone ? { timezone: zone } : {}),
      summary: serverText(language, MEETING_NOTICE_TEXTS, "calendarSummary", {
        name: meeting.withName,
        title: meeting.eventTitle,
      }),
      description: page,
      location: [meeting.spot, meeting.eventLocation].filter(Boolean).join(" · ") || null,
      url: page,
      status: ICalEventStatus.CONFIRMED,
    });
  }
  return calendar.toString();
}
