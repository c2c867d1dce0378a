import { CALENDAR_EVENT_HOURS } from "@contract/calendar";
import type { MyEvent } from "@contract/events";
import { matchingPaths } from "@/features/matching";
import { type KeptRead, keepOffline } from "@/lib/offline-keep";
import { eventPaths } from "./api/paths";

/** The most events kept: the nearest ones, so a host of a long series does not fill the device. */
const KEPT_EVENTS_MAX = 30;

/** Over: its assumed end has passed, so there is no door to open it at. */
const isOver = (event: MyEvent, now: number) => Date.parse(event.date) + CALENDAR_EVENT_HOURS * 3_600_000 < now;

/**
 * What the event's page reads for this person: the event, the hosts' updates, a guest's ticket, conversation and
 * meetings.
 * A canceled event keeps only its page, which says so.
 */
function eventReads(event: MyEvent): KeptRead[] {
  if (event.canceledAt) return [{ path: eventPaths.detail(event.id) }];
  const going = event.role === "participant" && event.status === "going";
  return [
    { path: eventPaths.detail(event.id) },
    { path: eventPaths.updates(event.id) },
    ...(going ? [{ path: eventPaths.ticket(event.id) }] : []),
    ...(going || event.role === "host" ? [{ path: eventPaths.conversation(event.id) }] : []),
    ...(event.seriesId != null ? [{ path: eventPaths.occurrences(event.id) }] : []),
    // People to meet: the guest's opt-in and agenda of meetings, to find their table at the event without signal.
    ...(going && event.matchmaking
      ? [{ path: matchingPaths.optIn(event.id) }, { path: matchingPaths.meetings(event.id) }]
      : []),
  ];
}

/**
 * Keeps My Events as shown online, and every coming event in it with its page, ticket and updates, so the list
 * and each event open offline from the list or from a link, whether or not they were opened before.
 */
export function keepMyEvents(userId: number, list: MyEvent[], now = Date.now()) {
  const coming = list
    .filter((event) => !isOver(event, now))
    .sort((a, b) => Date.parse(a.date) - Date.parse(b.date))
    .slice(0, KEPT_EVENTS_MAX);
  return keepOffline("my-events", [{ path: eventPaths.userList(userId), body: list }, ...coming.flatMap(eventReads)]);
}
