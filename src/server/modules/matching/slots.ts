import { MEETING_WINDOW_HOURS } from "#contract/matching-texts";

/**
 * The times meetings may start at an event: every `slotMinutes` from its start, each ending inside the event
 * (events have a start only, so the first MEETING_WINDOW_HOURS hours).
 */
export function meetingGrid(eventStart: Date, slotMinutes: number): Array<{ start: Date; end: Date }> {
  const slotMs = slotMinutes * 60_000;
  const windowEnd = eventStart.getTime() + MEETING_WINDOW_HOURS * 3_600_000;
  const grid: Array<{ start: Date; end: Date }> = [];
  for (let at = eventStart.getTime(); at + slotMs <= windowEnd; at += slotMs)
    grid.push({ start: new Date(at), end: new Date(at + slotMs) });
  return grid;
}

/** The grid's slot that starts at `startsAt`, or null when none does. */
export function slotAt(eventStart: Date, slotMinutes: number, startsAt: Date) {
  return meetingGrid(eventStart, slotMinutes).find((slot) => slot.start.getTime() === startsAt.getTime()) ?? null;
}

/** Whether two spans of time overlap. */
export const overlaps = (a: { start: Date; end: Date }, b: { start: Date; end: Date }) =>
  a.start < b.end && b.start < a.end;
