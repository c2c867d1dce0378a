import type { ParticipantStatus } from "@contract/events";

/**
 * The API paths of one event's reads and of a person's event lists, written once: the queries read them, and the
 * events a person goes to are kept on the device under the same paths (keep-offline.ts).
 */
export const eventPaths = {
  detail: (eventId: number) => `/api/events/${eventId}`,
  ticket: (eventId: number) => `/api/events/${eventId}/ticket`,
  updates: (eventId: number) => `/api/events/${eventId}/updates`,
  conversation: (eventId: number) => `/api/events/${eventId}/conversation`,
  occurrences: (eventId: number) => `/api/events/${eventId}/occurrences`,
  /** My Events, or only the events with one status (Settings › Event History). */
  userList: (userId: number, status?: ParticipantStatus) =>
    status ? `/api/events/user/${userId}?status=${status}` : `/api/events/user?userId=${userId}`,
};
