import { HttpError } from "#server/http/http-error";
import type { EventRow } from "./repository";

/** What the access rules read: the event and, for a group's plan, whether the viewer is a member. */
export interface EventAccessQueries {
  findEvent(id: number): Promise<EventRow | undefined>;
  isGroupMember(groupId: number, userId: number): Promise<boolean>;
  isBlockedEitherWay(a: number, b: number): Promise<boolean>;
  /** Whether the user co-hosts the event (the hosting module); without it only the host manages. */
  isCohost?(eventId: number, userId: number): Promise<boolean>;
}

/**
 * Who may see or change an event, written once for the events, hosting and participants modules: a missing
 * event is a 404, a hidden one is gone for everyone but its host, so is an event (not a group's plan)
 * whose host and viewer blocked each other, either way: each side is as if gone to the other. A group's
 * plan belongs to the group both chose to stay in, so it is for its members, block or not. Changes are
 * for the host (most of them also for its co-hosts).
 */
export function eventAccess(queries: EventAccessQueries) {
  async function requireEvent(id: number) {
    const event = await queries.findEvent(id);
    if (!event) throw new HttpError(404, "Event not found");
    return event;
  }
  const blockedOutOf = (event: EventRow, viewerId: number) =>
    event.groupId == null ? queries.isBlockedEitherWay(event.hostId, viewerId) : Promise.resolve(false);
  return {
    requireEvent,
    async requireVisible(id: number, viewerId: number) {
      const event = await requireEvent(id);
      if (event.hostId !== viewerId && (event.hiddenAt || (await blockedOutOf(event, viewerId))))
        throw new HttpError(404, "Event not found");
      if (
        event.groupId != null &&
        event.hostId !== viewerId &&
        !(await queries.isGroupMember(event.groupId, viewerId))
      ) {
        throw new HttpError(403, "Only members of this group can see this event");
      }
      return event;
    },
    async requireHosted(id: number, userId: number) {
      const event = await requireEvent(id);
      if (event.hostId !== userId) {
        if (await blockedOutOf(event, userId)) throw new HttpError(404, "Event not found");
        throw new HttpError(403, "Only the host can do this");
      }
      return event;
    },
    /** The host or a co-host: editing, approving, updates to guests and check-in are shared among them. */
    async requireManaged(id: number, userId: number) {
      const event = await requireEvent(id);
      if (event.hostId === userId) return event;
      if (event.hiddenAt || (await blockedOutOf(event, userId))) throw new HttpError(404, "Event not found");
      if (!(await queries.isCohost?.(id, userId))) throw new HttpError(403, "Only the hosts can do this");
      return event;
    },
  };
}
