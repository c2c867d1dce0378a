/**
 * Copies of one account's data kept on this device (its notifications' first page, shown before the server answers;
 * an event's agenda of meetings, shown offline). They are personal, so signing out here drops every one of them:
 * the next person on a shared device must not read the last one's notifications or meetings.
 */
const PREFIXES = ["link-notifications:", "link-agenda:"];

export const accountStorageKey = (userId: number) => `${PREFIXES[0]}${userId}`;
/** The viewer's meetings at one event. */
export const agendaStorageKey = (eventId: number) => `${PREFIXES[1]}${eventId}`;

export function clearAccountStorage() {
  try {
    const keys = Array.from({ length: window.localStorage.length }, (_, i) => window.localStorage.key(i));
    for (const key of keys)
      if (key && PREFIXES.some((prefix) => key.startsWith(prefix))) window.localStorage.removeItem(key);
  } catch {
    // Storage blocked: nothing was stored either.
  }
}
